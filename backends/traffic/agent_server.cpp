#include "traffic/agent_server_impl.h"

#include "traffic/agent_auth.h"

#include <cerrno>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

namespace tcptune {

using namespace std::chrono_literals;

AgentServer::AgentServer(AgentOptions options, QObject *parent)
    : QObject(parent)
    , m_impl(std::make_unique<Impl>())
{
    m_impl->q = this;
    m_impl->options = std::move(options);
    m_impl->memory = std::make_unique<MemoryBudget>(m_impl->options.memoryBudget);
}

AgentServer::~AgentServer()
{
    stop();
}

Result<std::uint16_t> AgentServer::listen(const QString &address, std::uint16_t port)
{
    if (isListening())
        return fail(tr("The agent already listens on port %1; stop it first.").arg(m_impl->port));
    auto resolved = sock::resolve(address.isEmpty() ? QStringLiteral("0.0.0.0") : address, port);
    if (!resolved)
        return fail(tr("Cannot listen on '%1': %2").arg(address, resolved.error().message));
    auto made = sock::createTcpSocket(resolved->family(), m_impl->options.listenNetns, m_impl->options.socketMaker);
    if (!made)
        return fail(tr("Cannot create the listening socket: %1").arg(made.error().message));
    sock::Fd fd = std::move(*made);
    ::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) | O_NONBLOCK); // the gate's epoll loop accepts
    const int one = 1;
    ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (::bind(fd.get(), reinterpret_cast<const sockaddr *>(&resolved->storage), resolved->length) != 0) {
        const int error = errno;
        if (error == EADDRINUSE)
            return fail(tr("Port %1 on %2 is already in use; stop the program using it or choose another with "
                           "--port.")
                            .arg(port)
                            .arg(address));
        if (error == EADDRNOTAVAIL)
            return fail(tr("%1 is not an address of this host; give one of its addresses with --bind.").arg(address));
        return fail(tr("Cannot listen on %1 port %2: %3.").arg(address).arg(port).arg(sock::errnoText(error)));
    }
    if (::listen(fd.get(), SOMAXCONN) != 0)
        return fail(tr("Cannot listen on %1 port %2: %3.").arg(address).arg(port).arg(sock::errnoText(errno)));
    m_impl->port = sock::localPort(fd.get());
    m_impl->listenFd = std::move(fd);
    m_impl->stopping = false;
    const GateLimits limits{m_impl->options.maxConnections, m_impl->options.maxPerAddress, 5000,
                            m_impl->options.newPerSecond};
    m_impl->gate = std::make_unique<AgentGate>(limits, m_impl->options.token, m_impl->gateHooks());
    if (auto ready = m_impl->gate->valid(); !ready)
        return fail(ready.error().message);
    m_impl->gateThread = std::thread([impl = m_impl.get()] { impl->gate->run(impl->listenFd.get(), impl->stopping); });
    m_impl->startUdpEcho(*resolved);
    m_impl->log(
        tr("listening on %1 port %2 (protocol version %3)").arg(address).arg(m_impl->port).arg(kProtocolVersion));
    return m_impl->port;
}

void AgentServer::stop()
{
    if (!m_impl->gateThread.joinable())
        return;
    m_impl->stopping = true;
    m_impl->gateThread.join();
    if (m_impl->udpThread.joinable())
        m_impl->udpThread.join();
    m_impl->udpFd.reset();
    m_impl->gate.reset();
    {
        std::lock_guard lock(m_impl->fdsMutex);
        for (const auto &[fd, unused] : m_impl->openFds)
            ::shutdown(fd, SHUT_RDWR);
    }
    m_impl->reap(true);
    m_impl->listenFd.reset();
    m_impl->port = 0;
}

bool AgentServer::isListening() const
{
    return m_impl->listenFd.valid() && !m_impl->stopping;
}

std::uint16_t AgentServer::port() const
{
    return m_impl->port;
}

int AgentServer::activeSessions() const
{
    return m_impl->active.load();
}

int AgentServer::sessionsServed() const
{
    return m_impl->served.load();
}

int AgentServer::protocolErrors() const
{
    return m_impl->protocolErrors.load();
}

int AgentServer::connectionsRefused() const
{
    return m_impl->refusedConnections.load();
}

std::int64_t AgentServer::memoryInUse() const
{
    return m_impl->memory->used();
}

UdpProbeCounts AgentServer::udpProbeCounts() const
{
    return m_impl->udpEcho ? m_impl->udpEcho->counts() : UdpProbeCounts{};
}

int AgentServer::threadsInUse() const
{
    return m_impl->threadsInUse.load();
}

// The listening port's UDP twin for the latency probes, on its own thread. Without it the agent
// still serves TCP: the runs that probe count their probes as lost, and the log says why.
void AgentServer::Impl::startUdpEcho(const sock::Address &address)
{
    udpEcho.reset();
    auto fd = AgentUdpEcho::bindTwin(address, port, options.listenNetns, options.socketMaker);
    if (!fd) {
        log(tr("no UDP latency probes on port %1: %2").arg(port).arg(fd.error().message));
        return;
    }
    udpFd = std::move(*fd);
    udpEcho = std::make_unique<AgentUdpEcho>(udpEchoHooks());
    udpThread = std::thread([this] { udpEcho->run(udpFd.get(), stopping); });
}

// A live run's probe secret, client and rate, if it asked for probes and, on an agent with a
// token, proved it.
UdpEchoHooks AgentServer::Impl::udpEchoHooks()
{
    UdpEchoHooks h;
    h.log = [this](const QString &line) { log(line); };
    h.lookup = [this](const QString &id) -> std::optional<ProbeRun> {
        std::lock_guard lock(sessionsMutex);
        const auto it = sessions.find(id);
        if (it == sessions.end())
            return std::nullopt;
        const std::shared_ptr<Session> &s = it->second;
        if (s->params.workload != Workload::Rrul || (!options.token.isEmpty() && !s->authenticated))
            return std::nullopt;
        return ProbeRun{s->secret, s->client, s->probeBucket};
    };
    return h;
}

static_assert(AgentServer::kProtocolVersion == agentproto::kVersion, "the agent speaks the protocol's version");

// `serve --stdio`: the channel ssh gave us carries one run, trusted (ssh authenticated the
// client), served on the calling thread.
void AgentServer::serveControl(int fd)
{
    const int copy = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
    if (copy < 0)
        return;
    sock::Fd channel(copy);
    QByteArray buffer;
    // Versions first, from both sides at once: each names a mismatch before anything runs.
    const int announced = m_impl->options.announcedProtocol ? m_impl->options.announcedProtocol : kProtocolVersion;
    if (!sock::sendAll(channel.get(), agentproto::helloLine(announced), Clock::now() + 5s))
        return;
    const auto deadline = Clock::now() + std::chrono::milliseconds(kStreamsArriveTimeoutMs);
    auto line = sock::readLine(channel.get(), buffer, agentproto::kMaxControlLine, deadline);
    if (line && agentproto::peerVersionOf(*line).hello) {
        if (const int theirs = agentproto::peerVersionOf(*line).protocol; theirs != announced)
            return m_impl->refuse(channel.get(), QStringLiteral("ssh"),
                                  tr("the client speaks protocol %1, this agent %2").arg(theirs).arg(announced));
        line = sock::readLine(channel.get(), buffer, agentproto::kMaxControlLine, deadline);
    }
    auto message = line ? agentproto::decode(*line) : Result<QJsonObject>(std::unexpected(line.error()));
    if (message && agentproto::typeOf(*message) == QLatin1String("describe")) {
        m_impl->sendLine(channel.get(), agentproto::descriptionMessage(m_impl->describeHost()), 10000);
        return;
    }
    if (!message || agentproto::typeOf(*message) != QLatin1String("start"))
        return m_impl->refuse(channel.get(), QStringLiteral("ssh"),
                              message ? tr("expected \"start\" on the ssh channel") : message.error().message);
    auto session =
        m_impl->openSession(*message, QStringLiteral("ssh"), true, agentauth::randomHex(agentauth::kNonceBytes));
    if (!session)
        return m_impl->refuse(channel.get(), QStringLiteral("ssh"), session.error().message);
    m_impl->threadsInUse.fetch_sub(1); // the control runs on the caller's thread, not one of ours
    m_impl->runControl(std::move(channel), *session, buffer);
}

} // namespace tcptune

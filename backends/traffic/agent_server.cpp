#include "traffic/agent_server.h"

#include "knobs/knob_reader.h"
#include "traffic/agent_protocol.h"
#include "traffic/socket_util.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QScopeGuard>

#include <arpa/inet.h>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <list>
#include <map>
#include <mutex>
#include <netinet/in.h>
#include <poll.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace tcptune {
namespace {

using sock::Clock;
using namespace std::chrono_literals;

QString key(const char *k)
{
    return QString::fromLatin1(k);
}

double secondsSince(Clock::time_point start, Clock::time_point now)
{
    return std::chrono::duration<double>(now - start).count();
}

constexpr int kFirstLineTimeoutMs = 10000;
constexpr int kStreamsArriveTimeoutMs = 10000;
constexpr int kDrainTimeoutMs = 10000;
constexpr int kPollSliceMs = 200; // how often blocked threads look at the stop flag

// One client's run: the control thread owns it, data threads feed its counters.
struct Session {
    QString id;
    QString peer;
    agentproto::SessionParams params;
    std::vector<std::atomic<std::int64_t>> bytes;
    std::vector<std::atomic<std::int64_t>> transactions;
    std::vector<std::atomic<bool>> attached;
    std::atomic<std::int64_t> lastByteNs{0}; // since `start`
    std::atomic<bool> probeAttached{false};
    std::atomic<int> activeData{0};
    std::atomic<bool> abort{false};
    Clock::time_point start = Clock::now();
    std::mutex mutex;
    std::condition_variable changed;

    explicit Session(const agentproto::SessionParams &p)
        : params(p)
        , bytes(std::size_t(p.streams))
        , transactions(std::size_t(p.streams))
        , attached(std::size_t(p.streams))
    {
    }
    // Taking the mutex first means a waiter between its predicate check and its wait cannot
    // miss the wake-up.
    void notify()
    {
        {
            std::lock_guard lock(mutex);
        }
        changed.notify_all();
    }
    std::int64_t totalBytes() const
    {
        std::int64_t sum = 0;
        for (const auto &b : bytes)
            sum += b.load(std::memory_order_relaxed);
        return sum;
    }
};

} // namespace

struct AgentServer::Impl {
    AgentServer *q = nullptr;
    AgentOptions options;
    sock::Fd listenFd;
    std::uint16_t port = 0;
    std::atomic<bool> stopping{false};
    std::thread acceptThread;

    struct Worker {
        std::thread thread;
        std::shared_ptr<std::atomic<bool>> done;
    };
    std::mutex workersMutex;
    std::list<Worker> workers;
    std::mutex fdsMutex;
    std::map<int, int> openFds; // fd -> 1; shut down on stop to wake blocked threads

    std::mutex sessionsMutex;
    std::map<QString, std::shared_ptr<Session>> sessions;
    std::atomic<int> active{0};
    std::atomic<int> served{0};
    std::atomic<int> protocolErrors{0};

    void log(const QString &line) { Q_EMIT q->logged(line); }
    void acceptLoop();
    void spawn(std::function<void()> fn);
    void reap(bool all);
    void handleConnection(sock::Fd fd, QString peer);
    void refuse(int fd, const QString &peer, const QString &why);
    void runControl(int fd, QString peer, QByteArray &buffer, const QJsonObject &start);
    void runData(int fd, const QString &peer, const QJsonObject &hello, QByteArray &buffer);
    bool sendLine(int fd, const QJsonObject &message, int timeoutMs = 5000)
    {
        return sock::sendAll(fd, agentproto::encode(message), Clock::now() + std::chrono::milliseconds(timeoutMs))
            .has_value();
    }
    void track(int fd, bool add)
    {
        std::lock_guard lock(fdsMutex);
        if (add)
            openFds[fd] = 1;
        else
            openFds.erase(fd);
    }
};

AgentServer::AgentServer(AgentOptions options, QObject *parent)
    : QObject(parent)
    , m_impl(std::make_unique<Impl>())
{
    m_impl->q = this;
    m_impl->options = std::move(options);
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
    sock::Fd fd(::socket(resolved->family(), SOCK_STREAM | SOCK_CLOEXEC, IPPROTO_TCP));
    if (!fd.valid())
        return fail(tr("Cannot create the listening socket: %1.").arg(sock::errnoText(errno)));
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
    if (::listen(fd.get(), 128) != 0)
        return fail(tr("Cannot listen on %1 port %2: %3.").arg(address).arg(port).arg(sock::errnoText(errno)));
    m_impl->port = sock::localPort(fd.get());
    m_impl->listenFd = std::move(fd);
    m_impl->stopping = false;
    // Threads started here inherit the caller's network namespace (e.g. inside netns::runIn).
    m_impl->acceptThread = std::thread([impl = m_impl.get()] { impl->acceptLoop(); });
    m_impl->log(
        tr("listening on %1 port %2 (protocol version %3)").arg(address).arg(m_impl->port).arg(kProtocolVersion));
    return m_impl->port;
}

void AgentServer::stop()
{
    if (!m_impl->acceptThread.joinable())
        return;
    m_impl->stopping = true;
    m_impl->acceptThread.join();
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

void AgentServer::Impl::spawn(std::function<void()> fn)
{
    auto done = std::make_shared<std::atomic<bool>>(false);
    std::lock_guard lock(workersMutex);
    workers.push_back({std::thread([fn = std::move(fn), done] {
                           fn();
                           done->store(true);
                       }),
                       done});
}

void AgentServer::Impl::reap(bool all)
{
    std::list<Worker> finished;
    {
        std::lock_guard lock(workersMutex);
        for (auto it = workers.begin(); it != workers.end();) {
            if (all || it->done->load()) {
                finished.splice(finished.end(), workers, it++);
            } else {
                ++it;
            }
        }
    }
    for (Worker &w : finished)
        w.thread.join();
}

void AgentServer::Impl::acceptLoop()
{
    while (!stopping.load()) {
        pollfd p{listenFd.get(), POLLIN, 0};
        const int n = ::poll(&p, 1, kPollSliceMs);
        reap(false);
        if (n <= 0)
            continue;
        sockaddr_storage ss{};
        socklen_t len = sizeof ss;
        const int fd = ::accept4(listenFd.get(), reinterpret_cast<sockaddr *>(&ss), &len, SOCK_CLOEXEC);
        if (fd < 0)
            continue;
        char host[INET6_ADDRSTRLEN] = {};
        std::uint16_t peerPort = 0;
        if (ss.ss_family == AF_INET) {
            auto *a = reinterpret_cast<sockaddr_in *>(&ss);
            ::inet_ntop(AF_INET, &a->sin_addr, host, sizeof host);
            peerPort = ntohs(a->sin_port);
        } else if (ss.ss_family == AF_INET6) {
            auto *a = reinterpret_cast<sockaddr_in6 *>(&ss);
            ::inet_ntop(AF_INET6, &a->sin6_addr, host, sizeof host);
            peerPort = ntohs(a->sin6_port);
        }
        const QString peer = QStringLiteral("%1:%2").arg(QString::fromLatin1(host)).arg(peerPort);
        track(fd, true);
        spawn([this, fd, peer] { handleConnection(sock::Fd(fd), peer); });
    }
}

void AgentServer::Impl::refuse(int fd, const QString &peer, const QString &why)
{
    protocolErrors.fetch_add(1);
    log(tr("%1: %2").arg(peer, why));
    sendLine(fd, agentproto::errorMessage(why), 1000);
    // Close gently: closing with unread input would send a reset that can destroy the reply
    // before the client reads it.
    ::shutdown(fd, SHUT_WR);
    const auto deadline = Clock::now() + 500ms;
    char sink[4096];
    while (Clock::now() < deadline && !stopping.load()) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, 50) <= 0)
            continue;
        if (::recv(fd, sink, sizeof sink, MSG_DONTWAIT) <= 0)
            break;
    }
}

void AgentServer::Impl::handleConnection(sock::Fd fd, QString peer)
{
    QByteArray buffer;
    auto line = sock::readLine(fd.get(), buffer, agentproto::kMaxControlLine,
                               Clock::now() + std::chrono::milliseconds(kFirstLineTimeoutMs));
    if (!line) {
        refuse(fd.get(), peer, tr("no valid first line (%1); closing").arg(line.error().message));
    } else if (auto message = agentproto::decode(*line); !message) {
        refuse(fd.get(), peer, message.error().message);
    } else {
        const QString type = agentproto::typeOf(*message);
        if (type == QLatin1String("start"))
            runControl(fd.get(), peer, buffer, *message);
        else if (type == QLatin1String("data") || type == QLatin1String("probe"))
            runData(fd.get(), peer, *message, buffer);
        else
            refuse(fd.get(), peer, tr("unexpected message type '%1' (expected start, data or probe)").arg(type));
    }
    track(fd.get(), false);
}

void AgentServer::Impl::runControl(int fd, QString peer, QByteArray &buffer, const QJsonObject &start)
{
    auto params = agentproto::parseStart(start);
    if (!params)
        return refuse(fd, peer, tr("refused start: %1").arg(params.error().message));
    if (!options.token.isEmpty() && params->token != options.token)
        return refuse(fd, peer, tr("refused start: wrong or missing token; give the agent's token with --token"));
    if (params->durationS + params->omitS > options.maxDurationS)
        return refuse(fd, peer,
                      tr("refused start: %1 s is longer than this agent allows (%2 s)")
                          .arg(params->durationS + params->omitS)
                          .arg(options.maxDurationS));
    if (params->streams > options.maxStreams)
        return refuse(fd, peer,
                      tr("refused start: %1 streams is more than this agent allows (%2)")
                          .arg(params->streams)
                          .arg(options.maxStreams));
    if (active.fetch_add(1) >= options.maxSessions) {
        active.fetch_sub(1);
        return refuse(
            fd, peer,
            tr("refused start: the agent already serves %1 runs, its limit; try again later").arg(options.maxSessions));
    }

    auto session = std::make_shared<Session>(*params);
    session->peer = peer;
    session->id = QString::number(QRandomGenerator::global()->generate64(), 16);
    {
        std::lock_guard lock(sessionsMutex);
        sessions[session->id] = session;
    }
    auto finish = qScopeGuard([&] {
        {
            std::lock_guard lock(sessionsMutex);
            sessions.erase(session->id);
        }
        session->abort = true;
        session->notify();
        active.fetch_sub(1);
    });

    QJsonObject ready{{key("type"), QStringLiteral("ready")},
                      {key("session"), session->id},
                      {key("version"), QStringLiteral(TCPTUNE_VERSION)}};
    auto readings = KnobReader::readSysctls(options.knobNetns);
    if (readings) {
        QJsonObject knobs;
        const KnobSnapshot snapshot = KnobReader::snapshotOf(*readings);
        for (auto it = snapshot.cbegin(); it != snapshot.cend(); ++it)
            knobs.insert(it.key(), it.value());
        ready.insert(key("knobs"), knobs);
    } else {
        ready.insert(key("knobs_note"), readings.error().message);
    }
    if (!sendLine(fd, ready))
        return;
    log(tr("%1: run %2 started: %3, %4 stream(s), %5 s")
            .arg(peer, session->id, workloadName(params->workload))
            .arg(params->streams)
            .arg(params->durationS));

    // "begin" arrives once the client has opened its data connections.
    auto begin = sock::readLine(fd, buffer, agentproto::kMaxControlLine,
                                Clock::now() + std::chrono::milliseconds(kStreamsArriveTimeoutMs));
    if (!begin) {
        log(tr("%1: run %2 abandoned before it began (%3)").arg(peer, session->id, begin.error().message));
        return;
    }
    auto beginMessage = agentproto::decode(*begin);
    if (!beginMessage || agentproto::typeOf(*beginMessage) != QLatin1String("begin"))
        return refuse(fd, peer,
                      tr("expected \"begin\", got %1")
                          .arg(beginMessage ? agentproto::typeOf(*beginMessage) : beginMessage.error().message));
    {
        std::unique_lock lock(session->mutex);
        const bool all = session->changed.wait_for(lock, std::chrono::milliseconds(kStreamsArriveTimeoutMs), [&] {
            if (stopping.load())
                return true;
            for (const auto &a : session->attached)
                if (!a.load())
                    return false;
            return !session->params.latencyProbe || session->probeAttached.load();
        });
        if (!all || stopping.load())
            return refuse(fd, peer, tr("not every data connection of run %1 arrived in time").arg(session->id));
    }
    session->start = Clock::now();
    if (!sendLine(fd, {{key("type"), QStringLiteral("running")}}))
        return;

    // Receiver goodput per interval until the client says "end" (or vanishes).
    QJsonArray intervals;
    const auto interval = std::chrono::milliseconds(params->sampleMs);
    auto nextTick = session->start + interval;
    std::int64_t lastBytes = 0;
    std::int64_t bytesAtOmit = 0;
    double omitEndT = 0;
    bool omitPassed = params->omitS <= 0;
    std::vector<std::int64_t> streamBytesAtOmit(session->bytes.size(), 0);
    constexpr int kMaxIntervals = 2'000'000;
    bool ended = false;
    QString endProblem;
    auto tick = [&](Clock::time_point now) {
        const std::int64_t total = session->totalBytes();
        const double t = secondsSince(session->start, now);
        if (intervals.size() < kMaxIntervals)
            intervals.append(QJsonArray{t, double(total - lastBytes)});
        lastBytes = total;
        if (!omitPassed && t >= params->omitS) {
            omitPassed = true;
            bytesAtOmit = total;
            omitEndT = t;
            for (std::size_t i = 0; i < session->bytes.size(); ++i)
                streamBytesAtOmit[i] = session->bytes[i].load();
        }
    };
    while (!ended && !stopping.load()) {
        const auto now = Clock::now();
        if (now >= nextTick) {
            tick(now);
            nextTick += interval;
            if (nextTick < now)
                nextTick = now + interval;
            continue;
        }
        // A client far past its own duration is gone: bound the session.
        if (secondsSince(session->start, now) > params->durationS + params->omitS + 60) {
            endProblem = tr("the client never sent \"end\"");
            break;
        }
        const int waitMs = int(std::chrono::duration_cast<std::chrono::milliseconds>(nextTick - now).count()) + 1;
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, std::min(waitMs, kPollSliceMs)) <= 0)
            continue;
        auto line = sock::readLine(fd, buffer, agentproto::kMaxControlLine, Clock::now() + 1s);
        if (!line) {
            endProblem = line.error().message;
            break;
        }
        auto message = agentproto::decode(*line);
        if (message && agentproto::typeOf(*message) == QLatin1String("end")) {
            ended = true;
        } else {
            refuse(fd, peer,
                   message ? tr("unexpected message '%1' during a run").arg(agentproto::typeOf(*message))
                           : message.error().message);
        }
    }
    if (!ended) {
        log(tr("%1: run %2 interrupted: %3")
                .arg(peer, session->id, endProblem.isEmpty() ? tr("agent stopping") : endProblem));
        return;
    }
    // The client has stopped writing and shut its data connections: wait for them to drain.
    {
        std::unique_lock lock(session->mutex);
        session->changed.wait_for(lock, std::chrono::milliseconds(kDrainTimeoutMs),
                                  [&] { return session->activeData.load() == 0 || stopping.load(); });
    }
    tick(Clock::now());
    if (!omitPassed) {
        bytesAtOmit = session->totalBytes();
        omitEndT = secondsSince(session->start, Clock::now());
        for (std::size_t i = 0; i < session->bytes.size(); ++i)
            streamBytesAtOmit[i] = session->bytes[i].load();
    }
    const double lastByteT = double(session->lastByteNs.load()) / 1e9;
    const std::int64_t receiverBytes = session->totalBytes() - bytesAtOmit;
    const double duration = std::max(0.0, lastByteT - omitEndT);
    QJsonArray streams;
    for (std::size_t i = 0; i < session->bytes.size(); ++i)
        streams.append(QJsonObject{{key("stream"), int(i)},
                                   {key("bytes"), double(session->bytes[i].load() - streamBytesAtOmit[i])},
                                   {key("transactions"), double(session->transactions[i].load())}});
    const QJsonObject result{{key("type"), QStringLiteral("result")},
                             {key("receiver_bytes"), double(receiverBytes)},
                             {key("total_bytes"), double(session->totalBytes())},
                             {key("bytes_at_omit"), double(bytesAtOmit)},
                             {key("omit_end_s"), omitEndT},
                             {key("duration_s"), duration},
                             {key("interval_ms"), params->sampleMs},
                             {key("intervals"), intervals},
                             {key("streams"), streams}};
    sendLine(fd, result, 30000);
    served.fetch_add(1);
    log(tr("%1: run %2 finished: %3 bytes in %4 s (%5 Mbit/s)")
            .arg(peer, session->id)
            .arg(receiverBytes)
            .arg(duration, 0, 'f', 2)
            .arg(duration > 0 ? double(receiverBytes) * 8 / duration / 1e6 : 0.0, 0, 'f', 1));
}

void AgentServer::Impl::runData(int fd, const QString &peer, const QJsonObject &hello, QByteArray &buffer)
{
    const bool probe = agentproto::typeOf(hello) == QLatin1String("probe");
    std::shared_ptr<Session> session;
    {
        std::lock_guard lock(sessionsMutex);
        auto it = sessions.find(hello.value(key("session")).toString());
        if (it != sessions.end())
            session = it->second;
    }
    if (!session)
        return refuse(fd, peer, tr("data connection for an unknown run"));
    const int stream = hello.value(key("stream")).toInt(-1);
    if (!probe) {
        if (stream < 0 || stream >= session->params.streams)
            return refuse(
                fd, peer,
                tr("data connection with stream %1 outside 0..%2").arg(stream).arg(session->params.streams - 1));
        if (session->attached[std::size_t(stream)].exchange(true))
            return refuse(fd, peer, tr("stream %1 of run %2 connected twice").arg(stream).arg(session->id));
    } else if (session->probeAttached.exchange(true)) {
        return refuse(fd, peer, tr("second latency probe for run %1").arg(session->id));
    }
    if (session->params.rcvbuf > 0) {
        const int v = int(session->params.rcvbuf);
        ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &v, sizeof v);
    }
    session->activeData.fetch_add(1);
    session->notify();
    sock::setTimeouts(fd, kPollSliceMs, kPollSliceMs);

    std::atomic<std::int64_t> dummyBytes{0};
    std::atomic<std::int64_t> dummyTransactions{0};
    std::atomic<std::int64_t> &bytes = probe ? dummyBytes : session->bytes[std::size_t(stream)];
    std::atomic<std::int64_t> &transactions = probe ? dummyTransactions : session->transactions[std::size_t(stream)];
    const std::int64_t request = probe ? agentproto::kProbeMessageSize : session->params.requestBytes;
    const std::int64_t response = probe ? agentproto::kProbeMessageSize : session->params.responseBytes;
    auto counted = [&](std::int64_t n) {
        bytes.fetch_add(n, std::memory_order_relaxed);
        session->lastByteNs.store(
            std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - session->start).count(),
            std::memory_order_relaxed);
    };
    if (!buffer.isEmpty() && !probe)
        counted(buffer.size()); // data that arrived with the hello line

    std::vector<char> data(std::size_t(std::max<std::int64_t>({256 * 1024, response})));
    std::int64_t pending = request > 0 ? request - std::min<std::int64_t>(buffer.size(), request) : 0;
    bool alive = true;
    while (alive && !stopping.load() && !session->abort.load()) {
        const std::size_t want =
            request > 0 ? std::size_t(std::min<std::int64_t>(pending, std::int64_t(data.size()))) : data.size();
        const ssize_t n = ::recv(fd, data.data(), want, 0);
        if (n > 0) {
            if (!probe || request == 0)
                counted(n);
            if (request > 0) {
                pending -= n;
                if (pending == 0) {
                    const auto deadline = Clock::now() + 10s;
                    if (!sock::sendAll(fd, data.data(), std::size_t(response), deadline))
                        alive = false;
                    transactions.fetch_add(1, std::memory_order_relaxed);
                    pending = request;
                }
            }
            continue;
        }
        if (n == 0)
            break;
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
            continue;
        alive = false;
    }
    session->activeData.fetch_sub(1);
    session->notify();
}

} // namespace tcptune

#include "traffic/agent_gate.h"

#include "traffic/agent_auth.h"
#include "traffic/agent_protocol.h"
#include "common/log_text.h"

#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <poll.h>
#include <vector>

namespace tcptune {
namespace {

using sock::Clock;
using namespace std::chrono_literals;

constexpr int kPollSliceMs = 200;    // how often the loop looks at the stop flag
constexpr auto kAcceptPause = 250ms; // accept() out of descriptors: let some close first
constexpr auto kClosingTime = 500ms; // a refused connection may read its error this long
constexpr int kAcceptsPerTurn = 64;  // waiting connections get their turn between bursts
constexpr int kNotesPerSecond = 10;  // log lines of the gate; the rest are counted

QString key(const char *k)
{
    return QString::fromLatin1(k);
}

// The numeric address (for the per-address cap) and "address:port" (for the log).
std::pair<QString, QString> describePeer(const sockaddr_storage &ss)
{
    char host[INET6_ADDRSTRLEN] = {};
    std::uint16_t port = 0;
    if (ss.ss_family == AF_INET) {
        const auto *a = reinterpret_cast<const sockaddr_in *>(&ss);
        ::inet_ntop(AF_INET, &a->sin_addr, host, sizeof host);
        port = ntohs(a->sin_port);
    } else if (ss.ss_family == AF_INET6) {
        const auto *a = reinterpret_cast<const sockaddr_in6 *>(&ss);
        ::inet_ntop(AF_INET6, &a->sin6_addr, host, sizeof host);
        port = ntohs(a->sin6_port);
    }
    const QString address = QString::fromLatin1(host);
    return {address, QStringLiteral("%1:%2").arg(address).arg(port)};
}

// Fresh connections have an empty send buffer: a short line goes out at once or not at all.
bool sendNow(int fd, const QJsonObject &message)
{
    const QByteArray line = agentproto::encode(message);
    return ::send(fd, line.constData(), std::size_t(line.size()), MSG_DONTWAIT | MSG_NOSIGNAL) == line.size();
}

} // namespace

struct AgentGate::Waiting {
    enum class Stage { FirstLine, Answer, Closing };
    sock::Fd fd;
    QString address;
    QString peer;
    QByteArray buffer;
    Clock::time_point deadline;
    Stage stage = Stage::FirstLine;
    QByteArray nonce; // the agent's, once a start arrived
    QJsonObject start;
};

AgentGate::AgentGate(GateLimits limits, QString token, GateHooks hooks)
    : m_limits(limits)
    , m_token(std::move(token))
    , m_hooks(std::move(hooks))
{
}

AgentGate::~AgentGate() = default;

void AgentGate::run(int listenFd, const std::atomic<bool> &stopping)
{
    std::vector<pollfd> fds;
    std::vector<Iterator> owners;
    while (!stopping.load()) {
        const auto now = Clock::now();
        expire(now);
        fds.clear();
        owners.clear();
        // A negative descriptor is skipped by poll: accepting pauses, waiting connections go on.
        fds.push_back({now >= m_acceptPausedUntil ? listenFd : -1, POLLIN, 0});
        for (auto it = m_waiting.begin(); it != m_waiting.end(); ++it) {
            fds.push_back({it->fd.get(), POLLIN, 0});
            owners.push_back(it);
        }
        const int ready = ::poll(fds.data(), fds.size(), kPollSliceMs);
        if (m_hooks.idle)
            m_hooks.idle();
        if (ready <= 0)
            continue;
        for (std::size_t i = 1; i < fds.size(); ++i)
            if (fds[i].revents != 0)
                service(owners[i - 1]); // may erase only its own entry
        if ((fds[0].revents & POLLIN) != 0)
            acceptSome(listenFd);
    }
    m_waiting.clear();
    m_perAddress.clear();
}

void AgentGate::acceptSome(int listenFd)
{
    for (int i = 0; i < kAcceptsPerTurn; ++i) {
        sockaddr_storage ss{};
        socklen_t length = sizeof ss;
        const int fd = ::accept4(listenFd, reinterpret_cast<sockaddr *>(&ss), &length, SOCK_CLOEXEC | SOCK_NONBLOCK);
        if (fd >= 0) {
            const auto [address, peer] = describePeer(ss);
            welcome(sock::Fd(fd), address, peer);
            continue;
        }
        const int error = errno;
        if (error == EMFILE || error == ENFILE || error == ENOBUFS || error == ENOMEM) {
            m_acceptPausedUntil = Clock::now() + kAcceptPause;
            note(tr("cannot accept connections (%1); pausing for %2 ms")
                     .arg(sock::errnoText(error))
                     .arg(std::chrono::duration_cast<std::chrono::milliseconds>(kAcceptPause).count()));
            return;
        }
        if (error == EAGAIN || error == EWOULDBLOCK)
            return;
        // ECONNABORTED, EPERM (firewall) and the like concern one connection only.
    }
}

void AgentGate::welcome(sock::Fd fd, const QString &address, const QString &peer)
{
    if (int(m_waiting.size()) >= m_limits.maxConnections)
        return refuseNow(std::move(fd), peer,
                         tr("refused: %1 connections are waiting to start, this agent's limit; try again later")
                             .arg(m_limits.maxConnections));
    int &fromThere = m_perAddress[address];
    if (fromThere >= m_limits.maxPerAddress)
        return refuseNow(std::move(fd), peer,
                         tr("refused: %1 connections from %2 are waiting to start, this agent's limit per address; "
                            "try again later")
                             .arg(m_limits.maxPerAddress)
                             .arg(address));
    ++fromThere;
    Waiting w;
    w.fd = std::move(fd);
    w.address = address;
    w.peer = peer;
    w.deadline = Clock::now() + std::chrono::milliseconds(m_limits.handshakeMs);
    m_waiting.push_back(std::move(w));
}

void AgentGate::service(Iterator it)
{
    Waiting &w = *it;
    char chunk[agentproto::kMaxHandshakeLine + 1];
    if (w.stage == Waiting::Stage::Closing) {
        const ssize_t n = ::recv(w.fd.get(), chunk, sizeof chunk, MSG_DONTWAIT);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
            forget(it);
        return;
    }
    // Never more than one line's worth: the buffer stays within kMaxHandshakeLine + 1 bytes.
    const std::size_t room = std::size_t(agentproto::kMaxHandshakeLine + 1 - w.buffer.size());
    const ssize_t n = ::recv(w.fd.get(), chunk, room, MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
        return;
    if (n <= 0) {
        if (w.stage == Waiting::Stage::Answer) {
            if (m_hooks.protocolError)
                m_hooks.protocolError();
            note(tr("%1: left without answering the challenge (no token?)").arg(w.peer));
        }
        return forget(it);
    }
    w.buffer.append(chunk, n);
    const qsizetype newline = w.buffer.indexOf('\n');
    if (newline < 0) {
        if (w.buffer.size() > agentproto::kMaxHandshakeLine)
            refuse(it, tr("first line longer than %1 bytes; closing").arg(agentproto::kMaxHandshakeLine));
        return;
    }
    QByteArray line = w.buffer.left(newline);
    if (line.endsWith('\r'))
        line.chop(1);
    QByteArray leftover = w.buffer.mid(newline + 1);
    w.buffer.clear();
    handleLine(it, line, std::move(leftover));
}

void AgentGate::handleLine(Iterator it, const QByteArray &line, QByteArray leftover)
{
    auto message = agentproto::decode(line);
    if (!message)
        return refuse(it, message.error().message);
    const QString type = agentproto::typeOf(*message);
    if (it->stage == Waiting::Stage::Answer)
        return checkAnswer(it, *message, std::move(leftover));
    if (type == QLatin1String("start")) {
        it->nonce = agentauth::randomHex(agentauth::kNonceBytes);
        if (m_token.isEmpty())
            return admit(it, *message, std::move(leftover), false, m_hooks.admitControl);
        if (agentproto::clientNonceOf(*message).isEmpty())
            return refuse(it, tr("refused start: no client nonce (a client older than protocol %1); update the "
                                 "client")
                                  .arg(agentproto::kVersion));
        return challenge(it, *message);
    }
    if (type == QLatin1String("data") || type == QLatin1String("probe"))
        return admit(it, *message, std::move(leftover), false, m_hooks.admitData);
    refuse(it, tr("unexpected message type '%1' (expected start, data or probe)").arg(logSafe(type, 40)));
}

// The agent proves first that it knows the token, over both nonces and the start it received.
void AgentGate::challenge(Iterator it, const QJsonObject &start)
{
    it->start = start;
    it->stage = Waiting::Stage::Answer;
    const QByteArray proof = agentauth::proof(m_token, agentauth::Role::Agent, it->nonce,
                                              agentproto::clientNonceOf(start), agentproto::canonical(start));
    if (!sendNow(it->fd.get(), agentproto::challengeMessage(it->nonce, proof)))
        forget(it);
}

void AgentGate::checkAnswer(Iterator it, const QJsonObject &message, QByteArray leftover)
{
    const QByteArray given = message.value(key("proof")).toString().toLatin1();
    const QByteArray expected =
        agentauth::proof(m_token, agentauth::Role::Client, it->nonce, agentproto::clientNonceOf(it->start),
                         agentproto::canonical(it->start));
    if (agentproto::typeOf(message) != QLatin1String("auth") || !agentauth::constantTimeEqual(given, expected))
        return refuse(it, tr("refused start: wrong or missing token; give the client the agent's token"));
    const QJsonObject start = it->start;
    admit(it, start, std::move(leftover), true, m_hooks.admitControl);
}

void AgentGate::admit(Iterator it, const QJsonObject &message, QByteArray leftover, bool authenticated,
                      const std::function<Result<void>(Admitted &)> &hook)
{
    Admitted a{std::move(it->fd), it->peer, message, std::move(leftover), authenticated, it->nonce};
    auto taken = hook(a);
    if (taken)
        return forget(it);
    it->fd = std::move(a.fd); // the hook left it: refuse on it
    refuse(it, taken.error().message);
}

void AgentGate::refuse(Iterator it, const QString &why)
{
    if (m_hooks.protocolError)
        m_hooks.protocolError();
    note(tr("%1: %2").arg(it->peer, why));
    if (!it->fd.valid())
        return forget(it);
    sendNow(it->fd.get(), agentproto::errorMessage(why));
    // Close gently: closing with unread input would send a reset that can destroy the reply
    // before the client reads it. The loop drains it until the peer closes or time is up.
    ::shutdown(it->fd.get(), SHUT_WR);
    it->stage = Waiting::Stage::Closing;
    it->buffer = QByteArray();
    it->start = {};
    it->deadline = Clock::now() + kClosingTime;
}

void AgentGate::refuseNow(sock::Fd fd, const QString &peer, const QString &why)
{
    if (m_hooks.connectionRefused)
        m_hooks.connectionRefused();
    note(tr("%1: %2").arg(peer, why));
    sendNow(fd.get(), agentproto::errorMessage(why));
}

void AgentGate::forget(Iterator it)
{
    auto counted = m_perAddress.find(it->address);
    if (counted != m_perAddress.end() && --counted.value() <= 0)
        m_perAddress.erase(counted);
    m_waiting.erase(it);
}

void AgentGate::expire(Clock::time_point now)
{
    for (auto it = m_waiting.begin(); it != m_waiting.end();) {
        auto current = it++;
        if (current->deadline > now)
            continue;
        if (current->stage == Waiting::Stage::Closing)
            forget(current);
        else
            refuse(current, tr("no complete handshake within %1 s; closing").arg(m_limits.handshakeMs / 1000.0));
    }
}

// At most kNotesPerSecond lines a second: a flood of refused connections must not become a flood
// of log lines.
void AgentGate::note(const QString &line)
{
    if (!m_hooks.log)
        return;
    const auto now = Clock::now();
    if (now - m_noteWindow >= 1s) {
        if (m_notesSuppressed > 0)
            m_hooks.log(tr("(%1 similar lines not logged)").arg(m_notesSuppressed));
        m_noteWindow = now;
        m_notesInWindow = 0;
        m_notesSuppressed = 0;
    }
    if (m_notesInWindow++ < kNotesPerSecond)
        m_hooks.log(line);
    else
        ++m_notesSuppressed;
}

} // namespace tcptune

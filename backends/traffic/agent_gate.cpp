#include "traffic/agent_gate.h"

#include "traffic/agent_auth.h"
#include "traffic/agent_protocol.h"
#include "common/log_text.h"

#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <sys/epoll.h>
#include <sys/resource.h>

#include <algorithm>
#include <vector>

namespace tcptune {
namespace {

using sock::Clock;
using namespace std::chrono_literals;

constexpr int kWaitSliceMs = 200;   // how often the loop looks at the stop flag
constexpr int kEventsPerWait = 128; // more ready ones come with the next wait
// Deadlines are of half a second and more; looking for them at every wake-up walked the whole
// waiting room thousands of times a second under a flood.
constexpr auto kExpiryPeriod = 20ms;
constexpr auto kAcceptPause = 250ms; // accept() out of descriptors: let some close first
constexpr auto kClosingTime = 500ms; // a refused connection may read its error this long
constexpr int kAcceptsPerTurn = 64;  // waiting connections get their turn between bursts
constexpr int kNotesPerSecond = 10;  // log lines of the gate; the rest are counted
constexpr int kMaxBuckets = 4096;    // beyond, buckets that have refilled are dropped
// A connection refused at accept (its network over its rate, the room full) gets its reason at
// once and its close this much later: a peer that reconnects when closed, as a flood does, is
// paced to one connection a second per descriptor it holds, where an immediate close let it
// reconnect thousands of times a second and spend the agent's and the machine's CPU on
// handshakes. Held descriptors are neither watched nor read; a client that reads the reason
// closes its end itself.
constexpr auto kRefusedHold = 1s;
constexpr std::size_t kMaxHeldCeiling = 2048;

// At most a quarter of the descriptors the process may open are held, so holding never makes
// accept() fail for want of descriptors.
std::size_t maxHeldDescriptors()
{
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
        return kMaxHeldCeiling;
    return std::min<std::size_t>(kMaxHeldCeiling, std::size_t(limit.rlim_cur / 4));
}

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

QString sourceNetworkOf(const QString &address)
{
    const QByteArray text = address.toLatin1();
    in_addr v4{};
    if (::inet_pton(AF_INET, text.constData(), &v4) == 1) {
        const std::uint32_t network = ntohl(v4.s_addr) & 0xFFFFFF00u;
        return QStringLiteral("%1.%2.%3.0/24")
            .arg(network >> 24)
            .arg((network >> 16) & 0xFF)
            .arg((network >> 8) & 0xFF);
    }
    in6_addr v6{};
    if (::inet_pton(AF_INET6, text.constData(), &v6) != 1)
        return address;
    if (IN6_IS_ADDR_V4MAPPED(&v6))
        return QStringLiteral("%1.%2.%3.0/24").arg(v6.s6_addr[12]).arg(v6.s6_addr[13]).arg(v6.s6_addr[14]);
    std::fill(std::begin(v6.s6_addr) + 8, std::end(v6.s6_addr), std::uint8_t(0));
    char host[INET6_ADDRSTRLEN] = {};
    ::inet_ntop(AF_INET6, &v6, host, sizeof host);
    return QString::fromLatin1(host) + QStringLiteral("/64");
}

struct AgentGate::Waiting {
    enum class Stage { FirstLine, Answer, Closing };
    sock::Fd fd;
    QString address;
    QString source;
    bool reserved = false; // in a slot a proved client's address holds
    QString peer;
    QByteArray buffer;
    Clock::time_point deadline;
    Stage stage = Stage::FirstLine;
    QByteArray nonce; // the agent's, once a start arrived
    QJsonObject start;
    Iterator self; // what epoll's events point to
};

AgentGate::AgentGate(GateLimits limits, QString token, GateHooks hooks)
    : m_limits(limits)
    , m_token(std::move(token))
    , m_hooks(std::move(hooks))
    , m_maxHeld(maxHeldDescriptors())
    , m_epoll(::epoll_create1(EPOLL_CLOEXEC))
{
}

Result<void> AgentGate::valid() const
{
    if (!m_epoll.valid())
        return fail(tr("Cannot create an epoll instance: %1.").arg(sock::errnoText(errno)));
    return {};
}

AgentGate::~AgentGate() = default;

void AgentGate::run(int listenFd, const std::atomic<bool> &stopping)
{
    std::vector<epoll_event> events(kEventsPerWait);
    while (!stopping.load()) {
        const auto now = Clock::now();
        if (now >= m_nextExpiry) {
            expire(now);
            m_nextExpiry = now + kExpiryPeriod;
        }
        watchListener(listenFd, now);
        const int ready = ::epoll_wait(m_epoll.get(), events.data(), int(events.size()), kWaitSliceMs);
        if (m_hooks.idle)
            m_hooks.idle();
        bool accept = false;
        for (int i = 0; i < ready; ++i) {
            if (auto *w = static_cast<Waiting *>(events[std::size_t(i)].data.ptr))
                service(w->self); // may erase only its own entry
            else
                accept = true;
        }
        // Last: a newcomer may push out a waiting connection an event of this turn points to.
        if (accept)
            acceptSome(listenFd);
    }
    m_waiting.clear();
    m_held.clear();
    m_unreserved = 0;
    m_perSource.clear();
    m_perAddress.clear();
    m_grants.clear();
    if (m_listening)
        ::epoll_ctl(m_epoll.get(), EPOLL_CTL_DEL, listenFd, nullptr);
    m_listening = false;
}

void AgentGate::watchListener(int listenFd, Clock::time_point now)
{
    const bool accepting = now >= m_acceptPausedUntil;
    if (accepting == m_listening)
        return;
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.ptr = nullptr;
    if (::epoll_ctl(m_epoll.get(), accepting ? EPOLL_CTL_ADD : EPOLL_CTL_DEL, listenFd, &ev) == 0)
        m_listening = accepting;
}

void AgentGate::watch(Iterator it)
{
    it->self = it;
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.ptr = &*it;
    ::epoll_ctl(m_epoll.get(), EPOLL_CTL_ADD, it->fd.get(), &ev);
}

// Before the descriptor leaves the gate (to the agent) or closes: an open descriptor handed on
// would otherwise still wake this loop, pointing to an entry that is gone.
void AgentGate::unwatch(const Waiting &w)
{
    if (w.fd.valid())
        ::epoll_ctl(m_epoll.get(), EPOLL_CTL_DEL, w.fd.get(), nullptr);
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
    const auto now = Clock::now();
    Waiting w;
    w.address = address;
    w.source = sourceNetworkOf(address);
    w.peer = peer;
    w.deadline = now + std::chrono::milliseconds(m_limits.handshakeMs);
    w.reserved = takeReservedSlot(address, now);
    if (!w.reserved) {
        // An address with nothing waiting passes an empty bucket: its neighbours' flood must not
        // lock it out; an address that keeps connecting meets the bucket of its network.
        const bool fresh = !m_perAddress.contains(address);
        if (!bucketAllows(w.source, now) && !fresh)
            return refuseNow(std::move(fd), peer,
                             tr("refused: more than %1 new connections a second from %2, this agent's limit per "
                                "network; try again later")
                                 .arg(m_limits.newPerSecond)
                                 .arg(w.source));
        // At a cap, the connection that waited longest goes: of this network, else of all.
        if (m_perSource.value(w.source) >= m_limits.maxPerAddress)
            makeRoom(w.source);
        if (m_unreserved >= m_limits.maxConnections && !makeRoom({}))
            return refuseNow(std::move(fd), peer,
                             tr("refused: %1 connections are waiting to start, this agent's limit; try again later")
                                 .arg(m_limits.maxConnections));
        ++m_perSource[w.source];
        ++m_perAddress[address];
        ++m_unreserved;
    }
    w.fd = std::move(fd);
    m_waiting.push_back(std::move(w));
    watch(std::prev(m_waiting.end()));
}

// A cap is reached: the unreserved connection (of SOURCE, or of any when empty) that has waited
// longest goes, one already refused first, so newcomers always get their turn and a flood
// cannot hold the room.
bool AgentGate::makeRoom(const QString &source)
{
    auto oldest = m_waiting.end();
    for (auto it = m_waiting.begin(); it != m_waiting.end(); ++it) {
        if (it->reserved || (!source.isEmpty() && it->source != source))
            continue;
        if (it->stage == Waiting::Stage::Closing) {
            oldest = it;
            break;
        }
        if (oldest == m_waiting.end())
            oldest = it;
    }
    if (oldest == m_waiting.end())
        return false;
    if (oldest->stage != Waiting::Stage::Closing) {
        if (m_hooks.connectionRefused)
            m_hooks.connectionRefused();
        const QString why = source.isEmpty()
                                ? tr("closed: %1 connections are waiting, this agent's limit, and this one waited "
                                     "longest; try again")
                                      .arg(m_limits.maxConnections)
                                : tr("closed: %1 connections from %2 are waiting, this agent's limit per network, "
                                     "and this one waited longest; try again")
                                      .arg(m_limits.maxPerAddress)
                                      .arg(source);
        note(tr("%1: %2").arg(oldest->peer, why));
        sendNow(oldest->fd.get(), agentproto::errorMessage(why));
    }
    forget(oldest);
    return true;
}

// A token bucket per source network: maxPerAddress connections at once, then newPerSecond.
bool AgentGate::bucketAllows(const QString &source, Clock::time_point now)
{
    const double burst = std::max(1, m_limits.maxPerAddress);
    if (m_buckets.size() >= kMaxBuckets) {
        for (auto it = m_buckets.begin(); it != m_buckets.end();) {
            const double seconds = std::chrono::duration<double>(now - it->refilled).count();
            if (it->tokens + seconds * m_limits.newPerSecond >= burst)
                it = m_buckets.erase(it);
            else
                ++it;
        }
    }
    auto found = m_buckets.find(source);
    if (found == m_buckets.end())
        found = m_buckets.insert(source, Bucket{burst, now});
    Bucket &b = found.value();
    b.tokens =
        std::min(burst, b.tokens + std::chrono::duration<double>(now - b.refilled).count() * m_limits.newPerSecond);
    b.refilled = now;
    if (b.tokens < 1)
        return false;
    b.tokens -= 1;
    return true;
}

bool AgentGate::takeReservedSlot(const QString &address, Clock::time_point now)
{
    auto found = m_grants.find(address);
    if (found == m_grants.end())
        return false;
    if (found->until < now || found->connections <= 0) {
        m_grants.erase(found);
        return false;
    }
    --found->connections;
    return true;
}

// The agent took START from a client at ADDRESS: its data connections (and probe) get reserved
// slots until the handshake deadline.
void AgentGate::reserveSlots(const QString &address, const QJsonObject &start)
{
    auto params = agentproto::parseStart(start);
    if (!params)
        return;
    Reserved &r = m_grants[address];
    const auto until = Clock::now() + std::chrono::milliseconds(m_limits.handshakeMs);
    if (r.until < Clock::now())
        r.connections = 0;
    r.connections += params->connections() + (params->latencyProbe ? 1 : 0);
    r.until = until;
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
    unwatch(*it);
    Admitted a{std::move(it->fd), it->peer, message, std::move(leftover), authenticated, it->nonce, it->source};
    auto taken = hook(a);
    if (taken) {
        // A start the agent took (with a proved token, or within the token-less caps per network)
        // gets its data connections in, however busy its network is: the run was admitted.
        if (agentproto::typeOf(message) == QLatin1String("start"))
            reserveSlots(it->address, message);
        return forget(it);
    }
    it->fd = std::move(a.fd); // the hook left it: refuse on it
    if (it->fd.valid())
        watch(it);
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
    hold(std::move(fd));
}

// Keeps FD open until kRefusedHold has passed; when m_maxHeld are held, the oldest closes now.
void AgentGate::hold(sock::Fd fd)
{
    if (m_maxHeld == 0)
        return;
    if (m_held.size() >= m_maxHeld)
        m_held.pop_front();
    m_held.push_back({std::move(fd), Clock::now() + kRefusedHold});
}

void AgentGate::forget(Iterator it)
{
    if (!it->reserved) {
        --m_unreserved;
        auto counted = m_perSource.find(it->source);
        if (counted != m_perSource.end() && --counted.value() <= 0)
            m_perSource.erase(counted);
        auto fromAddress = m_perAddress.find(it->address);
        if (fromAddress != m_perAddress.end() && --fromAddress.value() <= 0)
            m_perAddress.erase(fromAddress);
    }
    unwatch(*it);
    m_waiting.erase(it);
}

void AgentGate::expire(Clock::time_point now)
{
    for (auto it = m_grants.begin(); it != m_grants.end();)
        it = it->until < now ? m_grants.erase(it) : std::next(it);
    while (!m_held.empty() && m_held.front().until <= now)
        m_held.pop_front();
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

#include "traffic/socket_util.h"

#include "common/netns.h"
#include "common/proc_sys.h"
#include "traffic/traffic_spec.h"

#include <QCoreApplication>
#include <QList>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <linux/sockios.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <unistd.h>

namespace tcptune::sock {
namespace {

// TrafficSocket::tr(): lupdate files this file's text under the context that tr() looks it up in.
class TrafficSocket final {
    Q_DECLARE_TR_FUNCTIONS(TrafficSocket)
};

int remainingMs(Clock::time_point deadline)
{
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left <= 0 ? 0 : int(std::min<long long>(left, 1 << 30));
}

[[nodiscard]] Result<void> waitFor(int fd, short events, Clock::time_point deadline)
{
    for (;;) {
        pollfd p{fd, events, 0};
        const int n = ::poll(&p, 1, remainingMs(deadline));
        if (n > 0)
            return {};
        if (n == 0)
            return fail(TrafficSocket::tr("timed out"));
        if (errno != EINTR)
            return fail(errnoText(errno));
    }
}

// After a non-blocking recv() on FD that returned N <= 0: waits until more can be read (nothing
// there yet) or returns at once (interrupted), so that the caller reads again; an error when the
// peer closed the connection, the socket failed or DEADLINE passed.
[[nodiscard]] Result<void> awaitMore(int fd, ssize_t n, Clock::time_point deadline)
{
    if (n == 0)
        return fail(TrafficSocket::tr("connection closed by the peer"));
    const int error = errno;
    if (error == EINTR)
        return {};
    if (error == EAGAIN || error == EWOULDBLOCK)
        return waitFor(fd, POLLIN, deadline);
    return fail(errnoText(error));
}

} // namespace

void Fd::reset(int fd)
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = fd;
}

QString errnoText(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

Result<Address> resolve(const QString &host, std::uint16_t port)
{
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICSERV;
    addrinfo *list = nullptr;
    const QByteArray service = QByteArray::number(port);
    const int rc = ::getaddrinfo(host.toUtf8().constData(), service.constData(), &hints, &list);
    if (rc != 0 || !list)
        return fail(TrafficSocket::tr("Cannot resolve host '%1': %2. Check the name, or give an IP address.")
                        .arg(host, QString::fromLocal8Bit(::gai_strerror(rc))));
    Address a;
    std::memcpy(&a.storage, list->ai_addr, list->ai_addrlen);
    a.length = list->ai_addrlen;
    ::freeaddrinfo(list);
    return a;
}

Result<QList<int>> createTcpSockets(int family, int count, const QString &netns, const netns::SocketMaker &maker,
                                    const QString &congestionControl)
{
    const netns::SocketRequest request{netns, family, SOCK_STREAM, count, congestionControl};
    if (netns.isEmpty())
        return netns::makeSockets(request); // nothing to enter
    return maker(request);
}

Result<Fd> createTcpSocket(int family, const QString &netns, const netns::SocketMaker &maker)
{
    auto fds = createTcpSockets(family, 1, netns, maker);
    if (!fds)
        return std::unexpected(fds.error());
    return Fd(fds->front());
}

Result<Fd> createUdpSocket(int family, const QString &netns, const netns::SocketMaker &maker)
{
    const netns::SocketRequest request{netns, family, SOCK_DGRAM, 1, {}};
    auto fds = netns.isEmpty() ? netns::makeSockets(request) : maker(request);
    if (!fds)
        return std::unexpected(fds.error());
    return Fd(fds->front());
}

Result<void> connectWithTimeout(int fd, const Address &address, int timeoutMs, const QString &what)
{
    const int flags = ::fcntl(fd, F_GETFL);
    ::fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    int rc = ::connect(fd, reinterpret_cast<const sockaddr *>(&address.storage), address.length);
    int error = rc == 0 ? 0 : errno;
    if (rc != 0 && error == EINPROGRESS) {
        const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
        if (auto w = waitFor(fd, POLLOUT, deadline); !w)
            return fail(TrafficSocket::tr(
                            "Cannot connect to %1: no answer within %2 s. Check that the host is up and reachable "
                            "and that no firewall drops the connection.")
                            .arg(what)
                            .arg(timeoutMs / 1000.0));
        socklen_t len = sizeof(error);
        ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &len);
    }
    ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    if (error == ECONNREFUSED)
        return fail(
            TrafficSocket::tr("Cannot connect to %1: connection refused. Start `tcptune serve` (or `iperf3 -s`) there, "
                              "or check the port.")
                .arg(what));
    if (error != 0)
        return fail(TrafficSocket::tr("Cannot connect to %1: %2. Check the address and the route to it.")
                        .arg(what, errnoText(error)));
    return {};
}

Result<void> sendAll(int fd, const char *data, std::size_t size, Clock::time_point deadline)
{
    std::size_t done = 0;
    while (done < size) {
        const ssize_t n = ::send(fd, data + done, size - done, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            done += std::size_t(n);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (auto w = waitFor(fd, POLLOUT, deadline); !w)
                return w;
            continue;
        }
        return fail(errnoText(errno));
    }
    return {};
}

Result<void> sendAll(int fd, const QByteArray &data, Clock::time_point deadline)
{
    return sendAll(fd, data.constData(), std::size_t(data.size()), deadline);
}

Result<void> recvAll(int fd, char *data, std::size_t size, Clock::time_point deadline)
{
    std::size_t done = 0;
    while (done < size) {
        const ssize_t n = ::recv(fd, data + done, size - done, MSG_DONTWAIT);
        if (n > 0) {
            done += std::size_t(n);
            continue;
        }
        if (auto more = awaitMore(fd, n, deadline); !more)
            return more;
    }
    return {};
}

Result<QByteArray> readLine(int fd, QByteArray &buffer, int maxLength, Clock::time_point deadline)
{
    // Linear in what arrives: each byte is scanned for the newline once, and it is read straight
    // into the buffer's tail in large chunks (a 64 MiB line is not rescanned after every read).
    constexpr qsizetype kChunk = 64 * 1024;
    qsizetype scanned = 0;
    for (;;) {
        const qsizetype nl = buffer.indexOf('\n', scanned);
        if (nl >= 0) {
            QByteArray line = buffer.left(nl);
            buffer.remove(0, nl + 1);
            if (line.endsWith('\r'))
                line.chop(1);
            return line;
        }
        scanned = buffer.size();
        if (buffer.size() > maxLength)
            return fail(TrafficSocket::tr("line longer than %1 bytes").arg(maxLength));
        const qsizetype had = buffer.size();
        const qsizetype room = std::min<qsizetype>(kChunk, qsizetype(maxLength) + 1 - had);
        buffer.resize(had + room);
        const ssize_t n = ::recv(fd, buffer.data() + had, std::size_t(room), MSG_DONTWAIT);
        buffer.resize(had + std::max<qsizetype>(0, n));
        if (n > 0)
            continue;
        if (auto more = awaitMore(fd, n, deadline); !more)
            return std::unexpected(more.error());
    }
}

Result<void> applySenderOptions(int fd, const TrafficSpec &spec)
{
    auto setInt = [fd](int level, int option, int value, const char *name) -> Result<void> {
        if (::setsockopt(fd, level, option, &value, sizeof value) != 0)
            return fail(TrafficSocket::tr("Cannot set %1 to %2: %3.")
                            .arg(QString::fromLatin1(name))
                            .arg(value)
                            .arg(errnoText(errno)));
        return {};
    };
    if (spec.sndbuf > 0)
        if (auto r = setInt(SOL_SOCKET, SO_SNDBUF, int(std::min<std::int64_t>(spec.sndbuf, INT32_MAX)), "SO_SNDBUF");
            !r)
            return r;
    if (spec.rcvbuf > 0)
        if (auto r = setInt(SOL_SOCKET, SO_RCVBUF, int(std::min<std::int64_t>(spec.rcvbuf, INT32_MAX)), "SO_RCVBUF");
            !r)
            return r;
    if (spec.nodelay)
        if (auto r = setInt(IPPROTO_TCP, TCP_NODELAY, 1, "TCP_NODELAY"); !r)
            return r;
    if (spec.notsentLowat > 0)
        if (auto r = setInt(IPPROTO_TCP, TCP_NOTSENT_LOWAT, int(spec.notsentLowat), "TCP_NOTSENT_LOWAT"); !r)
            return r;
    // The maker of the socket may have set it already (tcptune-helper, for a user who may not).
    if (!spec.congestionControl.isEmpty() && congestionControlOf(fd) != spec.congestionControl) {
        const QByteArray name = spec.congestionControl.toLatin1();
        if (::setsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, name.constData(), socklen_t(name.size())) != 0)
            return fail(TrafficSocket::tr(
                            "Cannot use congestion control '%1': %2. See net.ipv4.tcp_available_congestion_control "
                            "(a module may need loading).")
                            .arg(spec.congestionControl, errnoText(errno)));
    }
    if (spec.maxPacingRateBps > 0) {
        const std::uint64_t bytesPerSecond = std::uint64_t(spec.maxPacingRateBps / 8);
        if (::setsockopt(fd, SOL_SOCKET, SO_MAX_PACING_RATE, &bytesPerSecond, sizeof bytesPerSecond) != 0)
            return fail(TrafficSocket::tr("Cannot set SO_MAX_PACING_RATE: %1.").arg(errnoText(errno)));
    }
    return {};
}

namespace {

// Of SPEC's sender options, those the host's limits keep from this process: a congestion control
// it may not choose (it is no root: the caller has a tuner) and a send buffer above wmem_max.
netns::SocketOptions beyondTheUser(int fd, const TrafficSpec &spec)
{
    netns::SocketOptions beyond;
    const QString allowed =
        procsys::read(QStringLiteral("/proc/sys/net/ipv4/tcp_allowed_congestion_control")).value_or(QString());
    if (!spec.congestionControl.isEmpty() && congestionControlOf(fd) != spec.congestionControl &&
        !allowed.simplified().split(QLatin1Char(' ')).contains(spec.congestionControl))
        beyond.congestionControl = spec.congestionControl;
    const qint64 wmemMax =
        procsys::read(QStringLiteral("/proc/sys/net/core/wmem_max")).value_or(QString()).trimmed().toLongLong();
    if (spec.sndbuf > 0 && wmemMax > 0 && spec.sndbuf > wmemMax)
        beyond.sndbuf = spec.sndbuf;
    return beyond;
}

} // namespace

Result<void> applySenderOptions(int fd, const TrafficSpec &spec, const netns::SocketTuner &tuner)
{
    if (!tuner)
        return applySenderOptions(fd, spec);
    const netns::SocketOptions beyond = beyondTheUser(fd, spec);
    TrafficSpec own = spec;
    if (!beyond.congestionControl.isEmpty())
        own.congestionControl.clear();
    if (beyond.sndbuf > 0)
        own.sndbuf = 0;
    if (auto applied = applySenderOptions(fd, own); !applied)
        return applied;
    if (beyond.congestionControl.isEmpty() && beyond.sndbuf == 0)
        return {};
    return tuner(fd, beyond);
}

Result<void> applyReceiverOptions(int fd, const TrafficSpec &spec)
{
    TrafficSpec receiving;
    receiving.rcvbuf = spec.rcvbuf;
    return applySenderOptions(fd, receiving); // of the sender's options, only SO_RCVBUF is set
}

std::uint16_t localPort(int fd)
{
    sockaddr_storage ss{};
    socklen_t len = sizeof ss;
    if (::getsockname(fd, reinterpret_cast<sockaddr *>(&ss), &len) != 0)
        return 0;
    if (ss.ss_family == AF_INET)
        return ntohs(reinterpret_cast<sockaddr_in *>(&ss)->sin_port);
    if (ss.ss_family == AF_INET6)
        return ntohs(reinterpret_cast<sockaddr_in6 *>(&ss)->sin6_port);
    return 0;
}

std::int64_t intOption(int fd, int level, int option)
{
    int value = 0;
    socklen_t len = sizeof value;
    if (::getsockopt(fd, level, option, &value, &len) != 0)
        return -1;
    return value;
}

QString congestionControlOf(int fd)
{
    char name[32] = {};
    socklen_t len = sizeof name - 1;
    if (::getsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, name, &len) != 0)
        return {};
    return QString::fromLatin1(name, qsizetype(::strnlen(name, len)));
}

void setTimeouts(int fd, int sendMs, int recvMs)
{
    timeval s{sendMs / 1000, (sendMs % 1000) * 1000};
    timeval r{recvMs / 1000, (recvMs % 1000) * 1000};
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &s, sizeof s);
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &r, sizeof r);
}

int outq(int fd)
{
    int value = 0;
    if (::ioctl(fd, SIOCOUTQ, &value) != 0)
        return -1;
    return value;
}

} // namespace tcptune::sock

#pragma once
// Small POSIX socket helpers shared by the client and the agent: an owning fd, name resolution,
// connect with a time limit, exact reads and writes with deadlines, and the socket options a
// TrafficSpec asks for. Errors are sentences for the user, naming host and port.

#include "common/error.h"
#include "common/netns.h"
#include "common/socket_tuning.h"

#include <QByteArray>
#include <QString>

#include <chrono>
#include <cstdint>
#include <sys/socket.h>

namespace tcptune {
struct TrafficSpec;
}

namespace tcptune::sock {

// Owns one file descriptor; closes it on destruction.
class Fd final {
public:
    Fd() = default;
    explicit Fd(int fd)
        : m_fd(fd)
    {
    }
    ~Fd() { reset(); }
    Fd(Fd &&other) noexcept
        : m_fd(other.release())
    {
    }
    Fd &operator=(Fd &&other) noexcept
    {
        if (this != &other)
            reset(other.release());
        return *this;
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;

    int get() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }
    int release()
    {
        const int fd = m_fd;
        m_fd = -1;
        return fd;
    }
    void reset(int fd = -1);

private:
    int m_fd = -1;
};

struct Address {
    sockaddr_storage storage{};
    socklen_t length = 0;
    int family() const { return storage.ss_family; }
};

using Clock = std::chrono::steady_clock;

// getaddrinfo for HOST:PORT (numeric or name). Fails with "Cannot resolve ...".
[[nodiscard]] Result<Address> resolve(const QString &host, std::uint16_t port);

// A TCP socket of FAMILY, created inside NETNS when it is not empty (the socket keeps that
// namespace for the rest of its life) by MAKER: here (root), or by tcptune-helper.
[[nodiscard]] Result<Fd> createTcpSocket(int family, const QString &netns = {},
                                         const netns::SocketMaker &maker = netns::makeSockets);
// COUNT sockets at once: entering a namespace costs a thread (or a helper request), so batch it.
// CONGESTION_CONTROL, when not empty, is set by whoever makes them (root may set any).
[[nodiscard]] Result<QList<int>> createTcpSockets(int family, int count, const QString &netns = {},
                                                  const netns::SocketMaker &maker = netns::makeSockets,
                                                  const QString &congestionControl = {});

// A UDP socket of FAMILY inside NETNS, made as createTcpSocket makes its sockets (the latency
// probe's, on both ends).
[[nodiscard]] Result<Fd> createUdpSocket(int family, const QString &netns = {},
                                         const netns::SocketMaker &maker = netns::makeSockets);

// Non-blocking connect bounded by TIMEOUT_MS, then back to blocking mode. WHAT names the peer
// in messages ("198.18.1.2:5300").
[[nodiscard]] Result<void> connectWithTimeout(int fd, const Address &address, int timeoutMs, const QString &what);

// Writes all of DATA before DEADLINE (blocking fd, poll-bounded). MSG_NOSIGNAL: a dead peer is
// an error, not a signal.
[[nodiscard]] Result<void> sendAll(int fd, const char *data, std::size_t size, Clock::time_point deadline);
[[nodiscard]] Result<void> sendAll(int fd, const QByteArray &data, Clock::time_point deadline);
// Reads exactly SIZE bytes before DEADLINE; fails on EOF.
[[nodiscard]] Result<void> recvAll(int fd, char *data, std::size_t size, Clock::time_point deadline);
// Reads one '\n'-terminated line (without the newline), at most MAX_LENGTH bytes, using and
// refilling BUFFER (bytes after the line stay in it).
[[nodiscard]] Result<QByteArray> readLine(int fd, QByteArray &buffer, int maxLength, Clock::time_point deadline);

// Applies the spec's sender-side options (buffers, nodelay, cork, notsent_lowat, congestion
// control, pacing) to a data socket before connect.
[[nodiscard]] Result<void> applySenderOptions(int fd, const TrafficSpec &spec);
// The same on a socket a user's tcptune holds: what the host's limits keep from the user (a
// congestion control outside net.ipv4.tcp_allowed_congestion_control, SO_SNDBUF above
// net.core.wmem_max) TUNER sets instead (tcptune-helper, lab sockets only). An empty TUNER: as
// above (root, or a socket outside the lab).
[[nodiscard]] Result<void> applySenderOptions(int fd, const TrafficSpec &spec, const netns::SocketTuner &tuner);
// The receiving end's option (SO_RCVBUF) on a connection the other side sends on.
[[nodiscard]] Result<void> applyReceiverOptions(int fd, const TrafficSpec &spec);

std::uint16_t localPort(int fd);
std::int64_t intOption(int fd, int level, int option);
QString congestionControlOf(int fd);
// Sets SO_SNDTIMEO / SO_RCVTIMEO so blocking calls return to check stop flags.
void setTimeouts(int fd, int sendMs, int recvMs);
// Bytes still in the send queue (SIOCOUTQ), -1 on error.
int outq(int fd);

QString errnoText(int error);

} // namespace tcptune::sock

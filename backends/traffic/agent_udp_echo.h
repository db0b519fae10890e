#pragma once
// The agent's end of the latency-under-load UDP probe (udp_probe.h): one thread polls the UDP
// socket that shares the agent's address and port and answers the requests of live runs that
// asked for it. The agent must never become a traffic source for someone else, so a datagram is
// answered only when all of these hold, and dropped silently otherwise:
// - it is exactly a request (size, magic), names a run the lookup hook vouches for (the run asked
//   for probes, and proved the token on an agent that has one) and its HMAC verifies under that
//   run's secret;
// - it comes from the address the run's client connected from (no reflection to a third party);
// - the run's token bucket has an answer left (a replayed datagram cannot make a flood).
// Every datagram is read into one fixed buffer; memory does not grow with what arrives.

#include "traffic/socket_util.h"
#include "traffic/udp_probe.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <sys/socket.h>

namespace tcptune {

// An IP address in one comparable form: IPv4 as IPv4-mapped IPv6, so a dual-stack socket's
// sources compare equal to the control connection's.
struct PeerIp {
    std::array<std::uint8_t, 16> bytes{};
    bool valid = false;

    // From the "address:port" (or bare address) the agent logs a peer as; invalid when it is
    // none ("ssh").
    static PeerIp fromPeer(const QString &peer);
    static PeerIp fromSockaddr(const sockaddr_storage &address);
    bool operator==(const PeerIp &other) const { return valid && other.valid && bytes == other.bytes; }
};

// Answers a run may get: kPerSecond, after a burst of kBurst (its client sends 10 a second).
// Touched by the echo thread only.
struct ProbeBucket {
    static constexpr double kPerSecond = 50;
    static constexpr double kBurst = 20;
    double tokens = kBurst;
    sock::Clock::time_point refilled = sock::Clock::now();

    bool take(sock::Clock::time_point now);
};

// What the echo needs of a live run: its secret, its client's address and its bucket (owned by
// the run, so it goes with it).
struct ProbeRun {
    QByteArray secret;
    PeerIp client;
    std::shared_ptr<ProbeBucket> bucket;
};

struct UdpEchoHooks {
    // The run ID names, if it is live, asked for probes and (with a token) proved it.
    std::function<std::optional<ProbeRun>(const QString &id)> lookup;
    std::function<void(const QString &line)> log;
};

struct UdpProbeCounts {
    std::int64_t answered = 0;
    std::int64_t dropped = 0;     // not a request of a live run from its client, or a bad HMAC
    std::int64_t rateLimited = 0; // valid, over the run's rate
};

class AgentUdpEcho final {
    Q_DECLARE_TR_FUNCTIONS(AgentUdpEcho)
public:
    explicit AgentUdpEcho(UdpEchoHooks hooks);

    // A non-blocking UDP socket bound to ADDRESS with PORT, made inside NETNS by MAKER (as the
    // agent's listening socket is): the TCP port's twin.
    [[nodiscard]] static Result<sock::Fd> bindTwin(sock::Address address, std::uint16_t port, const QString &netns,
                                                   const netns::SocketMaker &maker);

    // Serves FD (a bound UDP socket) until STOPPING.
    void run(int fd, const std::atomic<bool> &stopping);
    UdpProbeCounts counts() const;

private:
    bool serveOne(int fd);
    std::optional<QByteArray> answerTo(const QByteArray &request, const sockaddr_storage &from);
    void summarise(sock::Clock::time_point now);

    UdpEchoHooks m_hooks;
    // A probe's size: a longer datagram is cut here, shows its true length (MSG_TRUNC) and is dropped.
    std::array<char, udpprobe::kDatagramSize> m_buffer{};
    std::atomic<std::int64_t> m_answered{0};
    std::atomic<std::int64_t> m_dropped{0};
    std::atomic<std::int64_t> m_rateLimited{0};
    UdpProbeCounts m_summarised;
    sock::Clock::time_point m_nextSummary;
};

} // namespace tcptune

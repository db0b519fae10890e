#include "traffic/agent_udp_echo.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <utility>

namespace tcptune {
namespace {

using sock::Clock;
using namespace std::chrono_literals;

constexpr int kPollSliceMs = 200; // how often the loop looks at the stop flag
// Datagrams read in one turn before the stop flag is looked at again: a flood cannot keep the
// agent from stopping.
constexpr int kDatagramsPerTurn = 1024;
// A line now and then on what was dropped: a flood of garbage must not become a flood of log.
constexpr auto kSummaryEvery = 60s;

} // namespace

PeerIp PeerIp::fromPeer(const QString &peer)
{
    PeerIp ip;
    const qsizetype colon = peer.lastIndexOf(QLatin1Char(':'));
    if (colon <= 0)
        return ip;
    const QByteArray text = peer.left(colon).toLatin1();
    in_addr v4{};
    in6_addr v6{};
    if (::inet_pton(AF_INET, text.constData(), &v4) == 1) {
        ip.bytes[10] = ip.bytes[11] = 0xff;
        std::memcpy(ip.bytes.data() + 12, &v4, 4);
        ip.valid = true;
    } else if (::inet_pton(AF_INET6, text.constData(), &v6) == 1) {
        std::memcpy(ip.bytes.data(), &v6, 16);
        ip.valid = true;
    }
    return ip;
}

PeerIp PeerIp::fromSockaddr(const sockaddr_storage &address)
{
    PeerIp ip;
    if (address.ss_family == AF_INET) {
        const auto *a = reinterpret_cast<const sockaddr_in *>(&address);
        ip.bytes[10] = ip.bytes[11] = 0xff;
        std::memcpy(ip.bytes.data() + 12, &a->sin_addr, 4);
        ip.valid = true;
    } else if (address.ss_family == AF_INET6) {
        const auto *a = reinterpret_cast<const sockaddr_in6 *>(&address);
        std::memcpy(ip.bytes.data(), &a->sin6_addr, 16);
        ip.valid = true;
    }
    return ip;
}

bool ProbeBucket::take(Clock::time_point now)
{
    tokens = std::min(kBurst, tokens + kPerSecond * std::chrono::duration<double>(now - refilled).count());
    refilled = now;
    if (tokens < 1)
        return false;
    tokens -= 1;
    return true;
}

AgentUdpEcho::AgentUdpEcho(UdpEchoHooks hooks)
    : m_hooks(std::move(hooks))
{
}

Result<sock::Fd> AgentUdpEcho::bindTwin(sock::Address address, std::uint16_t port, const QString &netns,
                                        const netns::SocketMaker &maker)
{
    if (address.family() == AF_INET)
        reinterpret_cast<sockaddr_in *>(&address.storage)->sin_port = htons(port);
    else if (address.family() == AF_INET6)
        reinterpret_cast<sockaddr_in6 *>(&address.storage)->sin6_port = htons(port);
    auto made = sock::createUdpSocket(address.family(), netns, maker);
    if (!made)
        return std::unexpected(made.error());
    sock::Fd fd = std::move(*made);
    ::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) | O_NONBLOCK); // the echo polls it
    if (::bind(fd.get(), reinterpret_cast<const sockaddr *>(&address.storage), address.length) != 0)
        return fail(tr("cannot bind UDP port %1: %2").arg(port).arg(sock::errnoText(errno)));
    return fd;
}

void AgentUdpEcho::run(int fd, const std::atomic<bool> &stopping)
{
    m_nextSummary = Clock::now() + kSummaryEvery;
    while (!stopping.load()) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, kPollSliceMs) > 0)
            for (int i = 0; i < kDatagramsPerTurn && serveOne(fd); ++i) {
            }
        summarise(Clock::now());
    }
}

UdpProbeCounts AgentUdpEcho::counts() const
{
    return {m_answered.load(), m_dropped.load(), m_rateLimited.load()};
}

// Reads one datagram and answers it if it may be; false once nothing is left to read.
bool AgentUdpEcho::serveOne(int fd)
{
    sockaddr_storage from{};
    socklen_t length = sizeof from;
    // MSG_TRUNC: the datagram's true length, however little of it fits the buffer.
    const ssize_t n = ::recvfrom(fd, m_buffer.data(), m_buffer.size(), MSG_DONTWAIT | MSG_TRUNC,
                                 reinterpret_cast<sockaddr *>(&from), &length);
    if (n < 0)
        return errno == EINTR;
    // Size and magic before anything costs an allocation or a lock.
    if (n != udpprobe::kDatagramSize || std::memcmp(m_buffer.data(), "TTPQ", 4) != 0) {
        m_dropped.fetch_add(1, std::memory_order_relaxed);
        return true;
    }
    const std::optional<QByteArray> answer =
        answerTo(QByteArray::fromRawData(m_buffer.data(), udpprobe::kDatagramSize), from);
    if (!answer)
        return true;
    // A full send buffer drops the answer: the client counts that probe as lost.
    if (::sendto(fd, answer->constData(), std::size_t(answer->size()), MSG_DONTWAIT | MSG_NOSIGNAL,
                 reinterpret_cast<const sockaddr *>(&from), length) == answer->size())
        m_answered.fetch_add(1, std::memory_order_relaxed);
    else
        m_dropped.fetch_add(1, std::memory_order_relaxed);
    return true;
}

// The signed answer to REQUEST from FROM, or nullopt (counted) when it is not to be answered.
std::optional<QByteArray> AgentUdpEcho::answerTo(const QByteArray &request, const sockaddr_storage &from)
{
    const std::optional<QString> id = udpprobe::sessionOf(request);
    const std::optional<ProbeRun> run = id ? m_hooks.lookup(*id) : std::nullopt;
    // The source before the HMAC: a datagram from elsewhere costs no hashing.
    std::optional<udpprobe::Probe> probe;
    if (run && run->client == PeerIp::fromSockaddr(from))
        probe = udpprobe::decode(request, run->secret);
    if (!probe || probe->kind != udpprobe::Kind::Request) {
        m_dropped.fetch_add(1, std::memory_order_relaxed);
        return std::nullopt;
    }
    if (!run->bucket->take(Clock::now())) {
        m_rateLimited.fetch_add(1, std::memory_order_relaxed);
        return std::nullopt;
    }
    probe->kind = udpprobe::Kind::Answer;
    return udpprobe::encode(*probe, run->secret);
}

// At most one line per kSummaryEvery, and only when something was turned away: answers are
// the normal case.
void AgentUdpEcho::summarise(Clock::time_point now)
{
    if (now < m_nextSummary)
        return;
    m_nextSummary = now + kSummaryEvery;
    const UdpProbeCounts total = counts();
    const UdpProbeCounts last = std::exchange(m_summarised, total);
    if (total.dropped == last.dropped && total.rateLimited == last.rateLimited)
        return;
    if (m_hooks.log)
        m_hooks.log(tr("UDP latency probes in the last %1 s: %2 answered, %3 dropped (not a live run's request from "
                       "its client), %4 over their run's rate")
                        .arg(std::chrono::duration_cast<std::chrono::seconds>(kSummaryEvery).count())
                        .arg(total.answered - last.answered)
                        .arg(total.dropped - last.dropped)
                        .arg(total.rateLimited - last.rateLimited));
}

} // namespace tcptune

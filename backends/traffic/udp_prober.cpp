#include "traffic/udp_prober.h"

#include "traffic/udp_probe.h"

#include <cerrno>
#include <poll.h>
#include <sys/socket.h>

namespace tcptune {
namespace {

using Clock = sock::Clock;

std::uint64_t nsSince(Clock::time_point t0, Clock::time_point t)
{
    return std::uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(t - t0).count());
}

} // namespace

UdpProber::UdpProber(sock::Fd fd, QString session, QByteArray secret)
    : m_fd(std::move(fd))
    , m_session(std::move(session))
    , m_secret(std::move(secret))
{
}

void UdpProber::run(WorkerShared &shared)
{
    const Clock::time_point t0 = shared.t0;
    const std::atomic<bool> &stop = shared.stop;
    const auto interval = std::chrono::milliseconds(udpprobe::kIntervalMs);
    auto next = Clock::now();
    while (!stop.load(std::memory_order_relaxed) && m_records.size() < kMaxProbes) {
        send(t0);
        next += interval;
        // Late wake-ups skip probes rather than send a burst.
        if (const auto now = Clock::now(); next < now)
            next = now + interval;
        receive(shared, next);
    }
    m_draining = true;
    receive(shared, Clock::now() + std::chrono::milliseconds(udpprobe::kTimeoutMs));
    // An echo that came back after the timeout is as good as lost to whoever waited for it.
    for (UdpProbeRecord &r : m_records)
        if (r.ms > udpprobe::kTimeoutMs)
            r.ms = -1;
}

void UdpProber::send(Clock::time_point t0)
{
    const auto now = Clock::now();
    udpprobe::Probe probe;
    probe.session = m_session;
    probe.sequence = std::uint32_t(m_records.size());
    probe.sentNs = nsSince(t0, now);
    const QByteArray datagram = udpprobe::encode(probe, m_secret);
    m_records.push_back({std::chrono::duration<double>(now - t0).count(), -1});
    // A full socket buffer or an ICMP error from an earlier probe: this one is lost.
    (void)::send(m_fd.get(), datagram.constData(), std::size_t(datagram.size()), MSG_NOSIGNAL | MSG_DONTWAIT);
}

// Takes echoes until UNTIL, or, once the sending has stopped, until every probe is answered.
void UdpProber::receive(WorkerShared &shared, Clock::time_point until)
{
    const Clock::time_point t0 = shared.t0;
    char buffer[2 * udpprobe::kDatagramSize];
    for (;;) {
        const auto now = Clock::now();
        if (now >= until || (m_draining && m_answered == m_records.size()))
            return;
        pollfd p{m_fd.get(), POLLIN, 0};
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - now).count();
        if (::poll(&p, 1, int(std::max<long long>(1, left))) <= 0)
            continue;
        const ssize_t n = ::recv(m_fd.get(), buffer, sizeof buffer, MSG_DONTWAIT);
        if (n <= 0)
            continue; // ECONNREFUSED from an ICMP error, or nothing after all
        const auto arrived = Clock::now();
        const auto echo = udpprobe::decode(QByteArray(buffer, int(n)), m_secret);
        if (!echo || echo->kind != udpprobe::Kind::Answer || echo->session != m_session ||
            echo->sequence >= m_records.size()) {
            ++m_forged;
            continue;
        }
        UdpProbeRecord &r = m_records[echo->sequence];
        if (r.ms < 0) {
            r.ms = double(nsSince(t0, arrived) - echo->sentNs) / 1e6;
            ++m_answered;
            shared.latestProbeUs.store(std::int64_t(r.ms * 1000));
            shared.probeCount.fetch_add(1);
        }
    }
}

} // namespace tcptune

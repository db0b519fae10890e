#include "traffic/tcp_info_sampler.h"

#include <cstddef>
#include <cstring>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/socket.h>

namespace tcptune {
namespace {

// True when the kernel's answer of LEN bytes covers the field ending at END.
constexpr bool has(socklen_t len, std::size_t end)
{
    return std::size_t(len) >= end;
}

#define TCPTUNE_END_OF(field) (offsetof(tcp_info, field) + sizeof(tcp_info::field))

// Whether the receiver's window left the sender less than a segment to send, at this instant.
// The kernel's tcpi_rwnd_limited timer runs only from a transmit attempt that stopped at the
// window to the next attempt stopped for another reason (TCP Small Queues, a deferred TSO
// frame), so on a fast local link a flow held by a 32 KiB receive buffer shows 22-35 % there
// while its window is full at most instants. In flight: the data sent once (bytes_sent less
// bytes_retrans) less what was acknowledged (bytes_acked counts the SYN too).
std::int8_t windowFull(const tcp_info &info)
{
    const std::int64_t sent = std::int64_t(info.tcpi_bytes_sent) - std::int64_t(info.tcpi_bytes_retrans);
    const std::int64_t inFlight = std::max<std::int64_t>(0, sent - (std::int64_t(info.tcpi_bytes_acked) - 1));
    const std::int64_t room = std::int64_t(info.tcpi_snd_wnd) - inFlight;
    return room < std::int64_t(std::max(1U, info.tcpi_snd_mss)) ? 1 : 0;
}

} // namespace

bool readTcpInfo(int fd, double t, TcpInfoReading &out)
{
    tcp_info info;
    std::memset(&info, 0, sizeof info);
    socklen_t len = sizeof info;
    if (::getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &len) != 0)
        return false;
    out = {};
    out.t = t;
    out.rttUs = info.tcpi_rtt;
    out.rttvarUs = info.tcpi_rttvar;
    out.cwnd = info.tcpi_snd_cwnd;
    out.ssthresh = info.tcpi_snd_ssthresh;
    out.totalRetrans = info.tcpi_total_retrans;
    out.unacked = info.tcpi_unacked;
    if (has(len, TCPTUNE_END_OF(tcpi_pacing_rate)) && info.tcpi_pacing_rate != ~0ULL)
        out.pacingRateBytes = std::int64_t(info.tcpi_pacing_rate);
    if (has(len, TCPTUNE_END_OF(tcpi_bytes_acked)))
        out.bytesAcked = info.tcpi_bytes_acked;
    if (has(len, TCPTUNE_END_OF(tcpi_notsent_bytes)))
        out.notsentBytes = info.tcpi_notsent_bytes;
    if (has(len, TCPTUNE_END_OF(tcpi_delivery_rate))) {
        out.deliveryRateBytes = std::int64_t(info.tcpi_delivery_rate);
        // Same answer, no extra call: the flag sits in the struct's first bytes.
        out.appLimited = info.tcpi_delivery_rate_app_limited ? 1 : 0;
    }
    if (has(len, TCPTUNE_END_OF(tcpi_sndbuf_limited))) {
        out.busyUs = std::int64_t(info.tcpi_busy_time);
        out.rwndLimitedUs = std::int64_t(info.tcpi_rwnd_limited);
        out.sndbufLimitedUs = std::int64_t(info.tcpi_sndbuf_limited);
    }
    if (has(len, TCPTUNE_END_OF(tcpi_snd_wnd)))
        out.rwndFull = windowFull(info);
    return true;
}

void StreamSampler::prime(const TcpInfoReading &reading)
{
    m_base = reading;
    m_last = reading;
    m_primed = true;
}

bool StreamSampler::next(const TcpInfoReading &r, TrafficSample &s)
{
    if (!m_primed) {
        prime(r);
        return false;
    }
    const double dt = r.t - m_last.t;
    s = {};
    s.t = r.t;
    s.stream = m_stream;
    s.throughputBps = dt > 0 ? double(r.bytesAcked - m_last.bytesAcked) * 8.0 / dt : 0;
    s.rttMs = r.rttUs / 1000.0;
    s.rttvarMs = r.rttvarUs / 1000.0;
    s.cwnd = r.cwnd;
    s.ssthresh = r.ssthresh >= 0x7fffffffU ? -1 : std::int64_t(r.ssthresh);
    s.deliveryRateBps = r.deliveryRateBytes < 0 ? -1 : double(r.deliveryRateBytes) * 8.0;
    s.pacingRateBps = r.pacingRateBytes < 0 ? -1 : double(r.pacingRateBytes) * 8.0;
    s.retrans = std::int64_t(r.totalRetrans - m_last.totalRetrans);
    s.unacked = r.unacked;
    s.notsentBytes = r.notsentBytes;
    auto deltaMs = [](std::int64_t now, std::int64_t before) {
        return now < 0 || before < 0 ? -1.0 : double(now - before) / 1000.0;
    };
    s.busyMs = deltaMs(r.busyUs, m_last.busyUs);
    s.rwndLimitedMs = deltaMs(r.rwndLimitedUs, m_last.rwndLimitedUs);
    s.sndbufLimitedMs = deltaMs(r.sndbufLimitedUs, m_last.sndbufLimitedUs);
    s.appLimited = r.appLimited;
    s.rwndFull = r.rwndFull;
    m_last = r;
    return true;
}

TrafficSample aggregateSamples(const QList<TrafficSample> &streams)
{
    TrafficSample a;
    if (streams.isEmpty())
        return a;
    a.t = streams.front().t;
    a.omitted = streams.front().omitted;
    a.deliveryRateBps = a.pacingRateBps = -1;
    a.notsentBytes = -1;
    a.busyMs = a.rwndLimitedMs = a.sndbufLimitedMs = -1;
    a.appLimited = a.rwndFull = -1;
    a.ssthresh = -1;
    auto addKnown = [](double &sum, double v) {
        if (v >= 0)
            sum = (sum < 0 ? 0 : sum) + v;
    };
    double maxBusy = -1, maxRwnd = -1, maxSndbuf = -1;
    for (const TrafficSample &s : streams) {
        a.throughputBps += s.throughputBps;
        a.rttMs += s.rttMs;
        a.rttvarMs += s.rttvarMs;
        a.cwnd += s.cwnd;
        a.retrans += s.retrans;
        a.unacked += s.unacked;
        addKnown(a.deliveryRateBps, s.deliveryRateBps);
        addKnown(a.pacingRateBps, s.pacingRateBps);
        if (s.notsentBytes >= 0)
            a.notsentBytes = (a.notsentBytes < 0 ? 0 : a.notsentBytes) + s.notsentBytes;
        if (s.ssthresh >= 0)
            a.ssthresh = (a.ssthresh < 0 ? 0 : a.ssthresh) + s.ssthresh;
        // Limited times are per flow; across flows the worst one says most.
        maxBusy = std::max(maxBusy, s.busyMs);
        maxRwnd = std::max(maxRwnd, s.rwndLimitedMs);
        maxSndbuf = std::max(maxSndbuf, s.sndbufLimitedMs);
        a.appLimited = std::max(a.appLimited, s.appLimited); // any stream short of data
        a.rwndFull = std::max(a.rwndFull, s.rwndFull);       // any stream's window full
        if (s.probeRttMs >= 0)
            a.probeRttMs = s.probeRttMs;
    }
    a.rttMs /= double(streams.size());
    a.rttvarMs /= double(streams.size());
    a.busyMs = maxBusy;
    a.rwndLimitedMs = maxRwnd;
    a.sndbufLimitedMs = maxSndbuf;
    return a;
}

} // namespace tcptune

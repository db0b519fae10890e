#include "capture/tcp_info_alignment.h"

#include <cstdint>
#include <optional>

namespace tcptune {

// The run's clock starts (TrafficClient: t0) once every data connection is open, has sent its
// hello (tcptune's agent: one JSON line; iperf3: its 37-byte cookie) and the target has counted it;
// from then on the sender sends at once. So in the client's data the traffic starts at the first
// segment beyond the hello, and in the server's at its first segment with payload. Both clocks
// are read on the same host a few microseconds apart from the packet socket's timestamps, so the
// capture's time of that segment is the run's time 0 (the run stores no wall-clock time of t0,
// and a wall-clock match would carry the clocks' resolution and the thread start-up besides).
std::optional<double> trafficStartOf(const StreamGraph &graph)
{
    const StreamSegments &s = graph.segments;
    const bool client = graph.direction == StreamDirection::ClientToServer;
    std::optional<std::uint32_t> helloEnd;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s.len[i] == 0)
            continue;
        if (!client)
            return s.time_s[i];
        if (!helloEnd)
            helloEnd = s.seq[i] + s.len[i];
        else if (s.seq[i] >= *helloEnd) // past the hello (a retransmitted hello is not the start)
            return s.time_s[i];
    }
    return std::nullopt;
}

std::optional<TcpInfoOverlay> alignTcpInfo(const StreamGraph &graph, const std::vector<TcpInfoPoint> &points)
{
    // TCP_INFO counts segments of snd_mss bytes, which the result store does not keep: the
    // capture's handshake gives it (the two SYNs' MSS options less the timestamps option), the
    // size the sender fills its segments to. A GSO/TSO super-segment still counts as
    // ceil(len / snd_mss) segments in tcpi_unacked, so this holds on a sender's capture too; the
    // flow's largest segment would not (it is such a super-segment there).
    const int mss = graph.handshake.senderMss();
    const std::optional<double> start = trafficStartOf(graph);
    if (mss <= 0 || !start)
        return std::nullopt;
    TcpInfoOverlay overlay;
    overlay.mss = mss;
    overlay.shift_s = *start;
    for (const TcpInfoPoint &p : points) {
        if (p.unacked < 0 || p.cwnd < 0)
            continue;
        overlay.time_s.push_back(p.t_s + *start);
        overlay.cwnd_bytes.push_back(double(p.cwnd) * mss);
        overlay.unacked_bytes.push_back(double(p.unacked) * mss);
    }
    if (overlay.time_s.empty())
        return std::nullopt;
    return overlay;
}

namespace {

// Sequence numbers compared as TCP compares them (RFC 1982): a wrap past 2^32 is still ahead.
bool after(std::uint32_t a, std::uint32_t b)
{
    return std::int32_t(a - b) > 0;
}

} // namespace

std::vector<double> inFlightAt(const StreamGraph &graph, const std::vector<double> &times)
{
    const StreamSegments &s = graph.segments;
    const StreamAcks &a = graph.acks;
    std::vector<double> out;
    out.reserve(times.size());
    std::size_t segment = 0;
    std::size_t ack = 0;
    std::optional<std::uint32_t> sentEnd;
    std::optional<std::uint32_t> acked;
    for (double t : times) {
        for (; segment < s.size() && s.time_s[segment] <= t; ++segment)
            if (const std::uint32_t end = s.seq[segment] + s.len[segment]; !sentEnd || after(end, *sentEnd))
                sentEnd = end;
        for (; ack < a.size() && a.time_s[ack] <= t; ++ack)
            if (!acked || after(a.ack[ack], *acked))
                acked = a.ack[ack];
        // Nothing acknowledged yet (the handshake not captured): in flight since the first segment.
        const std::uint32_t base = acked.value_or(s.size() > 0 ? s.seq[0] : 0);
        out.push_back(sentEnd && after(*sentEnd, base) ? double(*sentEnd - base) : 0.0);
    }
    return out;
}

} // namespace tcptune

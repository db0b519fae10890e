#include "capture/stream_graph.h"

#include <QCoreApplication>

#include <algorithm>
#include <atomic>
#include <utility>

namespace tcptune {
namespace {

// The translation context of the stream graph's messages.
struct StreamGraphReader {
    Q_DECLARE_TR_FUNCTIONS(StreamGraphReader)
};

// What one entry of each series costs, for the memory bound.
constexpr std::int64_t kSegmentBytes = sizeof(double) + 3 * sizeof(std::uint32_t) + sizeof(std::int64_t) + 1;
constexpr std::int64_t kAckBytes = sizeof(double) + 2 * sizeof(std::uint32_t) + 1;
constexpr std::int64_t kSackBytes = sizeof(double) + 2 * sizeof(std::uint32_t);
constexpr std::int64_t kRttBytes = 2 * sizeof(double) + sizeof(std::uint32_t);

bool sentBy(const DecodedTcp &t, const Endpoint &e)
{
    return t.ipv6 == e.ipv6 && t.srcPort == e.port && t.src == e.address;
}

// Collects the chosen flow's series while the analyser reads the file a second time; raises
// STOP once the series would outgrow the memory limit.
class Collector final {
public:
    Collector(StreamGraph &graph, const Endpoint &sender, std::int64_t limitBytes, std::atomic_bool &stop)
        : m_graph(graph)
        , m_sender(sender)
        , m_limitBytes(limitBytes)
        , m_stop(stop)
    {
    }

    void operator()(const SegmentObservation &o)
    {
        if (o.flowFirstFrame != m_graph.flow.first_frame || m_stop.load())
            return;
        if (sentBy(*o.tcp, m_sender))
            addSegment(o);
        else
            addAck(o);
        if (m_bytes > m_limitBytes)
            m_stop.store(true);
    }

private:
    void addSegment(const SegmentObservation &o)
    {
        if (o.tcp->flags & tcpflag::Syn) {
            m_graph.handshake.sender_mss = o.tcp->mss;
            m_graph.handshake.sender_timestamps = o.tcp->hasTimestamps;
        }
        const SegmentVerdict &v = *o.verdict;
        StreamSegments &s = m_graph.segments;
        s.time_s.push_back(double(o.relNs) / 1e9);
        s.seq.push_back(o.tracker->relativeSeq(o.dir, o.tcp->seq));
        s.len.push_back(o.tcp->segmentLength);
        s.frame.push_back(o.frame);
        s.marks.push_back(
            std::uint8_t((v.retransmission ? streammark::Retransmission : 0) | (v.dupAck ? streammark::DupAck : 0) |
                         (v.zeroWindow ? streammark::ZeroWindow : 0) | (v.windowFull ? streammark::WindowFull : 0) |
                         (v.hasBytesInFlight ? streammark::BytesInFlight : 0)));
        s.bytes_in_flight.push_back(v.hasBytesInFlight ? v.bytesInFlight : 0);
        m_bytes += kSegmentBytes;
    }

    // A packet of the other side: its ACK, window, SACK blocks and RTT sample describe the
    // chosen side's data, so they are numbered in the chosen side's sequence space.
    void addAck(const SegmentObservation &o)
    {
        const DecodedTcp &t = *o.tcp;
        const SegmentVerdict &v = *o.verdict;
        const double time = double(o.relNs) / 1e9;
        const int data = 1 - o.dir;
        const std::uint32_t ack = o.tracker->relativeSeq(data, t.ack);
        if (t.flags & tcpflag::Syn) {
            m_graph.handshake.receiver_mss = t.mss;
            m_graph.handshake.receiver_timestamps = t.hasTimestamps;
        }
        if (t.flags & tcpflag::Ack) {
            const int shift = (t.flags & tcpflag::Syn) ? 0 : o.tracker->windowShift(o.dir);
            StreamAcks &a = m_graph.acks;
            a.time_s.push_back(time);
            a.ack.push_back(ack);
            a.window_edge.push_back(ack + (std::uint32_t(t.window) << shift));
            a.marks.push_back(
                std::uint8_t((v.dupAck ? streammark::DupAck : 0) | (v.zeroWindow ? streammark::ZeroWindow : 0)));
            m_bytes += kAckBytes;
        }
        for (int i = 0; i < t.sackBlocks; ++i) {
            m_graph.sacks.time_s.push_back(time);
            m_graph.sacks.left.push_back(o.tracker->relativeSeq(data, t.sack[std::size_t(2 * i)]));
            m_graph.sacks.right.push_back(o.tracker->relativeSeq(data, t.sack[std::size_t(2 * i + 1)]));
            m_bytes += kSackBytes;
        }
        if (v.hasRtt) {
            m_graph.rtts.time_s.push_back(time);
            m_graph.rtts.ack.push_back(ack);
            m_graph.rtts.rtt_s.push_back(double(v.rttNs) / 1e9);
            m_bytes += kRttBytes;
        }
    }

    StreamGraph &m_graph;
    const Endpoint m_sender;
    const std::int64_t m_limitBytes;
    std::atomic_bool &m_stop;
    std::int64_t m_bytes = 0;
};

QString memoryMessage(const StreamGraph &g, std::int64_t limitBytes)
{
    return StreamGraphReader::tr("The graph of this flow would need more than the %1 MB of memory allowed; it shows "
                                 "the first %n packet(s). Graph a part of the capture (editcap -c 1000000 FILE "
                                 "part.pcap splits it).",
                                 nullptr, int(std::min<std::size_t>(g.segments.size() + g.acks.size(), INT32_MAX)))
        .arg(limitBytes >> 20);
}

} // namespace

int StreamHandshake::senderMss() const
{
    if (sender_mss <= 0 || receiver_mss <= 0)
        return -1;
    // RFC 7323: the timestamps option (10 bytes, padded to 12) rides on every segment once both
    // SYNs offered it, and Linux takes it off the MSS it fills segments to.
    const int options = sender_timestamps && receiver_timestamps ? 12 : 0;
    return std::min(sender_mss, receiver_mss) - options;
}

Result<StreamGraph> readStreamGraph(const QString &path, int flowNumber, StreamDirection direction,
                                    const AnalysisOptions &options)
{
    AnalysisOptions first = options;
    first.segment_observer = {};
    first.keep_rtt_samples = false;
    auto analysis = analyzeCapture(path, first);
    if (!analysis)
        return fail(analysis.error().message);
    const auto flows = std::int64_t(analysis->flows.size());
    if (flowNumber < 1 || flowNumber > flows)
        return fail(StreamGraphReader::tr("%1 holds %n TCP flow(s), so there is no flow %2; 'tcptune analyze %1' "
                                          "lists them, largest first, numbered from 1.",
                                          nullptr, int(std::min<std::int64_t>(flows, INT32_MAX)))
                        .arg(path)
                        .arg(flowNumber));
    StreamGraph graph;
    graph.flow = std::move(analysis->flows[std::size_t(flowNumber - 1)]);
    graph.direction = direction;
    const Endpoint sender = direction == StreamDirection::ClientToServer ? graph.flow.client : graph.flow.server;
    std::atomic_bool stop{false};
    Collector collector(graph, sender, options.memory_limit_bytes, stop);
    AnalysisOptions second = first;
    second.segment_observer = [&collector](const SegmentObservation &o) { collector(o); };
    auto again = analyzeCapture(path, second, {}, &stop);
    if (stop.load()) {
        graph.truncated = true;
        graph.truncation_message = memoryMessage(graph, options.memory_limit_bytes);
    } else if (!again) {
        return fail(again.error().message);
    } else if (again->truncated) {
        graph.truncated = true;
        graph.truncation_message = again->truncation_message;
    }
    return graph;
}

ThroughputSeries streamThroughput(const StreamSegments &segments, double windowS)
{
    ThroughputSeries out;
    if (!(windowS > 0))
        return out;
    out.time_s.reserve(segments.size());
    out.bits_per_s.reserve(segments.size());
    // A sliding window over the segments: each enters once and leaves once.
    std::size_t oldest = 0;
    std::int64_t bytes = 0;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        bytes += segments.len[i];
        while (segments.time_s[oldest] <= segments.time_s[i] - windowS) {
            bytes -= segments.len[oldest];
            ++oldest;
        }
        out.time_s.push_back(segments.time_s[i]);
        out.bits_per_s.push_back(double(bytes) * 8.0 / windowS);
    }
    return out;
}

} // namespace tcptune

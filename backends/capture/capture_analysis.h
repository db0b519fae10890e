#pragma once
// The result of analysing one capture file: plain value types, no Qt objects, so the GUI can
// chart them, the experiment runner can store them and the CLI can print them as they are.
// Times are seconds relative to the first packet of the capture (as Wireshark's
// frame.time_relative); byte counts follow Wireshark (frame bytes = wire length incl. link header).

#include <QString>
#include <QStringList>

#include <array>
#include <cstdint>
#include <vector>

namespace tcptune {

// One side of a TCP connection.
struct Endpoint {
    std::array<std::uint8_t, 16> address{}; // IPv4 in the first 4 bytes
    bool ipv6 = false;
    std::uint16_t port = 0;

    // "192.0.2.1:80" or "[2001:db8::1]:80".
    QString toString() const;
    // "192.0.2.1" or "2001:db8::1".
    QString addressText() const;
    friend bool operator==(const Endpoint &, const Endpoint &) = default;
};

// A TCP_ACK that acknowledged data: rtt_s is the time from the data segment to this ACK,
// as Wireshark's tcp.analysis.ack_rtt (zero RTTs are left out, as Wireshark does).
struct RttSample {
    double time_s = 0; // when the ACK was seen
    double rtt_s = 0;
};

// A value of a time series (bytes in flight, advertised window) at one moment.
struct SeriesPoint {
    double time_s = 0;
    std::int64_t value = 0;
};

struct RttStats {
    std::int64_t count = 0;
    double min_ms = 0;
    double median_ms = 0; // mean of the two middle values for an even count
    double p95_ms = 0;    // as common/statistics defines it (numpy's default, interpolated)
    double max_ms = 0;
};

// Bytes of one side in one interval of the IO graph.
struct IntervalBytes {
    std::int64_t index = 0;         // interval number, counted from the origin of the series
    std::int64_t frame_bytes = 0;   // frame bytes
    std::int64_t payload_bytes = 0; // TCP payload bytes
};

// What one side sent, and what the other side's ACKs say about it.
struct DirectionAnalysis {
    std::int64_t packets = 0;
    std::int64_t frame_bytes = 0;     // sum of frame lengths on the wire
    std::int64_t payload_bytes = 0;   // sum of TCP segment lengths (from the IP length fields)
    std::int64_t retransmissions = 0; // as tcp.analysis.retransmission (incl. fast and spurious)

    // The IO graph, sparse: only intervals in which this side sent something, ascending.
    // Interval numbers count from the capture's first packet (or, with IntervalOrigin::FlowStart,
    // the flow's); see CaptureAnalysis::interval_s. Sparse so that memory follows the packets,
    // not the span of their timestamps. Empty when the capture lasts no time at all (as tshark).
    // Like `tshark -z io,stat` with a tcp.stream filter, it also holds frames whose TCP options
    // were cut by the capture, which the conversation counts above leave out.
    std::vector<IntervalBytes> intervals;

    // RTT of the data this side sent, measured on the ACKs the other side sent back.
    std::vector<RttSample> rtt;
    RttStats rtt_stats;

    // Unacknowledged bytes this side had outstanding (as tcp.analysis.bytes_in_flight), at most
    // one point per AnalysisOptions::series_resolution_s: the largest value of that slot.
    std::vector<SeriesPoint> bytes_in_flight;
    // Receive window this side advertised (scaled when both SYNs were seen), at most one point
    // per slot: the smallest value of that slot.
    std::vector<SeriesPoint> advertised_window;
};

// Packets, bytes and direction of a flow follow `tshark -z conv,tcp`: a flow is a TCP
// conversation (a new SYN with another sequence number starts a new one), keyed by the innermost
// addresses and ports of tunnelled traffic.
struct FlowAnalysis {
    Endpoint client; // the side that sent the SYN; without a SYN, the sender of the first packet
    Endpoint server;
    bool saw_syn = false;
    std::int64_t first_frame = 0; // frame number of its first packet (names it in a second read)
    std::int64_t packets = 0;
    double first_time_s = 0;
    double last_time_s = 0;
    // The encapsulation the flow's first packet came in, outermost first, e.g.
    // "VXLAN VNI 42, 10.1.1.1 -> 10.1.1.2"; empty for plain traffic.
    QString via;
    DirectionAnalysis c2s;
    DirectionAnalysis s2c;

    std::int64_t totalBytes() const { return c2s.frame_bytes + s2c.frame_bytes; }
    std::int64_t retransmissions() const { return c2s.retransmissions + s2c.retransmissions; }
};

struct CaptureAnalysis {
    QString file;
    QString link_type;            // libpcap's name, e.g. "EN10MB", "LINUX_SLL2", "RAW" (", "-joined)
    std::int64_t packets = 0;     // every record read, TCP or not
    std::int64_t tcp_packets = 0; // records decoded as TCP
    // Packets whose headers are broken (as tshark's _ws.malformed, or bogus IP/TCP lengths and
    // versions). Most are in no flow, as in tshark; a few tshark decodes anyway and counts.
    std::int64_t malformed = 0;
    // Packets the capture's snapshot length cut before the end of the TCP header (in no flow).
    std::int64_t cut_short = 0;
    // Packets whose time lies far from the packets around them (a clock jump, a damaged file).
    std::int64_t time_outliers = 0;
    double start_epoch_s = 0; // time of the first packet
    double duration_s = 0;    // last minus first packet time
    double interval_s = 0.1;
    std::int64_t interval_count = 0; // intervals covering the capture (0 for a zero-length capture)
    // The analysis stopped before the end of the file: the file is damaged or cut short, or the
    // memory limit was reached. truncation_message says what happened, where (record number and
    // byte offset) and that the packets before it were analysed.
    bool truncated = false;
    QString truncation_message;
    QStringList warnings;            // other problems worth telling the user (translated)
    std::vector<FlowAnalysis> flows; // sorted by total frame bytes, largest first

    // SERIES (frame or payload bytes) as a dense vector of interval_count values from the
    // capture's first packet (what tshark -z io,stat prints for that stream). Its size follows
    // the capture's span: for tests and small captures only.
    std::vector<std::int64_t> captureAlignedSeries(const std::vector<IntervalBytes> &series,
                                                   bool payload = false) const;
};

} // namespace tcptune

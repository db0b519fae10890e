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
    double p95_ms = 0;    // nearest-rank 95th percentile
    double max_ms = 0;
};

// What one side sent, and what the other side's ACKs say about it.
struct DirectionAnalysis {
    std::int64_t packets = 0;
    std::int64_t frame_bytes = 0;     // sum of frame lengths on the wire
    std::int64_t payload_bytes = 0;   // sum of TCP segment lengths (from the IP length fields)
    std::int64_t retransmissions = 0; // as tcp.analysis.retransmission (incl. fast and spurious)

    // Interval k of these vectors is interval (FlowAnalysis::first_interval + k) of the capture;
    // see CaptureAnalysis::interval_s. Empty when the capture lasts no time at all (as tshark).
    std::vector<std::int64_t> bytes_per_interval;   // frame bytes
    std::vector<std::int64_t> payload_per_interval; // TCP payload bytes

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

struct FlowAnalysis {
    Endpoint client; // the side that sent the SYN; without a SYN, the sender of the first packet
    Endpoint server;
    bool saw_syn = false;
    std::int64_t packets = 0;
    double first_time_s = 0;
    double last_time_s = 0;
    std::int64_t first_interval = 0; // capture interval of element 0 of the *_per_interval vectors
    DirectionAnalysis c2s;
    DirectionAnalysis s2c;

    std::int64_t totalBytes() const { return c2s.frame_bytes + s2c.frame_bytes; }
    std::int64_t retransmissions() const { return c2s.retransmissions + s2c.retransmissions; }
};

struct CaptureAnalysis {
    QString file;
    QString link_type;            // libpcap's name, e.g. "EN10MB", "LINUX_SLL2", "RAW"
    std::int64_t packets = 0;     // every record read, TCP or not
    std::int64_t tcp_packets = 0; // records decoded as TCP
    std::int64_t undecodable = 0; // records too short or malformed to decode (counted, skipped)
    double start_epoch_s = 0;     // time of the first packet
    double duration_s = 0;        // last minus first packet time
    double interval_s = 0.1;
    std::int64_t interval_count = 0; // intervals covering the capture (0 for a zero-length capture)
    bool truncated = false;          // the file ends or breaks in the middle of a record
    QString truncation_message;      // what happened and that the packets before it were analysed
    QStringList warnings;            // other problems worth telling the user (translated)
    std::vector<FlowAnalysis> flows; // sorted by total frame bytes, largest first

    // FLOW's series padded with zeros to the whole capture: interval_count values from the
    // capture's first packet (what tshark -z io,stat prints for that stream).
    std::vector<std::int64_t> captureAlignedSeries(const FlowAnalysis &flow,
                                                   const std::vector<std::int64_t> &series) const;
};

} // namespace tcptune

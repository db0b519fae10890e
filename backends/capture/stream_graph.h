#pragma once
// StreamGraph: the series behind Wireshark's TCP stream graphs (time-sequence as tcptrace draws
// it, bytes in flight, RTT per acknowledged segment, throughput) for one flow of a capture file
// and one direction, outside any view. The marks come from the capture analyser's sequence
// analysis (one tracker for both), so they are tshark's tcp.analysis.* marks. Stored as
// structures of arrays: a few bytes per packet of the chosen flow, nothing for the others.

#include "capture/capture_analysis.h"
#include "capture/tcp_flow_analyzer.h"
#include "capture/tcp_info_overlay.h"
#include "common/error.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace tcptune {

enum class StreamDirection { ClientToServer, ServerToClient };

// Marks of one packet, as tshark's tcp.analysis.* fields.
namespace streammark {
inline constexpr std::uint8_t Retransmission = 0x01; // incl. fast and spurious
inline constexpr std::uint8_t DupAck = 0x02;
inline constexpr std::uint8_t ZeroWindow = 0x04;
inline constexpr std::uint8_t WindowFull = 0x08;
inline constexpr std::uint8_t BytesInFlight = 0x10; // bytes_in_flight holds tshark's value
} // namespace streammark

// Every packet the chosen side sent, in capture order. Sequence numbers are relative to that
// side's initial sequence number, as tshark shows them.
struct StreamSegments {
    std::vector<double> time_s; // since the capture's first packet
    std::vector<std::uint32_t> seq;
    std::vector<std::uint32_t> len;
    std::vector<std::int64_t> frame;
    std::vector<std::uint8_t> marks;
    std::vector<std::uint32_t> bytes_in_flight; // 0 where the mark BytesInFlight is not set

    std::size_t size() const { return time_s.size(); }
};

// The other side's ACKs: the ACK line and the receive window line (ACK + scaled window), in the
// chosen side's relative sequence space.
struct StreamAcks {
    std::vector<double> time_s;
    std::vector<std::uint32_t> ack;
    std::vector<std::uint32_t> window_edge;
    std::vector<std::uint8_t> marks; // DupAck, ZeroWindow

    std::size_t size() const { return time_s.size(); }
};

// SACK blocks the other side reported, in the order of the packets and of the blocks in each.
struct StreamSacks {
    std::vector<double> time_s;
    std::vector<std::uint32_t> left;
    std::vector<std::uint32_t> right;

    std::size_t size() const { return time_s.size(); }
};

// RTT per acknowledged segment: the ACK's time, what it acknowledged, and the time since the
// segment it acknowledges (tcp.analysis.ack_rtt, the samples `tcptune analyze` counts).
struct StreamRtts {
    std::vector<double> time_s;
    std::vector<std::uint32_t> ack;
    std::vector<double> rtt_s;

    std::size_t size() const { return time_s.size(); }
};

// The flow's handshake as the chosen side's TCP stack saw it: the MSS options of its own SYN and
// of the other side's (-1: that SYN is not in the capture), and whether each offered timestamps.
struct StreamHandshake {
    int sender_mss = -1;
    int receiver_mss = -1;
    bool sender_timestamps = false;
    bool receiver_timestamps = false;

    // The payload of a full-sized segment the chosen side sends, as Linux reckons it
    // (tcp_info's snd_mss): the smaller of the two MSS options, less the 12 bytes each segment's
    // timestamps option takes when both SYNs offered it; -1 without both SYNs.
    int senderMss() const;
};

struct StreamGraph {
    FlowAnalysis flow; // the flow as `tcptune analyze` shows it
    StreamDirection direction = StreamDirection::ClientToServer;
    StreamSegments segments;
    StreamAcks acks;
    StreamSacks sacks;
    StreamRtts rtts;
    StreamHandshake handshake;
    // The TCP_INFO series of the run that recorded the capture, aligned to it (bytes in flight
    // graph); none for a capture no stored run recorded. Attached by history/run_capture_overlay.
    std::optional<TcpInfoOverlay> tcp_info;
    // The file broke off, is damaged, or the series hit the memory limit: the series hold what
    // came before, and the message says where and why.
    bool truncated = false;
    QString truncation_message;
};

// Reads the series of flow FLOW_NUMBER (1 for the first row of `tcptune analyze`: largest
// first) of PATH in DIRECTION. OPTIONS bound the memory of the analysis and of the series.
[[nodiscard]] Result<StreamGraph> readStreamGraph(const QString &path, int flowNumber, StreamDirection direction,
                                                  const AnalysisOptions &options = {});

struct ThroughputSeries {
    std::vector<double> time_s;
    std::vector<double> bits_per_s;
};

// Throughput of the segments' payload at each segment: the bytes sent within the WINDOW_S
// seconds up to it (that segment included), divided by WINDOW_S.
ThroughputSeries streamThroughput(const StreamSegments &segments, double windowS);

} // namespace tcptune

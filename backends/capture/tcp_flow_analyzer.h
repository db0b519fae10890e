#pragma once
// TcpFlowAnalyzer: reads a pcap or pcapng file once, streaming, and computes per TCP flow what
// Wireshark shows (conversation byte counts, IO graph per interval, tcp.analysis.ack_rtt,
// tcp.analysis.retransmission, bytes in flight, advertised window), tunnelled flows included.
// Bounded by construction: time and memory follow the packets and flows, never the span of the
// timestamps; past AnalysisOptions::memory_limit_bytes it stops and says so; a damaged or cut
// file gives the packets before the damage and a message naming the record and its offset.
// Plain functions over plain structs: safe to call from any thread, no QObject involved.

#include "capture/capture_analysis.h"
#include "capture/packet_decoder.h"
#include "capture/tcp_connection_tracker.h"
#include "common/error.h"

#include <QString>

#include <atomic>
#include <cstdint>
#include <functional>
#include <span>

namespace tcptune {

// One TCP segment as the sequence analysis saw it: what a per-segment view (the stream graphs)
// reads, so that it needs no tracker of its own.
struct SegmentObservation {
    std::int64_t flowFirstFrame = 0; // frame number of the flow's first packet: names the flow
    int dir = 0;                     // the tracker's side: 0 for the sender of the flow's first packet
    std::int64_t frame = 0;
    std::int64_t relNs = 0; // since the capture's first packet
    const DecodedTcp *tcp = nullptr;
    const SegmentVerdict *verdict = nullptr;
    const TcpConnectionTracker *tracker = nullptr; // relative sequence numbers, window scaling
};
using SegmentObserver = std::function<void(const SegmentObservation &)>;

struct AnalysisOptions {
    double interval_s = 0.1; // IO graph interval; intervals count from the capture's first packet
    // Where interval 0 starts: the capture's first packet (tshark io,stat on the whole file), or
    // each flow's own first packet (io,stat on a file holding only that flow).
    enum class IntervalOrigin { CaptureStart, FlowStart } origin = IntervalOrigin::CaptureStart;
    double series_resolution_s = 0.01; // bytes in flight / window: one point per slot at most
    bool keep_rtt_samples = true;      // false: only RttStats (still exact), no per-ACK vector; memory flat
    // The analysis stops (with a partial result and a message) when the flows, series and
    // samples it keeps would need more than this.
    std::int64_t memory_limit_bytes = 64LL << 20;
    // Called for every TCP segment after its analysis, on the analysing thread; empty: not called.
    SegmentObserver segment_observer;
};

// Called now and then (about every 64k packets and at the end) from the analysing thread with
// the share of the file read so far, 0..1.
using ProgressCallback = std::function<void(double fraction)>;

// Analyses PATH. Fails (with a message saying what to do) when the file cannot be opened, is not
// a capture or has an unsupported link type. A file that breaks off or is damaged in the middle
// is analysed up to the break and the result says so (truncated, truncation_message). When
// CANCEL becomes true the analysis stops and fails with a "cancelled" message.
[[nodiscard]] Result<CaptureAnalysis> analyzeCapture(const QString &path, const AnalysisOptions &options = {},
                                                     const ProgressCallback &progress = {},
                                                     const std::atomic_bool *cancel = nullptr);

// The same over the bytes of a capture file in memory; NAME stands for the file in messages.
[[nodiscard]] Result<CaptureAnalysis> analyzeCaptureBytes(std::span<const std::uint8_t> bytes, const QString &name,
                                                          const AnalysisOptions &options = {});

// The link types analyzeCapture understands, as libpcap names them (for messages and --help).
QStringList supportedLinkTypes();

} // namespace tcptune

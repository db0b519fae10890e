#pragma once
// TcpFlowAnalyzer: reads a pcap or pcapng file once, streaming, and computes per TCP flow what
// Wireshark shows (conversation byte counts, IO graph per interval, tcp.analysis.ack_rtt,
// tcp.analysis.retransmission, bytes in flight, advertised window). Memory grows with the number
// of flows and the length of the output series, never with the packet count.
// Plain functions over plain structs: safe to call from any thread, no QObject involved.

#include "capture/capture_analysis.h"
#include "common/error.h"

#include <QString>

#include <atomic>
#include <functional>

namespace tcptune {

struct AnalysisOptions {
    double interval_s = 0.1; // IO graph interval; intervals count from the capture's first packet
    // Where interval 0 starts: the capture's first packet (tshark io,stat on the whole file), or
    // each flow's own first packet (io,stat on a file holding only that flow).
    enum class IntervalOrigin { CaptureStart, FlowStart } origin = IntervalOrigin::CaptureStart;
    double series_resolution_s = 0.01; // bytes in flight / window: one point per slot at most
    bool keep_rtt_samples = true;      // false: only RttStats (still exact), no per-ACK vector
};

// Called now and then (about every 64k packets and at the end) from the analysing thread with
// the share of the file read so far, 0..1.
using ProgressCallback = std::function<void(double fraction)>;

// Analyses PATH. Fails (with a message saying what to do) when the file cannot be opened, is not
// a capture or has an unsupported link type. A file that breaks off in the middle is analysed up
// to the break and the result says so (truncated, truncation_message). When CANCEL becomes true
// the analysis stops and fails with a "cancelled" message.
Result<CaptureAnalysis> analyzeCapture(const QString &path, const AnalysisOptions &options = {},
                                       const ProgressCallback &progress = {}, const std::atomic_bool *cancel = nullptr);

// The link types analyzeCapture understands, as libpcap names them (for messages and --help).
QStringList supportedLinkTypes();

} // namespace tcptune

#pragma once
// The JSON of `tcptune analyze --json`, written flow by flow so that its memory does not grow
// with the number of flows. One owner for the shape; the CLI and the fuzz target use it.
//
// {"file", "link_type", "packets", "tcp_packets", "malformed", "cut_short", "time_outliers",
//  "duration_s", "interval_s", "interval_count", "complete", "problem" (when not complete),
//  "warnings": [...],
//  "flows": [{"client", "server", "via", "packets", "bytes_c2s", "bytes_s2c", "payload_c2s",
//             "payload_s2c", "retransmissions", "rtt_ms": {"count", "min", "median", "p95", "max"},
//             "interval_s", "bytes_per_interval": [[interval, c2s bytes, s2c bytes], ...]}, ...]}
// bytes_per_interval is sparse: only intervals with packets, numbered from the capture's first
// packet (what tshark -z io,stat prints for the flow's tcp.stream, without the empty rows).

#include "capture/capture_analysis.h"

class QIODevice;

namespace tcptune {

void writeCaptureJson(const CaptureAnalysis &analysis, QIODevice &out);

} // namespace tcptune

#pragma once
// Puts a run's TCP_INFO samples (counted in segments, timed from the start of the run's traffic)
// onto a capture's stream graph (bytes, timed from the capture's first packet), for the bytes in
// flight graph. The segment size and the traffic's start are read from the capture itself.

#include "capture/stream_graph.h"
#include "capture/tcp_info_overlay.h"

#include <optional>
#include <vector>

namespace tcptune {

// The capture time (since the capture's first packet) at which the run's traffic started, i.e.
// its samples' time 0, read from GRAPH's segments; none when the graph holds no bulk data.
std::optional<double> trafficStartOf(const StreamGraph &graph);

// POINTS in bytes on GRAPH's time axis; none when the graph lacks the handshake (no MSS) or the
// traffic's start, or no point is known.
std::optional<TcpInfoOverlay> alignTcpInfo(const StreamGraph &graph, const std::vector<TcpInfoPoint> &points);

} // namespace tcptune

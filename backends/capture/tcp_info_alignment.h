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

// What the capture holds in flight at each of TIMES (ascending, on the graph's axis), counted as
// TCP_INFO counts unacked data: the end of the highest sequence the chosen side had sent by then
// less the highest ACK the other side had sent by then (SACKed data counts, as in tcpi_unacked,
// the kernel's packets_out; tshark takes it off). The graph's own series (tshark's
// tcp.analysis.bytes_in_flight) is taken at the side's segments only, right after each is sent:
// where GSO/TSO hands the capture super-segments of tens of kilobytes (a sender's own link), that is
// the top of a saw whose teeth are a super-segment high, not the in-flight data at a random time.
std::vector<double> inFlightAt(const StreamGraph &graph, const std::vector<double> &times);

} // namespace tcptune

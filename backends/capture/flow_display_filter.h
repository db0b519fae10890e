#pragma once
// The Wireshark/tshark display filter that selects one TCP flow's packets in both directions,
// by its four-tuple: what a user pastes into Wireshark's filter bar or `tshark -Y` to see the
// packets behind a flow of the Captures tab ("Copy as display filter").

#include "capture/capture_analysis.h"

#include <QString>

namespace tcptune {

// "(ip.src==A && tcp.srcport==PA && ip.dst==B && tcp.dstport==PB) || (ip.src==B && ... )";
// ipv6.src/ipv6.dst for an IPv6 flow.
QString displayFilterOf(const FlowAnalysis &flow);

} // namespace tcptune

#pragma once
// Describes the encapsulation of a tunnelled flow for people, outermost layer first:
// "VXLAN VNI 42, 10.1.1.1 -> 10.1.1.2", "802.1ad 100 / VLAN 20", "MPLS 100/200/300".

#include "capture/packet_decoder.h"

#include <QString>

namespace tcptune {

QString describeTunnel(const TunnelPath &path);

} // namespace tcptune

#pragma once
// The names of the encapsulations a capture's flows travel in, as describeTunnel() writes them
// ("VLAN 100 > GRE key 7"): the protocols' own spellings (common/enum_names.h).

#include "capture/packet_decoder.h"
#include "common/enum_names.h"

namespace tcptune {

inline constexpr auto kTunnelKindNames = std::to_array<EnumName<TunnelKind>>({
    {TunnelKind::Vlan, u"VLAN"},
    {TunnelKind::ServiceVlan, u"802.1ad"},
    {TunnelKind::Mpls, u"MPLS"},
    {TunnelKind::IpInIp, u"IP-in-IP"},
    {TunnelKind::Gre, u"GRE"},
    {TunnelKind::Erspan, u"ERSPAN"},
    {TunnelKind::Wccp, u"WCCP"},
    {TunnelKind::Vxlan, u"VXLAN"},
    {TunnelKind::Geneve, u"Geneve"},
});
static_assert(enumNamesDense(kTunnelKindNames) && enumNamesUnique(kTunnelKindNames));

} // namespace tcptune

#include "capture/tunnel_description.h"

#include "capture/capture_enum_names.h"

#include <QStringList>

#include <arpa/inet.h>

namespace tcptune {
namespace {

QString address(const std::array<std::uint8_t, 16> &a, bool ipv6)
{
    char text[INET6_ADDRSTRLEN] = {};
    ::inet_ntop(ipv6 ? AF_INET6 : AF_INET, a.data(), text, sizeof text);
    return QString::fromLatin1(text);
}

QString idOf(const TunnelLayer &l)
{
    switch (l.kind) {
    case TunnelKind::Vxlan:
    case TunnelKind::Geneve: return QStringLiteral(" VNI %1").arg(l.id);
    case TunnelKind::Gre: return QStringLiteral(" key %1").arg(l.id);
    case TunnelKind::Erspan: return QStringLiteral(" session %1").arg(l.id);
    default: return QStringLiteral(" %1").arg(l.id);
    }
}

} // namespace

QString describeTunnel(const TunnelPath &path)
{
    QStringList parts;
    for (int i = 0; i < path.count; ++i) {
        const TunnelLayer &l = path.layers[std::size_t(i)];
        // A label stack reads as one layer: "MPLS 100/200/300".
        if (l.kind == TunnelKind::Mpls && i > 0 && path.layers[std::size_t(i - 1)].kind == TunnelKind::Mpls) {
            parts.last() += QStringLiteral("/%1").arg(l.id);
            continue;
        }
        QString part = nameOf(kTunnelKindNames, l.kind);
        if (l.hasId)
            part += idOf(l);
        if (l.hasAddresses)
            part += QStringLiteral(", %1 -> %2").arg(address(l.src, l.ipv6), address(l.dst, l.ipv6));
        parts << part;
    }
    if (path.more > 0)
        parts << QStringLiteral("...");
    return parts.join(QStringLiteral(" / "));
}

} // namespace tcptune

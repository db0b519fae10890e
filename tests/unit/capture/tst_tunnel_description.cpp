// describeTunnel: the outer path of a tunnelled flow as the table, the JSON and the Captures tab
// show it.

#include "capture/tunnel_description.h"

#include <QTest>

using namespace tcptune;

namespace {

TunnelLayer layer(TunnelKind kind, std::uint32_t id, bool hasId = true)
{
    TunnelLayer l;
    l.kind = kind;
    l.id = id;
    l.hasId = hasId;
    return l;
}

TunnelLayer withAddresses(TunnelLayer l, std::uint8_t a, std::uint8_t b)
{
    l.hasAddresses = true;
    l.src = {10, 1, 1, a};
    l.dst = {10, 1, 1, b};
    return l;
}

TunnelPath path(std::initializer_list<TunnelLayer> layers)
{
    TunnelPath p;
    for (const TunnelLayer &l : layers)
        p.layers[std::size_t(p.count++)] = l;
    return p;
}

} // namespace

class TestTunnelDescription final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void describes();
};

void TestTunnelDescription::describes()
{
    QCOMPARE(describeTunnel(path({withAddresses(layer(TunnelKind::Vxlan, 42), 1, 2)})),
             QStringLiteral("VXLAN VNI 42, 10.1.1.1 -> 10.1.1.2"));
    QCOMPARE(describeTunnel(path({layer(TunnelKind::ServiceVlan, 100), layer(TunnelKind::Vlan, 20)})),
             QStringLiteral("802.1ad 100 / VLAN 20"));
    QCOMPARE(describeTunnel(
                 path({layer(TunnelKind::Mpls, 100), layer(TunnelKind::Mpls, 200), layer(TunnelKind::Mpls, 300)})),
             QStringLiteral("MPLS 100/200/300"));
    QCOMPARE(describeTunnel(path({withAddresses(layer(TunnelKind::Gre, 0, false), 9, 8),
                                  withAddresses(layer(TunnelKind::Geneve, 7), 1, 2)})),
             QStringLiteral("GRE, 10.1.1.9 -> 10.1.1.8 / Geneve VNI 7, 10.1.1.1 -> 10.1.1.2"));
    TunnelPath deep = path({layer(TunnelKind::Vlan, 1)});
    deep.more = 3;
    QCOMPARE(describeTunnel(deep), QStringLiteral("VLAN 1 / ..."));
    QCOMPARE(describeTunnel(TunnelPath{}), QString());
}

QTEST_GUILESS_MAIN(TestTunnelDescription)
#include "tst_tunnel_description.moc"

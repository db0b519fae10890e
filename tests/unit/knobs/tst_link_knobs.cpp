// Link knobs (link.DEV.PARAMETER) in the catalogue: each parameter resolves to a typed entry with
// the device filled in, the same entry for the same key; device names the kernel would refuse
// ('/', '..', newline, more than 15 bytes, ...) and unknown parameters are refused with a
// sentence; values parse as their type (microseconds, packets, bytes, on/off).

#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"
#include "knobs/link_knobs.h"

#include <QTest>

using namespace tcptune;

class TestLinkKnobs final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyParameterResolves_data();
    void everyParameterResolves();
    void catalogueKeepsOneEntryPerKey();
    void refusesBadDeviceNames_data();
    void refusesBadDeviceNames();
    void refusesUnknownParameters();
    void valuesParseAsTheirType_data();
    void valuesParseAsTheirType();
    void featurePatternsMatchAsEthtoolGroupsThem();
    void templatesStayOutOfTheFixedList();
};

void TestLinkKnobs::everyParameterResolves_data()
{
    QTest::addColumn<QString>("parameter");
    QTest::addColumn<int>("type");
    QTest::addColumn<int>("group");
    const auto row = [](const char *p, ValueType t, linkknobs::Group g) {
        QTest::addRow("%s", p) << QString::fromLatin1(p) << int(t) << int(g);
    };
    using G = linkknobs::Group;
    for (const char *f : {"tso", "gso", "gro", "lro", "sg", "rx-checksum", "tx-checksum"})
        row(f, ValueType::Bool, G::Feature);
    for (const char *c : {"tx-usecs", "tx-frames", "rx-usecs", "rx-frames"})
        row(c, ValueType::Integer, G::Coalescing);
    for (const char *c : {"adaptive-rx", "adaptive-tx"})
        row(c, ValueType::Bool, G::Coalescing);
    row("rx-ring", ValueType::Integer, G::Rings);
    row("tx-ring", ValueType::Integer, G::Rings);
    row("combined-channels", ValueType::Integer, G::Channels);
    row("txqueuelen", ValueType::Integer, G::Interface);
    row("mtu", ValueType::Integer, G::Interface);
    row("gso_max_size", ValueType::Integer, G::SizeLimits);
    row("gro_max_size", ValueType::Integer, G::SizeLimits);
    row("bql_limit_max", ValueType::Integer, G::Bql);
    row("qdisc", ValueType::Qdisc, G::Qdisc);
}

void TestLinkKnobs::everyParameterResolves()
{
    QFETCH(QString, parameter);
    QFETCH(int, type);
    QFETCH(int, group);
    const QString key = QStringLiteral("link.eth0.") + parameter;
    auto knob = KnobCatalogue::instance().lookup(key);
    QVERIFY2(knob, qPrintable(knob ? QString() : knob.error().message));
    QCOMPARE((*knob)->key, key);
    QCOMPARE(int((*knob)->kind), int(KnobKind::Link));
    QCOMPARE((*knob)->device, QStringLiteral("eth0"));
    QCOMPARE((*knob)->linkParameter, parameter);
    QCOMPARE(int((*knob)->type), type);
    QCOMPARE(int(linkknobs::groupOf(**knob)), group);
    QVERIFY((*knob)->changedByHelper());
    QVERIFY((*knob)->perNetns);
    QVERIFY(!(*knob)->description.isEmpty());
    QVERIFY((*knob)->procPath().isEmpty()); // never a /proc/sys path
}

void TestLinkKnobs::catalogueKeepsOneEntryPerKey()
{
    const KnobInfo *a = KnobCatalogue::instance().find(QStringLiteral("link.veth-c.gso"));
    const KnobInfo *b = KnobCatalogue::instance().find(QStringLiteral("link.veth-c.gso"));
    const KnobInfo *c = KnobCatalogue::instance().find(QStringLiteral("link.veth-s.gso"));
    QVERIFY(a && c);
    QCOMPARE(a, b);
    QVERIFY(a != c);
    QCOMPARE(c->device, QStringLiteral("veth-s"));
    // A VLAN device's name has a dot: the parameter is the last word.
    const KnobInfo *vlan = KnobCatalogue::instance().find(QStringLiteral("link.eth0.100.tso"));
    QVERIFY(vlan);
    QCOMPARE(vlan->device, QStringLiteral("eth0.100"));
    QCOMPARE(vlan->linkParameter, QStringLiteral("tso"));
}

void TestLinkKnobs::refusesBadDeviceNames_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("expected");
    QTest::addRow("slash") << QStringLiteral("link.a/b.gso") << QStringLiteral("'/' or '..'");
    QTest::addRow("dot dot") << QStringLiteral("link...gso") << QStringLiteral("'/' or '..'");
    QTest::addRow("dot dot inside") << QStringLiteral("link.a..b.gso") << QStringLiteral("'/' or '..'");
    QTest::addRow("newline") << QStringLiteral("link.eth\n0.gso") << QStringLiteral("newlines");
    QTest::addRow("space") << QStringLiteral("link.eth 0.gso") << QStringLiteral("spaces");
    QTest::addRow("colon") << QStringLiteral("link.eth0:1.gso") << QStringLiteral("':'");
    QTest::addRow("16 bytes") << QStringLiteral("link.abcdefghijklmnop.gso") << QStringLiteral("at most 15 bytes");
    QTest::addRow("15 bytes of umlauts") << QStringLiteral("link.") + QString(8, QChar(0xe4)) + QStringLiteral(".gso")
                                         << QStringLiteral("at most 15 bytes");
    QTest::addRow("no device") << QStringLiteral("link.gso") << QStringLiteral("No device named");
    QTest::addRow("empty device") << QStringLiteral("link..gso") << QStringLiteral("No device named");
}

void TestLinkKnobs::refusesBadDeviceNames()
{
    QFETCH(QString, key);
    QFETCH(QString, expected);
    auto knob = KnobCatalogue::instance().lookup(key);
    QVERIFY(!knob);
    QVERIFY2(knob.error().message.contains(expected), qPrintable(knob.error().message));
    QVERIFY(!knob.error().message.contains(QLatin1Char('\n')));
    QCOMPARE(KnobCatalogue::instance().find(key), nullptr);
    // Fifteen bytes is the kernel's longest name, and it is accepted.
    QVERIFY(KnobCatalogue::instance().lookup(QStringLiteral("link.abcdefghijklmno.gso")));
}

void TestLinkKnobs::refusesUnknownParameters()
{
    auto knob = KnobCatalogue::instance().lookup(QStringLiteral("link.eth0.speed"));
    QVERIFY(!knob);
    QVERIFY2(knob.error().message.contains(QLatin1String("'speed'")), qPrintable(knob.error().message));
    QVERIFY(knob.error().message.contains(QLatin1String("tx-usecs")));
}

void TestLinkKnobs::valuesParseAsTheirType_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("canonical"); // empty: refused
    QTest::addRow("off") << QStringLiteral("link.eth0.gso") << QStringLiteral("off") << QStringLiteral("0");
    QTest::addRow("on") << QStringLiteral("link.eth0.tso") << QStringLiteral("on") << QStringLiteral("1");
    QTest::addRow("microseconds") << QStringLiteral("link.eth0.tx-usecs") << QStringLiteral("10ms")
                                  << QStringLiteral("10000");
    QTest::addRow("plain microseconds") << QStringLiteral("link.eth0.tx-usecs") << QStringLiteral("50us")
                                        << QStringLiteral("50");
    QTest::addRow("seconds are no unit here")
        << QStringLiteral("link.eth0.tx-usecs") << QStringLiteral("1s") << QString();
    QTest::addRow("queue length") << QStringLiteral("link.eth0.txqueuelen") << QStringLiteral("100")
                                  << QStringLiteral("100");
    QTest::addRow("queue length too long")
        << QStringLiteral("link.eth0.txqueuelen") << QStringLiteral("2000000") << QString();
    QTest::addRow("mtu too small") << QStringLiteral("link.eth0.mtu") << QStringLiteral("67") << QString();
    QTest::addRow("bql in K") << QStringLiteral("link.eth0.bql_limit_max") << QStringLiteral("64K")
                              << QStringLiteral("65536");
    QTest::addRow("BIG TCP size in K") << QStringLiteral("link.eth0.gso_max_size") << QStringLiteral("128K")
                                       << QStringLiteral("131072");
    QTest::addRow("GRO size past the kernel's most")
        << QStringLiteral("link.eth0.gro_max_size") << QStringLiteral("524281") << QString();
    QTest::addRow("ring of zero") << QStringLiteral("link.eth0.rx-ring") << QStringLiteral("0") << QString();
}

void TestLinkKnobs::valuesParseAsTheirType()
{
    QFETCH(QString, key);
    QFETCH(QString, input);
    QFETCH(QString, canonical);
    const KnobInfo *knob = KnobCatalogue::instance().find(key);
    QVERIFY(knob);
    auto parsed = knobvalue::parse(*knob, input);
    if (canonical.isEmpty()) {
        QVERIFY(!parsed);
        QVERIFY(parsed.error().message.startsWith(key));
    } else {
        QVERIFY2(parsed, qPrintable(parsed ? QString() : parsed.error().message));
        QCOMPARE(*parsed, canonical);
    }
}

void TestLinkKnobs::featurePatternsMatchAsEthtoolGroupsThem()
{
    const QStringList tso = linkknobs::featurePatterns(QStringLiteral("tso"));
    const auto anyMatch = [](const QStringList &patterns, const char *name) {
        for (const QString &p : patterns)
            if (linkknobs::featureMatches(p, QLatin1String(name)))
                return true;
        return false;
    };
    QVERIFY(anyMatch(tso, "tx-tcp-segmentation"));
    QVERIFY(anyMatch(tso, "tx-tcp6-segmentation"));
    QVERIFY(anyMatch(tso, "tx-tcp-ecn-segmentation"));
    QVERIFY(!anyMatch(tso, "tx-udp-segmentation"));
    QVERIFY(!anyMatch(tso, "tx-generic-segmentation"));
    QVERIFY(anyMatch(linkknobs::featurePatterns(QStringLiteral("gso")), "tx-generic-segmentation"));
    QVERIFY(anyMatch(linkknobs::featurePatterns(QStringLiteral("tx-checksum")), "tx-checksum-ip-generic"));
    QVERIFY(!anyMatch(linkknobs::featurePatterns(QStringLiteral("tx-checksum")), "rx-checksum"));
    QVERIFY(anyMatch(linkknobs::featurePatterns(QStringLiteral("sg")), "tx-scatter-gather-fraglist"));
    QVERIFY(linkknobs::featurePatterns(QStringLiteral("txqueuelen")).isEmpty());
}

void TestLinkKnobs::templatesStayOutOfTheFixedList()
{
    const KnobCatalogue &catalogue = KnobCatalogue::instance();
    QCOMPARE(catalogue.linkTemplates().size(), 22);
    for (const KnobInfo &k : catalogue.all())
        QVERIFY2(k.kind != KnobKind::Link, qPrintable(k.key));
    for (const KnobInfo &t : catalogue.linkTemplates()) {
        QVERIFY(t.key.startsWith(QLatin1String("link.DEV.")));
        QVERIFY(t.device.isEmpty());
    }
}

QTEST_GUILESS_MAIN(TestLinkKnobs)
#include "tst_link_knobs.moc"

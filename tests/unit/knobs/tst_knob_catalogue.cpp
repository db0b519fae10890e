// The catalogue is the whitelist: every required knob is there, described, and typed; lookups
// refuse anything that is not a plain dotted name.

#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"

#include <QTest>

using namespace tcptune;

class TestKnobCatalogue final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void requiredKnobsArePresent_data();
    void requiredKnobsArePresent();
    void entriesAreComplete();
    void defaultsParseAsTheirOwnType();
    void lookupRefusesBadKeys_data();
    void lookupRefusesBadKeys();
    void globalsAreMarked();
};

void TestKnobCatalogue::requiredKnobsArePresent_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<int>("kind");
    const char *sysctls[] = {"net.ipv4.tcp_autocorking",
                             "net.ipv4.tcp_limit_output_bytes",
                             "net.ipv4.tcp_wmem",
                             "net.ipv4.tcp_rmem",
                             "net.ipv4.tcp_congestion_control",
                             "net.ipv4.tcp_notsent_lowat",
                             "net.ipv4.tcp_moderate_rcvbuf",
                             "net.ipv4.tcp_slow_start_after_idle",
                             "net.ipv4.tcp_timestamps",
                             "net.ipv4.tcp_sack",
                             "net.ipv4.tcp_window_scaling",
                             "net.ipv4.tcp_ecn",
                             "net.ipv4.tcp_mtu_probing",
                             "net.ipv4.tcp_min_tso_segs",
                             "net.ipv4.tcp_pacing_ss_ratio",
                             "net.ipv4.tcp_pacing_ca_ratio",
                             "net.ipv4.tcp_tso_win_divisor",
                             "net.ipv4.tcp_no_metrics_save",
                             "net.core.wmem_max",
                             "net.core.rmem_max",
                             "net.core.wmem_default",
                             "net.core.rmem_default",
                             "net.core.default_qdisc",
                             "net.core.netdev_max_backlog"};
    for (const char *k : sysctls)
        QTest::addRow("%s", k) << QString::fromLatin1(k) << int(KnobKind::Sysctl);
    const char *options[] = {"SO_SNDBUF",         "SO_RCVBUF",      "TCP_NODELAY",        "TCP_CORK",
                             "TCP_NOTSENT_LOWAT", "TCP_CONGESTION", "SO_MAX_PACING_RATE", "TCP_MAXSEG"};
    for (const char *o : options)
        QTest::addRow("socket.%s", o) << QStringLiteral("socket.") + QLatin1String(o) << int(KnobKind::SocketOption);
    for (const char *l : {"lab.rate", "lab.queue", "lab.mtu"})
        QTest::addRow("%s", l) << QString::fromLatin1(l) << int(KnobKind::LabParameter);
}

void TestKnobCatalogue::requiredKnobsArePresent()
{
    QFETCH(QString, key);
    QFETCH(int, kind);
    const KnobInfo *k = KnobCatalogue::instance().find(key);
    QVERIFY2(k, qPrintable(key));
    QCOMPARE(int(k->kind), kind);
}

void TestKnobCatalogue::entriesAreComplete()
{
    QSet<QString> seen;
    for (const KnobInfo &k : KnobCatalogue::instance().all()) {
        QVERIFY2(!seen.contains(k.key), qPrintable(k.key));
        seen.insert(k.key);
        QVERIFY2(!k.description.isEmpty(), qPrintable(k.key));
        if (k.type == ValueType::Integer || k.type == ValueType::Triple)
            QVERIFY2(k.minimum <= k.maximum, qPrintable(k.key));
        if (k.type == ValueType::Enum)
            QVERIFY2(!k.enumValues.isEmpty() || !k.enumSource.isEmpty(), qPrintable(k.key));
        if (k.kind == KnobKind::Sysctl)
            QVERIFY(k.procPath().startsWith(QLatin1String("/proc/sys/net/")));
        else
            QVERIFY(k.procPath().isEmpty());
    }
    QVERIFY(KnobCatalogue::instance().ofKind(KnobKind::Sysctl).size() >= 24);
}

void TestKnobCatalogue::defaultsParseAsTheirOwnType()
{
    for (const KnobInfo &k : KnobCatalogue::instance().all()) {
        if (k.defaultValue.isEmpty())
            continue;
        auto parsed =
            knobvalue::parse(k, k.defaultValue, k.enumValues.isEmpty() ? QStringList{k.defaultValue} : k.enumValues);
        QVERIFY2(parsed.has_value(),
                 qPrintable(k.key + QLatin1String(": ") + (parsed ? QString() : parsed.error().message)));
        QVERIFY(knobvalue::sameValue(*parsed, k.defaultValue));
    }
}

void TestKnobCatalogue::lookupRefusesBadKeys_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("expectedWords");
    QTest::addRow("unknown") << QStringLiteral("net.ipv4.tcp_frobnicate") << QStringLiteral("Unknown knob");
    QTest::addRow("dotdot") << QStringLiteral("net.ipv4..tcp_sack") << QStringLiteral("not a knob name");
    QTest::addRow("slash") << QStringLiteral("net/ipv4/tcp_sack") << QStringLiteral("not a knob name");
    QTest::addRow("traversal") << QStringLiteral("../../etc/passwd") << QStringLiteral("not a knob name");
    QTest::addRow("space") << QStringLiteral("net.ipv4.tcp_sack ") << QStringLiteral("not a knob name");
    QTest::addRow("nul") << QStringLiteral("net.ipv4.tcp_sack") + QChar(0) << QStringLiteral("not a knob name");
    QTest::addRow("empty") << QString() << QStringLiteral("Empty knob name");
    QTest::addRow("case") << QStringLiteral("NET.IPV4.TCP_SACK") << QStringLiteral("Unknown knob");
}

void TestKnobCatalogue::lookupRefusesBadKeys()
{
    QFETCH(QString, key);
    QFETCH(QString, expectedWords);
    auto found = KnobCatalogue::instance().lookup(key);
    QVERIFY(!found.has_value());
    QVERIFY2(found.error().message.contains(expectedWords), qPrintable(found.error().message));
    QVERIFY(!found.error().message.contains(QChar(0)));
}

void TestKnobCatalogue::globalsAreMarked()
{
    for (const KnobInfo &k : KnobCatalogue::instance().ofKind(KnobKind::Sysctl))
        QCOMPARE(k.perNetns, !k.key.startsWith(QLatin1String("net.core.")));
}

QTEST_GUILESS_MAIN(TestKnobCatalogue)
#include "tst_knob_catalogue.moc"

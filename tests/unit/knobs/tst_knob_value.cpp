// Parsing accepts what people type and turns it into the kernel's form; everything else gets
// an error that names the knob and says what to give instead.

#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"

#include <QTest>

using namespace tcptune;

namespace {
const KnobInfo &knob(const char *key)
{
    const KnobInfo *k = KnobCatalogue::instance().find(QString::fromLatin1(key));
    Q_ASSERT(k);
    return *k;
}
// A fixed congestion-control list, so the tests do not depend on the running kernel's modules.
std::optional<QStringList> allowedFor(const QString &key)
{
    if (key.contains(QLatin1String("congestion")) || key.contains(QLatin1String("CONGESTION")))
        return QStringList{QStringLiteral("reno"), QStringLiteral("cubic"), QStringLiteral("bbr")};
    return std::nullopt;
}
} // namespace

class TestKnobValue final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parsesGoodValues_data();
    void parsesGoodValues();
    void refusesBadValues_data();
    void refusesBadValues();
    void parseIntegerUnits_data();
    void parseIntegerUnits();
    void formatsForPeople_data();
    void formatsForPeople();
    void readsKernelEnumList();
};

void TestKnobValue::parsesGoodValues_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("canonical");
    QTest::addRow("bool 0") << "net.ipv4.tcp_autocorking"
                            << "0"
                            << "0";
    QTest::addRow("bool on") << "net.ipv4.tcp_autocorking"
                             << "on"
                             << "1";
    QTest::addRow("bool Off") << "net.ipv4.tcp_autocorking"
                              << "Off"
                              << "0";
    QTest::addRow("bool true") << "socket.TCP_NODELAY"
                               << "true"
                               << "1";
    QTest::addRow("int plain") << "net.ipv4.tcp_limit_output_bytes"
                               << "262144"
                               << "262144";
    QTest::addRow("int K") << "net.ipv4.tcp_limit_output_bytes"
                           << "256K"
                           << "262144";
    QTest::addRow("int KB spaced") << "net.ipv4.tcp_limit_output_bytes"
                                   << " 128 KB "
                                   << "131072";
    QTest::addRow("int 1.5M") << "net.ipv4.tcp_limit_output_bytes"
                              << "1.5M"
                              << "1572864";
    QTest::addRow("int zero") << "net.ipv4.tcp_limit_output_bytes"
                              << "0"
                              << "0";
    QTest::addRow("int edge max") << "net.ipv4.tcp_ecn"
                                  << "2"
                                  << "2";
    QTest::addRow("uint max") << "net.ipv4.tcp_notsent_lowat"
                              << "4294967295"
                              << "4294967295";
    QTest::addRow("unlimited") << "net.ipv4.tcp_notsent_lowat"
                               << "Unlimited"
                               << "4294967295";
    QTest::addRow("triple tabs") << "net.ipv4.tcp_wmem"
                                 << "4096\t16384\t4194304"
                                 << "4096 16384 4194304";
    QTest::addRow("triple units") << "net.ipv4.tcp_wmem"
                                  << "4K,16K,4M"
                                  << "4096 16384 4194304";
    QTest::addRow("enum cubic") << "net.ipv4.tcp_congestion_control"
                                << "cubic"
                                << "cubic";
    QTest::addRow("enum qdisc") << "net.core.default_qdisc"
                                << "pfifo_fast"
                                << "pfifo_fast";
    QTest::addRow("rate mbit") << "lab.rate"
                               << "50mbit"
                               << "50000000";
    QTest::addRow("rate Gbit/s") << "lab.rate"
                                 << "1Gbit/s"
                                 << "1000000000";
    QTest::addRow("delay s") << "lab.delay"
                             << "1.5s"
                             << "1500";
    QTest::addRow("sndbuf 4M") << "socket.SO_SNDBUF"
                               << "4MB"
                               << "4194304";
    QTest::addRow("pacing") << "socket.SO_MAX_PACING_RATE"
                            << "10M"
                            << "10485760";
}

void TestKnobValue::parsesGoodValues()
{
    QFETCH(QString, key);
    QFETCH(QString, input);
    QFETCH(QString, canonical);
    auto parsed = knobvalue::parse(knob(qPrintable(key)), input, allowedFor(key));
    QVERIFY2(parsed.has_value(), qPrintable(parsed ? QString() : parsed.error().message));
    QCOMPARE(*parsed, canonical);
}

void TestKnobValue::refusesBadValues_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expectedWords");
    QTest::addRow("bool 2") << "net.ipv4.tcp_autocorking"
                            << "2"
                            << "use 1 or 0";
    QTest::addRow("bool word") << "net.ipv4.tcp_sack"
                               << "maybe"
                               << "not a switch value";
    QTest::addRow("empty") << "net.ipv4.tcp_sack"
                           << "  "
                           << "no value given";
    QTest::addRow("negative") << "net.ipv4.tcp_limit_output_bytes"
                              << "-1"
                              << "negative";
    QTest::addRow("letters") << "net.ipv4.tcp_limit_output_bytes"
                             << "lots"
                             << "not a number";
    QTest::addRow("wrong unit") << "net.ipv4.tcp_limit_output_bytes"
                                << "5mbit"
                                << "unit that does not fit";
    QTest::addRow("above max") << "net.ipv4.tcp_ecn"
                               << "3"
                               << "above the maximum 2";
    QTest::addRow("below min") << "net.ipv4.tcp_min_tso_segs"
                               << "0"
                               << "below the minimum 1";
    QTest::addRow("beyond int") << "net.ipv4.tcp_limit_output_bytes"
                                << "3G"
                                << "above the maximum";
    QTest::addRow("huge") << "net.ipv4.tcp_limit_output_bytes"
                          << "99999999999999999999999"
                          << "too large";
    QTest::addRow("fraction bytes") << "net.ipv4.tcp_limit_output_bytes"
                                    << "1.5"
                                    << "not a whole number";
    QTest::addRow("triple two") << "net.ipv4.tcp_wmem"
                                << "4096 16384"
                                << "three sizes";
    QTest::addRow("triple order") << "net.ipv4.tcp_wmem"
                                  << "4096 8M 16384"
                                  << "must not decrease";
    QTest::addRow("triple zero") << "net.ipv4.tcp_rmem"
                                 << "0 1 2"
                                 << "below the minimum";
    QTest::addRow("enum unknown cc") << "net.ipv4.tcp_congestion_control"
                                     << "vegas"
                                     << "not offered by this kernel";
    QTest::addRow("enum case") << "net.ipv4.tcp_congestion_control"
                               << "CUBIC"
                               << "choose one of: reno cubic bbr";
    QTest::addRow("control char") << "net.ipv4.tcp_sack" << QStringLiteral("1") + QChar(0) + QStringLiteral("0")
                                  << "control characters";
    QTest::addRow("line break") << "net.ipv4.tcp_congestion_control" << QStringLiteral("cubic\nforged") << "line break";
    QTest::addRow("mtu small") << "lab.mtu"
                               << "100"
                               << "below the minimum 576";
}

void TestKnobValue::refusesBadValues()
{
    QFETCH(QString, key);
    QFETCH(QString, input);
    QFETCH(QString, expectedWords);
    auto parsed = knobvalue::parse(knob(qPrintable(key)), input, allowedFor(key));
    QVERIFY2(!parsed.has_value(), qPrintable(parsed ? *parsed : QString()));
    QVERIFY2(parsed.error().message.contains(expectedWords), qPrintable(parsed.error().message));
}

void TestKnobValue::parseIntegerUnits_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("unit");
    QTest::addColumn<qlonglong>("value");
    QTest::addRow("64KiB") << "64KiB" << int(Unit::Bytes) << 65536LL;
    QTest::addRow("4 MB") << "4 MB" << int(Unit::Bytes) << 4194304LL;
    QTest::addRow("1g") << "1g" << int(Unit::Bytes) << 1073741824LL;
    QTest::addRow("500kbit") << "500kbit" << int(Unit::BitsPerSecond) << 500000LL;
    QTest::addRow("10Mbps") << "10Mbps" << int(Unit::BitsPerSecond) << 10000000LL;
    QTest::addRow("20ms") << "20ms" << int(Unit::Milliseconds) << 20LL;
    QTest::addRow("2s") << "2s" << int(Unit::Milliseconds) << 2000LL;
    QTest::addRow("120 percent") << "120%" << int(Unit::Percent) << 120LL;
}

void TestKnobValue::parseIntegerUnits()
{
    QFETCH(QString, input);
    QFETCH(int, unit);
    QFETCH(qlonglong, value);
    auto parsed = knobvalue::parseInteger(input, Unit(unit));
    QVERIFY2(parsed.has_value(), qPrintable(parsed ? QString() : parsed.error().message));
    QCOMPARE(qlonglong(*parsed), value);
}

void TestKnobValue::formatsForPeople_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("canonical");
    QTest::addColumn<QString>("human");
    QTest::addRow("on") << "net.ipv4.tcp_autocorking"
                        << "1"
                        << "on";
    QTest::addRow("off") << "net.ipv4.tcp_autocorking"
                         << "0"
                         << "off";
    QTest::addRow("KiB") << "net.ipv4.tcp_limit_output_bytes"
                         << "262144"
                         << "256 KiB";
    QTest::addRow("MiB") << "net.ipv4.tcp_limit_output_bytes"
                         << "4194304"
                         << "4 MiB";
    QTest::addRow("odd bytes") << "net.core.wmem_default"
                               << "212992"
                               << "208 KiB";
    QTest::addRow("plain bytes") << "net.ipv4.tcp_limit_output_bytes"
                                 << "1000"
                                 << "1000 B";
    QTest::addRow("triple") << "net.ipv4.tcp_wmem"
                            << "4096\t16384\t4194304"
                            << "4 KiB / 16 KiB / 4 MiB";
    QTest::addRow("no limit") << "net.ipv4.tcp_notsent_lowat"
                              << "4294967295"
                              << "unlimited";
    QTest::addRow("limit") << "net.ipv4.tcp_notsent_lowat"
                           << "131072"
                           << "128 KiB";
    QTest::addRow("rate") << "lab.rate"
                          << "50000000"
                          << "50 Mbit/s";
    QTest::addRow("enum") << "net.ipv4.tcp_congestion_control"
                          << "cubic"
                          << "cubic";
}

void TestKnobValue::formatsForPeople()
{
    QFETCH(QString, key);
    QFETCH(QString, canonical);
    QFETCH(QString, human);
    QCOMPARE(knobvalue::formatHuman(knob(qPrintable(key)), canonical), human);
}

void TestKnobValue::readsKernelEnumList()
{
    // The running kernel always offers reno; the list comes from /proc, not from the catalogue.
    const QStringList offered = knobvalue::allowedValues(knob("net.ipv4.tcp_congestion_control"));
    QVERIFY2(offered.contains(QStringLiteral("reno")), qPrintable(offered.join(u' ')));
    auto parsed = knobvalue::parse(knob("net.ipv4.tcp_congestion_control"), QStringLiteral("reno"));
    QVERIFY(parsed.has_value());
}

QTEST_GUILESS_MAIN(TestKnobValue)
#include "tst_knob_value.moc"

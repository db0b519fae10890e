// What the helper accepts before it touches /proc/sys: catalogue sysctls only (no path tricks),
// tcptune namespaces only, no global knob inside a namespace, values of the right type and
// range, enums from the kernel's own list. Nothing here writes a sysctl.

#include "helper/sysctl_writer.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"

#include <QTest>

using namespace tcptune;

class TestSysctlWriter final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void acceptsCatalogueSysctls_data();
    void acceptsCatalogueSysctls();
    void refusesKeys_data();
    void refusesKeys();
    void checksScope_data();
    void checksScope();
    void refusesValues_data();
    void refusesValues();
    void acceptsRealHostTuning_data();
    void acceptsRealHostTuning();
    void knowsCoreFeatures_data();
    void knowsCoreFeatures();
    void acceptsKernelCongestionControl();
    void neverWritesOutsideProcSysNet_data();
    void neverWritesOutsideProcSysNet();
    void readsCurrentValue();
};

void TestSysctlWriter::acceptsCatalogueSysctls_data()
{
    QTest::addColumn<QString>("key");
    for (const KnobInfo &k : KnobCatalogue::instance().ofKind(KnobKind::Sysctl))
        QTest::addRow("%s", qPrintable(k.key)) << k.key;
}

void TestSysctlWriter::acceptsCatalogueSysctls()
{
    QFETCH(QString, key);
    auto knob = sysctlwriter::knobFor(key);
    QVERIFY2(knob.has_value(), knob ? "" : qPrintable(knob.error().message));
    QVERIFY((*knob)->procPath().startsWith(QLatin1String("/proc/sys/net/")));
}

void TestSysctlWriter::refusesKeys_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("expectedWords");
    QTest::addRow("unknown") << "net.ipv4.tcp_frobnicate"
                             << "Unknown knob";
    QTest::addRow("dot dot") << "net.ipv4..tcp_sack"
                             << "not a knob name";
    QTest::addRow("parent escape") << "net.ipv4.../../kernel.hostname"
                                   << "not a knob name";
    QTest::addRow("slash") << "net/ipv4/tcp_sack"
                           << "not a knob name";
    QTest::addRow("absolute path") << "/proc/sys/net/ipv4/tcp_sack"
                                   << "not a knob name";
    QTest::addRow("space") << "net.ipv4.tcp_sack "
                           << "not a knob name";
    QTest::addRow("inner space") << "net.ipv4. tcp_sack"
                                 << "not a knob name";
    QTest::addRow("nul") << QStringLiteral("net.ipv4.tcp_sack") + QChar(0) + QStringLiteral("x") << "not a knob name";
    // A pattern ending in '$' also matches before a final newline; anchored patterns do not.
    QTest::addRow("final newline") << "net.ipv4.tcp_sack\n"
                                   << "not a knob name";
    QTest::addRow("empty") << ""
                           << "Empty knob name";
    QTest::addRow("not in catalogue") << "kernel.hostname"
                                      << "Unknown knob";
    QTest::addRow("socket option") << "socket.SO_SNDBUF"
                                   << "not a kernel sysctl";
    QTest::addRow("lab parameter") << "lab.rate"
                                   << "not a kernel sysctl";
    QTest::addRow("case") << "NET.IPV4.TCP_SACK"
                          << "Unknown knob";
}

void TestSysctlWriter::refusesKeys()
{
    QFETCH(QString, key);
    QFETCH(QString, expectedWords);
    auto knob = sysctlwriter::knobFor(key);
    QVERIFY(!knob.has_value());
    QVERIFY2(knob.error().message.contains(expectedWords), qPrintable(knob.error().message));
    QVERIFY(!knob.error().message.contains(QChar(0)));
}

void TestSysctlWriter::checksScope_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("netns");
    QTest::addColumn<QString>("expectedWords"); // empty: accepted
    QTest::addRow("host per-ns knob") << "net.ipv4.tcp_autocorking"
                                      << ""
                                      << "";
    QTest::addRow("host global knob") << "net.core.wmem_max"
                                      << ""
                                      << "";
    QTest::addRow("global in namespace") << "net.core.wmem_max"
                                         << "tcptune-t-helperx"
                                         << "global";
    QTest::addRow("default_qdisc in namespace") << "net.core.default_qdisc"
                                                << "tcptune-t-helperx"
                                                << "global";
    QTest::addRow("foreign namespace") << "net.ipv4.tcp_autocorking"
                                       << "default"
                                       << "tcptune-";
    QTest::addRow("path as namespace") << "net.ipv4.tcp_autocorking"
                                       << "../../proc/1/ns/net"
                                       << "tcptune-";
    QTest::addRow("missing namespace") << "net.ipv4.tcp_autocorking"
                                       << "tcptune-t-helper-none"
                                       << "does not exist";
    QTest::addRow("namespace with final newline") << "net.ipv4.tcp_autocorking"
                                                  << "tcptune-t-helperx\n"
                                                  << "is not a tcptune namespace";
}

void TestSysctlWriter::checksScope()
{
    QFETCH(QString, key);
    QFETCH(QString, netns);
    QFETCH(QString, expectedWords);
    auto scope = sysctlwriter::checkScope(*KnobCatalogue::instance().find(key), netns);
    QCOMPARE(scope.has_value(), expectedWords.isEmpty());
    if (!scope)
        QVERIFY2(scope.error().message.contains(expectedWords), qPrintable(scope.error().message));
}

void TestSysctlWriter::refusesValues_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("expectedWords");
    QTest::addRow("bool out of range") << "net.ipv4.tcp_autocorking"
                                       << "2"
                                       << "switch";
    QTest::addRow("bool word") << "net.ipv4.tcp_autocorking"
                               << "maybe"
                               << "switch";
    QTest::addRow("int negative") << "net.ipv4.tcp_limit_output_bytes"
                                  << "-5"
                                  << "negative";
    QTest::addRow("int too big") << "net.ipv4.tcp_limit_output_bytes"
                                 << "3G"
                                 << "maximum";
    QTest::addRow("int text") << "net.ipv4.tcp_limit_output_bytes"
                              << "lots"
                              << "not a number";
    QTest::addRow("int wrong unit") << "net.ipv4.tcp_limit_output_bytes"
                                    << "5mbit"
                                    << "unit";
    QTest::addRow("below minimum") << "net.core.wmem_max"
                                   << "100"
                                   << "minimum";
    QTest::addRow("triple short") << "net.ipv4.tcp_wmem"
                                  << "4096 16384"
                                  << "three sizes";
    QTest::addRow("triple decreasing") << "net.ipv4.tcp_wmem"
                                       << "8192 4096 16384"
                                       << "must not decrease";
    QTest::addRow("congestion not offered") << "net.ipv4.tcp_congestion_control"
                                            << "no_such_cc"
                                            << "not offered";
    QTest::addRow("congestion injection") << "net.ipv4.tcp_congestion_control"
                                          << "cubic\nreno"
                                          << "control";
    QTest::addRow("qdisc unknown") << "net.core.default_qdisc"
                                   << "sch_evil"
                                   << "not offered";
    QTest::addRow("empty") << "net.ipv4.tcp_sack"
                           << ""
                           << "no value";
    QTest::addRow("control chars") << "net.ipv4.tcp_ecn" << QStringLiteral("1\u0007") << "control";
    // Host-wide knobs stop where the machine stays usable.
    QTest::addRow("rmem_default 2G") << "net.core.rmem_default"
                                     << "2G"
                                     << "maximum";
    QTest::addRow("wmem_default 64M") << "net.core.wmem_default"
                                      << "64M"
                                      << "maximum";
    QTest::addRow("rmem_max 2G") << "net.core.rmem_max"
                                 << "2047M"
                                 << "maximum";
    QTest::addRow("backlog 10M") << "net.core.netdev_max_backlog"
                                 << "10000000"
                                 << "maximum";
}

void TestSysctlWriter::refusesValues()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(QString, expectedWords);
    auto parsed = sysctlwriter::parseForKernel(*KnobCatalogue::instance().find(key), value);
    QVERIFY(!parsed.has_value());
    QVERIFY2(parsed.error().message.contains(expectedWords), qPrintable(parsed.error().message));
    QVERIFY(parsed.error().message.contains(key));
}

void TestSysctlWriter::acceptsRealHostTuning_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addRow("wmem_max 256M") << "net.core.wmem_max"
                                   << "256M";
    QTest::addRow("rmem_max 512M") << "net.core.rmem_max"
                                   << "512M";
    QTest::addRow("rmem_default 8M") << "net.core.rmem_default"
                                     << "8M";
    QTest::addRow("backlog 250000") << "net.core.netdev_max_backlog"
                                    << "250000";
}

void TestSysctlWriter::acceptsRealHostTuning()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    auto parsed = sysctlwriter::parseForKernel(*KnobCatalogue::instance().find(key), value);
    QVERIFY2(parsed.has_value(), parsed ? "" : qPrintable(parsed.error().message));
}

void TestSysctlWriter::knowsCoreFeatures_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("disables");
    QTest::addRow("sack off") << "net.ipv4.tcp_sack"
                              << "0" << true;
    QTest::addRow("sack on") << "net.ipv4.tcp_sack"
                             << "1" << false;
    QTest::addRow("window scaling off") << "net.ipv4.tcp_window_scaling"
                                        << "0" << true;
    QTest::addRow("timestamps off") << "net.ipv4.tcp_timestamps"
                                    << "0" << true;
    QTest::addRow("timestamps without offset") << "net.ipv4.tcp_timestamps"
                                               << "2" << false;
    QTest::addRow("autocorking off") << "net.ipv4.tcp_autocorking"
                                     << "0" << false;
}

void TestSysctlWriter::knowsCoreFeatures()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(bool, disables);
    QCOMPARE(knobvalue::disablesCoreFeature(*KnobCatalogue::instance().find(key), value), disables);
}

void TestSysctlWriter::acceptsKernelCongestionControl()
{
    const KnobInfo &knob = *KnobCatalogue::instance().find(QStringLiteral("net.ipv4.tcp_congestion_control"));
    QFile list(knob.enumSource);
    QVERIFY(list.open(QIODevice::ReadOnly));
    const QStringList offered = QString::fromLatin1(list.readAll()).simplified().split(QLatin1Char(' '));
    QVERIFY(!offered.isEmpty());
    for (const QString &cc : offered) {
        auto parsed = sysctlwriter::parseForKernel(knob, cc);
        QVERIFY2(parsed.has_value(), qPrintable(cc));
        QCOMPARE(*parsed, cc);
    }
}

void TestSysctlWriter::neverWritesOutsideProcSysNet_data()
{
    QTest::addColumn<QString>("key");
    QTest::addRow("kernel") << "kernel.hostname";
    QTest::addRow("vm") << "vm.swappiness";
    QTest::addRow("dot dot inside net") << "net...kernel.hostname";
}

void TestSysctlWriter::neverWritesOutsideProcSysNet()
{
    QFETCH(QString, key);
    // A forged entry (the catalogue has none like it): write() must refuse before opening.
    KnobInfo forged;
    forged.key = key;
    forged.kind = KnobKind::Sysctl;
    auto written = sysctlwriter::write(forged, QStringLiteral("1"));
    QVERIFY(!written.has_value());
    QVERIFY2(written.error().message.startsWith(QLatin1String("Refusing")), qPrintable(written.error().message));
}

void TestSysctlWriter::readsCurrentValue()
{
    const KnobInfo &knob = *KnobCatalogue::instance().find(QStringLiteral("net.ipv4.tcp_wmem"));
    auto value = sysctlwriter::read(knob);
    QVERIFY(value.has_value());
    QFile proc(knob.procPath());
    QVERIFY(proc.open(QIODevice::ReadOnly));
    QCOMPARE(*value, QString::fromLatin1(proc.readAll()).simplified());
    QVERIFY(!value->contains(QLatin1Char('\t')));
}

QTEST_GUILESS_MAIN(TestSysctlWriter)
#include "tst_sysctl_writer.moc"

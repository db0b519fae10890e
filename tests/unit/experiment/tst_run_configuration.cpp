// What a run ran with, in short words (issue 18, point 2): the sysctls that differed from the
// kernel's default when the traffic started (the snapshot with the run's own sysctls over it),
// both ends, the socket options it set, the workload and the target.

#include "experiment/record/run_configuration.h"

#include <QTest>

using namespace tcptune;

class TestRunConfiguration final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void changedAgainstTheKernelDefault();
    void runsOwnSysctlsOverTheSnapshot();
    void runsOwnKnobsNamedFirst();
    void runsOwnLinkKnobsAgainstTheDevice();
    void compactValues_data();
    void compactValues();
    void workloadAndTarget();
};

void TestRunConfiguration::changedAgainstTheKernelDefault()
{
    ExperimentSpec spec;
    QVERIFY(spec.setParameter(QStringLiteral("socket.SO_SNDBUF"), QStringLiteral("64K")));
    const KnobSnapshot local{{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("0")},
                             {QStringLiteral("net.ipv4.tcp_sack"), QStringLiteral("1")}};
    const KnobSnapshot remote{{QStringLiteral("net.ipv4.tcp_sack"), QStringLiteral("0")}};
    const RunConfiguration c = configurationOf(spec, local, remote);
    // What the run set (SO_SNDBUF) first, then what it found changed, each in key order.
    QCOMPARE(c.changedText(), QStringLiteral("SO_SNDBUF=64K, tcp_autocorking=0, remote:tcp_sack=0"));
    QCOMPARE(c.summary(), QStringLiteral("changed: SO_SNDBUF=64K, tcp_autocorking=0, remote:tcp_sack=0"));
    QCOMPARE(c.all.value(QStringLiteral("net.ipv4.tcp_sack")), QStringLiteral("1"));
    QCOMPARE(configurationOf(ExperimentSpec{}, {}, {}).summary(), QStringLiteral("kernel defaults"));
}

void TestRunConfiguration::runsOwnSysctlsOverTheSnapshot()
{
    // A sweep point sets autocorking to 0; its snapshot was taken before that.
    ExperimentSpec spec;
    QVERIFY(spec.setParameter(QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("0")));
    const RunConfiguration c =
        configurationOf(spec, {{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1")}}, {});
    QCOMPARE(c.changed.value(QStringLiteral("net.ipv4.tcp_autocorking")), QStringLiteral("0"));
}

void TestRunConfiguration::runsOwnKnobsNamedFirst()
{
    // Every run of a host whose buffer limits were raised shares "rmem_max=4M, wmem_max=4M";
    // a History column cut after a few words must still show what this run changed.
    ExperimentSpec spec;
    QVERIFY(spec.setParameter(QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("0")));
    QVERIFY(spec.setParameter(QStringLiteral("remote:net.ipv4.tcp_sack"), QStringLiteral("0")));
    const KnobSnapshot local{{QStringLiteral("net.core.rmem_max"), QStringLiteral("4194304")},
                             {QStringLiteral("net.core.wmem_max"), QStringLiteral("4194304")}};
    const RunConfiguration c = configurationOf(spec, local, {});
    QCOMPARE(c.changedText(), QStringLiteral("tcp_autocorking=0, remote:tcp_sack=0, rmem_max=4M, wmem_max=4M"));
    QCOMPARE(c.setByRun.size(), 2);
}

// Issue 31: a link knob has no kernel default; one the run set is a change when the device had
// another value before the run (History's "changed" column, A/B), at either end.
void TestRunConfiguration::runsOwnLinkKnobsAgainstTheDevice()
{
    ExperimentSpec spec;
    QVERIFY(spec.setParameter(QStringLiteral("link.tcpt-c0.gso"), QStringLiteral("off")));
    QVERIFY(spec.setParameter(QStringLiteral("link.tcpt-c0.tso"), QStringLiteral("on")));
    QVERIFY(spec.setParameter(QStringLiteral("remote:link.eth0.tso"), QStringLiteral("off")));
    const KnobSnapshot local{{QStringLiteral("link.tcpt-c0.gso"), QStringLiteral("1")},
                             {QStringLiteral("link.tcpt-c0.tso"), QStringLiteral("1")}};
    const KnobSnapshot remote{{QStringLiteral("link.eth0.tso"), QStringLiteral("1")}};
    const RunConfiguration c = configurationOf(spec, local, remote);
    QCOMPARE(c.changed.value(QStringLiteral("link.tcpt-c0.gso")), QStringLiteral("0"));
    QVERIFY(!c.changed.contains(QStringLiteral("link.tcpt-c0.tso"))); // the device had it on already
    QCOMPARE(c.changed.value(QStringLiteral("remote:link.eth0.tso")), QStringLiteral("0"));
    QVERIFY2(c.changedText().contains(QStringLiteral("tcpt-c0.gso=0")), qPrintable(c.changedText()));
    // Facts the device merely has are not changes.
    QVERIFY(!configurationOf(ExperimentSpec{}, local, {}).changed.contains(QStringLiteral("link.tcpt-c0.gso")));
}

void TestRunConfiguration::compactValues_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("canonical");
    QTest::addColumn<QString>("compact");
    QTest::addRow("K") << QStringLiteral("socket.SO_SNDBUF") << QStringLiteral("65536") << QStringLiteral("64K");
    QTest::addRow("M") << QStringLiteral("net.core.wmem_max") << QStringLiteral("4194304") << QStringLiteral("4M");
    QTest::addRow("odd") << QStringLiteral("net.core.wmem_max") << QStringLiteral("212993") << QStringLiteral("212993");
    QTest::addRow("rate") << QStringLiteral("lab.rate") << QStringLiteral("50000000") << QStringLiteral("50mbit");
    QTest::addRow("triple") << QStringLiteral("net.ipv4.tcp_wmem") << QStringLiteral("4096 16384 4194304")
                            << QStringLiteral("4K 16K 4M");
    QTest::addRow("unlimited") << QStringLiteral("net.ipv4.tcp_notsent_lowat") << QStringLiteral("4294967295")
                               << QStringLiteral("unlimited");
    QTest::addRow("remote") << QStringLiteral("remote:net.core.rmem_max") << QStringLiteral("1048576")
                            << QStringLiteral("1M");
}

void TestRunConfiguration::compactValues()
{
    QFETCH(QString, key);
    QFETCH(QString, canonical);
    QFETCH(QString, compact);
    QCOMPARE(compactKnobValue(key, canonical), compact);
}

void TestRunConfiguration::workloadAndTarget()
{
    ExperimentSpec spec;
    spec.target.labName = QStringLiteral("t1");
    QVERIFY(spec.setParameter(QStringLiteral("lab.rate"), QStringLiteral("50mbit")));
    spec.workload.streams = 2;
    const RunConfiguration c = configurationOf(spec, {}, {});
    QCOMPARE(c.workload, QStringLiteral("bulk, 2 streams, 128K writes"));
    QCOMPARE(c.target, QStringLiteral("lab:t1, rate=50mbit"));
}

QTEST_GUILESS_MAIN(TestRunConfiguration)
#include "tst_run_configuration.moc"

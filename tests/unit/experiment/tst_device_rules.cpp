// Rules 1a and 7a of docs/diagnosis.md, on the sender's own device: the device queue's mean
// backlog at and around its threshold, offloads off (GSO off and TSO not on) on the device the
// snapshot taken during the run shows, their sentences and place in the verdict, the facts a run
// record gives them, and both findings and the end record's device queue through JSON.

#include "experiment/diagnosis/device_rules.h"
#include "experiment/diagnosis/run_diagnosis.h"
#include "experiment/record/run_record_json.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace tcptune;
using Rule = Finding::Rule;

namespace {

DiagnosisFacts busySender()
{
    DiagnosisFacts f;
    f.limiters.busy = 1;
    f.limiters.rwndLimited = 0;
    f.limiters.sndbufLimited = 0;
    f.limiters.cwndLimited = 0;
    f.limiters.applicationLimited = 0;
    return f;
}

DiagnosisFacts deviceQueued(double averagePackets)
{
    DiagnosisFacts f = busySender();
    f.deviceQueueInterface = QStringLiteral("eth0");
    f.deviceQueueKind = QStringLiteral("pfifo_fast");
    f.deviceTxqueuelen = 1000;
    f.deviceQueueAveragePackets = averagePackets;
    f.deviceQueuePeakPackets = 412;
    return f;
}

QList<Rule> rulesOf(const QList<Finding> &found)
{
    QList<Rule> rules;
    for (const Finding &f : found)
        rules << f.rule;
    return rules;
}

// A run whose local end sent through DEVICE with the link facts AFTER (the snapshot taken after
// the run, before restoring) and the device queue series QUEUE.
RunRecord runThrough(const QString &device, const KnobSnapshot &after, const QList<QueueSample> &queue)
{
    RunRecord run;
    run.status = RunStatus::Ok;
    run.details.insert(QStringLiteral("spec"), QJsonObject{{QStringLiteral("omit_s"), 0.5}});
    run.limiters.busy = 1;
    EndRecord local;
    local.end = RunEnd::Local;
    local.sender = true;
    local.knobsAfter = after;
    local.deviceQueueInterface = device;
    local.deviceQueueKind = QStringLiteral("tbf");
    local.deviceQueue = queue;
    run.ends = {local};
    return run;
}

} // namespace

class TestDeviceRules final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void deviceQueueThreshold();
    void deviceQueueSentence();
    void offloadsOff_data();
    void offloadsOff();
    void offloadsOffInTheVerdict();
    void factsOfARun();
    void roundTrip();
};

void TestDeviceRules::initTestCase()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestDeviceRules::deviceQueueThreshold()
{
    QVERIFY(!deviceQueueFinding(deviceQueued(9.9)));
    QVERIFY(deviceQueueFinding(deviceQueued(10)));
    DiagnosisFacts unwatched = deviceQueued(50);
    unwatched.deviceQueueInterface.clear();
    QVERIFY(!deviceQueueFinding(unwatched));
    // It comes right after the bottleneck's queue, and keeps "no limiter" from being said.
    DiagnosisFacts both = deviceQueued(230);
    both.queueAverageBytes = 1900000;
    both.queueRateBps = 50000000;
    QCOMPARE(rulesOf(RunDiagnosis::findings(both)), (QList<Rule>{Rule::Queue, Rule::DeviceQueue}));
}

void TestDeviceRules::deviceQueueSentence()
{
    const QList<Finding> found = RunDiagnosis::findings(deviceQueued(230.4));
    QCOMPARE(rulesOf(found), QList<Rule>{Rule::DeviceQueue});
    QCOMPARE(RunDiagnosis::verdict(found),
             QStringLiteral("The device queue of eth0 (txqueuelen 1000, pfifo_fast) held 230 packets on average, up "
                            "to 412."));
    DiagnosisFacts unknownLength = deviceQueued(12);
    unknownLength.deviceTxqueuelen = -1;
    unknownLength.deviceQueueKind = QStringLiteral("tbf");
    QCOMPARE(RunDiagnosis::verdict(RunDiagnosis::findings(unknownLength)),
             QStringLiteral("The device queue of eth0 (tbf) held 12 packets on average, up to 412."));
    DiagnosisFacts dropping = deviceQueued(21);
    dropping.deviceQueueDrops = 1204;
    QCOMPARE(RunDiagnosis::verdict(RunDiagnosis::findings(dropping)),
             QStringLiteral("The device queue of eth0 (txqueuelen 1000, pfifo_fast) held 21 packets on average, up to "
                            "412, and dropped 1,204."));
}

void TestDeviceRules::offloadsOff_data()
{
    QTest::addColumn<KnobSnapshot>("after");
    QTest::addColumn<QString>("watched");
    QTest::addColumn<QString>("device");
    QTest::addColumn<qint64>("segment");
    QTest::addColumn<qint64>("perGb");
    const auto link = [](const char *d, const char *p, const char *v) {
        return std::pair{QStringLiteral("link.%1.%2").arg(QLatin1String(d), QLatin1String(p)), QString::fromLatin1(v)};
    };
    KnobSnapshot off{link("veth0", "gso", "0"), link("veth0", "tso", "0"), link("veth0", "mtu", "1500")};
    QTest::addRow("both off") << off << QString() << QStringLiteral("veth0") << qint64(1448) << qint64(690608);
    KnobSnapshot tsoOn = off;
    tsoOn.insert(link("veth0", "tso", "1").first, QStringLiteral("1"));
    QTest::addRow("TSO still on") << tsoOn << QString() << QString() << qint64(-1) << qint64(-1);
    KnobSnapshot noTso{link("eth1", "gso", "0"), link("eth1", "mtu", "9000")};
    QTest::addRow("no TSO, jumbo MTU") << noTso << QString() << QStringLiteral("eth1") << qint64(8948)
                                       << qint64(111757);
    KnobSnapshot onlyLo{link("lo", "gso", "0"), link("lo", "tso", "0")};
    QTest::addRow("loopback is not the path") << onlyLo << QString() << QString() << qint64(-1) << qint64(-1);
    KnobSnapshot two = off;
    two.insert(link("a0", "gso", "0").first, QStringLiteral("0"));
    QTest::addRow("the watched device first")
        << two << QStringLiteral("veth0") << QStringLiteral("veth0") << qint64(1448) << qint64(690608);
    QTest::addRow("else the first in order")
        << two << QString() << QStringLiteral("a0") << qint64(1448) << qint64(690608);
    KnobSnapshot vlan = off;
    vlan.insert(link("veth0.100", "gso", "1").first, QStringLiteral("1"));
    QTest::addRow("a device name with a dot")
        << vlan << QStringLiteral("veth0") << QStringLiteral("veth0") << qint64(1448) << qint64(690608);
}

void TestDeviceRules::offloadsOff()
{
    QFETCH(KnobSnapshot, after);
    QFETCH(QString, watched);
    QFETCH(QString, device);
    QFETCH(qint64, segment);
    QFETCH(qint64, perGb);
    DiagnosisFacts f;
    addDeviceFacts(runThrough(watched, after, {}), 0, f);
    const std::optional<Finding> found = offloadsOffFinding(f);
    QCOMPARE(found.has_value(), !device.isEmpty());
    if (!found)
        return;
    QCOMPARE(found->device, device);
    QCOMPARE(qint64(found->bytes), segment);
    QCOMPARE(found->count, perGb);
}

void TestDeviceRules::offloadsOffInTheVerdict()
{
    DiagnosisFacts f = busySender();
    f.offloadsOffDevice = QStringLiteral("veth0");
    f.offloadsOffMtu = 1500;
    const QList<Finding> found = RunDiagnosis::findings(f);
    QCOMPARE(rulesOf(found), (QList<Rule>{Rule::NoLimiter, Rule::OffloadsOff}));
    QCOMPARE(RunDiagnosis::verdict(found),
             QStringLiteral("No limiter held the flow back most of the time (busy 100 % of the time). GSO and TSO are "
                            "off at the sender (veth0): 1,448-byte segments leave the stack one by one (690,608 per "
                            "GB)."));
    f.senderEnd = RunEnd::Remote;
    QVERIFY(
        RunDiagnosis::verdict(RunDiagnosis::findings(f)).contains(QLatin1String("at the far end, which sent (veth0)")));
}

// The device queue's figures come from the samples after the omitted start; txqueuelen from the
// snapshot taken during the run.
void TestDeviceRules::factsOfARun()
{
    const KnobSnapshot after{{QStringLiteral("link.tcpt-c0.txqueuelen"), QStringLiteral("1000")}};
    const RunRecord run = runThrough(QStringLiteral("tcpt-c0"), after,
                                     {{0.1, 900000, 600, 0, 0}, {0.6, 30000, 20, 0, 0}, {1.0, 60000, 40, 3, 0}});
    const DiagnosisFacts f = factsOf(run);
    QCOMPARE(f.deviceQueueInterface, QStringLiteral("tcpt-c0"));
    QCOMPARE(f.deviceQueueKind, QStringLiteral("tbf"));
    QCOMPARE(f.deviceTxqueuelen, qint64(1000));
    QCOMPARE(f.deviceQueueAveragePackets, 30.0);
    QCOMPARE(f.deviceQueuePeakPackets, qint64(40));
    QCOMPARE(f.deviceQueueDrops, qint64(3));
    QVERIFY(RunDiagnosis::verdictOf(run).startsWith(QLatin1String(
        "The device queue of tcpt-c0 (txqueuelen 1000, tbf) held 30 packets on average, up to 40, and dropped 3.")));
}

void TestDeviceRules::roundTrip()
{
    DiagnosisFacts f = deviceQueued(230);
    f.offloadsOffDevice = QStringLiteral("eth0");
    f.offloadsOffMtu = 1500;
    const QList<Finding> found = RunDiagnosis::findings(f);
    QCOMPARE(rulesOf(found), (QList<Rule>{Rule::DeviceQueue, Rule::OffloadsOff}));
    const QJsonArray json = findingsToJson(found);
    QCOMPARE(json.at(0).toObject().value(QStringLiteral("rule")).toString(), QStringLiteral("device-queue"));
    QCOMPARE(json.at(0).toObject().value(QStringLiteral("qdisc")).toString(), QStringLiteral("pfifo_fast"));
    QCOMPARE(json.at(1).toObject().value(QStringLiteral("rule")).toString(), QStringLiteral("offloads-off"));
    QVERIFY(!json.at(1).toObject().contains(QStringLiteral("qdisc")));
    QCOMPARE(RunDiagnosis::verdict(findingsFromJson(json)), RunDiagnosis::verdict(found));

    EndRecord e;
    e.deviceQueueInterface = QStringLiteral("eth0");
    e.deviceQueueKind = QStringLiteral("mq");
    e.deviceQueue = {{0.1, 3000, 2, 0, 0}};
    const EndRecord back = endRecordFromJson(toJson(e));
    QCOMPARE(back.deviceQueueInterface, e.deviceQueueInterface);
    QCOMPARE(back.deviceQueueKind, e.deviceQueueKind);
    QCOMPARE(back.deviceQueue.size(), 1);
    QCOMPARE(back.deviceQueue.first().backlogPackets, qint64(2));
    QVERIFY(!toJson(EndRecord{}).contains(QStringLiteral("device_queue")));
}

QTEST_GUILESS_MAIN(TestDeviceRules)
#include "tst_device_rules.moc"

// Link knobs in a real lab run (`tcptune sweep` of a one-run spec, as root), with ethtool, ip and
// tshark as the oracles: with link.tcpt-c0.gso=off and tso=off, `ethtool -k` inside the client
// namespace shows both off during the run and on again after it (and link.tcpt-c0.qdisc=pfifo
// limit 500 shows in `tc qdisc show` during the run only), and the capture on the client's
// veth holds no frame the client sent longer than the MTU allows; the same run without them
// captures GSO frames above it. Both runs' stored link facts (before the run) equal
// `ethtool -i/-k`, `ip -d link` and `tc qdisc show`, the off run's "after" snapshot holds the values it ran with,
// and the A/B of the two runs lists the changed link knobs. The verdict reads them: the off run
// has the offloads-off finding (rule 7a) and its device queue (the pfifo) was watched; a routed
// run whose client veth has a 20 Mbit/s tbf of its own behind a 100 Mbit/s lab has the
// device-queue finding (rule 1a).

#include "command_runner.h"
#include "experiment/diagnosis/run_diagnosis.h"
#include "experiment/record/run_configuration.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store.h"
#include "experiment/store/stored_run_details.h"
#include "history/ab_comparison.h"
#include "lab_cleanup.h"
#include "scratch_namespace.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kLab = QStringLiteral("t-nic1");
const QString kClientNetns = QStringLiteral("tcptune-t-nic1-client");
const QString kDevice = QStringLiteral("tcpt-c0");
const QString kClientAddress = QStringLiteral("198.18.1.1"); // the lab's client, the sender of its runs
// An Ethernet frame of a 1500-byte MTU: what a capture may hold without GSO.
constexpr int kLargestFrame = 1514;

QString inClient(const QStringList &command)
{
    QProcess p;
    p.start(QStringLiteral("ip"), QStringList{QStringLiteral("netns"), QStringLiteral("exec"), kClientNetns} + command);
    p.waitForFinished(10000);
    return QString::fromUtf8(p.readAllStandardOutput());
}

// `tc qdisc show dev` of the client's link: the oracle of the qdisc knob.
QString clientQdisc()
{
    return inClient(
               {QStringLiteral("tc"), QStringLiteral("qdisc"), QStringLiteral("show"), QStringLiteral("dev"), kDevice})
        .trimmed();
}

// What the snapshot holds for the root qdisc tc shows ("qdisc noqueue 0: root refcnt 2"): the
// kernel's own as "default KIND", else the kind first.
bool snapshotMatchesTc(const QString &stored, const QString &tcLine)
{
    const QStringList words = tcLine.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.size() < 3)
        return false;
    if (words[2] == QLatin1String("0:"))
        return stored == QStringLiteral("default ") + words[1];
    return stored == words[1] || stored.startsWith(words[1] + QLatin1Char(' '));
}

QString ethtoolLine(const QString &text, const QString &name)
{
    const QRegularExpression line(QStringLiteral("^%1: ?(.*)$").arg(QRegularExpression::escape(name)),
                                  QRegularExpression::MultilineOption);
    return line.match(text).captured(1).trimmed();
}

QString feature(const QString &name)
{
    return ethtoolLine(inClient({QStringLiteral("ethtool"), QStringLiteral("-k"), kDevice}), name);
}

// The largest frame the client sent in a capture, as tshark reads it. Frames it received come
// from the server's veth, whose offloads stay on: a peer's GSO frame arrives whole.
int largestFrame(const QString &pcap)
{
    QProcess p;
    p.start(QStringLiteral("tshark"),
            {QStringLiteral("-r"), pcap, QStringLiteral("-Y"), QStringLiteral("ip.src == ") + kClientAddress,
             QStringLiteral("-T"), QStringLiteral("fields"), QStringLiteral("-e"), QStringLiteral("frame.len")});
    p.waitForFinished(60000);
    int largest = 0;
    for (const QByteArray &line : p.readAllStandardOutput().split('\n'))
        largest = std::max(largest, line.trimmed().toInt());
    return largest;
}

} // namespace

class TestLinkKnobsRun final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void offloadsOffDuringTheRunOnly();
    void offloadsOnCaptureGsoFrames();
    void storedFactsEqualEthtoolAndIp();
    void abListsTheChangedLinkKnobs();
    void resultsShowListsTheCapture();
    void deviceQueueInTheVerdict();

private:
    // Runs a one-run spec with KNOBS in the lab (TOPOLOGY), checking during the run with DURING.
    void runSpec(const QString &name, const QString &knobs, const std::function<void()> &during = {},
                 const QString &topology = QStringLiteral("direct"), int streams = 1);
    QList<RunRecord> runsOf(const QString &experimentName);
    // RUN's finding of RULE, or null (valid until the next call).
    const Finding *findingOf(const RunRecord &run, Finding::Rule rule);
    QList<Finding> m_findings;
    QTemporaryDir m_dir;
    QString db() const { return m_dir.filePath(QStringLiteral("results.db")); }
};

void TestLinkKnobsRun::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root: the lab is built through tcptune-helper");
    QVERIFY(m_dir.isValid());
    removeLab(kLab);
}

void TestLinkKnobsRun::cleanupTestCase()
{
    if (runningAsRoot())
        removeLab(kLab);
}

void TestLinkKnobsRun::runSpec(const QString &name, const QString &knobs, const std::function<void()> &during,
                               const QString &topology, int streams)
{
    const QString path = m_dir.filePath(name + QStringLiteral(".json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(QStringLiteral(R"({"name": "%1", "target": {"kind": "lab", "lab": "%2"}, "duration_s": 3,
        "capture": true, "workload": {"streams": %5}, "knobs": {"lab.topology": "%4"%3}})")
                   .arg(name, kLab, knobs, topology)
                   .arg(streams)
                   .toUtf8());
    file.close();
    QProcess tcptune;
    tcptune.start(binary(QStringLiteral("tcptune")), {QStringLiteral("sweep"), path, QStringLiteral("--db"), db()});
    QVERIFY(tcptune.waitForStarted(5000));
    if (during)
        during();
    QVERIFY(tcptune.waitForFinished(90000));
    QVERIFY2(tcptune.exitCode() == 0, tcptune.readAllStandardError().constData());
}

QList<RunRecord> TestLinkKnobsRun::runsOf(const QString &experimentName)
{
    ResultStore store;
    if (!store.open(db()))
        return {};
    for (const ExperimentRecord &e : store.experiments().value_or(QList<ExperimentRecord>{}))
        if (e.name == experimentName)
            return store.runs(e.id).value_or(QList<RunRecord>{});
    return {};
}

void TestLinkKnobsRun::offloadsOffDuringTheRunOnly()
{
    runSpec(QStringLiteral("offloads-off"), QStringLiteral(R"(, "link.tcpt-c0.gso": "off", "link.tcpt-c0.tso": "off",
                "link.tcpt-c0.qdisc": "pfifo limit 500")"),
            [] {
                // The lab comes up first; then the knobs stay off for the whole run.
                QTRY_COMPARE_WITH_TIMEOUT(feature(QStringLiteral("tcp-segmentation-offload")), QStringLiteral("off"),
                                          60000);
                QCOMPARE(feature(QStringLiteral("generic-segmentation-offload")), QStringLiteral("off"));
                QVERIFY2(clientQdisc().contains(QLatin1String("limit 500p")), qPrintable(clientQdisc()));
            });
    QVERIFY2(!clientQdisc().contains(QLatin1String("limit 500p")), qPrintable(clientQdisc()));
    QCOMPARE(feature(QStringLiteral("generic-segmentation-offload")), QStringLiteral("on"));
    QCOMPARE(feature(QStringLiteral("tcp-segmentation-offload")), QStringLiteral("on"));
    const QList<RunRecord> runs = runsOf(QStringLiteral("offloads-off"));
    QCOMPARE(runs.size(), 1);
    ResultStore store;
    QVERIFY(store.open(db()));
    const auto captures = store.captures(runs.first().id);
    QVERIFY(captures && !captures->isEmpty());
    QCOMPARE(captures->first().interface, kDevice);
    const int largest = largestFrame(captures->first().path);
    qInfo() << "largest frame without GSO and TSO:" << largest;
    QVERIFY(largest > 1000); // full-sized segments were captured
    QVERIFY2(largest <= kLargestFrame, qPrintable(QString::number(largest)));
    const KnobSnapshot after =
        store.knobSnapshot(runs.first().id, QStringLiteral("local"), QStringLiteral("after")).value_or(KnobSnapshot{});
    QCOMPARE(after.value(QStringLiteral("link.tcpt-c0.gso")), QStringLiteral("0"));
    QCOMPARE(after.value(QStringLiteral("link.tcpt-c0.tso")), QStringLiteral("0"));
    QCOMPARE(after.value(QStringLiteral("link.tcpt-c0.qdisc")), QStringLiteral("pfifo limit 500"));
    // Rule 7a: the stack cut 1,448-byte segments (MTU 1500) on the client's veth.
    const Finding *offloads = findingOf(runs.first(), Finding::Rule::OffloadsOff);
    QVERIFY(offloads);
    QCOMPARE(offloads->device, kDevice);
    QCOMPARE(qint64(offloads->bytes), qint64(1448));
    QCOMPARE(offloads->count, qint64(690608));
    // The unshaped direct lab has no bottleneck queue: the client's own device queue was watched.
    const EndRecord *local = runs.first().senderEnd();
    QVERIFY(local);
    QCOMPARE(local->deviceQueueInterface, kDevice);
    QCOMPARE(local->deviceQueueKind, QStringLiteral("pfifo"));
    QVERIFY(!local->deviceQueue.isEmpty());
}

void TestLinkKnobsRun::offloadsOnCaptureGsoFrames()
{
    runSpec(QStringLiteral("offloads-on"), QString());
    const QList<RunRecord> runs = runsOf(QStringLiteral("offloads-on"));
    QCOMPARE(runs.size(), 1);
    ResultStore store;
    QVERIFY(store.open(db()));
    const auto captures = store.captures(runs.first().id);
    QVERIFY(captures && !captures->isEmpty());
    const int largest = largestFrame(captures->first().path);
    qInfo() << "largest frame with GSO and TSO:" << largest;
    QVERIFY2(largest > kLargestFrame, qPrintable(QString::number(largest)));
    QVERIFY(!findingOf(runs.first(), Finding::Rule::OffloadsOff));
    QVERIFY(runs.first().senderEnd());
    QCOMPARE(runs.first().senderEnd()->deviceQueueKind, QStringLiteral("noqueue")); // a veth's own
}

void TestLinkKnobsRun::storedFactsEqualEthtoolAndIp()
{
    const QString info = inClient({QStringLiteral("ethtool"), QStringLiteral("-i"), kDevice});
    const QString features = inClient({QStringLiteral("ethtool"), QStringLiteral("-k"), kDevice});
    const QString link =
        inClient({QStringLiteral("ip"), QStringLiteral("-d"), QStringLiteral("link"), QStringLiteral("show"), kDevice})
            .simplified();
    const auto onOff = [&](const char *name) {
        return ethtoolLine(features, QLatin1String(name)).startsWith(QLatin1String("on")) ? QStringLiteral("1")
                                                                                          : QStringLiteral("0");
    };
    const QMap<QString, QString> expected = {
        {QStringLiteral("driver"), ethtoolLine(info, QStringLiteral("driver"))},
        {QStringLiteral("driver_version"), ethtoolLine(info, QStringLiteral("version"))},
        {QStringLiteral("firmware"), ethtoolLine(info, QStringLiteral("firmware-version"))},
        {QStringLiteral("bus"), ethtoolLine(info, QStringLiteral("bus-info"))},
        {QStringLiteral("gso"), onOff("generic-segmentation-offload")},
        {QStringLiteral("tso"), onOff("tcp-segmentation-offload")},
        {QStringLiteral("gro"), onOff("generic-receive-offload")},
        {QStringLiteral("lro"), onOff("large-receive-offload")},
        {QStringLiteral("sg"), onOff("scatter-gather")},
        {QStringLiteral("rx-checksum"), onOff("rx-checksumming")},
        {QStringLiteral("tx-checksum"), onOff("tx-checksumming")},
        {QStringLiteral("mtu"), QRegularExpression(QStringLiteral(" mtu (\\d+) ")).match(link).captured(1)},
        {QStringLiteral("txqueuelen"), QRegularExpression(QStringLiteral(" qlen (\\d+)")).match(link).captured(1)},
        {QStringLiteral("gso_max_size"),
         QRegularExpression(QStringLiteral(" gso_max_size (\\d+)\\b")).match(link).captured(1)},
        {QStringLiteral("gro_max_size"),
         QRegularExpression(QStringLiteral(" gro_max_size (\\d+)\\b")).match(link).captured(1)},
    };
    ResultStore store;
    QVERIFY(store.open(db()));
    for (const QString &experiment : {QStringLiteral("offloads-off"), QStringLiteral("offloads-on")}) {
        const QList<RunRecord> runs = runsOf(experiment);
        QCOMPARE(runs.size(), 1);
        const KnobSnapshot before =
            store.knobSnapshot(runs.first().id, QStringLiteral("local"), QStringLiteral("before"))
                .value_or(KnobSnapshot{});
        for (auto it = expected.begin(); it != expected.end(); ++it)
            QCOMPARE(before.value(QStringLiteral("link.tcpt-c0.") + it.key(), QStringLiteral("(missing)")), it.value());
        // veth has none of these: they are not in the snapshot rather than made up.
        QVERIFY(!before.contains(QStringLiteral("link.tcpt-c0.tx-usecs")));
        QVERIFY(!before.contains(QStringLiteral("link.tcpt-c0.bql_limit_max")));
        const QString qdisc = before.value(QStringLiteral("link.tcpt-c0.qdisc"));
        QVERIFY2(snapshotMatchesTc(qdisc, clientQdisc()), qPrintable(qdisc + QStringLiteral(" / ") + clientQdisc()));
    }
}

void TestLinkKnobsRun::abListsTheChangedLinkKnobs()
{
    ResultStore store;
    QVERIFY(store.open(db()));
    QList<RunConfiguration> configurations;
    for (const QString &name : {QStringLiteral("offloads-off"), QStringLiteral("offloads-on")}) {
        const QList<RunRecord> runs = runsOf(name);
        QCOMPARE(runs.size(), 1);
        auto experiment = store.experiment(runs.first().experimentId);
        QVERIFY(experiment);
        auto plan = SweepPlan::fromJson(experiment->plan);
        QVERIFY(plan);
        configurations << storedConfiguration(store, *plan, runs.first());
    }
    QStringList changed;
    for (const AbKnobRow &row : compareConfigurations(configurations[0], configurations[1]))
        if (row.differs)
            changed << QStringLiteral("%1 %2 -> %3").arg(row.key, row.a, row.b);
    qInfo().noquote() << changed.join(QStringLiteral("; "));
    QVERIFY2(changed.contains(QStringLiteral("link.tcpt-c0.gso 0 -> 1")), qPrintable(changed.join(QLatin1Char(';'))));
    QVERIFY2(changed.contains(QStringLiteral("link.tcpt-c0.tso 0 -> 1")), qPrintable(changed.join(QLatin1Char(';'))));
    QVERIFY2(changed.filter(QRegularExpression(QStringLiteral("^link\\.tcpt-c0\\.qdisc pfifo limit 500 -> "))).size() ==
                 1,
             qPrintable(changed.join(QLatin1Char(';'))));
}

// The run's capture file is where `tcptune results show` says, as text and as JSON.
void TestLinkKnobsRun::resultsShowListsTheCapture()
{
    const QList<RunRecord> runs = runsOf(QStringLiteral("offloads-on"));
    QCOMPARE(runs.size(), 1);
    ResultStore store;
    QVERIFY(store.open(db()));
    const auto captures = store.captures(runs.first().id);
    QVERIFY(captures && captures->size() == 1);
    const QString path = captures->first().path;
    QVERIFY(QFile::exists(path));
    const QString id = QString::number(runs.first().experimentId);
    const CommandResult text =
        runTcptune({QStringLiteral("results"), QStringLiteral("show"), id, QStringLiteral("--db"), db()});
    QVERIFY2(text.exitCode == 0, text.err.constData());
    QVERIFY2(QString::fromUtf8(text.out).contains(path), text.out.constData());
    const CommandResult json = runTcptune({QStringLiteral("results"), QStringLiteral("show"), id,
                                           QStringLiteral("--json"), QStringLiteral("--db"), db()});
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const QJsonObject run = QJsonDocument::fromJson(json.out)
                                .object()
                                .value(QStringLiteral("points"))
                                .toArray()
                                .at(0)
                                .toObject()
                                .value(QStringLiteral("runs"))
                                .toArray()
                                .at(0)
                                .toObject();
    const QJsonObject capture = run.value(QStringLiteral("captures")).toArray().at(0).toObject();
    QCOMPARE(capture.value(QStringLiteral("path")).toString(), path);
}

// Behind a 100 Mbit/s lab the client's own 20 Mbit/s tbf is where the data waits: its device
// queue (not the router's bottleneck) holds a standing backlog, and the verdict names it. Eight
// streams: TCP Small Queues keeps each flow's share of a device queue to about a millisecond of
// its rate (one flow: 1-2 packets), so a standing queue there takes several flows.
void TestLinkKnobsRun::deviceQueueInTheVerdict()
{
    runSpec(
        QStringLiteral("device-queue"),
        QStringLiteral(R"(, "lab.rate": "100mbit", "link.tcpt-c0.qdisc": "tbf rate 20mbit burst 32kb limit 200kb")"),
        {}, QStringLiteral("routed"), 8);
    const QList<RunRecord> runs = runsOf(QStringLiteral("device-queue"));
    QCOMPARE(runs.size(), 1);
    const EndRecord *local = runs.first().senderEnd();
    QVERIFY(local);
    QCOMPARE(local->deviceQueueInterface, kDevice);
    QCOMPARE(local->deviceQueueKind, QStringLiteral("tbf"));
    const Finding *device = findingOf(runs.first(), Finding::Rule::DeviceQueue);
    QVERIFY2(device, qPrintable(RunDiagnosis::verdictOf(runs.first())));
    qInfo().noquote() << RunDiagnosis::sentence(*device);
    QCOMPARE(device->device, kDevice);
    QCOMPARE(device->qdisc, QStringLiteral("tbf"));
    QCOMPARE(device->queueLength, qint64(1000)); // a veth's txqueuelen
    QVERIFY(device->averagePackets >= DiagnosisThresholds::kDeviceQueuePackets);
    QVERIFY(device->count >= qint64(device->averagePackets));
    QVERIFY(device->drops >= 0); // its tbf's 200 KB limit: counted, whatever the number
}

const Finding *TestLinkKnobsRun::findingOf(const RunRecord &run, Finding::Rule rule)
{
    m_findings = RunDiagnosis::findingsOf(run);
    for (const Finding &f : std::as_const(m_findings))
        if (f.rule == rule)
            return &f;
    return nullptr;
}

QTEST_GUILESS_MAIN(TestLinkKnobsRun)
#include "tst_link_knobs_run.moc"

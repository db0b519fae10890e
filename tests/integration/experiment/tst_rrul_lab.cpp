// Issue 34's acceptance for latency under load, on real lab traffic as root. `tcptune sweep`
// runs the rrul workload (4 streams each way, UDP and TCP probes every 100 ms after an idle
// phase) in a routed lab at 50 Mbit/s both ways, over the bottleneck's queue limit:
// - 2 MB: latency under load at least +50 ms over idle (the queue holds 335 ms at that rate);
// - 64 KiB: at most +15 ms;
// - 6 KB (four packets): the queue drops probes, and the result counts them lost;
// the verdict names the bottleneck queue; the sweep's table shows each point's idle and loaded latency, the increase
// and the loss; and, with the lab idle afterwards, each run's idle latency is within 0.5 ms of `ping`'s median between
// the same two namespaces (iputils-ping, the oracle, run here).

#include "command_runner.h"
#include "experiment/store/result_store.h"
#include "lab/lab_layout.h"
#include "lab_cleanup.h"
#include "scratch_namespace.h"
#include "tshark_oracle.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kLab = QStringLiteral("t-rrul");

QString writeSpec(const QTemporaryDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("rrul.json"));
    const QByteArray spec = QStringLiteral(R"({"name": "latency under load", "target": {"kind": "lab"},
        "knobs": {"lab.topology": "routed", "lab.rate": "50mbit", "socket.TCP_CONGESTION": "cubic"},
        "workload": {"type": "rrul", "idle_s": 3},
        "duration_s": 8, "omit_s": 1, "pause_s": 0.2, "sample_ms": 50, "repeats": 1,
        "sweep": {"axes": [{"parameter": "lab.queue", "values": ["2M", "64K", "6K"]}]}})")
                                .toUtf8();
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(spec) == spec.size() ? path : QString();
}

// `ping`'s round trips from the lab's client namespace to its server, as it prints them.
QList<double> pingTimes(const LabLayout &lab)
{
    QProcess ping;
    ping.start(QStringLiteral("ip"),
               {QStringLiteral("netns"), QStringLiteral("exec"), lab.clientNetns, QStringLiteral("ping"),
                QStringLiteral("-n"), QStringLiteral("-c"), QStringLiteral("30"), QStringLiteral("-i"),
                QStringLiteral("0.1"), lab.serverAddress});
    if (!ping.waitForFinished(20000))
        return {};
    QList<double> times;
    static const QRegularExpression time(QStringLiteral(R"(time=([0-9.]+) ms)"));
    for (auto it = time.globalMatch(QString::fromUtf8(ping.readAllStandardOutput())); it.hasNext();)
        times.append(it.next().captured(1).toDouble());
    return times;
}

} // namespace

class TestRrulLab final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void latencyGrowsWithTheQueue();
};

void TestRrulLab::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root: the lab is built through tcptune-helper");
    removeLab(kLab);
}

void TestRrulLab::cleanupTestCase()
{
    if (runningAsRoot())
        removeLab(kLab);
}

void TestRrulLab::latencyGrowsWithTheQueue()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString spec = writeSpec(dir);
    QVERIFY(!spec.isEmpty());
    const QString db = dir.filePath(QStringLiteral("results.db"));
    const CommandResult r =
        runTcptune({QStringLiteral("sweep"), spec, QStringLiteral("--lab"), kLab, QStringLiteral("--db"), db}, 150000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    ResultStore store;
    QVERIFY(store.open(db));
    const auto experiments = store.experiments();
    QVERIFY(experiments && experiments->size() == 1);
    const auto runs = store.runs(experiments->first().id);
    QVERIFY(runs && runs->size() == 3);
    QList<LatencyUnderLoad> results;
    for (const RunRecord &run : *runs) {
        QCOMPARE(run.status, RunStatus::Ok);
        const LatencyUnderLoad u = run.underLoad();
        QVERIFY(u.measured);
        qInfo().noquote() << run.pointLabel << "idle" << u.idleMs.median << "ms, loaded" << u.loadedMs.median
                          << "ms (p95" << u.loadedMs.p95 << "), +" << u.increaseMs() << "ms, UDP lost" << u.udpLost
                          << "of" << u.udpSent << ", TCP probe idle" << u.tcpIdleMs.median << "loaded"
                          << u.tcpLoadedMs.median;
        QVERIFY(u.idleMs.count >= 20);  // 3 s at 10 a second
        QVERIFY(u.udpLoadedSent >= 60); // 7 s after the omitted second, answered or lost
        results.append(u);
    }
    // Answered probes of both kinds where the queue drops little (against the tiny queue the TCP
    // probe waits behind its own retransmissions, a few answers in the run).
    for (int i : {0, 1})
        QVERIFY(results[i].loadedMs.count >= 40 && results[i].tcpLoadedMs.count >= 10);
    QVERIFY2(results[0].increaseMs() >= 50, "a 2 MB queue at 50 Mbit/s adds at least 50 ms");
    QVERIFY2(results[1].increaseMs() <= 15, "a 64 KiB queue adds at most 15 ms");
    QVERIFY2(results[0].udpLoadedLost == 0 || results[2].udpLoadedLost > results[0].udpLoadedLost,
             "the tiny queue loses more probes");
    // The verdict names the bottleneck queue the lab watches (the 2 MB point's queue held hundreds
    // of kB).
    QVERIFY2(QString::fromUtf8(r.err).contains(QStringLiteral("The bottleneck queue held")), r.err.constData());
    // The sweep's table has latency under load's columns, each point's increase in them.
    const QString table = QString::fromUtf8(r.out);
    QVERIFY2(table.contains(QStringLiteral("latency under load ms")), qPrintable(table));
    for (const LatencyUnderLoad &u : results)
        QVERIFY2(table.contains(QStringLiteral("| %1%2 ms |")
                                    .arg(u.increaseMs() >= 0 ? QStringLiteral("+") : QString())
                                    .arg(u.increaseMs(), 0, 'f', 1)),
                 qPrintable(table));
    QVERIFY2(results[2].udpLoadedLost > 0, "a 6 KB queue drops probes, and they are counted lost");

    const QList<double> ping = pingTimes(layoutFor(kLab, LabTopology::Routed));
    QVERIFY2(ping.size() >= 25, "ping answered in the idle lab");
    const double pingMedian = medianOf(ping);
    for (const LatencyUnderLoad &u : results) {
        qInfo() << "idle" << u.idleMs.median << "ms against ping's" << pingMedian << "ms";
        QVERIFY(std::abs(u.idleMs.median - pingMedian) <= 0.5);
    }
}

QTEST_GUILESS_MAIN(TestRrulLab)
#include "tst_rrul_lab.moc"

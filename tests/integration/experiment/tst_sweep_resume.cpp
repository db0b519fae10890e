// A sweep killed with SIGKILL in the middle keeps every finished run; `--resume ID` repeats
// none of them and completes the table; the sysctl the sweep changed is rolled back by the
// helper when the killed process's pipe closes, and the host's value never changes.

#include "command_runner.h"
#include "experiment/store/result_store.h"
#include "lab_cleanup.h"
#include "scratch_namespace.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kLab = QStringLiteral("t-exp3");
const QString kKnob = QStringLiteral("/proc/sys/net/ipv4/tcp_limit_output_bytes");

QString readInLab(const QString &netns)
{
    QProcess p;
    p.start(QStringLiteral("ip"),
            {QStringLiteral("netns"), QStringLiteral("exec"), netns, QStringLiteral("cat"), kKnob});
    p.waitForFinished(5000);
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

QString readHost()
{
    QFile f(kKnob);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()).trimmed() : QString();
}

} // namespace

class TestSweepResume final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void killThenResume();
    void sigtermCancelsWithKnobsRestored();

private:
    static QString writeSpec(const QTemporaryDir &dir);
};

QString TestSweepResume::writeSpec(const QTemporaryDir &dir)
{
    const QString spec = dir.filePath(QStringLiteral("spec.json"));
    QFile file(spec);
    if (!file.open(QIODevice::WriteOnly))
        return QString();
    file.write(R"({"name": "kill and resume", "target": {"kind": "lab", "lab": "t-exp3"},
        "knobs": {"lab.rate": "50mbit", "lab.queue": "256K"}, "duration_s": 1, "omit_s": 0.2, "sample_ms": 10,
        "sweep": {"axes": [{"parameter": "net.ipv4.tcp_limit_output_bytes",
                            "values": ["64K", "128K", "256K", "512K", "1M"]}]}})");
    return spec;
}

void TestSweepResume::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root: the lab is built through tcptune-helper");
    removeLab(kLab);
}

void TestSweepResume::cleanupTestCase()
{
    if (runningAsRoot())
        removeLab(kLab);
}

void TestSweepResume::killThenResume()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString db = dir.filePath(QStringLiteral("results.db"));
    const QString spec = writeSpec(dir);
    QVERIFY(!spec.isEmpty());
    const QString hostBefore = readHost();

    QProcess sweep;
    sweep.start(binary(QStringLiteral("tcptune")), {QStringLiteral("sweep"), spec, QStringLiteral("--db"), db});
    QVERIFY(sweep.waitForStarted(5000));

    // Wait until two runs are stored, then kill the sweep in the middle of the third.
    ResultStore store;
    QDeadlineTimer deadline(40000);
    qint64 experimentId = 0;
    int finished = 0;
    while (!deadline.hasExpired() && sweep.state() == QProcess::Running) {
        if (!store.isOpen() && QFile::exists(db))
            (void)store.open(db);
        if (store.isOpen()) {
            if (auto list = store.experiments(); list && !list->isEmpty()) {
                experimentId = list->first().id;
                finished = int(store.finishedRunIndexes(experimentId)->size());
                if (finished >= 2)
                    break;
            }
        }
        QThread::msleep(50);
    }
    QVERIFY2(finished >= 2, sweep.readAllStandardError().constData());
    QVERIFY(finished < 5);
    sweep.kill(); // SIGKILL
    QVERIFY(sweep.waitForFinished(5000));
    QCOMPARE(sweep.exitStatus(), QProcess::CrashExit);

    auto before = store.runs(experimentId);
    QVERIFY(before.has_value());
    QList<RunRecord> done;
    for (const RunRecord &r : *before)
        if (r.status == RunStatus::Ok)
            done.append(r);
    QCOMPARE(done.size(), finished);
    const QString kernelValue = store.knobSnapshot(done.first().id, QStringLiteral("local"), QStringLiteral("before"))
                                    ->value(QStringLiteral("net.ipv4.tcp_limit_output_bytes"));
    QVERIFY(!kernelValue.isEmpty());

    // The helper saw its stdin close and rolled the lab's sysctl back (or the lab is gone).
    const QString client = QStringLiteral("tcptune-%1-client").arg(kLab);
    QDeadlineTimer restored(5000);
    QString now = readInLab(client);
    while (!restored.hasExpired() && labNamespaces(kLab).contains(client) && now != kernelValue) {
        QThread::msleep(50);
        now = readInLab(client);
    }
    if (labNamespaces(kLab).contains(client))
        QCOMPARE(now, kernelValue);
    QCOMPARE(readHost(), hostBefore);

    const CommandResult resumed =
        runTcptune({QStringLiteral("sweep"), QStringLiteral("--resume"), QString::number(experimentId),
                    QStringLiteral("--db"), db, QStringLiteral("--lab-down")},
                   60000);
    QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
    qInfo().noquote() << QString::fromUtf8(resumed.out);
    // Only the unfinished runs ran again.
    QVERIFY2(QString::fromUtf8(resumed.err).contains(QStringLiteral("%1 already done").arg(finished)),
             resumed.err.constData());

    auto after = store.runs(experimentId);
    QVERIFY(after.has_value());
    QCOMPARE(after->size(), 5);
    for (const RunRecord &r : *after)
        QCOMPARE(r.status, RunStatus::Ok);
    for (const RunRecord &old : done) {
        const RunRecord &same = after->at(old.runIndex);
        QCOMPARE(same.id, old.id);
        QCOMPARE(same.started, old.started);
        QCOMPARE(same.throughputBps, old.throughputBps);
    }
    QCOMPARE(store.experiment(experimentId)->status, ExperimentStatus::Finished);
    int rows = 0;
    for (const QString &line : QString::fromUtf8(resumed.out).split(QLatin1Char('\n')))
        if ((line.startsWith(QStringLiteral("| ")) && line.contains(QStringLiteral("KiB |"))) ||
            line.startsWith(QStringLiteral("| 1 MiB")))
            ++rows;
    QCOMPARE(rows, 5);
    QVERIFY(labNamespaces(kLab).isEmpty());
    QCOMPARE(readHost(), hostBefore);
}

void TestSweepResume::sigtermCancelsWithKnobsRestored()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString db = dir.filePath(QStringLiteral("results.db"));
    const QString spec = writeSpec(dir);
    QVERIFY(!spec.isEmpty());
    QProcess sweep;
    sweep.start(binary(QStringLiteral("tcptune")), {QStringLiteral("sweep"), spec, QStringLiteral("--db"), db});
    QVERIFY(sweep.waitForStarted(5000));
    ResultStore store;
    QDeadlineTimer deadline(40000);
    qint64 experimentId = 0;
    while (!deadline.hasExpired() && sweep.state() == QProcess::Running) {
        if (!store.isOpen() && QFile::exists(db))
            (void)store.open(db);
        if (store.isOpen()) {
            if (auto list = store.experiments(); list && !list->isEmpty()) {
                experimentId = list->first().id;
                if (store.finishedRunIndexes(experimentId)->size() >= 1)
                    break;
            }
        }
        QThread::msleep(50);
    }
    QVERIFY(experimentId > 0);
    sweep.terminate(); // SIGTERM: cancel, restore, print what there is
    QVERIFY(sweep.waitForFinished(15000));
    QCOMPARE(sweep.exitStatus(), QProcess::NormalExit);
    QCOMPARE(sweep.exitCode(), 130);
    QCOMPARE(store.experiment(experimentId)->status, ExperimentStatus::Cancelled);
    const auto runs = store.runs(experimentId);
    QVERIFY(runs.has_value() && !runs->isEmpty());
    const QString kernelValue = store.knobSnapshot(runs->first().id, QStringLiteral("local"), QStringLiteral("before"))
                                    ->value(QStringLiteral("net.ipv4.tcp_limit_output_bytes"));
    QVERIFY(!kernelValue.isEmpty());
    const QString client = QStringLiteral("tcptune-%1-client").arg(kLab);
    QVERIFY(labNamespaces(kLab).contains(client)); // the sweep keeps the lab without --lab-down
    QCOMPARE(readInLab(client), kernelValue);
    removeLab(kLab);
    QVERIFY(labNamespaces(kLab).isEmpty());
}

QTEST_GUILESS_MAIN(TestSweepResume)
#include "tst_sweep_resume.moc"

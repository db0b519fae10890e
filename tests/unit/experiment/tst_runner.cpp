// The Runner against a fake backend: the order of work per run, a failing point recorded while
// the sweep goes on, knobs restored after each run and on cancel, progress and statistics
// signals, and resuming without repeating finished runs. The real backend is exercised by the
// integration tests in the lab.

#include "experiment/run/runner.h"
#include "experiment/store/result_store.h"
#include "fake_backend.h"

#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <atomic>

using namespace tcptune;

using namespace tcptune::test;

class TestRunner final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void runsEveryPointInOrder_data();
    void runsEveryPointInOrder();
    void failingPointIsRecordedAndSweepGoesOn();
    void cancelRestoresKnobs();
    void resumeSkipsFinishedRuns();
    void worksOnAWorkerThread();
    void repeatsUntilPrecise();

private:
    QString dbPath() const { return m_dir->filePath(QStringLiteral("results.db")); }
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestRunner::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
}

void TestRunner::runsEveryPointInOrder_data()
{
    QTest::addColumn<int>("repeats");
    QTest::addColumn<bool>("capture");
    QTest::addRow("1 repeat") << 1 << false;
    QTest::addRow("3 repeats") << 3 << false;
    QTest::addRow("with capture") << 1 << true;
}

void TestRunner::runsEveryPointInOrder()
{
    QFETCH(int, repeats);
    QFETCH(bool, capture);
    FakeLog log;
    Runner runner(std::make_unique<FakeBackend>(&log), RunnerOptions{dbPath(), m_dir->path(), false});
    QSignalSpy finished(&runner, &Runner::finished);
    QSignalSpy runs(&runner, &Runner::runFinished);
    QSignalSpy samples(&runner, &Runner::samplesReady);
    QSignalSpy points(&runner, &Runner::pointUpdated);
    QSignalSpy progress(&runner, &Runner::progress);
    QSignalSpy failed(&runner, &Runner::failed);
    runner.run(makePlan(repeats, capture));
    QCOMPARE(failed.count(), 0);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.first().at(1).toString(), QStringLiteral("finished"));
    QCOMPARE(runs.count(), 3 * repeats);
    QCOMPARE(samples.count(), 3 * repeats);
    QCOMPARE(points.count(), 3 * repeats);
    QCOMPARE(progress.last().at(0).toInt(), 3 * repeats);
    QCOMPARE(progress.last().at(2).toDouble(), 0.0);
    QCOMPARE(log.applied, 3 * repeats);
    QVERIFY(log.restored >= 3 * repeats);
    const QStringList expected =
        capture ? QStringList{QStringLiteral("prepare"), QStringLiteral("snapshot"), QStringLiteral("apply"),
                              QStringLiteral("capture"), QStringLiteral("traffic"),  QStringLiteral("stop-capture"),
                              QStringLiteral("analyse"), QStringLiteral("snapshot"), QStringLiteral("restore")}
                : QStringList{QStringLiteral("prepare"), QStringLiteral("snapshot"), QStringLiteral("apply"),
                              QStringLiteral("traffic"), QStringLiteral("snapshot"), QStringLiteral("restore")};
    QCOMPARE(log.calls.mid(0, expected.size()), expected);
    QCOMPARE(log.calls.last(), QStringLiteral("finish"));
    const PointResult last = points.last().at(0).value<PointResult>();
    QCOMPARE(last.point.index, 2);
    QCOMPARE(last.stats.runs, repeats);
    QCOMPARE(last.stats.collapsedRuns, repeats); // the fake's intervals fall to a tenth

    ResultStore store;
    QVERIFY(store.open(dbPath()).has_value());
    const qint64 id = finished.first().at(0).toLongLong();
    auto stored = store.runs(id);
    QCOMPARE(stored->size(), 3 * repeats);
    const RunRecord &first = stored->first();
    QCOMPARE(first.status, RunStatus::Ok);
    QVERIFY(first.collapsed);
    QCOMPARE(first.settings.value(QStringLiteral("socket.SO_SNDBUF")), QStringLiteral("65536"));
    QCOMPARE(store.samples(first.id)->size(), 10);
    // Local before (kernel value), local after (the applied value), remote.
    QCOMPARE(store.knobSnapshot(first.id, QStringLiteral("local"), QStringLiteral("before"))
                 ->value(QStringLiteral("net.ipv4.tcp_autocorking")),
             QStringLiteral("1"));
    QCOMPARE(store.knobSnapshot(first.id, QStringLiteral("local"), QStringLiteral("after"))
                 ->value(QStringLiteral("net.ipv4.tcp_autocorking")),
             QStringLiteral("0"));
    QVERIFY(!store.knobSnapshot(first.id, QStringLiteral("remote"), QStringLiteral("before"))->isEmpty());
    QCOMPARE(store.captures(first.id)->size(), capture ? 1 : 0);
    QCOMPARE(store.experiment(id)->status, ExperimentStatus::Finished);
}

void TestRunner::failingPointIsRecordedAndSweepGoesOn()
{
    FakeLog log;
    auto backend = std::make_unique<FakeBackend>(&log);
    backend->failOnSndbuf = QStringLiteral("131072");
    Runner runner(std::move(backend), RunnerOptions{dbPath(), {}, false});
    QSignalSpy finished(&runner, &Runner::finished);
    runner.run(makePlan(2));
    QCOMPARE(finished.count(), 1);
    ResultStore store;
    QVERIFY(store.open(dbPath()).has_value());
    auto stored = store.runs(finished.first().at(0).toLongLong());
    QCOMPARE(stored->size(), 6);
    int failedRuns = 0;
    for (const RunRecord &r : *stored) {
        if (r.status == RunStatus::Failed) {
            ++failedRuns;
            QCOMPARE(r.pointIndex, 1);
            QCOMPARE(r.error, QStringLiteral("connection refused"));
        }
    }
    QCOMPARE(failedRuns, 2);
    QCOMPARE(stored->last().status, RunStatus::Ok);
}

void TestRunner::cancelRestoresKnobs()
{
    FakeLog log;
    auto backend = std::make_unique<FakeBackend>(&log);
    backend->blockOnRun = 1;
    Runner runner(std::move(backend), RunnerOptions{dbPath(), {}, false});
    QSignalSpy finished(&runner, &Runner::finished);
    QSignalSpy points(&runner, &Runner::pointUpdated);
    connect(&runner, &Runner::runStarted, &runner, [&runner](int runIndex) {
        if (runIndex == 1)
            QMetaObject::invokeMethod(
                &runner, [&runner] { runner.cancel(); }, Qt::DirectConnection);
    });
    runner.run(makePlan(1));
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.first().at(1).toString(), QStringLiteral("cancelled"));
    QCOMPARE(log.trafficRuns.load(), 2);
    QCOMPARE(log.calls.at(log.calls.size() - 2), QStringLiteral("restore"));
    ResultStore store;
    QVERIFY(store.open(dbPath()).has_value());
    const qint64 id = finished.first().at(0).toLongLong();
    auto stored = store.runs(id);
    QCOMPARE(stored->size(), 2);
    QCOMPARE(stored->at(1).status, RunStatus::Cancelled);
    // The cancelled run's point has no value (not a 0) and says why.
    const PointResult cancelled = points.last().at(0).value<PointResult>();
    QCOMPARE(cancelled.point.index, 1);
    QCOMPARE(cancelled.cancelledRuns, 1);
    QVERIFY(!cancelled.hasResult());
    QCOMPARE(store.finishedRunIndexes(id)->size(), 1);
    QCOMPARE(store.experiment(id)->status, ExperimentStatus::Cancelled);
}

void TestRunner::resumeSkipsFinishedRuns()
{
    qint64 id = 0;
    {
        FakeLog log;
        auto backend = std::make_unique<FakeBackend>(&log);
        backend->blockOnRun = 2;
        Runner runner(std::move(backend), RunnerOptions{dbPath(), {}, false});
        QSignalSpy finished(&runner, &Runner::finished);
        connect(&runner, &Runner::runStarted, &runner, [&runner](int runIndex) {
            if (runIndex == 2)
                runner.cancel();
        });
        runner.run(makePlan(2));
        id = finished.first().at(0).toLongLong();
    }
    FakeLog log;
    Runner runner(std::make_unique<FakeBackend>(&log), RunnerOptions{dbPath(), {}, false});
    QSignalSpy started(&runner, &Runner::started);
    QSignalSpy runs(&runner, &Runner::runFinished);
    QSignalSpy finished(&runner, &Runner::finished);
    runner.resume(id);
    QCOMPARE(started.first().at(2).toInt(), 2);
    QCOMPARE(runs.count(), 4);
    QCOMPARE(runs.first().first().value<RunRecord>().runIndex, 2);
    QCOMPARE(finished.first().at(1).toString(), QStringLiteral("finished"));
    ResultStore store;
    QVERIFY(store.open(dbPath()).has_value());
    QCOMPARE(store.finishedRunIndexes(id)->size(), 6);
    QCOMPARE(store.runs(id)->size(), 6);
}

void TestRunner::worksOnAWorkerThread()
{
    FakeLog log;
    auto *runner = new Runner(std::make_unique<FakeBackend>(&log), RunnerOptions{dbPath(), {}, false});
    QThread thread;
    runner->moveToThread(&thread);
    connect(&thread, &QThread::finished, runner, &QObject::deleteLater);
    QSignalSpy finished(runner, &Runner::finished);
    QSignalSpy samples(runner, &Runner::samplesReady);
    thread.start();
    const SweepPlan plan = makePlan(1);
    QMetaObject::invokeMethod(runner, "run", Qt::QueuedConnection, Q_ARG(tcptune::SweepPlan, plan));
    QVERIFY(finished.wait(10000));
    QCOMPARE(samples.count(), 3);
    QCOMPARE(samples.first().at(1).value<QList<RunSample>>().size(), 10);
    thread.quit();
    QVERIFY(thread.wait(5000));
}

void TestRunner::repeatsUntilPrecise()
{
    // The fake's runs differ by a few bytes in 64 KiB .. 1 MiB: within 5 % at once, never within
    // 0.0001 %. So 5 % stops at the least runs (2 a point) and 0.0001 % at the most (4 a point).
    const auto planWith = [](double pct) {
        SweepPlan plan = makePlan(2);
        ExperimentSpec spec = plan.spec();
        spec.setUntilPrecise(2, 4, pct);
        SweepPlan out{spec};
        (void)out.addAxis(QStringLiteral("socket.SO_SNDBUF"),
                          {QStringLiteral("64K"), QStringLiteral("128K"), QStringLiteral("256K")});
        // Stored and read back as a resumed sweep reads it.
        return *SweepPlan::fromJson(out.toJson());
    };
    for (const double pct : {5.0, 0.0001}) {
        FakeLog log;
        Runner runner(std::make_unique<FakeBackend>(&log), RunnerOptions{dbPath(), {}, false});
        QSignalSpy runs(&runner, &Runner::runFinished);
        QSignalSpy finished(&runner, &Runner::finished);
        runner.run(planWith(pct));
        const int perPoint = pct > 1 ? 2 : 4;
        QCOMPARE(runs.count(), 3 * perPoint);
        const qint64 id = finished.first().at(0).toLongLong();
        ResultStore store;
        QVERIFY(store.open(dbPath()).has_value());
        const SweepTable table = buildSweepTable(*store.experiment(id), planWith(pct), *store.runs(id));
        QList<int> indexes;
        for (const PointResult &p : table.points) {
            QCOMPARE(p.okRuns(), perPoint);
            QCOMPARE(p.precisionReached(), pct > 1);
            QCOMPARE(p.precisionGivenUp(), pct < 1);
            QCOMPARE(p.runs.last().repeat, perPoint - 1);
            for (const RunRecord &r : p.runs)
                indexes << r.runIndex;
        }
        std::sort(indexes.begin(), indexes.end());
        QCOMPARE(indexes.size(), 3 * perPoint);
        QCOMPARE(std::adjacent_find(indexes.begin(), indexes.end()), indexes.end()); // no index twice
        QCOMPARE(finished.first().at(1).toString(), QStringLiteral("finished"));
    }
}

QTEST_GUILESS_MAIN(TestRunner)
#include "tst_runner.moc"

// RunnerThread with the fake backend: a plan runs on a thread of its own with the Runner's
// signals arriving on this thread and stopped() at the end; one plan at a time; cancel()
// stops with the knob restored; resume() runs only what a cancelled experiment left; destroying
// it while a run goes cancels and waits.

#include "experiment/run/runner_thread.h"
#include "experiment/store/result_store.h"
#include "fake_backend.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace tcptune;
using namespace tcptune::test;

class TestRunnerThread final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void runsAPlanAndStops();
    void cancelThenResume();
    void destroyedWhileRunningCancelsAndWaits();

private:
    // A RunnerThread whose backends log into LOG; traffic run BLOCK_ON_RUN waits for cancel.
    std::unique_ptr<RunnerThread> makeRunner(FakeLog *log, int blockOnRun = -1)
    {
        auto runner = std::make_unique<RunnerThread>([log, blockOnRun] {
            auto backend = std::make_unique<FakeBackend>(log);
            backend->blockOnRun = blockOnRun;
            return backend;
        });
        runner->setOptions(RunnerOptions{m_dir->filePath(QStringLiteral("results.db")), m_dir->path(), false});
        return runner;
    }
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestRunnerThread::init()
{
    qRegisterMetaType<tcptune::RunRecord>();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestRunnerThread::runsAPlanAndStops()
{
    FakeLog log;
    auto runner = makeRunner(&log);
    QSignalSpy begun(runner.get(), &RunnerThread::begun);
    QSignalSpy runFinished(runner.get(), &RunnerThread::runFinished);
    QSignalSpy samples(runner.get(), &RunnerThread::samplesReady);
    QSignalSpy finished(runner.get(), &RunnerThread::finished);
    QSignalSpy stopped(runner.get(), &RunnerThread::stopped);
    QList<QThread *> signalThreads; // where each run's end was told
    connect(runner.get(), &RunnerThread::runFinished, this,
            [&signalThreads] { signalThreads << QThread::currentThread(); });
    QVERIFY(runner->start(makePlan(1)));
    QVERIFY(runner->isRunning());
    QCOMPARE(begun.size(), 1);
    QVERIFY(!runner->start(makePlan(1))); // one plan at a time
    QVERIFY(!runner->resume(1));
    QVERIFY(stopped.wait(20000));
    QVERIFY(!runner->isRunning());
    QCOMPARE(runFinished.size(), 3);
    QCOMPARE(samples.size(), 3);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("finished"));
    QCOMPARE(log.restored, log.applied + 1); // after each run, and at the end
    // The runs went on a worker thread; their signals came here.
    QVERIFY(log.trafficThread.load() != nullptr);
    QVERIFY(log.trafficThread.load() != QThread::currentThread());
    QCOMPARE(signalThreads, QList<QThread *>(3, QThread::currentThread()));
    QVERIFY(runner->start(makePlan(1))); // free again
    QVERIFY(stopped.wait(20000));
}

void TestRunnerThread::cancelThenResume()
{
    FakeLog log;
    qint64 id = 0;
    {
        auto runner = makeRunner(&log, 1);
        QSignalSpy started(runner.get(), &RunnerThread::started);
        QSignalSpy finished(runner.get(), &RunnerThread::finished);
        QSignalSpy stopped(runner.get(), &RunnerThread::stopped);
        QVERIFY(runner->start(makePlan(2)));
        QTRY_COMPARE_WITH_TIMEOUT(log.trafficRuns.load(), 2, 20000); // the second run holds
        runner->cancel();
        QVERIFY(stopped.wait(20000));
        QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("cancelled"));
        id = started.at(0).at(0).toLongLong();
    }
    const int restoredBefore = log.restored;
    QVERIFY(restoredBefore >= 2);
    auto runner = makeRunner(&log);
    QSignalSpy runFinished(runner.get(), &RunnerThread::runFinished);
    QSignalSpy stopped(runner.get(), &RunnerThread::stopped);
    QVERIFY(runner->resume(id));
    QVERIFY(stopped.wait(20000));
    QCOMPARE(runFinished.size(), 5); // six planned, one finished before the cancel
    ResultStore store;
    QVERIFY(store.open(m_dir->filePath(QStringLiteral("results.db"))));
    QCOMPARE(store.finishedRunIndexes(id)->size(), 6);
}

void TestRunnerThread::destroyedWhileRunningCancelsAndWaits()
{
    FakeLog log;
    {
        auto runner = makeRunner(&log, 0);
        QVERIFY(runner->start(makePlan(1)));
        QTRY_COMPARE_WITH_TIMEOUT(log.trafficRuns.load(), 1, 20000);
    } // cancels, waits for the thread
    QVERIFY(log.calls.contains(QStringLiteral("restore")));
    QCOMPARE(log.calls.last(), QStringLiteral("finish"));
}

QTEST_GUILESS_MAIN(TestRunnerThread)
#include "tst_runner_thread.moc"

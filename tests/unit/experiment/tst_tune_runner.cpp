// The tuner's runs without the network: a configuration as a run's spec and point, a run's
// record as the search's TrialRun, and a tune through a Runner session against the fake backend:
// every request stored as the next run under its trial, replayed from the store on resume (no
// traffic, the same answers), new runs after the stored ones (no run index twice), and a sweep
// resume refused for a tune.

#include "experiment/run/runner.h"
#include "experiment/store/result_store.h"
#include "experiment/tune/tune_job.h"
#include "experiment/tune/tune_replay.h"
#include "experiment/tune/tune_run_record.h"
#include "experiment/tune/tune_runner.h"
#include "fake_backend.h"

#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;

// A fresh result store in a folder of each test's own, and the fake backend's runner on it.
struct FakeTune {
    QTemporaryDir dir;
    test::FakeLog log;
    QString store() const { return dir.filePath(QStringLiteral("results.db")); }
    std::unique_ptr<Runner> runner()
    {
        return std::make_unique<Runner>(std::make_unique<test::FakeBackend>(&log),
                                        RunnerOptions{store(), dir.path(), false});
    }
};

class TestTuneRunner final : public QObject {
    Q_OBJECT
    // The knobs these tests move, and the spec they start from (a lab rate the tuner keeps).
    static inline const QString kRmem = QStringLiteral("net.ipv4.tcp_rmem");
    static inline const QString kSndbuf = QStringLiteral("socket.SO_SNDBUF");
    static inline const QString kCorking = QStringLiteral("net.ipv4.tcp_autocorking");
    static ExperimentSpec baseSpec()
    {
        ExperimentSpec spec;
        spec.name = QStringLiteral("tune fake");
        spec.durationS = 1;
        (void)spec.setParameter(QStringLiteral("lab.rate"), QStringLiteral("100mbit"));
        (void)spec.setParameter(kSndbuf, QStringLiteral("64K"));
        (void)spec.setParameter(kCorking, QStringLiteral("0"));
        return spec;
    }

private Q_SLOTS:
    void configurationAsRun();
    void recordAsTrialRun();
    void replayAnswersInOrderUntilItDiverges();
    void sessionStoresAndResumeReplays();
    void sweepResumeRefusesATune();
};

void TestTuneRunner::configurationAsRun()
{
    const ExperimentSpec base = baseSpec();
    const TuneConfig start = TuneRunRecord::baseConfig(base);
    QCOMPARE(start, (TuneConfig{{kSndbuf, QStringLiteral("65536")}, {kCorking, QStringLiteral("0")}}));
    // The search moved SO_SNDBUF, added tcp_rmem and dropped autocorking.
    const TuneConfig config{{kSndbuf, QStringLiteral("131072")}, {kRmem, QStringLiteral("4096 131072 1048576")}};
    auto spec = TuneRunRecord::specFor(base, config);
    QVERIFY(spec.has_value());
    QCOMPARE(spec->knobs.value(QStringLiteral("lab.rate")), base.knobs.value(QStringLiteral("lab.rate")));
    QCOMPARE(spec->knobs.value(kSndbuf), QStringLiteral("131072"));
    QCOMPARE(spec->knobs.value(kRmem), QStringLiteral("4096 131072 1048576"));
    QVERIFY(!spec->knobs.contains(kCorking));
    const SweepPoint point = TuneRunRecord::pointFor(base, config, 4, QStringLiteral("SO_SNDBUF 128 KiB"));
    QCOMPARE(point.index, 4);
    QCOMPARE(point.label(), QStringLiteral("SO_SNDBUF 128 KiB"));
    QCOMPARE(point.settings, (QMap<QString, QString>{{kSndbuf, QStringLiteral("131072")},
                                                     {kRmem, QStringLiteral("4096 131072 1048576")},
                                                     {kCorking, QStringLiteral("default")}}));
    QVERIFY(TuneRunRecord::pointFor(base, start, 0, {}).settings.isEmpty());
    // A value the catalogue refuses fails the trial instead of reaching the helper.
    QVERIFY(!TuneRunRecord::specFor(base, TuneConfig{{kRmem, QStringLiteral("lots")}}).has_value());
}

void TestTuneRunner::recordAsTrialRun()
{
    RunRecord record;
    record.id = 42;
    record.status = RunStatus::Ok;
    record.throughputBps = 9e8;
    record.rttP95Ms = 12.5;
    record.details.insert(QStringLiteral("transactions_per_second"), 1234.0);
    EndRecord local;
    local.end = RunEnd::Local;
    local.knobsBefore = {{kRmem, QStringLiteral("4096 131072 6291456")},
                         {kCorking, QStringLiteral("1")},
                         {QStringLiteral("link.tcpt-c0.gso"), QStringLiteral("on")}};
    EndRecord remote;
    remote.end = RunEnd::Remote;
    remote.knobsBefore = {{QStringLiteral("net.ipv4.tcp_wmem"), QStringLiteral("4096 16384 4194304")}};
    record.ends = {local, remote};
    const TrialRun run =
        TuneRunRecord::trialRunOf(record, {{kCorking, QStringLiteral("0")}, {kSndbuf, QStringLiteral("65536")}});
    QVERIFY(run.ok);
    QCOMPARE(run.runId, qint64(42));
    QCOMPARE(run.throughputBps, 9e8);
    QCOMPARE(run.rttP95Ms, 12.5);
    QCOMPARE(run.transactionsPerS, 1234.0);
    // Sysctls only; the far end's under "remote:"; the run's own values over the snapshot taken
    // before they were applied.
    QCOMPARE(run.knobsInEffect, (QMap<QString, QString>{{kRmem, QStringLiteral("4096 131072 6291456")},
                                                        {kCorking, QStringLiteral("0")},
                                                        {QStringLiteral("remote:net.ipv4.tcp_wmem"),
                                                         QStringLiteral("4096 16384 4194304")}}));
    record.status = RunStatus::Failed;
    record.details = {};
    const TrialRun failed = TuneRunRecord::trialRunOf(record, {});
    QVERIFY(!failed.ok);
    QCOMPARE(failed.throughputBps, -1.0);
    QCOMPARE(failed.transactionsPerS, -1.0);
    QVERIFY(failed.findings.isEmpty());
}

void TestTuneRunner::replayAnswersInOrderUntilItDiverges()
{
    const auto run = [](int index, int trial, RunStatus status, const QString &sndbuf) {
        RunRecord r;
        r.runIndex = index;
        r.pointIndex = trial;
        r.status = status;
        if (!sndbuf.isEmpty())
            r.settings.insert(kSndbuf, sndbuf);
        return r;
    };
    // Stored out of order, one killed mid-run (running) and never seen by the search.
    TuneReplay replay({run(1, 0, RunStatus::Ok, {}), run(0, 0, RunStatus::Ok, {}),
                       run(2, 1, RunStatus::Failed, QStringLiteral("131072")),
                       run(3, 1, RunStatus::Running, QStringLiteral("131072")),
                       run(4, 2, RunStatus::Ok, QStringLiteral("262144"))});
    QCOMPARE(replay.remaining(), 4);
    QCOMPARE(replay.take(0, {})->runIndex, 0);
    QCOMPARE(replay.take(0, {})->runIndex, 1);
    QCOMPARE(replay.take(1, {{kSndbuf, QStringLiteral("131072")}})->runIndex, 2);
    // Another request than the stored one: nothing from here on answers.
    QVERIFY(!replay.take(1, {{kSndbuf, QStringLiteral("262144")}}).has_value());
    QVERIFY(!replay.take(2, {{kSndbuf, QStringLiteral("262144")}}).has_value());
    QCOMPARE(replay.replayed(), 3);
    QCOMPARE(replay.remaining(), 0);
}

void TestTuneRunner::sessionStoresAndResumeReplays()
{
    const ExperimentSpec base = baseSpec();
    const TuneConfig start = TuneRunRecord::baseConfig(base);
    TuneConfig bigger = start;
    bigger.insert(kSndbuf, QStringLiteral("262144"));
    TuneSpec tune;
    tune.budgetRuns = 7;
    FakeTune fake;
    qint64 id = 0;
    QList<TrialRun> first;
    {
        const auto runner = fake.runner();
        auto opened = runner->openSession(SweepPlan(base), 0, TuneJobRunner::planFields(tune));
        QVERIFY2(opened.has_value(), opened ? "" : qPrintable(opened.error().message)); // evaluated eagerly
        id = *opened;
        TuneRunner source(*runner, base, TuneReplay(runner->sessionStoredRuns()));
        first << source.measure(start, 0, {}) << source.measure(start, 0, {})
              << source.measure(bigger, 1, QStringLiteral("SO_SNDBUF 256 KiB"));
        runner->closeSession(ExperimentStatus::Finished);
    }
    QCOMPARE(fake.log.trafficRuns.load(), 3);
    QCOMPARE(first.at(2).throughputBps, 262144.0 + 2); // the fake's figure: SO_SNDBUF + its run number
    ResultStore store;
    QVERIFY(store.open(fake.store()).has_value());
    QCOMPARE(store.experiment(id)->plan.value(QStringLiteral("tune")).toObject(), tune.toJson());
    auto runs = store.runs(id);
    QCOMPARE(runs->size(), 3);
    QCOMPARE(runs->at(2).pointIndex, 1);
    QCOMPARE(runs->at(2).repeat, 0);
    QCOMPARE(runs->at(2).pointLabel, QStringLiteral("SO_SNDBUF 256 KiB"));
    QCOMPARE(runs->at(2).settings, (QMap<QString, QString>{{kSndbuf, QStringLiteral("262144")}}));

    // Resumed: the same requests come from the store, then one more runs as run index 3.
    const auto runner = fake.runner();
    QCOMPARE(runner->openSession(SweepPlan(base), id).value_or(0), id);
    TuneRunner source(*runner, base, TuneReplay(runner->sessionStoredRuns()));
    QList<TrialRun> again;
    again << source.measure(start, 0, {}) << source.measure(start, 0, {})
          << source.measure(bigger, 1, QStringLiteral("SO_SNDBUF 256 KiB"));
    QCOMPARE(fake.log.trafficRuns.load(), 3);
    QCOMPARE(source.replayedRuns(), 3);
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(again.at(i).runId, first.at(i).runId);
        QCOMPARE(again.at(i).throughputBps, first.at(i).throughputBps);
    }
    QVERIFY(source.measure(bigger, 1, QStringLiteral("SO_SNDBUF 256 KiB")).ok);
    QCOMPARE(fake.log.trafficRuns.load(), 4);
    runner->closeSession(ExperimentStatus::Finished);
    runs = store.runs(id);
    QCOMPARE(runs->size(), 4);
    QCOMPARE(runs->at(3).runIndex, 3);
    QCOMPARE(runs->at(3).repeat, 1);
    QCOMPARE(store.experiment(id)->status, ExperimentStatus::Finished);
}

void TestTuneRunner::sweepResumeRefusesATune()
{
    FakeTune fake;
    const auto runner = fake.runner();
    auto id = runner->openSession(SweepPlan(baseSpec()), 0, TuneJobRunner::planFields(TuneSpec{}));
    QVERIFY(id.has_value());
    runner->closeSession(ExperimentStatus::Cancelled);
    QSignalSpy failed(runner.get(), &Runner::failed);
    runner->resume(*id);
    QCOMPARE(failed.count(), 1);
    QCOMPARE(failed.first().at(0).toString(),
             QStringLiteral("Experiment %1 is a tune: resume it with 'tcptune tune --resume %1'.").arg(*id));
    QCOMPARE(fake.log.trafficRuns.load(), 0);
}

QTEST_GUILESS_MAIN(TestTuneRunner)
#include "tst_tune_runner.moc"

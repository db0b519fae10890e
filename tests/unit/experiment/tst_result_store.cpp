// ResultStore on a real SQLite file: schema and migrations, runs with samples, knob snapshots
// and captures, resuming after an interrupted run, and a second thread reading with its own
// connection.

#include "experiment/result_store.h"
#include "experiment/sweep_plan.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QMutex>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>

using namespace tcptune;

class TestResultStore final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void createsSchemaInWal();
    void storesRunsSamplesSnapshotsCaptures();
    void finishedRunsSurviveReopen_data();
    void finishedRunsSurviveReopen();
    void interruptedRunIsReplaced();
    void otherThreadReads();
    void concurrentOpenOfANewFile();
    void refusesNewerSchema();
    void missingExperimentNamesTheCommand();
    void defaultPathFollowsXdg();
    void listsForListViews();

private:
    SweepPlan plan() const;
    QString dbPath() const { return m_dir->filePath(QStringLiteral("sub/results.db")); }
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestResultStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

SweepPlan TestResultStore::plan() const
{
    ExperimentSpec spec;
    spec.name = QStringLiteral("store test");
    SweepPlan p{spec};
    (void)p.addAxis("socket.SO_SNDBUF", {"64K", "1M"});
    p.setRepeats(2);
    return p;
}

void TestResultStore::createsSchemaInWal()
{
    ResultStore store;
    auto opened = store.open(dbPath());
    QVERIFY2(opened.has_value(), qPrintable(opened ? QString() : opened.error().message));
    QCOMPARE(store.schemaVersion(), ResultStore::kSchemaVersion);
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("probe"));
    {
        db.setDatabaseName(dbPath());
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode")));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("wal"));
        QVERIFY(q.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")));
        QStringList tables;
        while (q.next())
            tables << q.value(0).toString();
        for (const char *t : {"captures", "experiments", "knob_snapshots", "runs", "samples", "schema_version"})
            QVERIFY2(tables.contains(QLatin1String(t)), t);
        db.close();
    }
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(QStringLiteral("probe"));
}

void TestResultStore::storesRunsSamplesSnapshotsCaptures()
{
    ResultStore store;
    QVERIFY(store.open(dbPath()).has_value());
    auto id = store.createExperiment(plan());
    QVERIFY(id.has_value());
    RunRecord run;
    run.experimentId = *id;
    run.runIndex = 0;
    run.pointIndex = 0;
    run.pointLabel = QStringLiteral("64 KiB");
    run.settings.insert("socket.SO_SNDBUF", "65536");
    auto runId = store.beginRun(run);
    QVERIFY(runId.has_value());
    run.id = *runId;
    run.status = RunStatus::Ok;
    run.throughputBps = 47.5e6;
    run.rttMedianMs = 12.5;
    run.rttP95Ms = -1;
    run.sndbufActual = 131072;
    run.intervalThroughputBps = {40e6, 48e6, 49e6};
    run.details.insert("streams", 1);
    QList<RunSample> samples;
    for (int i = 0; i < 50; ++i) {
        RunSample s;
        s.t = i * 0.1;
        s.throughputBps = 1e6 * i;
        s.rttMs = i % 2 ? 5.0 : -1.0;
        s.cwnd = i;
        samples.append(s);
    }
    QVERIFY(store.finishRun(run, samples).has_value());
    QVERIFY(store.addKnobSnapshot(run.id, "local", "before", {{"net.ipv4.tcp_autocorking", "1"}}).has_value());
    QVERIFY(
        store.addKnobSnapshot(run.id, "remote", "after", {{"net.ipv4.tcp_wmem", "4096 16384 4194304"}}).has_value());
    CaptureRecord capture{QStringLiteral("/tmp/x.pcap"), QStringLiteral("veth0"), 100, 2, {{"flows", 1}}};
    QVERIFY(store.addCapture(run.id, capture).has_value());

    auto runs = store.runs(*id);
    QVERIFY(runs.has_value());
    QCOMPARE(runs->size(), 1);
    const RunRecord &back = runs->first();
    QCOMPARE(back.status, RunStatus::Ok);
    QCOMPARE(back.throughputBps, 47.5e6);
    QCOMPARE(back.rttMedianMs, 12.5);
    QCOMPARE(back.rttP95Ms, -1.0);
    QCOMPARE(back.sndbufActual, 131072);
    QCOMPARE(back.intervalThroughputBps.size(), 3);
    QCOMPARE(back.settings.value("socket.SO_SNDBUF"), QStringLiteral("65536"));
    QCOMPARE(back.details.value("streams").toInt(), 1);
    auto storedSamples = store.samples(run.id);
    QVERIFY(storedSamples.has_value());
    QCOMPARE(storedSamples->size(), 50);
    QCOMPARE(storedSamples->at(3).rttMs, 5.0);
    QCOMPARE(storedSamples->at(4).rttMs, -1.0);
    QCOMPARE(storedSamples->at(49).cwnd, 49);
    QCOMPARE(store.knobSnapshot(run.id, "local", "before")->value("net.ipv4.tcp_autocorking"), QStringLiteral("1"));
    QCOMPARE(store.knobSnapshot(run.id, "remote", "after")->value("net.ipv4.tcp_wmem"),
             QStringLiteral("4096 16384 4194304"));
    QVERIFY(store.knobSnapshot(run.id, "local", "after")->isEmpty());
    auto captures = store.captures(run.id);
    QCOMPARE(captures->size(), 1);
    QCOMPARE(captures->first().packetsDropped, 2);
    QCOMPARE(captures->first().summary.value("flows").toInt(), 1);
    auto experiment = store.experiment(*id);
    QVERIFY(experiment.has_value());
    QCOMPARE(experiment->plannedRuns, 4);
    QCOMPARE(experiment->finishedRuns, 1);
    QCOMPARE(experiment->name, QStringLiteral("store test"));
    QVERIFY(SweepPlan::fromJson(experiment->plan).has_value());
}

void TestResultStore::finishedRunsSurviveReopen_data()
{
    QTest::addColumn<int>("finished");
    QTest::addRow("none") << 0;
    QTest::addRow("some") << 2;
    QTest::addRow("all") << 4;
}

void TestResultStore::finishedRunsSurviveReopen()
{
    QFETCH(int, finished);
    qint64 id = 0;
    {
        ResultStore store;
        QVERIFY(store.open(dbPath()).has_value());
        id = *store.createExperiment(plan());
        for (int i = 0; i < finished; ++i) {
            RunRecord run;
            run.experimentId = id;
            run.runIndex = i;
            run.id = *store.beginRun(run);
            run.status = i == 1 ? RunStatus::Failed : RunStatus::Ok;
            run.error = i == 1 ? QStringLiteral("no route") : QString();
            QVERIFY(store.finishRun(run).has_value());
        }
    }
    ResultStore again;
    QVERIFY(again.open(dbPath()).has_value());
    auto done = again.finishedRunIndexes(id);
    QVERIFY(done.has_value());
    QCOMPARE(done->size(), finished);
    auto experiments = again.experiments();
    QCOMPARE(experiments->size(), 1);
    QCOMPARE(experiments->first().finishedRuns, finished);
}

void TestResultStore::interruptedRunIsReplaced()
{
    ResultStore store;
    QVERIFY(store.open(dbPath()).has_value());
    const qint64 id = *store.createExperiment(plan());
    RunRecord run;
    run.experimentId = id;
    run.runIndex = 3;
    const qint64 first = *store.beginRun(run);
    QVERIFY(store.addSamples(first, {RunSample{}}).has_value());
    QVERIFY(store.finishedRunIndexes(id)->isEmpty()); // running is not finished
    const qint64 second = *store.beginRun(run);
    QVERIFY(second != first);
    QCOMPARE(store.runs(id)->size(), 1);
    QVERIFY(store.samples(first)->isEmpty()); // cascade
}

void TestResultStore::otherThreadReads()
{
    ResultStore store;
    QVERIFY(store.open(dbPath()).has_value());
    const qint64 id = *store.createExperiment(plan());
    int seen = -1;
    QString error;
    QThread *reader = QThread::create([&] {
        ResultStore mine;
        if (auto r = mine.open(dbPath()); !r) {
            error = r.error().message;
            return;
        }
        auto list = mine.experiments();
        if (!list) {
            error = list.error().message;
            return;
        }
        seen = int(list->size());
        if (list->size() == 1 && list->first().id != id)
            error = QStringLiteral("wrong id");
    });
    reader->start();
    QVERIFY(reader->wait(10000));
    delete reader;
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(seen, 1);
}

void TestResultStore::concurrentOpenOfANewFile()
{
    // A sweep and a reader creating the same new file at once: one migrates, both open.
    QList<QThread *> threads;
    QStringList errors;
    QMutex mutex;
    for (int i = 0; i < 4; ++i) {
        threads << QThread::create([&] {
            ResultStore mine;
            auto r = mine.open(dbPath());
            QMutexLocker lock(&mutex);
            if (!r)
                errors << r.error().message;
            else if (mine.schemaVersion() != ResultStore::kSchemaVersion)
                errors << QStringLiteral("schema %1").arg(mine.schemaVersion());
        });
    }
    for (QThread *t : threads)
        t->start();
    for (QThread *t : threads) {
        QVERIFY(t->wait(20000));
        delete t;
    }
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
}

void TestResultStore::refusesNewerSchema()
{
    {
        ResultStore store;
        QVERIFY(store.open(dbPath()).has_value());
    }
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("bump"));
        db.setDatabaseName(dbPath());
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("UPDATE schema_version SET version = 99")));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("bump"));
    ResultStore store;
    auto opened = store.open(dbPath());
    QVERIFY(!opened.has_value());
    QVERIFY2(opened.error().message.contains(QStringLiteral("newer")), qPrintable(opened.error().message));
}

void TestResultStore::missingExperimentNamesTheCommand()
{
    ResultStore store;
    QVERIFY(store.open(dbPath()).has_value());
    auto e = store.experiment(12345);
    QVERIFY(!e.has_value());
    QVERIFY(e.error().message.contains(QStringLiteral("tcptune results list")));
}

void TestResultStore::defaultPathFollowsXdg()
{
    const QByteArray savedOverride = qgetenv("TCPTUNE_RESULTS_DB");
    const QByteArray savedXdg = qgetenv("XDG_DATA_HOME");
    qunsetenv("TCPTUNE_RESULTS_DB");
    qputenv("XDG_DATA_HOME", "/x/data");
    QCOMPARE(ResultStore::defaultPath(), QStringLiteral("/x/data/tcptune/results.db"));
    qputenv("TCPTUNE_RESULTS_DB", "/y/r.db");
    QCOMPARE(ResultStore::defaultPath(), QStringLiteral("/y/r.db"));
    savedOverride.isEmpty() ? qunsetenv("TCPTUNE_RESULTS_DB") : qputenv("TCPTUNE_RESULTS_DB", savedOverride);
    savedXdg.isEmpty() ? qunsetenv("XDG_DATA_HOME") : qputenv("XDG_DATA_HOME", savedXdg);
}

// The list views' queries: every experiment with its finished-run count and every run's
// summary in one query each, in the same order as experiments() and runs(); a run's aggregate
// series alone.
void TestResultStore::listsForListViews()
{
    ResultStore store;
    QVERIFY(store.open(dbPath()).has_value());
    QList<qint64> experimentIds;
    for (int e = 0; e < 3; ++e) {
        auto id = store.createExperiment(plan());
        QVERIFY(id.has_value());
        experimentIds.append(*id);
        for (int i = 0; i < 3 - e; ++i) { // 3, 2, 1 runs; the last one of each still running
            RunRecord run;
            run.experimentId = *id;
            run.runIndex = i;
            run.pointLabel = QStringLiteral("point %1").arg(i);
            auto runId = store.beginRun(run);
            QVERIFY(runId.has_value());
            run.id = *runId;
            if (i == 2 - e)
                continue;
            run.status = i == 0 ? RunStatus::Ok : RunStatus::Failed;
            run.throughputBps = 1e6 * (e + 1) + i;
            run.rttMedianMs = i == 0 ? 1.5 : -1;
            run.retransmits = i;
            QList<RunSample> samples;
            for (int k = 0; k < 4; ++k)
                for (int stream : {-1, 0}) {
                    RunSample s;
                    s.t = k * 0.01;
                    s.stream = stream;
                    s.throughputBps = stream < 0 ? 2e6 : 1e6;
                    samples.append(s);
                }
            QVERIFY(store.finishRun(run, samples).has_value());
        }
    }
    const auto full = store.experiments();
    const auto light = store.experimentList();
    QVERIFY(full.has_value() && light.has_value());
    QCOMPARE(light->size(), 3);
    for (qsizetype i = 0; i < light->size(); ++i) {
        QCOMPARE(light->at(i).id, full->at(i).id);
        QCOMPARE(light->at(i).name, full->at(i).name);
        QCOMPARE(light->at(i).finishedRuns, full->at(i).finishedRuns);
        QCOMPARE(light->at(i).plannedRuns, full->at(i).plannedRuns);
        QVERIFY(light->at(i).plan.isEmpty()); // not parsed for lists
    }
    QCOMPARE(light->front().id, experimentIds.back()); // newest first
    QCOMPARE(light->back().finishedRuns, 2);

    const auto runs = store.runList();
    QVERIFY(runs.has_value());
    QList<RunRecord> expected;
    for (const ExperimentRecord &e : *full)
        expected += *store.runs(e.id);
    QCOMPARE(runs->size(), expected.size());
    for (qsizetype i = 0; i < runs->size(); ++i) {
        QCOMPARE(runs->at(i).id, expected[i].id);
        QCOMPARE(runs->at(i).experimentId, expected[i].experimentId);
        QCOMPARE(runs->at(i).status, expected[i].status);
        QCOMPARE(runs->at(i).throughputBps, expected[i].throughputBps);
        QCOMPARE(runs->at(i).rttMedianMs, expected[i].rttMedianMs);
        QCOMPARE(runs->at(i).pointLabel, expected[i].pointLabel);
    }
    const auto ok =
        std::find_if(expected.begin(), expected.end(), [](const RunRecord &r) { return r.status == RunStatus::Ok; });
    QVERIFY(ok != expected.end());
    const qint64 withSamples = ok->id;
    QCOMPARE(store.samples(withSamples)->size(), 8);
    const auto aggregate = store.aggregateSamples(withSamples);
    QVERIFY(aggregate.has_value());
    QCOMPARE(aggregate->size(), 4);
    for (const RunSample &s : *aggregate) {
        QCOMPARE(s.stream, -1);
        QCOMPARE(s.throughputBps, 2e6);
    }
}

QTEST_GUILESS_MAIN(TestResultStore)
#include "tst_result_store.moc"

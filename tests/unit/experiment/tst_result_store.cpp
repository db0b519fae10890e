// ResultStore on a real SQLite file: schema and migrations, runs with samples, knob snapshots
// and captures, resuming after an interrupted run, and a second thread reading with its own
// connection.

#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QMutex>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QSysInfo>
#include <QTest>
#include <QThread>

#include <pwd.h>
#include <unistd.h>

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
    void storesEndsLimitersAndChronoSamples();
    void migratesASchemaOneFile();
    void bothDirectionsKeepTheirSender();
    void migratesASchemaThreeFile();
    void otherThreadReads();
    void concurrentOpenOfANewFile();
    void refusesNewerSchema();
    void missingExperimentNamesTheCommand();
    void defaultPathFollowsXdg();
    void listsForListViews();
    void verdictsNameKnobsChangedDuringTheRun();
    void experimentsKeepTheirHostAndUser();

private:
    SweepPlan plan() const;
    RunRecord okRunIn(ResultStore &store) const;
    void openOldStore(ResultStore &store, int version, const QList<const char *> &rows);
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
    (void)p.addAxis(QStringLiteral("socket.SO_SNDBUF"), {QStringLiteral("64K"), QStringLiteral("1M")});
    p.setRepeats(2);
    return p;
}

// Writes dbPath() as schema VERSION (1 to 3) left it, by the SQL of those versions, then ROWS, and
// opens it with STORE, which brings it to the current schema.
void TestResultStore::openOldStore(ResultStore &store, int version, const QList<const char *> &rows)
{
    const QList<QList<const char *>> schemas = {
        {
            "CREATE TABLE experiments (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, created TEXT NOT NULL, "
            "finished TEXT, status TEXT NOT NULL, error TEXT, spec_json TEXT NOT NULL, plan_json TEXT NOT NULL, "
            "planned_runs INTEGER NOT NULL)",
            "CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, experiment_id INTEGER NOT NULL REFERENCES "
            "experiments(id) ON DELETE CASCADE, run_index INTEGER NOT NULL, point_index INTEGER NOT NULL, repeat "
            "INTEGER NOT NULL, point_label TEXT, settings_json TEXT, status TEXT NOT NULL, error TEXT, started "
            "TEXT, ended TEXT, throughput_bps REAL, sender_bytes INTEGER, receiver_bytes INTEGER, duration_s "
            "REAL, rtt_min_ms REAL, rtt_median_ms REAL, rtt_p95_ms REAL, rtt_max_ms REAL, retransmits INTEGER, "
            "sndbuf_actual INTEGER, collapsed INTEGER, interval_s REAL, interval_json TEXT, details_json TEXT, "
            "UNIQUE(experiment_id, run_index))",
            "CREATE TABLE samples (run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, t REAL NOT "
            "NULL, stream INTEGER, throughput_bps REAL, rtt_ms REAL, rttvar_ms REAL, cwnd INTEGER, retransmits "
            "INTEGER, delivery_rate_bps REAL, pacing_rate_bps REAL, unacked INTEGER, notsent_bytes INTEGER)",
            "CREATE TABLE knob_snapshots (run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, side "
            "TEXT NOT NULL, phase TEXT NOT NULL, key TEXT NOT NULL, value TEXT, PRIMARY KEY(run_id, side, phase, "
            "key))",
            "CREATE TABLE captures (id INTEGER PRIMARY KEY AUTOINCREMENT, run_id INTEGER NOT NULL REFERENCES "
            "runs(id) ON DELETE CASCADE, path TEXT NOT NULL, interface TEXT, packets_received INTEGER, "
            "packets_dropped INTEGER, summary_json TEXT)",
        },
        {
            "CREATE TABLE run_ends (run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, end_name TEXT "
            "NOT NULL, location TEXT, sender INTEGER NOT NULL DEFAULT 0, record_json TEXT NOT NULL, PRIMARY "
            "KEY(run_id, end_name))",
            "ALTER TABLE runs ADD COLUMN limiters_json TEXT",
            "ALTER TABLE runs ADD COLUMN findings_json TEXT",
            "ALTER TABLE samples ADD COLUMN busy_ms REAL",
            "ALTER TABLE samples ADD COLUMN rwnd_limited_ms REAL",
            "ALTER TABLE samples ADD COLUMN sndbuf_limited_ms REAL",
            "ALTER TABLE samples ADD COLUMN app_limited INTEGER",
        },
        {"ALTER TABLE samples ADD COLUMN end_index INTEGER NOT NULL DEFAULT 0"},
    };
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("old"));
        QDir().mkpath(QFileInfo(dbPath()).absolutePath());
        db.setDatabaseName(dbPath());
        QVERIFY(db.open());
        QSqlQuery q(db);
        QList<const char *> statements{"CREATE TABLE schema_version (version INTEGER NOT NULL)"};
        for (int v = 1; v <= version; ++v)
            statements += schemas.at(v - 1);
        statements += rows;
        for (const char *sql : std::as_const(statements))
            QVERIFY2(q.exec(QLatin1String(sql)), qPrintable(q.lastError().text() + QLatin1String(sql)));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO schema_version VALUES (%1)").arg(version)));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("old"));
    auto opened = store.open(dbPath());
    QVERIFY2(opened.has_value(), qPrintable(opened ? QString() : opened.error().message));
    QCOMPARE(store.schemaVersion(), ResultStore::kSchemaVersion);
}

// A run of a new experiment of plan() in STORE, begun and to be stored as Ok.
RunRecord TestResultStore::okRunIn(ResultStore &store) const
{
    RunRecord run;
    run.experimentId = *store.createExperiment(plan());
    run.id = *store.beginRun(run);
    run.status = RunStatus::Ok;
    return run;
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
        for (const char *t : {"capture_file_chunks", "capture_files", "captures", "experiments", "knob_snapshots",
                              "run_ends", "runs", "samples", "schema_version"})
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
    run.settings.insert(QStringLiteral("socket.SO_SNDBUF"), QStringLiteral("65536"));
    auto runId = store.beginRun(run);
    QVERIFY(runId.has_value());
    run.id = *runId;
    run.status = RunStatus::Ok;
    run.throughputBps = 47.5e6;
    run.rttMedianMs = 12.5;
    run.rttP95Ms = -1;
    run.sndbufActual = 131072;
    run.intervalThroughputBps = {40e6, 48e6, 49e6};
    run.details.insert(QStringLiteral("streams"), 1);
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
    QVERIFY(store
                .addKnobSnapshot(run.id, QStringLiteral("local"), QStringLiteral("before"),
                                 {{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1")}})
                .has_value());
    QVERIFY(store
                .addKnobSnapshot(run.id, QStringLiteral("remote"), QStringLiteral("after"),
                                 {{QStringLiteral("net.ipv4.tcp_wmem"), QStringLiteral("4096 16384 4194304")}})
                .has_value());
    CaptureRecord capture{
        QStringLiteral("/tmp/x.pcap"), QStringLiteral("veth0"), 100, 2, {{QStringLiteral("flows"), 1}}};
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
    QCOMPARE(back.settings.value(QStringLiteral("socket.SO_SNDBUF")), QStringLiteral("65536"));
    QCOMPARE(back.details.value(QStringLiteral("streams")).toInt(), 1);
    auto storedSamples = store.samples(run.id);
    QVERIFY(storedSamples.has_value());
    QCOMPARE(storedSamples->size(), 50);
    QCOMPARE(storedSamples->at(3).rttMs, 5.0);
    QCOMPARE(storedSamples->at(4).rttMs, -1.0);
    QCOMPARE(storedSamples->at(49).cwnd, 49);
    QCOMPARE(store.knobSnapshot(run.id, QStringLiteral("local"), QStringLiteral("before"))
                 ->value(QStringLiteral("net.ipv4.tcp_autocorking")),
             QStringLiteral("1"));
    QCOMPARE(store.knobSnapshot(run.id, QStringLiteral("remote"), QStringLiteral("after"))
                 ->value(QStringLiteral("net.ipv4.tcp_wmem")),
             QStringLiteral("4096 16384 4194304"));
    QVERIFY(store.knobSnapshot(run.id, QStringLiteral("local"), QStringLiteral("after"))->isEmpty());
    auto captures = store.captures(run.id);
    QCOMPARE(captures->size(), 1);
    QCOMPARE(captures->first().packetsDropped, 2);
    QCOMPARE(captures->first().summary.value(QStringLiteral("flows")).toInt(), 1);
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

void TestResultStore::storesEndsLimitersAndChronoSamples()
{
    ResultStore store;
    QVERIFY(store.open(dbPath()).has_value());
    const qint64 id = *store.createExperiment(plan());
    RunRecord run;
    run.experimentId = id;
    run.id = *store.beginRun(run);
    run.status = RunStatus::Ok;
    run.details.insert(QStringLiteral("spec"),
                       QJsonObject{{QStringLiteral("sndbuf"), 65536}, {QStringLiteral("omit_s"), 0}});
    run.limiters.busy = 0.99;
    run.limiters.sndbufLimited = 0.78;
    run.limiters.cwndLimited = 0.05;
    run.streamLimiters = {run.limiters};
    EndRecord local;
    local.end = RunEnd::Local;
    local.where = QStringLiteral("tcptune-t-client");
    local.sender = true;
    local.countersRead = true;
    local.counterDeltas = {{QStringLiteral("TcpOutSegs"), 12345}, {QStringLiteral("TcpExtTCPAutoCorking"), 41223}};
    EndRecord router;
    router.end = RunEnd::Router;
    router.where = QStringLiteral("tcptune-t-router");
    router.countersNote = QStringLiteral("Cannot enter tcptune-t-router.");
    router.queueInterface = QStringLiteral("tcpt-r1");
    router.queueRateBps = 50000000;
    router.queueLimitBytes = 2097152;
    router.queue = {{0.1, 1500, 1, 0, 3}, {0.2, 90000, 60, 4, 70}};
    EndRecord remote;
    remote.end = RunEnd::Remote;
    remote.countersNote = QStringLiteral("iperf3 does not report its host's counters.");
    run.ends = {local, router, remote};
    RunSample sample;
    sample.t = 0.1;
    sample.busyMs = 100;
    sample.rwndLimitedMs = 0;
    sample.sndbufLimitedMs = 78;
    sample.appLimited = 1;
    sample.rwndFull = 0;
    RunSample unknown;
    unknown.t = 0.2;
    unknown.end = 1; // the second of several ends
    QVERIFY(store.finishRun(run, {sample, unknown}).has_value());
    QVERIFY(store
                .addKnobSnapshot(run.id, QStringLiteral("local"), QStringLiteral("after"),
                                 {{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1")}})
                .has_value());
    // Storing again (a retried store) replaces the end records instead of doubling them.
    QVERIFY(store.finishRun(run).has_value());

    auto back = store.run(run.id);
    QVERIFY(back.has_value());
    QCOMPARE(back->limiters.sndbufLimited, 0.78);
    QCOMPARE(back->limiters.rwndLimited, -1.0);
    QCOMPARE(back->streamLimiters.size(), 1);
    QCOMPARE(back->ends.size(), 3);
    const EndRecord *l = back->endRecord(RunEnd::Local);
    QVERIFY(l && l->sender && l->countersRead);
    QCOMPARE(l->counter(QStringLiteral("TcpExtTCPAutoCorking")), qint64(41223));
    QCOMPARE(l->counter(QStringLiteral("TcpRetransSegs")), qint64(0));
    QCOMPARE(l->knobsAfter.value(QStringLiteral("net.ipv4.tcp_autocorking")), QStringLiteral("1"));
    const EndRecord *r = back->endRecord(RunEnd::Router);
    QVERIFY(r && !r->countersRead);
    QCOMPARE(r->counter(QStringLiteral("TcpOutSegs")), qint64(-1));
    QCOMPARE(r->countersNote, router.countersNote);
    QCOMPARE(r->queueInterface, QStringLiteral("tcpt-r1"));
    QCOMPARE(r->queueLimitBytes, qint64(2097152));
    QCOMPARE(r->queue.size(), 2);
    QCOMPARE(r->queue.at(1).backlogBytes, qint64(90000));
    QCOMPARE(r->queue.at(1).drops, qint64(4));
    QCOMPARE(back->endRecord(RunEnd::Remote)->countersNote, remote.countersNote);
    // The verdict comes from the stored facts, in the reader's language.
    QVERIFY2(back->verdict.contains(QStringLiteral("send buffer")), qPrintable(back->verdict));
    QCOMPARE(store.runs(id)->first().verdict, back->verdict);
    // The run list reads the stored findings only, and says the same.
    QCOMPARE(store.runList()->first().verdict, back->verdict);

    auto samples = store.samples(run.id);
    QCOMPARE(samples->size(), 2);
    QCOMPARE(samples->at(0).sndbufLimitedMs, 78.0);
    QCOMPARE(samples->at(0).appLimited, 1);
    QCOMPARE(samples->at(1).busyMs, -1.0);
    QCOMPARE(samples->at(1).appLimited, -1);
    QCOMPARE(samples->at(0).rwndFull, 0);
    QCOMPARE(samples->at(1).rwndFull, -1);
    QCOMPARE(samples->at(0).end, 0);
    QCOMPARE(samples->at(1).end, 1);
}

void TestResultStore::migratesASchemaOneFile()
{
    // A file as the first schema left it, with one finished run and its knob snapshot.
    ResultStore store;
    openOldStore(store, 1,
                 {
                     "INSERT INTO experiments (name, created, status, spec_json, plan_json, planned_runs) VALUES "
                     "('old', '2024-01-01T00:00:00.000Z', 'finished', '{}', '{}', 1)",
                     "INSERT INTO runs (experiment_id, run_index, point_index, repeat, status, throughput_bps) "
                     "VALUES (1, 0, 0, 0, 'ok', 47500000)",
                     "INSERT INTO samples (run_id, t, stream, throughput_bps) VALUES (1, 0.1, -1, 47000000)",
                     "INSERT INTO knob_snapshots VALUES (1, 'local', 'before', 'net.ipv4.tcp_autocorking', '1')",
                 });
    if (QTest::currentTestFailed())
        return;
    auto runs = store.runs(1);
    QVERIFY(runs.has_value());
    QCOMPARE(runs->size(), 1);
    const RunRecord &old = runs->first();
    QCOMPARE(old.throughputBps, 47500000.0);
    QVERIFY(!old.limiters.known());
    QVERIFY(old.verdict.isEmpty()); // nothing measured, nothing said
    // The old snapshot still belongs to the local end.
    QCOMPARE(old.ends.size(), 1);
    QCOMPARE(old.ends.first().end, RunEnd::Local);
    QVERIFY(!old.ends.first().countersRead);
    QCOMPARE(old.ends.first().knobsBefore.value(QStringLiteral("net.ipv4.tcp_autocorking")), QStringLiteral("1"));
    auto samples = store.samples(1);
    QCOMPARE(samples->size(), 1);
    QCOMPARE(samples->first().sndbufLimitedMs, -1.0);
    QCOMPARE(samples->first().end, 0); // a run of one end
    // New runs store everything in the migrated file.
    RunRecord run;
    run.experimentId = 1;
    run.runIndex = 1;
    run.id = *store.beginRun(run);
    run.status = RunStatus::Ok;
    EndRecord local;
    local.sender = true;
    local.countersRead = true;
    run.ends = {local};
    QVERIFY(store.finishRun(run).has_value());
    QVERIFY(store.run(run.id)->ends.first().countersRead);
}

// Direction both: each sample keeps whose sending it is (this host's or the target's), the
// aggregate series of each sender included, so readers can draw one line per direction.
void TestResultStore::bothDirectionsKeepTheirSender()
{
    ResultStore store;
    QVERIFY(store.open(dbPath()).has_value());
    RunRecord run = okRunIn(store);
    QList<RunSample> samples;
    for (int i = 0; i < 3; ++i) {
        for (const bool far : {false, true}) {
            RunSample s;
            s.t = 0.1 * (i + 1) + (far ? 0.03 : 0.0); // the target samples on its own clock
            s.farSender = far;
            s.throughputBps = far ? 10e6 : 40e6;
            samples << s;
            s.stream = far ? 1 : 0; // a stream each way
            samples << s;
        }
    }
    QVERIFY(store.finishRun(run, samples).has_value());

    const auto back = store.samples(run.id);
    QVERIFY(back.has_value());
    QCOMPARE(back->size(), samples.size());
    for (const RunSample &s : *back)
        QCOMPARE(s.farSender, s.throughputBps < 20e6);
    const auto aggregate = store.aggregateSamples(run.id);
    QVERIFY(aggregate.has_value());
    QCOMPARE(aggregate->size(), 6);
    int far = 0;
    for (const RunSample &s : *aggregate) {
        QCOMPARE(s.stream, -1);
        QCOMPARE(s.farSender, s.throughputBps < 20e6);
        far += s.farSender ? 1 : 0;
    }
    QCOMPARE(far, 3);
}

// A file of schema 3 (samples without their sender): opening brings it to the current schema,
// its samples read back as this host's, but a run in direction down, whose samples were all the
// target's, reads back as the target's (the run's details say its direction).
void TestResultStore::migratesASchemaThreeFile()
{
    // A run in direction both (its aggregate series this host's only), one in direction down,
    // and one left running without details.
    ResultStore store;
    openOldStore(store, 3,
                 {
                     "INSERT INTO experiments (name, created, status, spec_json, plan_json, planned_runs) VALUES "
                     "('old', '2025-01-01T00:00:00.000Z', 'finished', '{}', '{}', 3)",
                     "INSERT INTO runs (experiment_id, run_index, point_index, repeat, status, throughput_bps, "
                     "details_json) VALUES (1, 0, 0, 0, 'ok', 50000000, '{\"spec\":{\"direction\":\"both\"}}')",
                     "INSERT INTO runs (experiment_id, run_index, point_index, repeat, status, throughput_bps, "
                     "details_json) VALUES (1, 1, 0, 1, 'ok', 9000000, '{\"spec\":{\"direction\":\"down\"}}')",
                     "INSERT INTO runs (experiment_id, run_index, point_index, repeat, status) VALUES (1, 2, 0, 2, "
                     "'running')",
                     "INSERT INTO samples (run_id, t, stream, throughput_bps) VALUES (1, 0.1, -1, 40000000)",
                     "INSERT INTO samples (run_id, t, stream, throughput_bps) VALUES (1, 0.1, 0, 40000000)",
                     "INSERT INTO samples (run_id, t, stream, throughput_bps) VALUES (1, 0.13, 1, 10000000)",
                     "INSERT INTO samples (run_id, t, stream, throughput_bps) VALUES (2, 0.1, -1, 9000000)",
                     "INSERT INTO samples (run_id, t, stream, throughput_bps) VALUES (3, 0.1, -1, 1000000)",
                 });
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(ResultStore::kSchemaVersion, 11);
    // Schema 8 gave every old run a UUID of its own.
    const auto old = store.runs(1);
    QVERIFY(old.has_value());
    QCOMPARE(old->size(), 3);
    const QRegularExpression uuidV4(
        QStringLiteral("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"));
    QSet<QString> uuids;
    for (const RunRecord &r : *old) {
        QVERIFY2(uuidV4.match(r.uuid).hasMatch(), qPrintable(r.uuid));
        uuids.insert(r.uuid);
    }
    QCOMPARE(uuids.size(), 3);
    QVERIFY(uuidV4.match(store.experiment(1)->uuid).hasMatch());
    for (const qint64 run : {1, 3}) {
        const auto samples = store.samples(run);
        QVERIFY(samples.has_value() && !samples->isEmpty());
        for (const RunSample &s : *samples)
            QVERIFY2(!s.farSender, qPrintable(QStringLiteral("run %1 t %2").arg(run).arg(s.t)));
    }
    const auto down = store.aggregateSamples(2);
    QVERIFY(down.has_value());
    QCOMPARE(down->size(), 1);
    QVERIFY(down->first().farSender);
    // New runs keep their samples' senders in the migrated file.
    RunRecord run = okRunIn(store);
    RunSample far;
    far.t = 0.2;
    far.farSender = true;
    QVERIFY(store.finishRun(run, {far}).has_value());
    QVERIFY(store.samples(run.id)->first().farSender);
}

// Issue 37: History could not say which host and user a run came from. A new experiment keeps
// the machine's name and the account's (as the system names them); one of an older file, migrated,
// has neither (it was not recorded), rather than this machine's.
void TestResultStore::experimentsKeepTheirHostAndUser()
{
    ResultStore store;
    openOldStore(store, 3,
                 {"INSERT INTO experiments (name, created, status, spec_json, plan_json, planned_runs) VALUES "
                  "('old', '2025-01-01T00:00:00.000Z', 'finished', '{}', '{}', 1)"});
    if (QTest::currentTestFailed())
        return;
    const qint64 id = *store.createExperiment(plan());
    const passwd *account = ::getpwuid(::geteuid());
    QVERIFY(account);
    for (const auto &list : {store.experiments(), store.experimentList()}) {
        QVERIFY(list.has_value());
        QCOMPARE(list->size(), 2);
        QCOMPARE(list->first().id, id);
        QCOMPARE(list->first().host, QSysInfo::machineHostName());
        QCOMPARE(list->first().user, QString::fromLocal8Bit(account->pw_name));
        QVERIFY(list->last().host.isEmpty() && list->last().user.isEmpty());
    }
    QCOMPARE(store.experiment(id)->host, QSysInfo::machineHostName());
    // Each run keeps where it ran too (runs of one experiment may travel to other stores alone),
    // with the kernel's release, both in full and in list views.
    RunRecord run;
    run.experimentId = id;
    run.id = *store.beginRun(run);
    const auto listed = store.runList();
    QVERIFY(listed.has_value());
    const auto newest =
        std::find_if(listed->cbegin(), listed->cend(), [&](const RunRecord &r) { return r.id == run.id; });
    QVERIFY(newest != listed->cend());
    for (const RunRecord &r : {*store.run(run.id), *newest}) {
        QCOMPARE(r.host, QSysInfo::machineHostName());
        QCOMPARE(r.user, QString::fromLocal8Bit(account->pw_name));
        QCOMPARE(r.kernel, QSysInfo::kernelVersion());
        QCOMPARE(r.uuid.size(), 36);
    }
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
    int opened = 0; // threads that got as far as the check: none would leave no error too
    QMutex mutex;
    for (int i = 0; i < 4; ++i) {
        threads << QThread::create([&] {
            ResultStore mine;
            auto r = mine.open(dbPath());
            QMutexLocker lock(&mutex);
            ++opened;
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
    QCOMPARE(opened, 4);
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

// A knob something else changed during a run, on any of several ends: the run's verdict names
// it and its end, read whole or from the run list (History).
void TestResultStore::verdictsNameKnobsChangedDuringTheRun()
{
    ResultStore store;
    QVERIFY(store.open(dbPath()).has_value());
    RunRecord run = okRunIn(store);
    run.details.insert(
        QStringLiteral("knobs_changed_during_run"),
        QJsonArray{QJsonObject{{QStringLiteral("end"), QStringLiteral("remote")},
                               {QStringLiteral("key"), QStringLiteral("net.ipv4.tcp_autocorking")},
                               {QStringLiteral("expected"), QStringLiteral("0")},
                               {QStringLiteral("after"), QStringLiteral("1")},
                               {QStringLiteral("target"), QStringLiteral("ssh://root@198.18.1.1:2224")}}});
    QVERIFY(store.finishRun(run, {}).has_value());
    const QString says =
        QStringLiteral("net.ipv4.tcp_autocorking on the far end ssh://root@198.18.1.1:2224 (0, at the end 1)");
    const auto whole = store.run(run.id);
    QVERIFY(whole.has_value());
    QVERIFY2(whole->verdict.contains(says), qPrintable(whole->verdict));
    const auto list = store.runList();
    QVERIFY(list.has_value() && list->size() == 1);
    QVERIFY2(list->first().verdict.contains(says), qPrintable(list->first().verdict));
}

QTEST_GUILESS_MAIN(TestResultStore)
#include "tst_result_store.moc"

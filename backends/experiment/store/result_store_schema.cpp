#include "experiment/store/result_store.h"

#include "experiment/store/result_store_sql.h"

#include <QList>
#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

#include <utility>

namespace tcptune {

using storesql::queryError;

namespace {

// One statement of a migration. A data fix for rows that older tcptunes wrote runs on SQLite
// only: PostgreSQL stores begin at schema 8, so none of their rows predates it.
struct Step {
    Step(QString statement, bool onlyOnSqlite = false) // NOLINT(google-explicit-constructor): a list of statements
        : sql(std::move(statement))
        , sqliteOnly(onlyOnSqlite)
    {
    }
    QString sql;
    bool sqliteOnly;
};

// 7: names for experiments (`tcptune results tag`), such as the baseline a check compares with;
// a name belongs to one experiment at a time.
QList<Step> experimentTags()
{
    return {
        QStringLiteral("CREATE TABLE tags (name TEXT PRIMARY KEY, experiment_id INTEGER NOT NULL REFERENCES "
                       "experiments(id) ON DELETE CASCADE, tagged TEXT NOT NULL)"),
    };
}

// 8: runs that travel between stores (a team's PostgreSQL server, bundles, the outbox): every
// experiment and run has a UUID, which makes copying it twice a no-op, and every run the host,
// user and kernel it ran on.
QList<Step> travellingRuns()
{
    // A random version 4 UUID in SQLite, which has no function for it.
    const QString sqliteUuid = QStringLiteral(
        "lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || "
        "substr('89ab', 1 + abs(random()) % 4, 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))");
    return {
        QStringLiteral("ALTER TABLE experiments ADD COLUMN uuid TEXT"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN uuid TEXT"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN host TEXT"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN \"user\" TEXT"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN kernel TEXT"),
        {QStringLiteral("UPDATE experiments SET uuid = %1").arg(sqliteUuid), true},
        {QStringLiteral("UPDATE runs SET uuid = %1, host = (SELECT host FROM experiments e WHERE e.id = "
                        "runs.experiment_id), \"user\" = (SELECT \"user\" FROM experiments e WHERE e.id = "
                        "runs.experiment_id)")
             .arg(sqliteUuid),
         true},
        QStringLiteral("CREATE UNIQUE INDEX experiments_by_uuid ON experiments(uuid)"),
        QStringLiteral("CREATE UNIQUE INDEX runs_by_uuid ON runs(uuid)"),
    };
}

// 9: bundles that carry their capture files. A file's bytes go in chunks of at most 1 MiB, so
// that neither the export nor the import holds a capture of tens of MB in memory; its size and
// SHA-256, written after the last chunk, tell an import that it arrived whole. A store on disk or
// on a server leaves both tables empty: its capture files are files.
QList<Step> carriedCaptureFiles()
{
    return {
        QStringLiteral("CREATE TABLE capture_file_chunks (capture_id INTEGER NOT NULL REFERENCES captures(id) ON "
                       "DELETE CASCADE, chunk INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY(capture_id, chunk))"),
        QStringLiteral("CREATE TABLE capture_files (capture_id INTEGER PRIMARY KEY REFERENCES captures(id) ON DELETE "
                       "CASCADE, size INTEGER NOT NULL, sha256 TEXT NOT NULL)"),
    };
}

// 10: lists of a team's store that cost the same whatever it holds. Each experiment keeps the
// kernel release it was run on (older ones take their first run's), so that a list does not read
// a run per experiment; the finished runs are counted from an index of their own, not from the
// runs' wide rows (at 100,000 runs on a server, 740 ms of `results list`'s 860).
QList<Step> cheapLists()
{
    return {
        QStringLiteral("ALTER TABLE experiments ADD COLUMN kernel TEXT"),
        QStringLiteral("UPDATE experiments SET kernel = (SELECT r.kernel FROM runs r WHERE r.experiment_id = "
                       "experiments.id AND r.kernel IS NOT NULL ORDER BY r.run_index LIMIT 1)"),
        QStringLiteral("CREATE INDEX runs_finished_by_experiment ON runs(experiment_id) WHERE status IN ('ok', "
                       "'failed')"),
    };
}

// 11: whether the receiver's window was full at each sample (TrafficSample::rwndFull), which the
// receive-window share reads beside the kernel's timer (NULL: not read, as before this schema).
QList<Step> fullWindowSamples()
{
    return {QStringLiteral("ALTER TABLE samples ADD COLUMN rwnd_full INTEGER")};
}

// Each schema version's statements; migration N brings version N-1 to N.
const QList<QList<Step>> &migrations()
{
    static const QList<QList<Step>> all = {
        // 1: the first schema.
        {
            QStringLiteral("CREATE TABLE experiments (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, created TEXT "
                           "NOT NULL, finished TEXT, status TEXT NOT NULL, error TEXT, spec_json TEXT NOT NULL, "
                           "plan_json TEXT NOT NULL, planned_runs INTEGER NOT NULL)"),
            QStringLiteral("CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, experiment_id INTEGER NOT NULL "
                           "REFERENCES experiments(id) ON DELETE CASCADE, run_index INTEGER NOT NULL, point_index "
                           "INTEGER NOT NULL, repeat INTEGER NOT NULL, point_label TEXT, settings_json TEXT, status "
                           "TEXT NOT NULL, error TEXT, started TEXT, ended TEXT, throughput_bps REAL, sender_bytes "
                           "INTEGER, receiver_bytes INTEGER, duration_s REAL, rtt_min_ms REAL, rtt_median_ms REAL, "
                           "rtt_p95_ms REAL, rtt_max_ms REAL, retransmits INTEGER, sndbuf_actual INTEGER, collapsed "
                           "INTEGER, interval_s REAL, interval_json TEXT, details_json TEXT, "
                           "UNIQUE(experiment_id, run_index))"),
            QStringLiteral("CREATE TABLE samples (run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, t "
                           "REAL NOT NULL, stream INTEGER, throughput_bps REAL, rtt_ms REAL, rttvar_ms REAL, cwnd "
                           "INTEGER, retransmits INTEGER, delivery_rate_bps REAL, pacing_rate_bps REAL, unacked "
                           "INTEGER, notsent_bytes INTEGER)"),
            QStringLiteral("CREATE INDEX samples_by_run ON samples(run_id, t)"),
            QStringLiteral("CREATE TABLE knob_snapshots (run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE "
                           "CASCADE, side TEXT NOT NULL, phase TEXT NOT NULL, key TEXT NOT NULL, value TEXT, "
                           "PRIMARY KEY(run_id, side, phase, key))"),
            QStringLiteral("CREATE TABLE captures (id INTEGER PRIMARY KEY AUTOINCREMENT, run_id INTEGER NOT NULL "
                           "REFERENCES runs(id) ON DELETE CASCADE, path TEXT NOT NULL, interface TEXT, "
                           "packets_received INTEGER, packets_dropped INTEGER, summary_json TEXT)"),
        },
        // 2: what each end saw of a run (MIB counter deltas, the bottleneck's queue series), the
        // sender's limiter breakdown, and the chrono timers and app-limited flag per sample.
        {
            QStringLiteral("CREATE TABLE run_ends (run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, "
                           "end_name TEXT NOT NULL, location TEXT, sender INTEGER NOT NULL DEFAULT 0, record_json "
                           "TEXT NOT NULL, PRIMARY KEY(run_id, end_name))"),
            QStringLiteral("ALTER TABLE runs ADD COLUMN limiters_json TEXT"),
            QStringLiteral("ALTER TABLE runs ADD COLUMN findings_json TEXT"),
            QStringLiteral("ALTER TABLE samples ADD COLUMN busy_ms REAL"),
            QStringLiteral("ALTER TABLE samples ADD COLUMN rwnd_limited_ms REAL"),
            QStringLiteral("ALTER TABLE samples ADD COLUMN sndbuf_limited_ms REAL"),
            QStringLiteral("ALTER TABLE samples ADD COLUMN app_limited INTEGER"),
        },
        // 3: several ends at once: which end (its place in the spec's list of targets) a sample
        // belongs to.
        {
            QStringLiteral("ALTER TABLE samples ADD COLUMN end_index INTEGER NOT NULL DEFAULT 0"),
        },
        // 4: direction both: whose sending a sample is (1: the target's), so that each direction
        // is a series of its own. Older samples are this host's, but a run in direction down (its
        // details say so) was the target's sending throughout; the CASE keeps a run without
        // details (one left running) from failing json_extract.
        {
            QStringLiteral("ALTER TABLE samples ADD COLUMN far_sender INTEGER NOT NULL DEFAULT 0"),
            {QStringLiteral("UPDATE samples SET far_sender = 1 WHERE run_id IN (SELECT id FROM runs WHERE CASE WHEN "
                            "json_valid(details_json) THEN json_extract(details_json, '$.spec.direction') END = "
                            "'down')"),
             true},
        },
        // 5: settled measurements: the time the run's figures start at (the end of its start-up
        // phase that the run's own series showed, or the user's omitted start) and whether it
        // settled before it ended (NULL: not judged, as for every run before this schema).
        {
            QStringLiteral("ALTER TABLE runs ADD COLUMN measured_from_s REAL"),
            QStringLiteral("ALTER TABLE runs ADD COLUMN settled INTEGER"),
        },
        // 6: where each experiment ran: the host's name and the user's (NULL: recorded before).
        {
            QStringLiteral("ALTER TABLE experiments ADD COLUMN host TEXT"),
            QStringLiteral("ALTER TABLE experiments ADD COLUMN \"user\" TEXT"),
        },
        experimentTags(),
        travellingRuns(),
        carriedCaptureFiles(),
        cheapLists(),
        fullWindowSamples(),
    };
    return all;
}

// The advisory lock of a migration on PostgreSQL: any number all tcptunes agree on ("tcpt").
constexpr qint64 kMigrationLockKey = 0x74637074;

} // namespace

int ResultStore::schemaVersion() const
{
    QSqlQuery q(database());
    if (!q.exec(QStringLiteral("SELECT version FROM schema_version")) || !q.next())
        return 0;
    return q.value(0).toInt();
}

Result<void> ResultStore::migrate()
{
    // Two processes may open a new store at once (a sweep and `tcptune results`, the GUI): the
    // version is read and the migrations run under one write lock, so only one of them migrates.
    // PostgreSQL's lock is an advisory one, as schema_version may not exist yet.
    const bool postgres = m_dialect == storesql::Dialect::Postgres;
    if (auto r = exec(postgres ? QStringLiteral("BEGIN") : QStringLiteral("BEGIN IMMEDIATE")); !r)
        return r;
    auto rollback = [this](Result<void> error) {
        (void)exec(QStringLiteral("ROLLBACK"));
        return error;
    };
    if (postgres)
        if (auto r = exec(QStringLiteral("SELECT pg_advisory_xact_lock(%1)").arg(kMigrationLockKey)); !r)
            return rollback(r);
    if (auto r = exec(QStringLiteral("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")); !r)
        return rollback(r);
    const int current = schemaVersion();
    if (current > kSchemaVersion)
        return rollback(fail(tr("The result store %1 was written by a newer tcptune (schema %2, this one knows %3); "
                                "update tcptune or choose another store.")
                                 .arg(m_path)
                                 .arg(current)
                                 .arg(kSchemaVersion)));
    for (int version = current + 1; version <= kSchemaVersion; ++version) {
        for (const Step &step : migrations().at(version - 1))
            if (!(postgres && step.sqliteOnly))
                if (auto r = exec(storesql::schemaStatement(step.sql, m_dialect)); !r)
                    return rollback(r);
        QSqlQuery q(database());
        q.exec(QStringLiteral("DELETE FROM schema_version"));
        q.prepare(QStringLiteral("INSERT INTO schema_version (version) VALUES (?)"));
        q.addBindValue(version);
        if (!q.exec())
            return rollback(std::unexpected(queryError(q, tr("record the schema version"))));
    }
    if (auto r = exec(QStringLiteral("COMMIT")); !r)
        return rollback(r);
    return {};
}

} // namespace tcptune

#include "experiment/result_store.h"

#include "experiment/run_diagnosis.h"
#include "experiment/run_settling.h"
#include "experiment/run_record_json.h"
#include "experiment/sweep_plan.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QSysInfo>
#include <QThread>
#include <QVariant>

#include <atomic>

#include <pwd.h>
#include <unistd.h>

namespace tcptune {
namespace {

// Each schema version's statements; migration N brings version N-1 to N.
const QList<QStringList> &migrations()
{
    static const QList<QStringList> all = {
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
            QStringLiteral("UPDATE samples SET far_sender = 1 WHERE run_id IN (SELECT id FROM runs WHERE CASE WHEN "
                           "json_valid(details_json) THEN json_extract(details_json, '$.spec.direction') END = "
                           "'down')"),
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
            QStringLiteral("ALTER TABLE experiments ADD COLUMN user TEXT"),
        },
    };
    return all;
}

// The account running tcptune (its login name; the number where it has none).
QString currentUserName()
{
    if (const passwd *user = ::getpwuid(::geteuid()))
        return QString::fromLocal8Bit(user->pw_name);
    return QString::number(::geteuid());
}

QString isoNow()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

QString toText(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QJsonObject objectOf(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

QVariant nullable(double v)
{
    return v < 0 ? QVariant(QMetaType(QMetaType::Double)) : QVariant(v);
}

double orUnknown(const QVariant &v)
{
    return v.isNull() ? -1.0 : v.toDouble();
}

Error queryError(const QSqlQuery &q, const QString &what)
{
    return Error{
        ResultStore::tr("The result store could not %1: %2. Check that the disk is not full and the file is writable.")
            .arg(what, q.lastError().text())};
}

RunRecord runFrom(const QSqlQuery &q)
{
    RunRecord r;
    r.id = q.value(QStringLiteral("id")).toLongLong();
    r.experimentId = q.value(QStringLiteral("experiment_id")).toLongLong();
    r.runIndex = q.value(QStringLiteral("run_index")).toInt();
    r.pointIndex = q.value(QStringLiteral("point_index")).toInt();
    r.repeat = q.value(QStringLiteral("repeat")).toInt();
    r.pointLabel = q.value(QStringLiteral("point_label")).toString();
    const QJsonObject settings = objectOf(q.value(QStringLiteral("settings_json")).toString());
    for (auto it = settings.begin(); it != settings.end(); ++it)
        r.settings.insert(it.key(), it.value().toString());
    r.status = runStatusFromName(q.value(QStringLiteral("status")).toString());
    r.error = q.value(QStringLiteral("error")).toString();
    r.started = QDateTime::fromString(q.value(QStringLiteral("started")).toString(), Qt::ISODateWithMs);
    r.ended = QDateTime::fromString(q.value(QStringLiteral("ended")).toString(), Qt::ISODateWithMs);
    r.throughputBps = q.value(QStringLiteral("throughput_bps")).toDouble();
    r.senderBytes = q.value(QStringLiteral("sender_bytes")).toLongLong();
    r.receiverBytes = q.value(QStringLiteral("receiver_bytes")).toLongLong();
    r.durationS = q.value(QStringLiteral("duration_s")).toDouble();
    r.rttMinMs = orUnknown(q.value(QStringLiteral("rtt_min_ms")));
    r.rttMedianMs = orUnknown(q.value(QStringLiteral("rtt_median_ms")));
    r.rttP95Ms = orUnknown(q.value(QStringLiteral("rtt_p95_ms")));
    r.rttMaxMs = orUnknown(q.value(QStringLiteral("rtt_max_ms")));
    r.retransmits = q.value(QStringLiteral("retransmits")).toLongLong();
    r.sndbufActual =
        q.value(QStringLiteral("sndbuf_actual")).isNull() ? -1 : q.value(QStringLiteral("sndbuf_actual")).toLongLong();
    r.collapsed = q.value(QStringLiteral("collapsed")).toInt() != 0;
    r.intervalS = q.value(QStringLiteral("interval_s")).toDouble();
    const QJsonArray intervals =
        QJsonDocument::fromJson(q.value(QStringLiteral("interval_json")).toString().toUtf8()).array();
    for (const QJsonValue &v : intervals)
        r.intervalThroughputBps.append(v.toDouble());
    r.details = objectOf(q.value(QStringLiteral("details_json")).toString());
    readLimitersJson(objectOf(q.value(QStringLiteral("limiters_json")).toString()), r);
    return r;
}

ExperimentRecord experimentFrom(const QSqlQuery &q)
{
    ExperimentRecord e;
    e.id = q.value(QStringLiteral("id")).toLongLong();
    e.name = q.value(QStringLiteral("name")).toString();
    e.created = QDateTime::fromString(q.value(QStringLiteral("created")).toString(), Qt::ISODateWithMs);
    e.finished = QDateTime::fromString(q.value(QStringLiteral("finished")).toString(), Qt::ISODateWithMs);
    e.status = experimentStatusFromName(q.value(QStringLiteral("status")).toString());
    e.error = q.value(QStringLiteral("error")).toString();
    e.plan = objectOf(q.value(QStringLiteral("plan_json")).toString());
    e.plannedRuns = q.value(QStringLiteral("planned_runs")).toInt();
    e.finishedRuns = q.value(QStringLiteral("finished_runs")).toInt();
    e.host = q.value(QStringLiteral("host")).toString();
    e.user = q.value(QStringLiteral("user")).toString();
    return e;
}

// The columns list views show; no JSON.
const QString kRunListColumns = QStringLiteral(
    "id, experiment_id, run_index, point_index, repeat, point_label, status, error, started, throughput_bps, "
    "rtt_median_ms, retransmits, findings_json, json_extract(details_json, '$.directions'), "
    "json_extract(details_json, '$.knobs_changed_during_run'), json_extract(details_json, '$.settling')");

RunRecord runSummaryFrom(const QSqlQuery &q)
{
    RunRecord r;
    r.id = q.value(0).toLongLong();
    r.experimentId = q.value(1).toLongLong();
    r.runIndex = q.value(2).toInt();
    r.pointIndex = q.value(3).toInt();
    r.repeat = q.value(4).toInt();
    r.pointLabel = q.value(5).toString();
    r.status = runStatusFromName(q.value(6).toString());
    r.error = q.value(7).toString();
    r.started = QDateTime::fromString(q.value(8).toString(), Qt::ISODateWithMs);
    r.throughputBps = q.value(9).toDouble();
    r.rttMedianMs = orUnknown(q.value(10));
    r.retransmits = q.value(11).toLongLong();
    // Direction both: each direction's figures ("up 24.1 / down 23.8"), and knobs something else
    // changed during the run (for the verdict); no other detail is read.
    if (const QString directions = q.value(13).toString(); !directions.isEmpty())
        r.details.insert(QStringLiteral("directions"), QJsonDocument::fromJson(directions.toUtf8()).array());
    if (const QString drift = q.value(14).toString(); !drift.isEmpty())
        r.details.insert(QStringLiteral("knobs_changed_during_run"), QJsonDocument::fromJson(drift.toUtf8()).array());
    // Where the figures start, and whether the run settled (its warning in the verdict).
    if (const QString settling = q.value(15).toString(); !settling.isEmpty())
        r.details.insert(QStringLiteral("settling"), QJsonDocument::fromJson(settling.toUtf8()).object());
    // The findings, not the sentence, are stored: the verdict in the reader's language.
    if (r.status == RunStatus::Ok)
        r.verdict = RunDiagnosis::withNotes(
            RunDiagnosis::verdict(findingsFromJson(QJsonDocument::fromJson(q.value(12).toString().toUtf8()).array())),
            r.details);
    return r;
}

const QString kExperimentColumns = QStringLiteral(
    "e.id, e.name, e.created, e.finished, e.status, e.error, e.plan_json, e.planned_runs, e.host, e.user, "
    "(SELECT COUNT(*) FROM runs r WHERE r.experiment_id = e.id AND r.status IN ('ok', 'failed')) AS finished_runs");

} // namespace

ResultStore::~ResultStore()
{
    close();
}

QString ResultStore::defaultPath()
{
    const QByteArray overridePath = qgetenv("TCPTUNE_RESULTS_DB");
    if (!overridePath.isEmpty())
        return QString::fromLocal8Bit(overridePath);
    QString base = QString::fromLocal8Bit(qgetenv("XDG_DATA_HOME"));
    if (base.isEmpty())
        base = QDir::homePath() + QStringLiteral("/.local/share");
    return base + QStringLiteral("/tcptune/results.db");
}

QSqlDatabase ResultStore::database() const
{
    return QSqlDatabase::database(m_connection, false);
}

bool ResultStore::isOpen() const
{
    return !m_connection.isEmpty() && database().isOpen();
}

Result<void> ResultStore::exec(const QString &sql) const
{
    QSqlQuery q(database());
    if (!q.exec(sql))
        return std::unexpected(queryError(q, tr("run \"%1\"").arg(sql.left(60))));
    return {};
}

Result<void> ResultStore::open(const QString &path)
{
    static std::atomic<int> counter{0};
    if (!m_connection.isEmpty())
        return fail(tr("The result store is already open."));
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath()))
        return fail(tr("Cannot create the folder %1 for the result store; check its permissions or set "
                       "TCPTUNE_RESULTS_DB to another file.")
                        .arg(info.absolutePath()));
    m_connection = QStringLiteral("tcptune-results-%1").arg(counter.fetch_add(1));
    m_path = path;
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(path);
    // A second connection (the GUI reading while a runner writes) waits instead of failing.
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    if (!db.open()) {
        const QString error = db.lastError().text();
        db = QSqlDatabase();
        close();
        return fail(tr("Cannot open the result store %1: %2. Check the file's permissions or set "
                       "TCPTUNE_RESULTS_DB to another file.")
                        .arg(path, error));
    }
    // WAL: readers do not block the writer; NORMAL sync still survives a killed process.
    Result<void> ready = enableWal();
    for (const QString &pragma :
         {QStringLiteral("PRAGMA synchronous=NORMAL"), QStringLiteral("PRAGMA foreign_keys=ON")}) {
        if (!ready)
            break;
        ready = exec(pragma);
    }
    if (ready)
        ready = migrate();
    if (!ready)
        close(); // a later open() may try again
    return ready;
}

// Two connections opening a new file at once (a sweep and the GUI): while one turns it to WAL
// and migrates, the other's PRAGMA can fail at once with SQLITE_BUSY, the busy timeout not
// applying (tst_result_store::concurrentOpenOfANewFile, 1 run in 15): it tries again, for about
// as long as that timeout.
Result<void> ResultStore::enableWal() const
{
    constexpr int kSqliteBusy = 5;
    for (int attempt = 0;; ++attempt) {
        QSqlQuery q(database());
        if (q.exec(QStringLiteral("PRAGMA journal_mode=WAL")))
            return {};
        if ((q.lastError().nativeErrorCode().toInt() & 0xff) != kSqliteBusy || attempt == 100)
            return std::unexpected(queryError(q, tr("switch to write-ahead logging")));
        QThread::msleep(50);
    }
}

void ResultStore::close()
{
    if (m_connection.isEmpty())
        return;
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        if (db.isOpen())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_connection);
    m_connection.clear();
}

int ResultStore::schemaVersion() const
{
    QSqlQuery q(database());
    if (!q.exec(QStringLiteral("SELECT version FROM schema_version")) || !q.next())
        return 0;
    return q.value(0).toInt();
}

Result<void> ResultStore::migrate()
{
    // Two processes may open a new file at once (a sweep and `tcptune results`, the GUI): the
    // version is read and the migrations run under one write lock, so only one of them migrates.
    if (auto r = exec(QStringLiteral("BEGIN IMMEDIATE")); !r)
        return r;
    auto rollback = [this](Result<void> error) {
        (void)exec(QStringLiteral("ROLLBACK"));
        return error;
    };
    if (auto r = exec(QStringLiteral("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")); !r)
        return rollback(r);
    const int current = schemaVersion();
    if (current > kSchemaVersion)
        return rollback(fail(tr("The result store %1 was written by a newer tcptune (schema %2, this one knows %3); "
                                "update tcptune or set TCPTUNE_RESULTS_DB to another file.")
                                 .arg(m_path)
                                 .arg(current)
                                 .arg(kSchemaVersion)));
    for (int version = current + 1; version <= kSchemaVersion; ++version) {
        for (const QString &sql : migrations().at(version - 1))
            if (auto r = exec(sql); !r)
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

Result<qint64> ResultStore::createExperiment(const SweepPlan &plan)
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("INSERT INTO experiments (name, created, status, spec_json, plan_json, planned_runs, "
                             "host, user) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(plan.spec().name);
    q.addBindValue(isoNow());
    q.addBindValue(experimentStatusName(ExperimentStatus::Running));
    q.addBindValue(toText(plan.spec().toJson()));
    q.addBindValue(toText(plan.toJson()));
    q.addBindValue(int(plan.runs().size()));
    q.addBindValue(QSysInfo::machineHostName());
    q.addBindValue(currentUserName());
    if (!q.exec())
        return std::unexpected(queryError(q, tr("record the experiment")));
    return q.lastInsertId().toLongLong();
}

Result<void> ResultStore::setExperimentStatus(qint64 experimentId, ExperimentStatus status, const QString &error)
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("UPDATE experiments SET status = ?, error = ?, finished = ? WHERE id = ?"));
    q.addBindValue(experimentStatusName(status));
    q.addBindValue(error);
    q.addBindValue(status == ExperimentStatus::Running ? QVariant(QMetaType(QMetaType::QString)) : QVariant(isoNow()));
    q.addBindValue(experimentId);
    if (!q.exec())
        return std::unexpected(queryError(q, tr("update the experiment")));
    return {};
}

Result<QList<int>> ResultStore::markRunningRunsInterrupted(qint64 experimentId, const QString &error)
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("SELECT run_index FROM runs WHERE experiment_id = ? AND status = ? ORDER BY run_index"));
    q.addBindValue(experimentId);
    q.addBindValue(runStatusName(RunStatus::Running));
    if (!q.exec())
        return std::unexpected(queryError(q, tr("read the interrupted runs")));
    QList<int> indexes;
    while (q.next())
        indexes.append(q.value(0).toInt());
    q.prepare(
        QStringLiteral("UPDATE runs SET status = ?, error = ?, ended = ? WHERE experiment_id = ? AND status = ?"));
    q.addBindValue(runStatusName(RunStatus::Interrupted));
    q.addBindValue(error);
    q.addBindValue(isoNow());
    q.addBindValue(experimentId);
    q.addBindValue(runStatusName(RunStatus::Running));
    if (!q.exec())
        return std::unexpected(queryError(q, tr("mark the interrupted runs")));
    return indexes;
}

Result<ExperimentRecord> ResultStore::experiment(qint64 experimentId) const
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("SELECT %1 FROM experiments e WHERE e.id = ?").arg(kExperimentColumns));
    q.addBindValue(experimentId);
    if (!q.exec())
        return std::unexpected(queryError(q, tr("read the experiment")));
    if (!q.next())
        return fail(tr("There is no experiment %1 in %2; 'tcptune results list' shows the stored ones.")
                        .arg(experimentId)
                        .arg(m_path));
    return experimentFrom(q);
}

Result<QList<ExperimentRecord>> ResultStore::experiments() const
{
    QSqlQuery q(database());
    if (!q.exec(QStringLiteral("SELECT %1 FROM experiments e ORDER BY e.id DESC").arg(kExperimentColumns)))
        return std::unexpected(queryError(q, tr("list the experiments")));
    QList<ExperimentRecord> out;
    while (q.next())
        out.append(experimentFrom(q));
    return out;
}

Result<QList<ExperimentRecord>> ResultStore::experimentList() const
{
    // One pass over the runs for every experiment's count, instead of a subquery per experiment.
    QSqlQuery q(database());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral(
            "SELECT e.id, e.name, e.created, e.finished, e.status, e.error, e.planned_runs, COALESCE(f.n, 0), e.host, "
            "e.user FROM "
            "experiments e LEFT JOIN (SELECT experiment_id, COUNT(*) AS n FROM runs WHERE status IN ('ok', "
            "'failed') GROUP BY experiment_id) f ON f.experiment_id = e.id ORDER BY e.id DESC")))
        return std::unexpected(queryError(q, tr("list the experiments")));
    QList<ExperimentRecord> out;
    while (q.next()) {
        ExperimentRecord e;
        e.id = q.value(0).toLongLong();
        e.name = q.value(1).toString();
        e.created = QDateTime::fromString(q.value(2).toString(), Qt::ISODateWithMs);
        e.finished = QDateTime::fromString(q.value(3).toString(), Qt::ISODateWithMs);
        e.status = experimentStatusFromName(q.value(4).toString());
        e.error = q.value(5).toString();
        e.plannedRuns = q.value(6).toInt();
        e.finishedRuns = q.value(7).toInt();
        e.host = q.value(8).toString();
        e.user = q.value(9).toString();
        out.append(e);
    }
    return out;
}

Result<void> ResultStore::deleteExperiment(qint64 experimentId)
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("DELETE FROM experiments WHERE id = ?"));
    q.addBindValue(experimentId);
    if (!q.exec())
        return std::unexpected(queryError(q, tr("delete the experiment")));
    return {};
}

Result<qint64> ResultStore::beginRun(const RunRecord &run)
{
    QSqlDatabase db = database();
    db.transaction();
    QSqlQuery q(db);
    // A run of the same index left "running" by a killed process is replaced (with its samples).
    q.prepare(QStringLiteral("DELETE FROM runs WHERE experiment_id = ? AND run_index = ?"));
    q.addBindValue(run.experimentId);
    q.addBindValue(run.runIndex);
    if (!q.exec()) {
        db.rollback();
        return std::unexpected(queryError(q, tr("replace an interrupted run")));
    }
    QJsonObject settings;
    for (auto it = run.settings.begin(); it != run.settings.end(); ++it)
        settings.insert(it.key(), it.value());
    q.prepare(QStringLiteral("INSERT INTO runs (experiment_id, run_index, point_index, repeat, point_label, "
                             "settings_json, status, started) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(run.experimentId);
    q.addBindValue(run.runIndex);
    q.addBindValue(run.pointIndex);
    q.addBindValue(run.repeat);
    q.addBindValue(run.pointLabel);
    q.addBindValue(toText(settings));
    q.addBindValue(runStatusName(RunStatus::Running));
    q.addBindValue(run.started.isValid() ? run.started.toUTC().toString(Qt::ISODateWithMs) : isoNow());
    if (!q.exec()) {
        db.rollback();
        return std::unexpected(queryError(q, tr("record the run")));
    }
    const qint64 id = q.lastInsertId().toLongLong();
    if (!db.commit())
        return fail(tr("The result store could not commit the run: %1.").arg(db.lastError().text()));
    return id;
}

Result<void> ResultStore::finishRun(const RunRecord &run, const QList<RunSample> &samples)
{
    QSqlDatabase db = database();
    db.transaction();
    if (auto r = addSamples(run.id, samples); !r) {
        db.rollback();
        return r;
    }
    QJsonArray intervals;
    for (double v : run.intervalThroughputBps)
        intervals.append(v);
    QSqlQuery q(db);
    q.prepare(QStringLiteral(
        "UPDATE runs SET status = ?, error = ?, ended = ?, throughput_bps = ?, sender_bytes = ?, receiver_bytes = ?, "
        "duration_s = ?, rtt_min_ms = ?, rtt_median_ms = ?, rtt_p95_ms = ?, rtt_max_ms = ?, retransmits = ?, "
        "sndbuf_actual = ?, collapsed = ?, interval_s = ?, interval_json = ?, details_json = ?, limiters_json = ?, "
        "findings_json = ?, measured_from_s = ?, settled = ? WHERE id = ?"));
    q.addBindValue(runStatusName(run.status));
    q.addBindValue(run.error);
    q.addBindValue(run.ended.isValid() ? run.ended.toUTC().toString(Qt::ISODateWithMs) : isoNow());
    q.addBindValue(run.throughputBps);
    q.addBindValue(run.senderBytes);
    q.addBindValue(run.receiverBytes);
    q.addBindValue(run.durationS);
    q.addBindValue(nullable(run.rttMinMs));
    q.addBindValue(nullable(run.rttMedianMs));
    q.addBindValue(nullable(run.rttP95Ms));
    q.addBindValue(nullable(run.rttMaxMs));
    q.addBindValue(run.retransmits);
    q.addBindValue(run.sndbufActual < 0 ? QVariant(QMetaType(QMetaType::LongLong)) : QVariant(run.sndbufActual));
    q.addBindValue(run.collapsed ? 1 : 0);
    q.addBindValue(run.intervalS);
    q.addBindValue(QString::fromUtf8(QJsonDocument(intervals).toJson(QJsonDocument::Compact)));
    q.addBindValue(toText(run.details));
    q.addBindValue(toText(limitersJson(run)));
    q.addBindValue(QString::fromUtf8(
        QJsonDocument(run.status == RunStatus::Ok ? findingsToJson(RunDiagnosis::findings(factsOf(run))) : QJsonArray())
            .toJson(QJsonDocument::Compact)));
    const RunSettling settling = settlingOf(run);
    const double omitS =
        run.details.value(QStringLiteral("spec")).toObject().value(QStringLiteral("omit_s")).toDouble();
    q.addBindValue(settling.judged ? settling.cutS : omitS);
    q.addBindValue(settling.judged ? QVariant(settling.settled ? 1 : 0) : QVariant(QMetaType(QMetaType::Int)));
    q.addBindValue(run.id);
    if (!q.exec()) {
        db.rollback();
        return std::unexpected(queryError(q, tr("store the run's result")));
    }
    if (auto r = storeEnds(run); !r) {
        db.rollback();
        return r;
    }
    if (!db.commit())
        return fail(tr("The result store could not commit the run: %1.").arg(db.lastError().text()));
    return {};
}

// RUN's end records, replacing what an earlier attempt of the run stored. Knob snapshots are
// not in them: addKnobSnapshot keeps those.
Result<void> ResultStore::storeEnds(const RunRecord &run)
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("DELETE FROM run_ends WHERE run_id = ?"));
    q.addBindValue(run.id);
    if (!q.exec())
        return std::unexpected(queryError(q, tr("replace the run's end records")));
    for (const EndRecord &e : run.ends) {
        q.prepare(QStringLiteral(
            "INSERT INTO run_ends (run_id, end_name, location, sender, record_json) VALUES (?, ?, ?, ?, ?)"));
        q.addBindValue(run.id);
        q.addBindValue(runEndName(e.end));
        q.addBindValue(e.where);
        q.addBindValue(e.sender ? 1 : 0);
        q.addBindValue(toText(toJson(e)));
        if (!q.exec())
            return std::unexpected(queryError(q, tr("store the run's end records")));
    }
    return {};
}

// Fills RUNS' end records (with both knob snapshots of each end) from the store: two queries
// for the lot, whatever the number of runs. RUN_FILTER selects the runs ("r.experiment_id = ?").
Result<void> ResultStore::loadEnds(QList<RunRecord> &runs, const QString &runFilter, qint64 key) const
{
    QHash<qint64, RunRecord *> byId;
    for (RunRecord &r : runs)
        byId.insert(r.id, &r);
    QSqlQuery q(database());
    q.prepare(QStringLiteral("SELECT e.run_id, e.record_json FROM run_ends e JOIN runs r ON r.id = e.run_id WHERE %1 "
                             "ORDER BY e.run_id, e.end_name")
                  .arg(runFilter));
    q.addBindValue(key);
    if (!q.exec())
        return std::unexpected(queryError(q, tr("read the runs' end records")));
    while (q.next())
        if (RunRecord *r = byId.value(q.value(0).toLongLong()))
            r->ends.append(endRecordFromJson(objectOf(q.value(1).toString())));
    q.prepare(QStringLiteral("SELECT k.run_id, k.side, k.phase, k.key, k.value FROM knob_snapshots k JOIN runs r ON "
                             "r.id = k.run_id WHERE %1")
                  .arg(runFilter));
    q.addBindValue(key);
    if (!q.exec())
        return std::unexpected(queryError(q, tr("read the knob snapshots")));
    while (q.next()) {
        RunRecord *r = byId.value(q.value(0).toLongLong());
        if (!r)
            continue;
        const RunEnd side = runEndFromName(q.value(1).toString());
        EndRecord *end = nullptr;
        for (EndRecord &e : r->ends)
            if (e.end == side)
                end = &e;
        if (!end) {
            // Runs stored before the end records existed still have their snapshots.
            r->ends.append(EndRecord{});
            end = &r->ends.last();
            end->end = side;
        }
        KnobSnapshot &snapshot = q.value(2).toString() == QLatin1String("after") ? end->knobsAfter : end->knobsBefore;
        snapshot.insert(q.value(3).toString(), q.value(4).toString());
    }
    return loadCaptureFiles(byId, runFilter, key);
}

// The capture files of the runs in BY_ID; their analyses stay in the store (captures(RUN_ID)).
Result<void> ResultStore::loadCaptureFiles(const QHash<qint64, RunRecord *> &byId, const QString &runFilter,
                                           qint64 key) const
{
    QSqlQuery q(database());
    q.prepare(
        QStringLiteral("SELECT c.run_id, c.path, c.interface, c.packets_received, c.packets_dropped FROM captures "
                       "c JOIN runs r ON r.id = c.run_id WHERE %1 ORDER BY c.id")
            .arg(runFilter));
    q.addBindValue(key);
    if (!q.exec())
        return std::unexpected(queryError(q, tr("read the captures")));
    while (q.next()) {
        RunRecord *r = byId.value(q.value(0).toLongLong());
        if (!r)
            continue;
        CaptureRecord c;
        c.path = q.value(1).toString();
        c.interface = q.value(2).toString();
        c.packetsReceived = q.value(3).toLongLong();
        c.packetsDropped = q.value(4).toLongLong();
        r->captures.append(c);
    }
    return {};
}

Result<QList<RunRecord>> ResultStore::runs(qint64 experimentId) const
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("SELECT * FROM runs WHERE experiment_id = ? ORDER BY run_index"));
    q.addBindValue(experimentId);
    if (!q.exec())
        return std::unexpected(queryError(q, tr("read the runs")));
    QList<RunRecord> out;
    while (q.next())
        out.append(runFrom(q));
    if (auto r = loadEnds(out, QStringLiteral("r.experiment_id = ?"), experimentId); !r)
        return std::unexpected(r.error());
    for (RunRecord &r : out)
        r.verdict = RunDiagnosis::verdictOf(r);
    return out;
}

Result<QList<RunRecord>> ResultStore::runList() const
{
    QSqlQuery q(database());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT %1 FROM runs ORDER BY experiment_id DESC, run_index").arg(kRunListColumns)))
        return std::unexpected(queryError(q, tr("read the runs")));
    QList<RunRecord> out;
    while (q.next())
        out.append(runSummaryFrom(q));
    return out;
}

Result<RunRecord> ResultStore::run(qint64 runId) const
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("SELECT * FROM runs WHERE id = ?"));
    q.addBindValue(runId);
    if (!q.exec())
        return std::unexpected(queryError(q, tr("read the run")));
    if (!q.next())
        return fail(tr("There is no run %1 in the result store.").arg(runId));
    QList<RunRecord> one{runFrom(q)};
    if (auto r = loadEnds(one, QStringLiteral("r.id = ?"), runId); !r)
        return std::unexpected(r.error());
    one.first().verdict = RunDiagnosis::verdictOf(one.first());
    return one.first();
}

Result<QSet<int>> ResultStore::finishedRunIndexes(qint64 experimentId) const
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("SELECT run_index FROM runs WHERE experiment_id = ? AND status IN ('ok', 'failed')"));
    q.addBindValue(experimentId);
    if (!q.exec())
        return std::unexpected(queryError(q, tr("read the finished runs")));
    QSet<int> out;
    while (q.next())
        out.insert(q.value(0).toInt());
    return out;
}

Result<void> ResultStore::addSamples(qint64 runId, const QList<RunSample> &samples)
{
    if (samples.isEmpty())
        return {};
    QVariantList run, t, stream, tput, rtt, rttvar, cwnd, retrans, delivery, pacing, unacked, notsent;
    QVariantList busy, rwndLimited, sndbufLimited, appLimited, end, farSender;
    for (const RunSample &s : samples) {
        run << runId;
        t << s.t;
        stream << s.stream;
        tput << s.throughputBps;
        rtt << nullable(s.rttMs);
        rttvar << nullable(s.rttVarMs);
        cwnd << (s.cwnd < 0 ? QVariant(QMetaType(QMetaType::LongLong)) : QVariant(s.cwnd));
        retrans << s.retransmits;
        delivery << nullable(s.deliveryRateBps);
        pacing << nullable(s.pacingRateBps);
        unacked << (s.unacked < 0 ? QVariant(QMetaType(QMetaType::LongLong)) : QVariant(s.unacked));
        notsent << (s.notsentBytes < 0 ? QVariant(QMetaType(QMetaType::LongLong)) : QVariant(s.notsentBytes));
        busy << nullable(s.busyMs);
        rwndLimited << nullable(s.rwndLimitedMs);
        sndbufLimited << nullable(s.sndbufLimitedMs);
        appLimited << (s.appLimited < 0 ? QVariant(QMetaType(QMetaType::Int)) : QVariant(s.appLimited));
        end << s.end;
        farSender << (s.farSender ? 1 : 0);
    }
    QSqlQuery q(database());
    q.prepare(QStringLiteral("INSERT INTO samples (run_id, t, stream, throughput_bps, rtt_ms, rttvar_ms, cwnd, "
                             "retransmits, delivery_rate_bps, pacing_rate_bps, unacked, notsent_bytes, busy_ms, "
                             "rwnd_limited_ms, sndbuf_limited_ms, app_limited, end_index, far_sender) VALUES (?, ?, "
                             "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const QVariantList *column :
         {&run, &t, &stream, &tput, &rtt, &rttvar, &cwnd, &retrans, &delivery, &pacing, &unacked, &notsent, &busy,
          &rwndLimited, &sndbufLimited, &appLimited, &end, &farSender})
        q.addBindValue(*column);
    if (!q.execBatch())
        return std::unexpected(queryError(q, tr("store the samples")));
    return {};
}

namespace {

[[nodiscard]] Result<QList<RunSample>> readSamples(QSqlQuery &q, qint64 runId, const QString &filter)
{
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT t, stream, throughput_bps, rtt_ms, rttvar_ms, cwnd, retransmits, "
                             "delivery_rate_bps, pacing_rate_bps, unacked, notsent_bytes, busy_ms, rwnd_limited_ms, "
                             "sndbuf_limited_ms, app_limited, end_index, far_sender FROM samples WHERE run_id = ? %1 "
                             "ORDER BY t, end_index, far_sender, stream")
                  .arg(filter));
    q.addBindValue(runId);
    if (!q.exec())
        return std::unexpected(queryError(q, ResultStore::tr("read the samples")));
    QList<RunSample> out;
    while (q.next()) {
        RunSample s;
        s.t = q.value(0).toDouble();
        s.stream = q.value(1).toInt();
        s.throughputBps = q.value(2).toDouble();
        s.rttMs = orUnknown(q.value(3));
        s.rttVarMs = orUnknown(q.value(4));
        s.cwnd = q.value(5).isNull() ? -1 : q.value(5).toLongLong();
        s.retransmits = q.value(6).toLongLong();
        s.deliveryRateBps = orUnknown(q.value(7));
        s.pacingRateBps = orUnknown(q.value(8));
        s.unacked = q.value(9).isNull() ? -1 : q.value(9).toLongLong();
        s.notsentBytes = q.value(10).isNull() ? -1 : q.value(10).toLongLong();
        s.busyMs = orUnknown(q.value(11));
        s.rwndLimitedMs = orUnknown(q.value(12));
        s.sndbufLimitedMs = orUnknown(q.value(13));
        s.appLimited = q.value(14).isNull() ? -1 : q.value(14).toInt();
        s.end = q.value(15).toInt();
        s.farSender = q.value(16).toInt() != 0;
        out.append(s);
    }
    return out;
}

} // namespace

Result<QList<RunSample>> ResultStore::samples(qint64 runId) const
{
    QSqlQuery q(database());
    return readSamples(q, runId, QString());
}

Result<QList<RunSample>> ResultStore::aggregateSamples(qint64 runId) const
{
    QSqlQuery q(database());
    return readSamples(q, runId, QStringLiteral("AND stream < 0"));
}

Result<void> ResultStore::addKnobSnapshot(qint64 runId, const QString &side, const QString &phase,
                                          const KnobSnapshot &knobs)
{
    if (knobs.isEmpty())
        return {};
    QVariantList run, sides, phases, keys, values;
    for (auto it = knobs.begin(); it != knobs.end(); ++it) {
        run << runId;
        sides << side;
        phases << phase;
        keys << it.key();
        values << it.value();
    }
    QSqlQuery q(database());
    q.prepare(QStringLiteral(
        "INSERT OR REPLACE INTO knob_snapshots (run_id, side, phase, key, value) VALUES (?, ?, ?, ?, ?)"));
    for (const QVariantList *column : {&run, &sides, &phases, &keys, &values})
        q.addBindValue(*column);
    if (!q.execBatch())
        return std::unexpected(queryError(q, tr("store the knob snapshot")));
    return {};
}

Result<KnobSnapshot> ResultStore::knobSnapshot(qint64 runId, const QString &side, const QString &phase) const
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("SELECT key, value FROM knob_snapshots WHERE run_id = ? AND side = ? AND phase = ?"));
    q.addBindValue(runId);
    q.addBindValue(side);
    q.addBindValue(phase);
    if (!q.exec())
        return std::unexpected(queryError(q, tr("read the knob snapshot")));
    KnobSnapshot out;
    while (q.next())
        out.insert(q.value(0).toString(), q.value(1).toString());
    return out;
}

Result<void> ResultStore::addCapture(qint64 runId, const CaptureRecord &capture)
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("INSERT INTO captures (run_id, path, interface, packets_received, packets_dropped, "
                             "summary_json) VALUES (?, ?, ?, ?, ?, ?)"));
    q.addBindValue(runId);
    q.addBindValue(capture.path);
    q.addBindValue(capture.interface);
    q.addBindValue(capture.packetsReceived);
    q.addBindValue(capture.packetsDropped);
    q.addBindValue(toText(capture.summary));
    if (!q.exec())
        return std::unexpected(queryError(q, tr("store the capture")));
    return {};
}

Result<QList<CaptureRecord>> ResultStore::captures(qint64 runId) const
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("SELECT path, interface, packets_received, packets_dropped, summary_json FROM captures "
                             "WHERE run_id = ? ORDER BY id"));
    q.addBindValue(runId);
    if (!q.exec())
        return std::unexpected(queryError(q, tr("read the captures")));
    QList<CaptureRecord> out;
    while (q.next()) {
        CaptureRecord c;
        c.path = q.value(0).toString();
        c.interface = q.value(1).toString();
        c.packetsReceived = q.value(2).toLongLong();
        c.packetsDropped = q.value(3).toLongLong();
        c.summary = objectOf(q.value(4).toString());
        out.append(c);
    }
    return out;
}

} // namespace tcptune

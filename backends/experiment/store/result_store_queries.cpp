#include "experiment/store/result_store.h"

#include "experiment/diagnosis/run_diagnosis.h"
#include "experiment/record/run_record_json.h"
#include "experiment/store/result_store_sql.h"

#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariant>

namespace tcptune {

using storesql::objectOf;
using storesql::orUnknown;
using storesql::queryError;

namespace {

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
    r.uuid = q.value(QStringLiteral("uuid")).toString();
    r.host = q.value(QStringLiteral("host")).toString();
    r.user = q.value(QStringLiteral("user")).toString();
    r.kernel = q.value(QStringLiteral("kernel")).toString();
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
    e.uuid = q.value(QStringLiteral("uuid")).toString();
    e.kernel = q.value(QStringLiteral("kernel")).toString();
    return e;
}

// The columns list views show; of the JSON, only the members a summary needs.
QString runListColumns(storesql::Dialect dialect)
{
    using storesql::jsonMember;
    return QStringLiteral(
               "id, experiment_id, run_index, point_index, repeat, point_label, status, error, started, "
               "throughput_bps, rtt_median_ms, retransmits, findings_json, %1, %2, %3, uuid, host, \"user\", "
               "kernel")
        .arg(jsonMember(QStringLiteral("details_json"), QStringLiteral("directions"), dialect),
             jsonMember(QStringLiteral("details_json"), QStringLiteral("knobs_changed_during_run"), dialect),
             jsonMember(QStringLiteral("details_json"), QStringLiteral("settling"), dialect));
}

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
    r.uuid = q.value(16).toString();
    r.host = q.value(17).toString();
    r.user = q.value(18).toString();
    r.kernel = q.value(19).toString();
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
    "e.id, e.name, e.created, e.finished, e.status, e.error, e.plan_json, e.planned_runs, e.host, e.\"user\", e.uuid, "
    "e.kernel, "
    "(SELECT COUNT(*) FROM runs r WHERE r.experiment_id = e.id AND r.status IN ('ok', 'failed')) AS finished_runs");

} // namespace

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

namespace {

// FILTER as a WHERE clause over experiments e, with its values in the order they bind.
QString whereOf(const ExperimentFilter &filter, QVariantList &values)
{
    QStringList terms;
    if (!filter.host.isEmpty()) {
        terms << QStringLiteral("LOWER(e.host) = LOWER(?)");
        values << filter.host;
    }
    if (!filter.user.isEmpty()) {
        terms << QStringLiteral("e.\"user\" = ?");
        values << filter.user;
    }
    if (!filter.kernel.isEmpty()) {
        // A prefix, compared as text (LIKE would read '_' in a release as a wildcard); one ending
        // in a digit stops at a number's end: "6.1" takes 6.1.0-18-amd64, not 6.12.9. (Not BETWEEN '0'
        // AND '9': a server's collation may sort punctuation among the digits.)
        const int n = int(filter.kernel.size());
        const QString numberEnds =
            filter.kernel.back().isDigit()
                ? QStringLiteral(" AND SUBSTR(k.kernel, %1, 1) NOT IN ('0', '1', '2', '3', '4', '5', "
                                 "'6', '7', '8', '9')")
                      .arg(n + 1)
                : QString();
        terms << QStringLiteral("EXISTS (SELECT 1 FROM runs k WHERE k.experiment_id = e.id AND SUBSTR(k.kernel, 1, "
                                "%1) = ?%2)")
                     .arg(n)
                     .arg(numberEnds);
        values << filter.kernel;
    }
    if (!filter.tag.isEmpty()) {
        terms << QStringLiteral("EXISTS (SELECT 1 FROM tags t WHERE t.experiment_id = e.id AND t.name = ?)");
        values << filter.tag;
    }
    if (filter.beforeId > 0) {
        terms << QStringLiteral("e.id < ?");
        values << filter.beforeId;
    }
    return terms.isEmpty() ? QString() : QStringLiteral("WHERE ") + terms.join(QStringLiteral(" AND "));
}

ExperimentRecord experimentSummaryFrom(const QSqlQuery &q)
{
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
    e.uuid = q.value(10).toString();
    e.kernel = q.value(11).toString();
    return e;
}

} // namespace

Result<QList<ExperimentRecord>> ResultStore::experimentList(const ExperimentFilter &filter) const
{
    // The page is chosen first; the runs are counted for its experiments only, in one pass
    // instead of a subquery per experiment.
    QVariantList values;
    const QString page =
        QStringLiteral("SELECT e.id FROM experiments e %1 ORDER BY e.id DESC %2")
            .arg(whereOf(filter, values), filter.limit > 0 ? QStringLiteral("LIMIT %1").arg(filter.limit) : QString());
    QSqlQuery q(database());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral(
                  "WITH page AS (%1) SELECT e.id, e.name, e.created, e.finished, e.status, e.error, e.planned_runs, "
                  "COALESCE(f.n, 0), e.host, e.\"user\", e.uuid, e.kernel FROM experiments e JOIN page p ON "
                  "p.id = e.id LEFT JOIN (SELECT experiment_id, COUNT(*) AS n FROM runs WHERE status IN ('ok', "
                  "'failed') AND experiment_id IN (SELECT id FROM page) GROUP BY experiment_id) f ON "
                  "f.experiment_id = e.id ORDER BY e.id DESC")
                  .arg(page));
    for (const QVariant &v : values)
        q.addBindValue(v);
    if (!q.exec())
        return std::unexpected(queryError(q, tr("list the experiments")));
    QList<ExperimentRecord> out;
    while (q.next())
        out.append(experimentSummaryFrom(q));
    return out;
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

Result<QList<RunRecord>> ResultStore::runList(const QList<qint64> &experimentIds) const
{
    QStringList ids;
    for (qint64 id : experimentIds)
        ids << QString::number(id);
    QSqlQuery q(database());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT %1 FROM runs WHERE experiment_id IN (%2) ORDER BY experiment_id DESC, run_index")
                    .arg(runListColumns(m_dialect), ids.isEmpty() ? QStringLiteral("NULL") : ids.join(u','))))
        return std::unexpected(queryError(q, tr("read the runs")));
    QList<RunRecord> out;
    while (q.next())
        out.append(runSummaryFrom(q));
    return out;
}

Result<QList<RunRecord>> ResultStore::runList() const
{
    QSqlQuery q(database());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT %1 FROM runs ORDER BY experiment_id DESC, run_index")
                    .arg(runListColumns(m_dialect))))
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

namespace {

[[nodiscard]] Result<QList<RunSample>> readSamples(QSqlQuery &q, qint64 runId, const QString &filter)
{
    q.setForwardOnly(true);
    q.prepare(QStringLiteral(
                  "SELECT t, stream, throughput_bps, rtt_ms, rttvar_ms, cwnd, retransmits, "
                  "delivery_rate_bps, pacing_rate_bps, unacked, notsent_bytes, busy_ms, rwnd_limited_ms, "
                  "sndbuf_limited_ms, app_limited, end_index, far_sender, rwnd_full FROM samples WHERE run_id = ? %1 "
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
        s.rwndFull = q.value(17).isNull() ? -1 : q.value(17).toInt();
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

Result<QList<QPair<qint64, QString>>> ResultStore::capturePaths() const
{
    QSqlQuery q(database());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT c.run_id, c.path FROM captures c JOIN runs r ON r.id = c.run_id ORDER BY "
                               "r.experiment_id DESC, r.run_index")))
        return std::unexpected(queryError(q, tr("read the captures")));
    QList<QPair<qint64, QString>> out;
    while (q.next())
        out.append({q.value(0).toLongLong(), q.value(1).toString()});
    return out;
}

Result<int> ResultStore::runCount() const
{
    QSqlQuery q(database());
    if (!q.exec(QStringLiteral("SELECT COUNT(*) FROM runs")) || !q.next())
        return std::unexpected(queryError(q, tr("count the runs")));
    return q.value(0).toInt();
}

} // namespace tcptune

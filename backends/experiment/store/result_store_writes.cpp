#include "experiment/store/result_store.h"

#include "experiment/diagnosis/run_diagnosis.h"
#include "experiment/record/run_record_json.h"
#include "experiment/record/run_settling.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store_sql.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSysInfo>
#include <QUuid>
#include <QVariant>

namespace tcptune {

using storesql::nullable;
using storesql::queryError;
using storesql::toText;

namespace {

QString newUuid()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QString isoNow()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

} // namespace

Result<qint64> ResultStore::createExperiment(const SweepPlan &plan, const QJsonObject &planFields)
{
    QJsonObject planJson = plan.toJson();
    for (auto it = planFields.begin(); it != planFields.end(); ++it)
        planJson.insert(it.key(), it.value());
    QSqlQuery q(database());
    q.prepare(QStringLiteral("INSERT INTO experiments (name, created, status, spec_json, plan_json, planned_runs, "
                             "host, \"user\", uuid, kernel) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"));
    q.addBindValue(plan.spec().name);
    q.addBindValue(isoNow());
    q.addBindValue(experimentStatusName(ExperimentStatus::Running));
    q.addBindValue(toText(plan.spec().toJson()));
    q.addBindValue(toText(planJson));
    q.addBindValue(int(plan.runs().size()));
    q.addBindValue(QSysInfo::machineHostName());
    q.addBindValue(ResultStore::currentUserName());
    q.addBindValue(newUuid());
    q.addBindValue(QSysInfo::kernelVersion());
    if (!q.exec() || !q.next())
        return std::unexpected(queryError(q, tr("record the experiment")));
    const qint64 id = q.value(0).toLongLong();
    q.finish();
    return id;
}

Result<void> ResultStore::setPlannedRuns(qint64 experimentId, int runs)
{
    QSqlQuery q(database());
    q.prepare(QStringLiteral("UPDATE experiments SET planned_runs = ? WHERE id = ?"));
    q.addBindValue(runs);
    q.addBindValue(experimentId);
    if (!q.exec())
        return std::unexpected(queryError(q, tr("update the experiment")));
    return {};
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
                             "settings_json, status, started, uuid, host, \"user\", kernel) VALUES (?, ?, ?, ?, ?, ?, "
                             "?, ?, ?, ?, ?, ?) RETURNING id"));
    q.addBindValue(run.experimentId);
    q.addBindValue(run.runIndex);
    q.addBindValue(run.pointIndex);
    q.addBindValue(run.repeat);
    q.addBindValue(run.pointLabel);
    q.addBindValue(toText(settings));
    q.addBindValue(runStatusName(RunStatus::Running));
    q.addBindValue(run.started.isValid() ? run.started.toUTC().toString(Qt::ISODateWithMs) : isoNow());
    q.addBindValue(newUuid());
    q.addBindValue(QSysInfo::machineHostName());
    q.addBindValue(ResultStore::currentUserName());
    q.addBindValue(QSysInfo::kernelVersion());
    if (!q.exec() || !q.next()) {
        db.rollback();
        return std::unexpected(queryError(q, tr("record the run")));
    }
    const qint64 id = q.value(0).toLongLong();
    q.finish(); // RETURNING's statement ends here: SQLite cannot commit while it is open
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

Result<void> ResultStore::addSamples(qint64 runId, const QList<RunSample> &samples)
{
    if (samples.isEmpty())
        return {};
    QVariantList run, t, stream, tput, rtt, rttvar, cwnd, retrans, delivery, pacing, unacked, notsent;
    QVariantList busy, rwndLimited, sndbufLimited, appLimited, rwndFull, end, farSender;
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
        rwndFull << (s.rwndFull < 0 ? QVariant(QMetaType(QMetaType::Int)) : QVariant(s.rwndFull));
        end << s.end;
        farSender << (s.farSender ? 1 : 0);
    }
    QSqlQuery q(database());
    if (!storesql::insertRows(
            q,
            QStringLiteral("INSERT INTO samples (run_id, t, stream, throughput_bps, rtt_ms, rttvar_ms, "
                           "cwnd, retransmits, delivery_rate_bps, pacing_rate_bps, unacked, "
                           "notsent_bytes, busy_ms, rwnd_limited_ms, sndbuf_limited_ms, "
                           "app_limited, rwnd_full, end_index, far_sender)"),
            {&run, &t, &stream, &tput, &rtt, &rttvar, &cwnd, &retrans, &delivery, &pacing, &unacked, &notsent, &busy,
             &rwndLimited, &sndbufLimited, &appLimited, &rwndFull, &end, &farSender}))
        return std::unexpected(queryError(q, tr("store the samples")));
    return {};
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
    // A snapshot's keys are its map's, each once: one statement may insert or update them all.
    QSqlQuery q(database());
    if (!storesql::insertRows(q, QStringLiteral("INSERT INTO knob_snapshots (run_id, side, phase, key, value)"),
                              {&run, &sides, &phases, &keys, &values},
                              QStringLiteral("ON CONFLICT (run_id, side, phase, key) DO UPDATE SET value = "
                                             "excluded.value")))
        return std::unexpected(queryError(q, tr("store the knob snapshot")));
    return {};
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

} // namespace tcptune

#include "experiment/tables/sweep_table_json.h"

#include "common/json_schema_version.h"
#include "experiment/diagnosis/run_diagnosis.h"
#include "experiment/record/run_record_json.h"

#include <QJsonArray>

#include <cmath>

namespace tcptune {
namespace {

// Unknown figures are negative by the store's convention.
QJsonValue known(double v)
{
    return v < 0 ? QJsonValue() : QJsonValue(v);
}

// Figures that may not exist (an interval of one run, a p without a baseline) are NaN.
QJsonValue finite(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

QJsonArray numbers(const QList<double> &values)
{
    QJsonArray out;
    for (double v : values)
        out.append(v);
    return out;
}

QJsonObject throughputJson(const PointStatistics &s)
{
    if (s.runs == 0)
        return {{QStringLiteral("values"), QJsonArray()}, {QStringLiteral("n"), 0}};
    return {{QStringLiteral("n"), s.runs},
            {QStringLiteral("mean"), s.mean},
            {QStringLiteral("sd"), s.sd},
            {QStringLiteral("median"), s.median},
            {QStringLiteral("min"), s.min},
            {QStringLiteral("max"), s.max},
            {QStringLiteral("cv"), s.cv},
            {QStringLiteral("ci_low"), finite(s.ciLow)},
            {QStringLiteral("ci_high"), finite(s.ciHigh)},
            {QStringLiteral("ci_half_width_pct"), finite(s.ciRelativeHalfWidth * 100)},
            {QStringLiteral("p"), finite(s.pVsBaseline)},
            {QStringLiteral("values"), numbers(s.values)}};
}

QJsonObject statisticsJson(const PointStatistics &s)
{
    QJsonArray collapsed;
    for (bool c : s.collapsed)
        collapsed.append(c);
    QJsonObject o{
        {QStringLiteral("runs"), s.runs},
        {QStringLiteral("n"), s.runs},
        {QStringLiteral("ci_low"), finite(s.ciLow)},
        {QStringLiteral("ci_high"), finite(s.ciHigh)},
        {QStringLiteral("p"), finite(s.pVsBaseline)},
        {QStringLiteral("throughput_bps"), throughputJson(s)},
        {QStringLiteral("rtt_ms"), QJsonObject{{QStringLiteral("median"), known(s.rttMedianMs)},
                                               {QStringLiteral("p95"), known(s.rttP95Ms)},
                                               {QStringLiteral("median_ci_low"), finite(s.rttMedianCiLow)},
                                               {QStringLiteral("median_ci_high"), finite(s.rttMedianCiHigh)}}},
        {QStringLiteral("collapsed"), collapsed},
        {QStringLiteral("collapsed_runs"), s.collapsedRuns},
        {QStringLiteral("high_variance"), s.highVariance}};
    // Only for latency under load (rrul), so that other sweeps' JSON stays as it was.
    if (const UnderLoadStatistics &u = s.underLoad; u.measured())
        o.insert(QStringLiteral("latency_under_load"), QJsonObject{{QStringLiteral("idle_ms"), u.idleMs},
                                                                   {QStringLiteral("loaded_ms"), u.loadedMs},
                                                                   {QStringLiteral("increase_ms"), u.increaseMs},
                                                                   {QStringLiteral("probe_loss"), u.probeLossShare}});
    return o;
}

// The files the run's captures were written to; `tcptune analyze FILE` reads each.
QJsonArray capturesJson(const RunRecord &r)
{
    QJsonArray captures;
    for (const CaptureRecord &c : r.captures)
        captures.append(QJsonObject{{QStringLiteral("path"), c.path},
                                    {QStringLiteral("interface"), c.interface},
                                    {QStringLiteral("packets_received"), double(c.packetsReceived)},
                                    {QStringLiteral("packets_dropped"), double(c.packetsDropped)}});
    return captures;
}

QJsonObject rttJson(const RunRecord &r)
{
    return {{QStringLiteral("min"), known(r.rttMinMs)},
            {QStringLiteral("median"), known(r.rttMedianMs)},
            {QStringLiteral("p95"), known(r.rttP95Ms)},
            {QStringLiteral("max"), known(r.rttMaxMs)}};
}

} // namespace

QJsonObject runJson(const RunRecord &r)
{
    const QList<Finding> findings = RunDiagnosis::findingsOf(r);
    const bool ok = r.status == RunStatus::Ok;
    return {{QStringLiteral("id"), double(r.id)},
            {QStringLiteral("run_index"), r.runIndex},
            {QStringLiteral("point_index"), r.pointIndex},
            {QStringLiteral("repeat"), r.repeat},
            {QStringLiteral("status"), runStatusName(r.status)},
            {QStringLiteral("error"), r.error},
            {QStringLiteral("started"), r.started.toString(Qt::ISODateWithMs)},
            {QStringLiteral("ended"), r.ended.toString(Qt::ISODateWithMs)},
            {QStringLiteral("throughput_bps"), ok ? QJsonValue(r.throughputBps) : QJsonValue()},
            {QStringLiteral("sender_bytes"), double(r.senderBytes)},
            {QStringLiteral("receiver_bytes"), double(r.receiverBytes)},
            {QStringLiteral("duration_s"), r.durationS},
            {QStringLiteral("rtt_ms"), ok ? QJsonValue(rttJson(r)) : QJsonValue()},
            {QStringLiteral("retransmits"), ok ? QJsonValue(double(r.retransmits)) : QJsonValue()},
            {QStringLiteral("sndbuf_actual"), known(double(r.sndbufActual))},
            // The sender's, wherever it was (the far end's in direction down).
            {QStringLiteral("congestion_control"), r.details.value(QStringLiteral("congestion_control"))},
            {QStringLiteral("collapsed"), r.collapsed},
            {QStringLiteral("interval_s"), r.intervalS},
            {QStringLiteral("interval_throughput_bps"), numbers(r.intervalThroughputBps)},
            {QStringLiteral("verdict"), r.verdict},
            {QStringLiteral("findings"), findingsToJson(findings)},
            {QStringLiteral("settling"), r.details.value(QStringLiteral("settling"))},
            {QStringLiteral("path_full"), RunDiagnosis::filledPath(findings)},
            {QStringLiteral("limiters"), limitersJson(r)},
            {QStringLiteral("ends"), endsJson(r)}, // knob snapshots: the report's knob section
            {QStringLiteral("captures"), capturesJson(r)}};
}

QJsonValue precisionJson(const PointResult &p)
{
    if (p.ciTargetPct <= 0)
        return QJsonValue();
    return QJsonObject{{QStringLiteral("target_pct"), p.ciTargetPct},
                       {QStringLiteral("max_runs"), p.maxRuns},
                       {QStringLiteral("half_width_pct"), finite(p.stats.ciRelativeHalfWidth * 100)},
                       {QStringLiteral("reached"), p.precisionReached()},
                       {QStringLiteral("reached_max_runs"), p.precisionGivenUp()}};
}

QJsonObject pointJson(const PointResult &p)
{
    QJsonObject settings;
    for (auto it = p.point.settings.cbegin(); it != p.point.settings.cend(); ++it)
        settings.insert(it.key(), it.value());
    QJsonArray runs;
    for (const RunRecord &r : p.runs)
        runs.append(runJson(r));
    return {{QStringLiteral("index"), p.point.index},
            {QStringLiteral("label"), p.point.label()},
            {QStringLiteral("labels"), QJsonArray::fromStringList(p.point.labels)},
            {QStringLiteral("settings"), settings},
            {QStringLiteral("planned_runs"), p.plannedRuns},
            {QStringLiteral("ok_runs"), p.okRuns()},
            {QStringLiteral("n"), p.okRuns()},
            {QStringLiteral("precision"), precisionJson(p)},
            {QStringLiteral("failed_runs"), p.failedRuns},
            {QStringLiteral("cancelled_runs"), p.cancelledRuns},
            {QStringLiteral("statistics"), statisticsJson(p.stats)},
            {QStringLiteral("flags"), QJsonArray::fromStringList(p.flags())},
            {QStringLiteral("errors"), QJsonArray::fromStringList(p.errors)},
            {QStringLiteral("verdict"), p.verdict()},
            {QStringLiteral("runs"), runs}};
}

QJsonObject toJson(const SweepTable &table)
{
    QJsonArray points;
    QJsonArray notPrecise;
    for (const PointResult &p : table.points) {
        points.append(pointJson(p));
        if (p.precisionGivenUp())
            notPrecise.append(p.point.label());
    }
    const ExperimentRecord &e = table.experiment;
    return {{jsonschema::kField, jsonschema::kSweepTable},
            {QStringLiteral("experiment"), double(e.id)},
            {QStringLiteral("name"), e.name},
            {QStringLiteral("status"), experimentStatusName(e.status)},
            {QStringLiteral("created"), e.created.toString(Qt::ISODateWithMs)},
            {QStringLiteral("planned_runs"), e.plannedRuns},
            {QStringLiteral("finished_runs"), e.finishedRuns},
            // Where it ran; null when the store did not record it (before schema 6).
            {QStringLiteral("host"), e.host.isEmpty() ? QJsonValue() : QJsonValue(e.host)},
            {QStringLiteral("user"), e.host.isEmpty() ? QJsonValue() : QJsonValue(e.user)},
            {QStringLiteral("plan"), table.plan.toJson()},
            {QStringLiteral("points"), points},
            // Repeat until precise: the labels of the points that reached the most runs first.
            {QStringLiteral("not_precise"), notPrecise}};
}

} // namespace tcptune

#include "session/session_chart_json.h"

#include "common/log_text.h"

#include <QJsonObject>

#include <cmath>

namespace tcptune {
namespace {

Error chartError(qsizetype index, const QString &problem)
{
    return Error{WorkbenchSession::tr("Session field 'charts[%1]': %2").arg(index).arg(problem)};
}

QJsonArray pointsToJson(const QList<QPointF> &points)
{
    QJsonArray array;
    for (const QPointF &p : points)
        array.append(QJsonArray{p.x(), std::isfinite(p.y()) ? QJsonValue(p.y()) : QJsonValue(QJsonValue::Null)});
    return array;
}

// [[t, value|null], ...]; false when a point is not two numbers (a null value is NaN).
bool pointsFromJson(const QJsonArray &array, QList<QPointF> &points)
{
    points.reserve(array.size());
    for (const QJsonValue &v : array) {
        const QJsonArray pair = v.toArray();
        if (!v.isArray() || pair.size() != 2 || !pair.at(0).isDouble() ||
            !(pair.at(1).isDouble() || pair.at(1).isNull()))
            return false;
        points.append(QPointF(pair.at(0).toDouble(), pair.at(1).isNull() ? std::nan("") : pair.at(1).toDouble()));
    }
    return true;
}

[[nodiscard]] Result<SessionChartRun> chartRunFromJson(const QJsonValue &json, qsizetype index, qsizetype &points)
{
    const QJsonObject o = json.toObject();
    if (!json.isObject() || !o.value(QStringLiteral("label")).isString())
        return std::unexpected(chartError(index, WorkbenchSession::tr("expected an object with a label.")));
    SessionChartRun run;
    run.label = o.value(QStringLiteral("label")).toString();
    run.toolTip = o.value(QStringLiteral("tooltip")).toString();
    run.runId = o.value(QStringLiteral("run_id")).toInteger(0);
    run.experimentId = o.value(QStringLiteral("experiment_id")).toInteger(0);
    run.visible = o.value(QStringLiteral("visible")).toBool(true);
    const QJsonObject series = o.value(QStringLiteral("series")).toObject();
    for (auto it = series.begin(); it != series.end(); ++it) {
        if (!sessionSeriesNames().contains(it.key()))
            continue; // a newer file's line this version cannot draw
        QList<QPointF> line;
        if (!it.value().isArray() || !pointsFromJson(it.value().toArray(), line))
            return std::unexpected(
                chartError(index, WorkbenchSession::tr("series '%1' must be a list of [seconds, value] pairs.")
                                      .arg(logSafe(it.key(), 60))));
        points += line.size();
        if (points > WorkbenchSession::kMaxPoints)
            return std::unexpected(chartError(index, WorkbenchSession::tr("more than %1 points in all; a session "
                                                                          "holds a few runs, not an archive.")
                                                         .arg(WorkbenchSession::kMaxPoints)));
        run.series.insert(it.key(), line);
    }
    return run;
}

} // namespace

const QStringList &sessionSeriesNames()
{
    static const QStringList names = {
        QStringLiteral("throughput_mbps"),  QStringLiteral("rtt_ms"),           QStringLiteral("cwnd"),
        QStringLiteral("retransmits"),      QStringLiteral("bytes_in_flight"),  QStringLiteral("sndbuf_limited_pct"),
        QStringLiteral("rwnd_limited_pct"), QStringLiteral("cwnd_limited_pct"), QStringLiteral("app_limited_pct"),
        QStringLiteral("queue_backlog_kb"),
    };
    return names;
}

QJsonArray chartRunsToJson(const QList<SessionChartRun> &runs)
{
    QJsonArray array;
    for (const SessionChartRun &run : runs) {
        QJsonObject series;
        for (auto it = run.series.begin(); it != run.series.end(); ++it)
            series.insert(it.key(), pointsToJson(it.value()));
        array.append(QJsonObject{{QStringLiteral("label"), run.label},
                                 {QStringLiteral("tooltip"), run.toolTip},
                                 {QStringLiteral("run_id"), run.runId},
                                 {QStringLiteral("experiment_id"), run.experimentId},
                                 {QStringLiteral("visible"), run.visible},
                                 {QStringLiteral("series"), series}});
    }
    return array;
}

Result<QList<SessionChartRun>> chartRunsFromJson(const QJsonValue &json)
{
    QList<SessionChartRun> runs;
    if (json.isUndefined())
        return runs;
    if (!json.isArray())
        return fail(WorkbenchSession::tr("Session field 'charts': expected a list of the runs on the charts."));
    const QJsonArray array = json.toArray();
    if (array.size() > WorkbenchSession::kMaxChartRuns)
        return fail(WorkbenchSession::tr("Session field 'charts': more than %1 runs; a session holds at most %1.")
                        .arg(WorkbenchSession::kMaxChartRuns));
    qsizetype points = 0;
    for (qsizetype i = 0; i < array.size(); ++i) {
        auto run = chartRunFromJson(array.at(i), i, points);
        if (!run)
            return std::unexpected(run.error());
        runs.append(*run);
    }
    return runs;
}

} // namespace tcptune

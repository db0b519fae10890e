#include "experiment/tables/experiment_diff_json.h"

#include "common/json_schema_version.h"

#include <QJsonArray>

#include <cmath>

namespace tcptune {
namespace {

QJsonValue finite(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

QJsonObject metricJson(const MetricRow &row)
{
    const MetricDifference &d = row.difference;
    return {{QStringLiteral("metric"), row.key},
            {QStringLiteral("unit"), row.unit},
            {QStringLiteral("method"), methodName(d.method)},
            {QStringLiteral("n_a"), d.nA},
            {QStringLiteral("n_b"), d.nB},
            {QStringLiteral("a"), finite(d.a)},
            {QStringLiteral("b"), finite(d.b)},
            {QStringLiteral("difference"), finite(d.difference)},
            {QStringLiteral("ci_low"), finite(d.ciLow)},
            {QStringLiteral("ci_high"), finite(d.ciHigh)},
            {QStringLiteral("difference_pct"), finite(d.percent(d.difference))},
            {QStringLiteral("ci_low_pct"), finite(d.percent(d.ciLow))},
            {QStringLiteral("ci_high_pct"), finite(d.percent(d.ciHigh))},
            {QStringLiteral("p"), finite(d.p)},
            {QStringLiteral("p_holm"), finite(d.pHolm)},
            {QStringLiteral("significant"), d.significant}};
}

QJsonObject pointJson(const PointDiff &p)
{
    QJsonArray metrics;
    for (const MetricRow &row : p.metrics)
        metrics.append(metricJson(row));
    QJsonArray knobs;
    for (const KnobDifference &k : p.knobs)
        knobs.append(QJsonObject{{QStringLiteral("key"), k.key},
                                 {QStringLiteral("a"), k.a.isEmpty() ? QJsonValue() : QJsonValue(k.a)},
                                 {QStringLiteral("b"), k.b.isEmpty() ? QJsonValue() : QJsonValue(k.b)}});
    QJsonArray counters;
    for (const CounterDifference &c : p.counters)
        counters.append(QJsonObject{{QStringLiteral("end"), runEndName(c.end)},
                                    {QStringLiteral("name"), c.name},
                                    {QStringLiteral("a"), double(c.a)},
                                    {QStringLiteral("b"), double(c.b)}});
    return {{QStringLiteral("label_a"), p.labelA},
            {QStringLiteral("label_b"), p.labelB},
            {QStringLiteral("metrics"), metrics},
            {QStringLiteral("knobs"), knobs},
            {QStringLiteral("counters"), counters}};
}

QJsonObject experimentJson(const ExperimentRecord &e)
{
    return {{QStringLiteral("id"), double(e.id)},
            {QStringLiteral("name"), e.name},
            {QStringLiteral("status"), experimentStatusName(e.status)}};
}

} // namespace

QJsonObject toJson(const ExperimentDiff &diff)
{
    QJsonArray points;
    for (const PointDiff &p : diff.points)
        points.append(pointJson(p));
    return {{jsonschema::kField, jsonschema::kResultsDiff},
            {QStringLiteral("confidence_level"), 0.95},
            {QStringLiteral("alpha"), 0.05},
            {QStringLiteral("a"), experimentJson(diff.a)},
            {QStringLiteral("b"), experimentJson(diff.b)},
            {QStringLiteral("points"), points},
            {QStringLiteral("only_in_a"), QJsonArray::fromStringList(diff.onlyInA)},
            {QStringLiteral("only_in_b"), QJsonArray::fromStringList(diff.onlyInB)}};
}

} // namespace tcptune

#include "experiment/tables/experiment_diff.h"

#include "common/statistics.h"
#include "experiment/record/run_configuration.h"
#include "experiment/store/result_store.h"
#include "experiment/store/stored_run_details.h"

#include <QSet>

namespace tcptune {
namespace {

QList<const RunRecord *> okRuns(const PointResult &point)
{
    QList<const RunRecord *> out;
    for (const RunRecord &r : point.runs)
        if (r.status == RunStatus::Ok)
            out.append(&r);
    return out;
}

// The sender's aggregate series after the omitted start: the far end's when it alone sent
// (direction down), else this end's (in direction both, this host's sending, as the verdict).
QList<RunSample> measuredSamples(const ResultStore &store, const RunRecord &run, const ExperimentSpec &spec)
{
    const bool farSends = spec.workload.direction == QLatin1String("down");
    QList<RunSample> out;
    for (const RunSample &s : store.aggregateSamples(run.id).value_or(QList<RunSample>{}))
        if (s.farSender == farSends && s.t >= spec.omitS)
            out.append(s);
    return out;
}

struct PointRuns {
    MetricRuns throughput;
    MetricRuns rttMedian;
    MetricRuns rttP95;
    MetricRuns retransmissions;
};

void addRun(PointRuns &out, const RunRecord &run, const QList<RunSample> &samples)
{
    QList<double> rtt;
    QList<double> retrans;
    for (const RunSample &s : samples) {
        if (s.rttMs >= 0)
            rtt.append(s.rttMs);
        retrans.append(double(s.retransmits));
    }
    out.throughput.values.append(run.throughputBps);
    out.throughput.series.append(run.intervalThroughputBps);
    if (run.rttMedianMs >= 0) {
        out.rttMedian.values.append(run.rttMedianMs);
        out.rttMedian.series.append(rtt);
    }
    if (run.rttP95Ms >= 0) {
        out.rttP95.values.append(run.rttP95Ms);
        out.rttP95.series.append(rtt);
    }
    out.retransmissions.values.append(double(run.retransmits));
    out.retransmissions.series.append(retrans);
}

PointRuns pointRuns(const ResultStore &store, const SweepTable &table, const PointResult &point)
{
    PointRuns out;
    for (const RunRecord *run : okRuns(point))
        addRun(out, *run, measuredSamples(store, *run, table.plan.specForPoint(point.point.index)));
    return out;
}

QList<MetricRow> metricRows(const PointRuns &a, const PointRuns &b)
{
    const auto median = [](std::span<const double> v) { return stats::median(v); };
    const auto p95 = [](std::span<const double> v) { return stats::percentile(v, 95); };
    const auto sum = [](std::span<const double> v) { return stats::mean(v) * double(v.size()); };
    QList<MetricRow> rows{
        {QStringLiteral("throughput"), QStringLiteral("bit/s"), compareMetric(a.throughput, b.throughput)},
        {QStringLiteral("rtt_median"), QStringLiteral("ms"), compareMetric(a.rttMedian, b.rttMedian, median)},
        {QStringLiteral("rtt_p95"), QStringLiteral("ms"), compareMetric(a.rttP95, b.rttP95, p95)},
        {QStringLiteral("retransmissions"), QStringLiteral("segments"),
         compareMetric(a.retransmissions, b.retransmissions, sum)}};
    QList<MetricDifference *> family;
    for (MetricRow &row : rows)
        family.append(&row.difference);
    correctForMetrics(family);
    return rows;
}

QList<KnobDifference> knobChanges(const RunConfiguration &a, const RunConfiguration &b)
{
    QSet<QString> keys;
    for (const QString &k : a.all.keys())
        keys.insert(k);
    for (const QString &k : b.all.keys())
        keys.insert(k);
    QStringList ordered(keys.begin(), keys.end());
    ordered.sort();
    QList<KnobDifference> out;
    for (const QString &key : ordered)
        if (a.all.value(key) != b.all.value(key))
            out.append(KnobDifference{key, a.all.value(key), b.all.value(key)});
    return out;
}

// A point's match in OTHER: the same label, or the one point when both have only one.
const PointResult *matchOf(const PointResult &point, const SweepTable &table, const SweepTable &other)
{
    if (table.points.size() == 1 && other.points.size() == 1)
        return &other.points.first();
    for (const PointResult &p : other.points)
        if (p.point.label() == point.point.label())
            return &p;
    return nullptr;
}

Result<SweepTable> loadTable(const ResultStore &store, qint64 id)
{
    auto experiment = store.experiment(id);
    if (!experiment)
        return std::unexpected(experiment.error());
    auto runs = store.runs(id);
    if (!runs)
        return std::unexpected(runs.error());
    auto plan = SweepPlan::fromJson(experiment->plan);
    if (!plan)
        return tableOfRuns(*experiment, *runs, 1);
    return buildSweepTable(*experiment, *plan, *runs);
}

} // namespace

QString ExperimentDiff::metricName(const QString &key)
{
    if (key == QLatin1String("throughput"))
        return tr("throughput");
    if (key == QLatin1String("rtt_median"))
        return tr("RTT median");
    if (key == QLatin1String("rtt_p95"))
        return tr("RTT p95");
    return tr("retransmissions");
}

PointDiff diffPoints(const ResultStore &store, const SweepTable &a, const PointResult &pointA, const SweepTable &b,
                     const PointResult &pointB)
{
    PointDiff out;
    out.labelA = pointA.point.label();
    out.labelB = pointB.point.label();
    out.metrics = metricRows(pointRuns(store, a, pointA), pointRuns(store, b, pointB));
    const QList<const RunRecord *> runsA = okRuns(pointA);
    const QList<const RunRecord *> runsB = okRuns(pointB);
    if (!runsA.isEmpty() && !runsB.isEmpty()) {
        out.knobs = knobChanges(storedConfiguration(store, a.plan, *runsA.first()),
                                storedConfiguration(store, b.plan, *runsB.first()));
        out.counters = CounterComparison::differences(*runsA.first(), *runsB.first());
    }
    return out;
}

Result<ExperimentDiff> diffExperiments(const ResultStore &store, qint64 a, qint64 b)
{
    auto tableA = loadTable(store, a);
    if (!tableA)
        return std::unexpected(tableA.error());
    auto tableB = loadTable(store, b);
    if (!tableB)
        return std::unexpected(tableB.error());
    ExperimentDiff out;
    out.a = tableA->experiment;
    out.b = tableB->experiment;
    for (const PointResult &p : tableA->points) {
        if (const PointResult *match = matchOf(p, *tableA, *tableB))
            out.points.append(diffPoints(store, *tableA, p, *tableB, *match));
        else
            out.onlyInA.append(p.point.label());
    }
    for (const PointResult &p : tableB->points)
        if (!matchOf(p, *tableB, *tableA))
            out.onlyInB.append(p.point.label());
    return out;
}

} // namespace tcptune

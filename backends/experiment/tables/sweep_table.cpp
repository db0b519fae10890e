#include "experiment/tables/sweep_table.h"

#include "experiment/diagnosis/run_diagnosis.h"
#include "experiment/record/run_settling.h"

#include <algorithm>

namespace tcptune {
namespace {

// A run that ended: a run left "running" (or marked interrupted) is redone on resume.
bool ended(const RunRecord &run)
{
    return run.status != RunStatus::Running && run.status != RunStatus::Interrupted;
}

} // namespace

namespace {

// The Ok runs whose start-up phase had not ended when they did (docs/diagnosis.md).
int unsettledRuns(const QList<RunRecord> &runs)
{
    return int(std::count_if(runs.begin(), runs.end(), [](const RunRecord &r) {
        const RunSettling s = settlingOf(r);
        return r.status == RunStatus::Ok && s.judged && !s.settled;
    }));
}

} // namespace

bool PointResult::precisionReached() const
{
    return ciTargetPct > 0 && stats.hasInterval() && stats.ciRelativeHalfWidth * 100 <= ciTargetPct;
}

bool PointResult::precisionGivenUp() const
{
    return ciTargetPct > 0 && !precisionReached() && runs.size() >= maxRuns;
}

QStringList PointResult::flags() const
{
    QStringList out;
    if (runs.isEmpty()) {
        out << tr("no runs");
        return out;
    }
    if (stats.collapsedRuns > 0)
        out << tr("collapse: %1 of %2 runs").arg(stats.collapsedRuns).arg(okRuns());
    if (stats.highVariance)
        out << tr("high variance (CV %1 %)").arg(qRound(stats.cv * 100));
    if (const int unsettled = unsettledRuns(runs); unsettled > 0)
        out << tr("not settled: %1 of %2 runs").arg(unsettled).arg(okRuns());
    if (failedRuns > 0)
        out << tr("FAILED: %1 of %2 runs").arg(failedRuns).arg(plannedRuns);
    if (cancelledRuns > 0)
        out << tr("cancelled: %1 of %2 runs").arg(cancelledRuns).arg(plannedRuns);
    if (runs.size() < plannedRuns)
        out << tr("incomplete: %1 of %2 runs").arg(runs.size()).arg(plannedRuns);
    if (precisionGivenUp()) {
        const QString reached =
            stats.hasInterval() ? tr("± %1 %").arg(stats.ciRelativeHalfWidth * 100, 0, 'f', 1) : tr("no interval");
        out << tr("not within %1 % after %2 runs (%3)").arg(ciTargetPct).arg(runs.size()).arg(reached);
    }
    return out;
}

QString PointResult::verdict() const
{
    // The dominant rule of each Ok run that has a verdict; the most common one wins.
    QList<std::pair<QString, const RunRecord *>> dominant;
    for (const RunRecord &r : runs) {
        if (r.status != RunStatus::Ok || r.verdict.isEmpty())
            continue;
        const QList<Finding> found = RunDiagnosis::findings(factsOf(r));
        dominant.append({found.isEmpty() ? QString() : ruleName(found.first().rule), &r});
    }
    if (dominant.isEmpty())
        return QString();
    qsizetype best = 0;
    const RunRecord *chosen = nullptr;
    for (const auto &[rule, run] : dominant) {
        const qsizetype n = std::count_if(dominant.cbegin(), dominant.cend(),
                                          [&rule](const auto &other) { return other.first == rule; });
        if (n > best) {
            best = n;
            chosen = run;
        }
    }
    if (best == dominant.size())
        return chosen->verdict;
    return tr("%1 (%2 of %3 runs)").arg(chosen->verdict).arg(best).arg(dominant.size());
}

QList<const RunRecord *> SweepTable::runsInOrder() const
{
    QList<const RunRecord *> out;
    for (const PointResult &p : points)
        for (const RunRecord &r : p.runs)
            out << &r;
    std::stable_sort(out.begin(), out.end(),
                     [](const RunRecord *a, const RunRecord *b) { return a->runIndex < b->runIndex; });
    return out;
}

int SweepTable::failedRunCount() const
{
    int n = 0;
    for (const PointResult &p : points)
        n += p.failedRuns;
    return n;
}

RunFigures figuresOf(const RunRecord &run)
{
    RunFigures f;
    f.throughputBps = run.throughputBps;
    // The runs' own RTT figures (after the omitted start): every table of a sweep shows these.
    f.rttMedianMs = run.rttMedianMs;
    f.rttP95Ms = run.rttP95Ms;
    f.intervalThroughputBps = run.intervalThroughputBps;
    f.collapsed = run.collapsed;
    if (const LatencyUnderLoad u = run.underLoad(); u.measured && u.loadedMs.count > 0) {
        f.idleLatencyMs = u.idleMs.median;
        f.loadedLatencyMs = u.loadedMs.median;
        f.probeLossShare = u.loadedLossShare();
    }
    return f;
}

PointResult aggregatePoint(const SweepPoint &point, int plannedRuns, const QList<RunRecord> &runs)
{
    PointResult result;
    result.point = point;
    result.plannedRuns = plannedRuns;
    for (const RunRecord &r : runs)
        if (r.pointIndex == point.index && ended(r))
            result.runs.append(r);
    std::stable_sort(result.runs.begin(), result.runs.end(),
                     [](const RunRecord &a, const RunRecord &b) { return a.repeat < b.repeat; });
    QList<RunFigures> figures;
    for (const RunRecord &r : std::as_const(result.runs)) {
        if (r.status == RunStatus::Ok)
            figures.append(figuresOf(r));
        else if (r.status == RunStatus::Cancelled)
            ++result.cancelledRuns;
        else if (r.status == RunStatus::Failed) {
            ++result.failedRuns;
            if (!result.errors.contains(r.error))
                result.errors.append(r.error);
        }
    }
    result.stats = sweepstats::summarize(figures);
    return result;
}

void compareWithBaseline(QList<PointResult> &points)
{
    for (qsizetype i = 1; i < points.size(); ++i)
        points[i].stats.pVsBaseline = sweepstats::pAgainst(points[i].stats, points.first().stats);
}

SweepTable buildSweepTable(const ExperimentRecord &experiment, const SweepPlan &plan, const QList<RunRecord> &runs)
{
    SweepTable table;
    table.experiment = experiment;
    table.plan = plan;
    for (const SweepPoint &p : plan.points()) {
        PointResult point = aggregatePoint(p, plan.repeats(), runs);
        point.ciTargetPct = plan.spec().ciTargetPct;
        point.maxRuns = plan.spec().maxRepeats;
        table.points.append(point);
    }
    compareWithBaseline(table.points);
    return table;
}

SweepTable tableOfRuns(const ExperimentRecord &experiment, const QList<RunRecord> &runs, int plannedRuns)
{
    SweepTable table;
    table.experiment = experiment;
    QList<int> seen;
    for (const RunRecord &r : runs) {
        if (seen.contains(r.pointIndex) || !ended(r))
            continue;
        seen.append(r.pointIndex);
        SweepPoint point;
        point.index = r.pointIndex;
        point.settings = r.settings;
        if (!r.pointLabel.isEmpty())
            point.labels = QStringList{r.pointLabel};
        table.points.append(aggregatePoint(point, plannedRuns, runs));
    }
    compareWithBaseline(table.points);
    return table;
}

} // namespace tcptune

#pragma once
// The one result model: stored runs aggregated into points. Each point of a sweep (a single
// spec is a sweep of one point) gets its runs, whatever their status, and the statistics of its
// Ok runs only, so a failed or cancelled point has no value rather than a 0. `tcptune sweep`,
// `tcptune results`, the GUI's sweep tab (point by point as runs finish) and reports all read
// this; its CSV, JSON and Markdown forms are in sweep_table_csv.h, sweep_table_json.h and
// sweep_table_markdown.h.

#include "experiment/record/run_record.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/tables/sweep_statistics.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace tcptune {

struct PointResult {
    Q_DECLARE_TR_FUNCTIONS(PointResult)

public:
    SweepPoint point;
    int plannedRuns = 0;   // runs the plan asks for at this point
    QList<RunRecord> runs; // its stored runs that ended (ok, failed, cancelled), by repeat
    PointStatistics stats; // over the Ok runs only
    int failedRuns = 0;
    int cancelledRuns = 0;
    QStringList errors; // distinct errors of the failed runs, in repeat order
    // Repeat until precise (spec repeats.ci_pct, `--until-ci`): the target half-width of the
    // throughput interval in % of the mean (0: a fixed number of runs) and the most runs.
    double ciTargetPct = 0;
    int maxRuns = 0;

    int okRuns() const { return stats.runs; }
    // False when no run of the point succeeded: show no value (and draw no mark), never 0.
    bool hasResult() const { return stats.runs > 0; }
    // With a precision target: its interval is within it (false with fewer than two Ok runs).
    bool precisionReached() const;
    // With a precision target: it is not reached and MAX_RUNS runs ended, so no more are made.
    bool precisionGivenUp() const;
    // What the reader must not miss: "collapse 1/3", "high variance (CV 23 %)",
    // "FAILED: 2 of 3 runs", "1 cancelled", "incomplete: 1 of 3 runs", "no runs",
    // "not within 2 % after 20 runs (± 3.1 %)".
    QStringList flags() const;
    // The verdict of the point: that of its first Ok run whose dominant finding most of its Ok
    // runs share, with "(2 of 3 runs)" when they do not all share it; empty without one.
    QString verdict() const;
};

struct SweepTable {
    ExperimentRecord experiment;
    SweepPlan plan; // without axes when the table was made from runs alone
    QList<PointResult> points;

    // Every run of every point, in the plan's run order.
    QList<const RunRecord *> runsInOrder() const;
    int failedRunCount() const;
};

// What one Ok run contributes to its point's statistics.
RunFigures figuresOf(const RunRecord &run);

// POINT's result from RUNS (any runs: those of other points and unfinished ones are skipped).
PointResult aggregatePoint(const SweepPoint &point, int plannedRuns, const QList<RunRecord> &runs);

// One point per point of PLAN, in plan order; a point without runs yet is there too.
// With PLAN's precision target (repeats.ci_pct) when it has one.
SweepTable buildSweepTable(const ExperimentRecord &experiment, const SweepPlan &plan, const QList<RunRecord> &runs);

// Sets each point's p against the first point (PointStatistics::pVsBaseline).
void compareWithBaseline(QList<PointResult> &points);

// Points taken from RUNS themselves, in order of first appearance: for a report of single runs,
// or when the stored plan no longer parses. Each point expects PLANNED_RUNS runs.
SweepTable tableOfRuns(const ExperimentRecord &experiment, const QList<RunRecord> &runs, int plannedRuns);

} // namespace tcptune

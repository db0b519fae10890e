#pragma once
// Two stored experiments side by side (`tcptune results diff A B`): their points matched by
// label (two experiments of one point each are matched as they are), and per point the
// difference of B against A in throughput, RTT median, RTT p95 and retransmissions with its
// 95 % interval and p-value, Holm-corrected over those metrics (metric_comparison.h), then the
// knobs and MIB counters that differed between the points' first Ok runs.

#include "common/error.h"
#include "experiment/diagnosis/counter_comparison.h"
#include "experiment/diagnosis/metric_comparison.h"
#include "experiment/tables/sweep_table.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace tcptune {

class ResultStore;

struct MetricRow {
    QString key;  // "throughput", "rtt_median", "rtt_p95", "retransmissions" (JSON)
    QString unit; // "bit/s", "ms", "segments"
    MetricDifference difference;
};

struct KnobDifference {
    QString key; // catalogue key ("remote:" for the far end)
    QString a;   // canonical value; empty when unknown on that side
    QString b;
};

struct PointDiff {
    QString labelA;
    QString labelB;
    QList<MetricRow> metrics;
    QList<KnobDifference> knobs;
    QList<CounterDifference> counters;
};

struct ExperimentDiff {
    Q_DECLARE_TR_FUNCTIONS(ExperimentDiff)

public:
    ExperimentRecord a;
    ExperimentRecord b;
    QList<PointDiff> points;
    QStringList onlyInA; // point labels without a match
    QStringList onlyInB;

    // The metric's name for people ("throughput", "RTT median"), translated.
    static QString metricName(const QString &key);
};

// Reads both experiments, their runs and the samples the single-run comparisons need.
[[nodiscard]] Result<ExperimentDiff> diffExperiments(const ResultStore &store, qint64 a, qint64 b);

// The difference of one matched pair of points (their runs' samples read from STORE).
PointDiff diffPoints(const ResultStore &store, const SweepTable &a, const PointResult &pointA, const SweepTable &b,
                     const PointResult &pointB);

} // namespace tcptune

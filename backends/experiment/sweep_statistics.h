#pragma once
// Statistics of a sweep point as plain functions over plain values: mean, standard deviation,
// median, min, max, coefficient of variation and every run's value (story 2 shows why the
// spread matters), RTT median and p95, a collapse flag per run (story 5's "90 MB/s for 4 s,
// then 3 MB/s") and a high-variance flag per point. Means, spreads and percentiles come from
// common/statistics (one percentile definition, numpy's default).

#include <QList>

namespace tcptune {

// What one finished run contributes to its point.
struct RunFigures {
    double throughputBps = 0; // receiver goodput over the measured part of the run
    double rttMedianMs = -1;  // < 0: unknown
    double rttP95Ms = -1;
    QList<double> intervalThroughputBps; // per interval (e.g. per sample batch or second)
    QList<double> rttSamplesMs;          // optional: every RTT sample, pooled for the point
    bool collapsed = false;              // already flagged (the engine may have seen more intervals than are kept)
};

struct PointStatistics {
    int runs = 0;
    double mean = 0;
    double sd = 0; // sample standard deviation (n - 1); 0 for one run
    double median = 0;
    double min = 0;
    double max = 0;
    double cv = 0;        // sd / mean
    QList<double> values; // every run's throughput, in run order
    double rttMedianMs = -1;
    double rttP95Ms = -1;
    QList<bool> collapsed; // per run
    int collapsedRuns = 0;
    bool highVariance = false;
};

namespace sweepstats {

// A run collapses when its last third's mean throughput is below half of its first third's.
inline constexpr double kCollapseRatio = 0.5;
// A point with a coefficient of variation above this (and at least two runs) is flagged.
inline constexpr double kHighVarianceCv = 0.15;

// Needs at least 3 intervals; fewer never collapse.
bool collapsed(const QList<double> &intervalThroughput, double ratio = kCollapseRatio);
PointStatistics summarize(const QList<RunFigures> &runs, double highVarianceCv = kHighVarianceCv);

} // namespace sweepstats
} // namespace tcptune

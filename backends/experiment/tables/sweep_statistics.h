#pragma once
// Statistics of a sweep point as plain functions over plain values: mean, standard deviation,
// median, min, max, coefficient of variation and every run's value (story 2 shows why the
// spread matters), the 95 % interval of the mean, RTT median and p95, a collapse flag per run
// (story 5's "90 MB/s for 4 s, then 3 MB/s") and a high-variance flag per point. Means, spreads,
// percentiles and intervals come from the statistics module in common/ (docs/statistics.md).

#include <QList>

#include <limits>

namespace tcptune {

// What one finished run contributes to its point.
struct RunFigures {
    double throughputBps = 0; // receiver goodput over the measured part of the run
    double rttMedianMs = -1;  // < 0: unknown
    double rttP95Ms = -1;
    QList<double> intervalThroughputBps; // per interval (e.g. per sample batch or second)
    QList<double> rttSamplesMs;          // optional: every RTT sample, pooled for the point
    bool collapsed = false;              // already flagged (the engine may have seen more intervals than are kept)
    // Latency under load (rrul): the run's UDP probe medians idle and loaded, and its share of
    // loaded probes lost; NaN for other workloads.
    double idleLatencyMs = std::numeric_limits<double>::quiet_NaN();
    double loadedLatencyMs = std::numeric_limits<double>::quiet_NaN();
    double probeLossShare = std::numeric_limits<double>::quiet_NaN();
};

// Latency under load over a point's runs: the medians of their figures; NaN where no run has any.
struct UnderLoadStatistics {
    double idleMs = std::numeric_limits<double>::quiet_NaN();
    double loadedMs = std::numeric_limits<double>::quiet_NaN();
    double increaseMs = std::numeric_limits<double>::quiet_NaN(); // loaded - idle
    double probeLossShare = std::numeric_limits<double>::quiet_NaN();

    bool measured() const { return loadedMs == loadedMs; }
};

struct PointStatistics {
    static constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

    int runs = 0; // n: the Ok runs the figures are over
    double mean = 0;
    double sd = 0; // sample standard deviation (n - 1); 0 for one run
    double median = 0;
    double min = 0;
    double max = 0;
    double cv = 0; // sd / mean
    // The 95 % Student-t interval of the mean throughput over the runs; kNoValue for fewer than
    // two runs (no spread was measured: tables show "–" and "1 run").
    double ciLow = kNoValue;
    double ciHigh = kNoValue;
    // The interval's half-width over the mean (0.02: within 2 %); kNoValue without an interval.
    double ciRelativeHalfWidth = kNoValue;
    QList<double> values; // every run's throughput, in run order
    double rttMedianMs = -1;
    double rttP95Ms = -1;
    // The 95 % interval of the mean of the runs' own RTT medians; kNoValue for fewer than two.
    double rttMedianCiLow = kNoValue;
    double rttMedianCiHigh = kNoValue;
    // Welch's two-sided p of this point's throughput against the sweep's first point (its
    // baseline, docs/statistics.md); kNoValue for the first point and where either lacks two runs.
    double pVsBaseline = kNoValue;
    UnderLoadStatistics underLoad;
    QList<bool> collapsed; // per run
    int collapsedRuns = 0;
    bool highVariance = false;

    bool hasInterval() const { return runs >= 2; }
};

namespace sweepstats {

// A run collapses when its last third's mean throughput is below half of its first third's.
inline constexpr double kCollapseRatio = 0.5;
// A point with a coefficient of variation above this (and at least two runs) is flagged.
inline constexpr double kHighVarianceCv = 0.15;

// Needs at least 3 intervals; fewer never collapse.
bool collapsed(const QList<double> &intervalThroughput, double ratio = kCollapseRatio);
PointStatistics summarize(const QList<RunFigures> &runs, double highVarianceCv = kHighVarianceCv);
// Welch's p of POINT's throughputs against BASELINE's; kNoValue where either has fewer than two.
double pAgainst(const PointStatistics &point, const PointStatistics &baseline);

} // namespace sweepstats
} // namespace tcptune

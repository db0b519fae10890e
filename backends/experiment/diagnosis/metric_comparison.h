#pragma once
// Whether one metric differs between two groups of runs (B against A), with its interval and
// p-value: Welch's t-test over the runs' figures when both have at least two runs, else the
// moving-block bootstrap over the runs' own series (one run per side: the interval of a single
// long run). `tcptune results diff` and the A/B views read this; the maths is the statistics
// module in common/ (docs/statistics.md, "Comparing two experiments").

#include <QList>
#include <QString>

#include <functional>
#include <limits>
#include <span>

namespace tcptune {

// One side of a comparison: every Ok run's figure (a mean, a median, a count) and, for the
// bootstrap, each run's series of which the figure is STATISTIC (per interval throughput, RTT
// samples).
struct MetricRuns {
    QList<double> values;
    QList<QList<double>> series;
};

struct MetricDifference {
    static constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();
    enum class Method { None, Welch, BlockBootstrap };

    Method method = Method::None;
    int nA = 0; // runs
    int nB = 0;
    double a = kNoValue; // A's figure: the mean over its runs, or its series' statistic
    double b = kNoValue;
    double difference = kNoValue; // b - a
    double ciLow = kNoValue;      // 95 % interval of the difference
    double ciHigh = kNoValue;
    double standardError = kNoValue; // of the difference
    double p = kNoValue;             // two-sided
    double pHolm = kNoValue;         // after Holm's correction over the metrics compared together
    bool significant = false;        // pHolm < 0.05

    // The difference and its interval in % of A; NaN when A's figure is 0.
    double percent(double value) const;
};

// The name of METHOD in JSON: "none", "welch", "block_bootstrap".
QString methodName(MetricDifference::Method method);

using SeriesFigure = std::function<double(std::span<const double>)>;

// B against A (see the header comment). STATISTIC makes a run's figure of its series for the
// bootstrap (the mean when empty); without two runs a side and without series of at least two
// values, no test (Method::None, p NaN).
MetricDifference compareMetric(const MetricRuns &a, const MetricRuns &b, const SeriesFigure &statistic = {});

// Sets pHolm and significant of each of DIFFERENCES (one family: the metrics of one point).
void correctForMetrics(QList<MetricDifference *> differences, double alpha = 0.05);

} // namespace tcptune

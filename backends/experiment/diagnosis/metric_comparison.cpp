#include "experiment/diagnosis/metric_comparison.h"

#include "common/block_bootstrap.h"
#include "common/hypothesis_tests.h"
#include "common/statistics.h"
#include "experiment/diagnosis/diagnosis_enum_names.h"

#include <boost/math/distributions/normal.hpp>

#include <cmath>
#include <vector>

namespace tcptune {
namespace {

constexpr double kLevel = 0.95;

// A side's series as one (its runs one after another): with one run, that run's series.
std::vector<double> joined(const QList<QList<double>> &series)
{
    std::vector<double> out;
    for (const QList<double> &s : series)
        out.insert(out.end(), s.begin(), s.end());
    return out;
}

void compareByWelch(MetricDifference &d, const MetricRuns &a, const MetricRuns &b)
{
    const stats::WelchTest w = stats::welchTTest(b.values, a.values, kLevel);
    d.method = MetricDifference::Method::Welch;
    d.a = stats::mean(a.values);
    d.b = stats::mean(b.values);
    d.difference = w.difference;
    d.ciLow = w.ciLow;
    d.ciHigh = w.ciHigh;
    d.standardError = w.standardError;
    d.p = w.p;
}

// One run a side: each side's bootstrap standard error of its statistic, and the difference
// against se_a + se_b (not the root of their squares): it is significant exactly when the two
// runs' own 95 % intervals do not overlap. The stricter test stands in for the run-to-run
// variation that one run cannot show (docs/statistics.md: in the lab's A/A check the root of the
// squares called 4 of 20 identical pairs different, mostly by their RTT p95).
void compareByBootstrap(MetricDifference &d, const std::vector<double> &a, const std::vector<double> &b,
                        const SeriesFigure &statistic)
{
    const stats::BootstrapInterval ia = stats::movingBlockBootstrap(a, kLevel, statistic);
    const stats::BootstrapInterval ib = stats::movingBlockBootstrap(b, kLevel, statistic);
    d.method = MetricDifference::Method::BlockBootstrap;
    d.a = ia.estimate;
    d.b = ib.estimate;
    d.difference = d.b - d.a;
    const double se = ia.standardError + ib.standardError;
    d.standardError = se;
    const boost::math::normal_distribution<double> normal;
    if (se == 0) {
        d.ciLow = d.ciHigh = d.difference;
        d.p = d.difference == 0 ? 1.0 : 0.0; // as Welch's test without spread (docs/statistics.md)
        return;
    }
    const double half = boost::math::quantile(normal, 1 - (1 - kLevel) / 2) * se;
    d.ciLow = d.difference - half;
    d.ciHigh = d.difference + half;
    d.p = std::min(1.0, 2 * boost::math::cdf(boost::math::complement(normal, std::abs(d.difference) / se)));
}

} // namespace

double MetricDifference::percent(double value) const
{
    if (!(a != 0) || std::isnan(a))
        return kNoValue;
    return 100 * value / std::abs(a);
}

QString methodName(MetricDifference::Method method)
{
    return nameOf(kMetricMethodNames, method);
}

MetricDifference compareMetric(const MetricRuns &a, const MetricRuns &b, const SeriesFigure &statistic)
{
    MetricDifference d;
    d.nA = int(a.values.size());
    d.nB = int(b.values.size());
    if (d.nA >= 2 && d.nB >= 2) {
        compareByWelch(d, a, b);
        return d;
    }
    const std::vector<double> seriesA = joined(a.series);
    const std::vector<double> seriesB = joined(b.series);
    if (d.nA >= 1 && d.nB >= 1 && seriesA.size() >= 2 && seriesB.size() >= 2) {
        compareByBootstrap(d, seriesA, seriesB, statistic);
        return d;
    }
    if (d.nA > 0)
        d.a = stats::mean(a.values);
    if (d.nB > 0)
        d.b = stats::mean(b.values);
    if (d.nA > 0 && d.nB > 0)
        d.difference = d.b - d.a;
    return d;
}

void correctForMetrics(QList<MetricDifference *> differences, double alpha)
{
    std::vector<double> p;
    for (const MetricDifference *d : differences)
        p.push_back(d->p);
    const std::vector<double> adjusted = stats::holmAdjusted(p);
    for (qsizetype i = 0; i < differences.size(); ++i) {
        differences[i]->pHolm = adjusted[std::size_t(i)];
        differences[i]->significant = !std::isnan(adjusted[std::size_t(i)]) && adjusted[std::size_t(i)] < alpha;
    }
}

} // namespace tcptune

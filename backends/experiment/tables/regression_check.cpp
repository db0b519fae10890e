#include "experiment/tables/regression_check.h"

#include "common/hypothesis_tests.h"

#include <algorithm>
#include <cmath>

namespace tcptune {
namespace {

// +1 when a higher value is worse (RTT), -1 when a lower one is (throughput).
double worseSign(const QString &metric)
{
    return metric == QLatin1String("throughput") ? -1.0 : 1.0;
}

// Runs per side that would tell the change from the limit: the spread of one run's figure is the
// difference's standard error over sqrt(1/nA + 1/nB).
int repeatsToDecide(const MetricDifference &d, double limitPercent)
{
    const int nA = std::max(1, d.nA);
    const int nB = std::max(1, d.nB);
    const double perRun = d.standardError / std::sqrt(1.0 / nA + 1.0 / nB);
    const double delta = limitPercent / 100 * std::abs(d.a);
    return std::max({stats::runsToDetect(perRun, delta), nA + 1, nB + 1});
}

CheckOutcome judge(const MetricCheck &c)
{
    const MetricDifference &d = c.row.difference;
    const double sign = worseSign(c.row.key);
    const double change = sign * d.percent(d.difference);
    const double worst = std::max(sign * d.percent(d.ciLow), sign * d.percent(d.ciHigh));
    if (d.method == MetricDifference::Method::None || std::isnan(change) || std::isnan(worst))
        return CheckOutcome::Undecided;
    if (d.significant && change > c.limitPercent)
        return CheckOutcome::Regression;
    if (d.significant && change < 0)
        return CheckOutcome::Improvement;
    return worst > c.limitPercent ? CheckOutcome::Undecided : CheckOutcome::Pass;
}

} // namespace

RegressionLimits::RegressionLimits()
{
    for (const QString &metric : gatedMetrics())
        percent.insert(metric, kDefaultPercent);
}

QStringList RegressionLimits::gatedMetrics()
{
    return {QStringLiteral("throughput"), QStringLiteral("rtt_median"), QStringLiteral("rtt_p95")};
}

Result<RegressionLimits> RegressionLimits::parse(const QString &text)
{
    RegressionLimits limits;
    const auto wrong = [&text] {
        return fail(tr("'%1' is not a regression limit: give a percentage for every metric ('5') or per metric "
                       "('throughput=3,rtt_median=20'; metrics: %2).")
                        .arg(text, gatedMetrics().join(QStringLiteral(", "))));
    };
    bool ok = false;
    const double all = text.toDouble(&ok);
    if (ok) {
        if (!(all >= 0) || !std::isfinite(all))
            return wrong();
        for (const QString &metric : gatedMetrics())
            limits.percent.insert(metric, all);
        return limits;
    }
    for (const QString &pair : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QStringList parts = pair.split(QLatin1Char('='));
        const double value = parts.value(1).toDouble(&ok);
        if (parts.size() != 2 || !ok || !(value >= 0) || !std::isfinite(value) ||
            !gatedMetrics().contains(parts.first().trimmed()))
            return wrong();
        limits.percent.insert(parts.first().trimmed(), value);
    }
    return limits;
}

QString MetricCheck::sentence() const
{
    const MetricDifference &d = row.difference;
    const QString metric = ExperimentDiff::metricName(row.key);
    if (d.method == MetricDifference::Method::None || std::isnan(d.percent(d.difference)))
        return tr("%1: no comparison (too few runs or samples on one side); undecided").arg(metric);
    const QString figures = tr("%1 %2 (95 % CI %3 .. %4)")
                                .arg(metric, signedPercent(d.percent(d.difference)), signedPercent(d.percent(d.ciLow)),
                                     signedPercent(d.percent(d.ciHigh)));
    switch (outcome) {
    case CheckOutcome::Regression: return tr("%1: a regression beyond the %2 % limit").arg(figures).arg(limitPercent);
    case CheckOutcome::Improvement: return tr("%1: an improvement").arg(figures);
    case CheckOutcome::Undecided:
        return tr("%1: undecided against the %2 % limit; about %3 runs a side would decide it")
            .arg(figures)
            .arg(limitPercent)
            .arg(repeatsNeeded);
    case CheckOutcome::Pass: break;
    }
    return tr("%1: within the %2 % limit").arg(figures).arg(limitPercent);
}

int RegressionCheck::count(CheckOutcome outcome) const
{
    return int(
        std::count_if(checks.begin(), checks.end(), [outcome](const MetricCheck &c) { return c.outcome == outcome; }));
}

int RegressionCheck::exitCode() const
{
    if (count(CheckOutcome::Regression) > 0)
        return 1;
    return count(CheckOutcome::Undecided) > 0 || !diff.onlyInA.isEmpty() || checks.isEmpty() ? 2 : 0;
}

RegressionCheck checkRegressions(ExperimentDiff diff, const RegressionLimits &limits)
{
    RegressionCheck out;
    for (const PointDiff &point : diff.points) {
        for (const MetricRow &row : point.metrics) {
            if (!limits.percent.contains(row.key))
                continue;
            MetricCheck c;
            c.point = point.labelB;
            c.row = row;
            c.limitPercent = limits.percent.value(row.key);
            c.outcome = judge(c);
            if (c.outcome == CheckOutcome::Undecided)
                c.repeatsNeeded = repeatsToDecide(row.difference, c.limitPercent);
            out.checks.append(c);
        }
    }
    out.diff = std::move(diff);
    return out;
}

QString signedPercent(double value)
{
    if (std::isnan(value))
        return QStringLiteral("–");
    return QStringLiteral("%1%2 %").arg(value >= 0 ? QStringLiteral("+") : QString()).arg(value, 0, 'f', 1);
}

QString checkOutcomeName(CheckOutcome outcome)
{
    switch (outcome) {
    case CheckOutcome::Pass: return QStringLiteral("pass");
    case CheckOutcome::Improvement: return QStringLiteral("improvement");
    case CheckOutcome::Regression: return QStringLiteral("regression");
    case CheckOutcome::Undecided: break;
    }
    return QStringLiteral("undecided");
}

} // namespace tcptune

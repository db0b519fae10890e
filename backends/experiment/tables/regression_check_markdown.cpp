#include "experiment/tables/regression_check_markdown.h"

#include "experiment/record/experiment_name.h"

#include <QCoreApplication>
#include <QStringList>

#include <cmath>

namespace tcptune {
namespace {

class RegressionCheckMarkdown final {
    Q_DECLARE_TR_FUNCTIONS(RegressionCheckMarkdown)
};

QString headline(const RegressionCheck &check)
{
    switch (check.exitCode()) {
    case 0: return RegressionCheckMarkdown::tr("**No regression** beyond the limits.");
    case 1:
        return RegressionCheckMarkdown::tr("**Regression**: %n metric(s) significantly worse beyond the limit.", "",
                                           check.count(CheckOutcome::Regression));
    default:
        return RegressionCheckMarkdown::tr("**Undecided**: no significant regression, but %n metric(s) too noisy "
                                           "or too short to decide.",
                                           "", std::max(1, check.count(CheckOutcome::Undecided)));
    }
}

QString figure(double value, const QString &unit)
{
    if (std::isnan(value))
        return QStringLiteral("–");
    if (unit == QLatin1String("bit/s"))
        return QStringLiteral("%1 Mbit/s").arg(value / 1e6, 0, 'f', 2);
    return QStringLiteral("%1 %2").arg(value, 0, 'f', 2).arg(unit);
}

QString change(const MetricDifference &d)
{
    return QStringLiteral("%1 (%2 .. %3)")
        .arg(signedPercent(d.percent(d.difference)), signedPercent(d.percent(d.ciLow)),
             signedPercent(d.percent(d.ciHigh)));
}

QString outcome(const MetricCheck &c)
{
    switch (c.outcome) {
    case CheckOutcome::Regression: return RegressionCheckMarkdown::tr("❌ regression");
    case CheckOutcome::Improvement: return RegressionCheckMarkdown::tr("✅ improvement");
    case CheckOutcome::Undecided:
        return RegressionCheckMarkdown::tr("⚠️ undecided (about %1 runs a side)").arg(c.repeatsNeeded);
    case CheckOutcome::Pass: break;
    }
    return RegressionCheckMarkdown::tr("✅ within the limit");
}

} // namespace

QString regressionCheckMarkdown(const RegressionCheck &check)
{
    QStringList lines;
    lines << RegressionCheckMarkdown::tr("## tcptune check: %1 against the baseline %2")
                 .arg(experimentName(check.diff.b), experimentName(check.diff.a))
          << QString() << headline(check) << QString();
    lines << RegressionCheckMarkdown::tr("| point | metric | baseline | checked | change (95 % CI) | limit | outcome |")
          << QStringLiteral("|---|---|---:|---:|---:|---:|---|");
    for (const MetricCheck &c : check.checks) {
        const MetricDifference &d = c.row.difference;
        lines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 % | %7 |")
                     .arg(c.point.isEmpty() ? QStringLiteral("–") : c.point, ExperimentDiff::metricName(c.row.key),
                          figure(d.a, c.row.unit), figure(d.b, c.row.unit), change(d))
                     .arg(c.limitPercent)
                     .arg(outcome(c));
    }
    if (!check.diff.onlyInA.isEmpty())
        lines << QString()
              << RegressionCheckMarkdown::tr("Baseline points the check did not run: %1.")
                     .arg(check.diff.onlyInA.join(QStringLiteral(", ")));
    lines << QString()
          << RegressionCheckMarkdown::tr("Changes are the checked experiment against the baseline, with Welch's 95 % "
                                         "interval over the runs (one run a side: the block bootstrap over its "
                                         "series), Holm-corrected over the metrics of a point.");
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace tcptune

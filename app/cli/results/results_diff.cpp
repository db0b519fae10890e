#include "cli/results/results_diff.h"

#include "cli/console.h"
#include "experiment/record/experiment_name.h"
#include "experiment/record/run_configuration.h"
#include "experiment/tables/experiment_diff.h"
#include "experiment/tables/experiment_diff_json.h"

#include <QCoreApplication>
#include <QJsonDocument>

#include <cmath>

namespace tcptune::cli {
namespace {

// ResultsDiff::tr(): lupdate files this file's text under the context that tr() looks it up in.
class ResultsDiff final {
    Q_DECLARE_TR_FUNCTIONS(ResultsDiff)
};

const QString kNone = QStringLiteral("–");

// A figure in the metric's display unit: Mbit/s for throughput, else as stored.
QString figure(const MetricRow &row, double v)
{
    if (std::isnan(v))
        return kNone;
    if (row.key == QLatin1String("throughput"))
        return QString::number(v / 1e6, 'f', 2);
    return QString::number(v, 'f', row.key == QLatin1String("retransmissions") ? 0 : 2);
}

QString percent(double v)
{
    return std::isnan(v) ? kNone
                         : QStringLiteral("%1%2 %").arg(v > 0 ? QStringLiteral("+") : QString()).arg(v, 0, 'f', 1);
}

QString pValue(double p)
{
    if (std::isnan(p))
        return kNone;
    return p < 0.001 ? QStringLiteral("< 0.001") : QString::number(p, 'f', 3);
}

QString interval(const MetricRow &row)
{
    const MetricDifference &d = row.difference;
    if (std::isnan(d.ciLow))
        return kNone;
    if (!std::isnan(d.percent(d.ciLow)))
        return QStringLiteral("%1 .. %2").arg(percent(d.percent(d.ciLow)), percent(d.percent(d.ciHigh)));
    return QStringLiteral("%1 .. %2").arg(figure(row, d.ciLow), figure(row, d.ciHigh));
}

QString method(const MetricDifference &d)
{
    switch (d.method) {
    case MetricDifference::Method::Welch: return ResultsDiff::tr("Welch, %1 + %2 runs").arg(d.nA).arg(d.nB);
    case MetricDifference::Method::BlockBootstrap:
        return ResultsDiff::tr("block bootstrap, %1 + %2 runs").arg(d.nA).arg(d.nB);
    case MetricDifference::Method::None: break;
    }
    return ResultsDiff::tr("no test (%1 + %2 runs)").arg(d.nA).arg(d.nB);
}

QString row(const QStringList &cells)
{
    return QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |");
}

QString significance(const MetricDifference &d)
{
    if (std::isnan(d.pHolm))
        return kNone;
    return d.significant ? ResultsDiff::tr("yes") : ResultsDiff::tr("no");
}

void printMetrics(const PointDiff &p)
{
    const QStringList header{
        ResultsDiff::tr("metric"),  QStringLiteral("A"), QStringLiteral("B"),         ResultsDiff::tr("B vs A"),
        ResultsDiff::tr("95 % CI"), QStringLiteral("p"), ResultsDiff::tr("p (Holm)"), ResultsDiff::tr("significant"),
        ResultsDiff::tr("method")};
    out() << row(header) << '\n' << row(QStringList(header.size(), QStringLiteral("---"))) << '\n';
    for (const MetricRow &m : p.metrics) {
        const MetricDifference &d = m.difference;
        const QString unit = m.key == QLatin1String("throughput") ? QStringLiteral("Mbit/s") : m.unit;
        out() << row({ExperimentDiff::metricName(m.key) + QLatin1Char(' ') + unit, figure(m, d.a), figure(m, d.b),
                      percent(d.percent(d.difference)), interval(m), pValue(d.p), pValue(d.pHolm), significance(d),
                      method(d)})
              << '\n';
    }
}

void printKnobsAndCounters(const PointDiff &p)
{
    if (p.knobs.isEmpty())
        out() << '\n' << ResultsDiff::tr("Knobs: the same in A and B.") << '\n';
    else
        out() << '\n' << ResultsDiff::tr("Knobs that differ (A → B):") << '\n';
    for (const KnobDifference &k : p.knobs)
        out() << QStringLiteral("- %1: %2 → %3")
                     .arg(shortKnobName(k.key), k.a.isEmpty() ? kNone : compactKnobValue(k.key, k.a),
                          k.b.isEmpty() ? kNone : compactKnobValue(k.key, k.b))
              << '\n';
    if (!p.counters.isEmpty())
        out() << '\n' << ResultsDiff::tr("Counters that moved differently (A vs B):") << '\n';
    for (const CounterDifference &c : p.counters.mid(0, 10))
        out() << QStringLiteral("- %1: %2").arg(CounterComparison::endName(c.end), CounterComparison::line(c)) << '\n';
}

void printText(const ExperimentDiff &diff)
{
    out() << QStringLiteral("## ")
          << ResultsDiff::tr("Experiment %1 (B) against experiment %2 (A)").arg(diff.b.id).arg(diff.a.id) << "\n\n";
    out() << ResultsDiff::tr("A: %1. B: %2. Differences are B - A in % of A with their 95 % interval; "
                             "significant: Holm-corrected p over the metrics of a point below 0.05.")
                 .arg(experimentName(diff.a), experimentName(diff.b))
          << '\n';
    // Experiments of a team's store may come from two machines or accounts: the difference may be theirs.
    if (diff.a.host != diff.b.host || diff.a.user != diff.b.user)
        out() << ResultsDiff::tr("A ran on %1 as %2, B on %3 as %4.")
                     .arg(diff.a.host.isEmpty() ? kNone : diff.a.host, diff.a.user.isEmpty() ? kNone : diff.a.user,
                          diff.b.host.isEmpty() ? kNone : diff.b.host, diff.b.user.isEmpty() ? kNone : diff.b.user)
              << '\n';
    for (const PointDiff &p : diff.points) {
        const QString label = p.labelA == p.labelB ? p.labelA : QStringLiteral("%1 → %2").arg(p.labelA, p.labelB);
        out() << "\n### " << (label.isEmpty() ? ResultsDiff::tr("spec") : label) << "\n\n";
        printMetrics(p);
        printKnobsAndCounters(p);
    }
    if (!diff.onlyInA.isEmpty())
        out() << '\n' << ResultsDiff::tr("Only in A: %1").arg(diff.onlyInA.join(QStringLiteral(", "))) << '\n';
    if (!diff.onlyInB.isEmpty())
        out() << '\n' << ResultsDiff::tr("Only in B: %1").arg(diff.onlyInB.join(QStringLiteral(", "))) << '\n';
}

} // namespace

int printExperimentDiff(const ResultStore &store, qint64 a, qint64 b, bool json)
{
    auto diff = diffExperiments(store, a, b);
    if (!diff)
        return failWith(diff.error().message, 2);
    if (json)
        out() << QString::fromUtf8(QJsonDocument(toJson(*diff)).toJson(QJsonDocument::Indented));
    else
        printText(*diff);
    out().flush();
    return 0;
}

} // namespace tcptune::cli

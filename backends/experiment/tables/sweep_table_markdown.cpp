#include "experiment/tables/sweep_table_markdown.h"

#include "experiment/record/experiment_name.h"
#include "experiment/spec/sweep_plan.h"

#include <algorithm>
#include <cmath>

namespace tcptune {
namespace {

// BPS in UNIT with as many decimals as its size deserves; REFERENCE (the mean) sets them for a
// spread, so "47.6 ± 0.2" reads at one precision.
QString figure(double bps, ThroughputUnit unit, double reference = -1)
{
    return unit.format(bps, unit.decimalsFor(reference >= 0 ? reference : bps));
}

QString ms(double v)
{
    return v < 0 ? QStringLiteral("-") : QString::number(v, 'f', v >= 100 ? 0 : 1);
}

// A figure that was not measured (no interval of one run, no p without a baseline).
const QString kNone = QStringLiteral("–");

QString row(const QStringList &cells)
{
    return QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |");
}

} // namespace

QString SweepTableMarkdown::toMarkdown(const SweepTable &table, ThroughputUnit unit)
{
    QStringList lines = heading(table);
    lines << tableLines(table, unit);
    lines << failures(table);
    lines << precision(table);
    lines << captures(table);
    lines << QString() << tr("↓ marks a run whose throughput collapsed (last third below half of the first third).");
    lines << tr("95 % CI: Student-t interval of the mean over the runs; p vs first: Welch's test against the first "
                "point (docs/statistics.md).");
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QStringList SweepTableMarkdown::heading(const SweepTable &table)
{
    const ExperimentRecord &e = table.experiment;
    const ExperimentSpec &spec = table.plan.spec();
    const QString repeats = spec.untilPrecise() ? tr("%1 to %2 repeats until the 95 % CI is within %3 %")
                                                      .arg(spec.repeats)
                                                      .arg(spec.maxRepeats)
                                                      .arg(spec.ciTargetPct)
                                                : tr("%1 repeat(s)").arg(spec.repeats);
    return {QStringLiteral("## %1").arg(experimentName(e)), QString(),
            tr("Experiment %1, %2, target %3, %4 s per run, %5; %6 of %7 runs done.")
                .arg(e.id)
                .arg(experimentStatusName(e.status), spec.target.describe())
                .arg(spec.durationS)
                .arg(repeats)
                .arg(e.finishedRuns)
                .arg(qMax(e.plannedRuns, e.finishedRuns)),
            QString()};
}

QStringList SweepTableMarkdown::tableLines(const SweepTable &table, ThroughputUnit unit)
{
    QStringList header;
    for (int a = 0; a < table.plan.axes().size(); ++a)
        header << axisHeading(table.plan, a);
    if (header.isEmpty())
        header << tr("point");
    const QString label = unit.label();
    header << tr("runs") << tr("throughput %1 (mean ± sd)").arg(label) << tr("95 % CI %1").arg(label) << tr("MB/s")
           << tr("RTT median ms") << tr("RTT p95 ms");
    const bool underLoad = std::any_of(table.points.begin(), table.points.end(),
                                       [](const PointResult &p) { return p.stats.underLoad.measured(); });
    if (underLoad)
        header << tr("idle latency ms") << tr("latency under load ms") << tr("under load") << tr("probes lost");
    header << tr("p vs first") << tr("flags") << tr("per run %1").arg(label) << tr("verdict");
    QStringList lines{row(header), QStringLiteral("|") +
                                       QStringList(header.size(), QStringLiteral("---")).join(QLatin1Char('|')) +
                                       QStringLiteral("|")};
    for (const PointResult &p : table.points)
        lines << row(cells(p, unit, underLoad));
    return lines;
}

QStringList SweepTableMarkdown::underLoadCells(const PointResult &p)
{
    const UnderLoadStatistics &u = p.stats.underLoad;
    if (!u.measured())
        return {kNone, kNone, kNone, kNone};
    return {
        QString::number(u.idleMs, 'f', 2), QString::number(u.loadedMs, 'f', 1),
        QStringLiteral("%1%2 ms").arg(u.increaseMs >= 0 ? QStringLiteral("+") : QString()).arg(u.increaseMs, 0, 'f', 1),
        QStringLiteral("%1 %").arg(100 * u.probeLossShare, 0, 'f', 1)};
}

QStringList SweepTableMarkdown::cells(const PointResult &p, ThroughputUnit unit, bool underLoad)
{
    QStringList out = p.point.labels;
    if (out.isEmpty())
        out << tr("spec");
    const PointStatistics &s = p.stats;
    QStringList perRun;
    for (const RunRecord &r : p.runs) {
        if (r.status == RunStatus::Ok)
            perRun << figure(r.throughputBps, unit) + (r.collapsed ? QStringLiteral("↓") : QString());
        else
            perRun << (r.status == RunStatus::Failed ? tr("failed") : tr("cancelled"));
    }
    out << QString::number(p.runs.size());
    out << throughput(p, unit);
    out << (s.hasInterval() ? QStringLiteral("%1–%2").arg(figure(s.ciLow, unit, s.mean), figure(s.ciHigh, unit, s.mean))
                            : kNone);
    out << (p.hasResult() ? QString::number(s.mean / 8e6, 'f', 2) : QStringLiteral("-"));
    out << ms(s.rttMedianMs) << ms(s.rttP95Ms);
    if (underLoad)
        out << underLoadCells(p);
    out << pValue(s.pVsBaseline);
    out << p.flags().join(QStringLiteral(", "));
    out << perRun.join(QLatin1Char(' '));
    out << QString(p.verdict()).replace(QLatin1Char('|'), QLatin1Char('/'));
    return out;
}

QString SweepTableMarkdown::throughput(const PointResult &p, ThroughputUnit unit)
{
    const PointStatistics &s = p.stats;
    if (!p.hasResult())
        return QStringLiteral("-");
    // One run measured no spread: say so instead of a "± 0.0" nobody measured.
    if (!s.hasInterval())
        return tr("%1 ± – (1 run)").arg(figure(s.mean, unit));
    return QStringLiteral("%1 ± %2").arg(figure(s.mean, unit), figure(s.sd, unit, s.mean));
}

QString SweepTableMarkdown::pValue(double p)
{
    if (std::isnan(p))
        return kNone;
    return p < 0.001 ? QStringLiteral("< 0.001") : QString::number(p, 'f', 3);
}

QStringList SweepTableMarkdown::precision(const SweepTable &table)
{
    const ExperimentSpec &spec = table.plan.spec();
    if (!spec.untilPrecise())
        return {};
    QStringList missed;
    for (const PointResult &p : table.points)
        if (p.precisionGivenUp())
            missed << (p.point.label().isEmpty() ? tr("spec") : p.point.label());
    if (missed.isEmpty())
        return {QString(), tr("Every point's 95 % CI came within %1 % of its mean.").arg(spec.ciTargetPct)};
    return {QString(), tr("Not within %1 % after %2 runs: %3.")
                           .arg(spec.ciTargetPct)
                           .arg(spec.maxRepeats)
                           .arg(missed.join(QStringLiteral(", ")))};
}

QStringList SweepTableMarkdown::failures(const SweepTable &table)
{
    QStringList errors;
    for (const PointResult &p : table.points)
        for (const QString &error : p.errors)
            errors << QStringLiteral("- %1: %2").arg(p.point.label().isEmpty() ? tr("spec") : p.point.label(), error);
    if (errors.isEmpty())
        return {};
    return QStringList{QString(), tr("Failed runs:")} + errors;
}

QStringList SweepTableMarkdown::captures(const SweepTable &table)
{
    QStringList files;
    for (const RunRecord *r : table.runsInOrder())
        for (const CaptureRecord &c : r->captures)
            files << tr("- %1 (repeat %2): %3 (%4, %5 packets, %6 dropped)")
                         .arg(r->pointLabel.isEmpty() ? tr("spec") : r->pointLabel)
                         .arg(r->repeat + 1)
                         .arg(c.path, c.interface)
                         .arg(c.packetsReceived)
                         .arg(c.packetsDropped);
    if (files.isEmpty())
        return {};
    return QStringList{QString(), tr("Captures ('tcptune analyze FILE' analyses one):")} + files;
}

} // namespace tcptune

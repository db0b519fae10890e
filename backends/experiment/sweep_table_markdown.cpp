#include "experiment/sweep_table_markdown.h"

#include "experiment/parameter_heading.h"

namespace tcptune {
namespace {

// Mbit/s with as many decimals as BPS's size deserves; REFERENCE (the mean) sets them for a
// spread, so "47.6 ± 0.2" reads at one precision.
QString mbit(double bps, double reference = -1)
{
    const double scale = reference >= 0 ? reference : bps;
    return QString::number(bps / 1e6, 'f', scale >= 1e8 ? 0 : (scale >= 1e6 ? 1 : 3));
}

QString ms(double v)
{
    return v < 0 ? QStringLiteral("-") : QString::number(v, 'f', v >= 100 ? 0 : 1);
}

QString row(const QStringList &cells)
{
    return QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |");
}

} // namespace

QString SweepTableMarkdown::toMarkdown(const SweepTable &table)
{
    QStringList lines = heading(table);
    lines << tableLines(table);
    lines << failures(table);
    lines << QString() << tr("↓ marks a run whose throughput collapsed (last third below half of the first third).");
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QStringList SweepTableMarkdown::heading(const SweepTable &table)
{
    const ExperimentRecord &e = table.experiment;
    return {QStringLiteral("## %1").arg(e.name.isEmpty() ? tr("Experiment %1").arg(e.id) : e.name), QString(),
            tr("Experiment %1, %2, target %3, %4 s per run, %5 repeat(s); %6 of %7 runs done.")
                .arg(e.id)
                .arg(experimentStatusName(e.status), table.plan.spec().target.describe())
                .arg(table.plan.spec().durationS)
                .arg(table.plan.repeats())
                .arg(e.finishedRuns)
                .arg(e.plannedRuns),
            QString()};
}

QStringList SweepTableMarkdown::tableLines(const SweepTable &table)
{
    QStringList header;
    for (int a = 0; a < table.plan.axes().size(); ++a)
        header << axisHeading(table.plan, a);
    if (header.isEmpty())
        header << tr("point");
    header << tr("runs") << tr("throughput Mbit/s (mean ± sd)") << tr("MB/s") << tr("RTT median ms") << tr("RTT p95 ms")
           << tr("flags") << tr("per run Mbit/s") << tr("verdict");
    QStringList lines{row(header), QStringLiteral("|") +
                                       QStringList(header.size(), QStringLiteral("---")).join(QLatin1Char('|')) +
                                       QStringLiteral("|")};
    for (const PointResult &p : table.points)
        lines << row(cells(p));
    return lines;
}

QStringList SweepTableMarkdown::cells(const PointResult &p)
{
    QStringList out = p.point.labels;
    if (out.isEmpty())
        out << tr("spec");
    const PointStatistics &s = p.stats;
    QStringList perRun;
    for (const RunRecord &r : p.runs) {
        if (r.status == RunStatus::Ok)
            perRun << mbit(r.throughputBps) + (r.collapsed ? QStringLiteral("↓") : QString());
        else
            perRun << (r.status == RunStatus::Failed ? tr("failed") : tr("cancelled"));
    }
    out << QString::number(p.runs.size());
    out << (p.hasResult() ? QStringLiteral("%1 ± %2").arg(mbit(s.mean), mbit(s.sd, s.mean)) : QStringLiteral("-"));
    out << (p.hasResult() ? QString::number(s.mean / 8e6, 'f', 2) : QStringLiteral("-"));
    out << ms(s.rttMedianMs) << ms(s.rttP95Ms);
    out << p.flags().join(QStringLiteral(", "));
    out << perRun.join(QLatin1Char(' '));
    out << QString(p.verdict()).replace(QLatin1Char('|'), QLatin1Char('/'));
    return out;
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

} // namespace tcptune

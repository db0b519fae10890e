#include "experiment/sweep_table.h"

#include "experiment/runner.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QSet>

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

QString csvField(QString text)
{
    if (text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"')) || text.contains(QLatin1Char('\n')))
        return QLatin1Char('"') + text.replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
    return text;
}

QJsonObject statsJson(const PointStatistics &s)
{
    QJsonArray values;
    for (double v : s.values)
        values.append(v);
    QJsonArray collapsed;
    for (bool c : s.collapsed)
        collapsed.append(c);
    return {{QStringLiteral("runs"), s.runs},
            {QStringLiteral("throughput_bps"), QJsonObject{{QStringLiteral("mean"), s.mean},
                                                           {QStringLiteral("sd"), s.sd},
                                                           {QStringLiteral("median"), s.median},
                                                           {QStringLiteral("min"), s.min},
                                                           {QStringLiteral("max"), s.max},
                                                           {QStringLiteral("cv"), s.cv},
                                                           {QStringLiteral("values"), values}}},
            {QStringLiteral("rtt_ms"),
             QJsonObject{{QStringLiteral("median"), s.rttMedianMs < 0 ? QJsonValue() : QJsonValue(s.rttMedianMs)},
                         {QStringLiteral("p95"), s.rttP95Ms < 0 ? QJsonValue() : QJsonValue(s.rttP95Ms)}}},
            {QStringLiteral("collapsed"), collapsed},
            {QStringLiteral("collapsed_runs"), s.collapsedRuns},
            {QStringLiteral("high_variance"), s.highVariance}};
}

QJsonObject runJson(const RunRecord &r)
{
    QJsonArray intervals;
    for (double v : r.intervalThroughputBps)
        intervals.append(v);
    auto orNull = [](double v) { return v < 0 ? QJsonValue() : QJsonValue(v); };
    return {{QStringLiteral("id"), double(r.id)},
            {QStringLiteral("run_index"), r.runIndex},
            {QStringLiteral("repeat"), r.repeat},
            {QStringLiteral("status"), runStatusName(r.status)},
            {QStringLiteral("error"), r.error},
            {QStringLiteral("started"), r.started.toString(Qt::ISODateWithMs)},
            {QStringLiteral("ended"), r.ended.toString(Qt::ISODateWithMs)},
            {QStringLiteral("throughput_bps"), r.throughputBps},
            {QStringLiteral("sender_bytes"), double(r.senderBytes)},
            {QStringLiteral("receiver_bytes"), double(r.receiverBytes)},
            {QStringLiteral("duration_s"), r.durationS},
            {QStringLiteral("rtt_ms"), QJsonObject{{QStringLiteral("min"), orNull(r.rttMinMs)},
                                                   {QStringLiteral("median"), orNull(r.rttMedianMs)},
                                                   {QStringLiteral("p95"), orNull(r.rttP95Ms)},
                                                   {QStringLiteral("max"), orNull(r.rttMaxMs)}}},
            {QStringLiteral("retransmits"), double(r.retransmits)},
            {QStringLiteral("sndbuf_actual"), r.sndbufActual < 0 ? QJsonValue() : QJsonValue(double(r.sndbufActual))},
            {QStringLiteral("collapsed"), r.collapsed},
            {QStringLiteral("interval_s"), r.intervalS},
            {QStringLiteral("interval_throughput_bps"), intervals}};
}

} // namespace

QStringList SweepTableRow::flags() const
{
    QStringList out;
    if (runs.isEmpty())
        out << SweepTable::tr("no runs");
    if (stats.collapsedRuns > 0)
        out << SweepTable::tr("collapse %1/%2").arg(stats.collapsedRuns).arg(stats.runs);
    if (stats.highVariance)
        out << SweepTable::tr("high variance (CV %1 %)").arg(qRound(stats.cv * 100));
    if (failedRuns > 0)
        out << SweepTable::tr("%1 failed").arg(failedRuns);
    return out;
}

SweepTable buildSweepTable(const ExperimentRecord &experiment, const SweepPlan &plan, const QList<RunRecord> &runs)
{
    SweepTable table;
    table.experiment = experiment;
    table.plan = plan;
    for (const SweepPoint &p : plan.points()) {
        SweepTableRow row;
        row.point = p;
        QSet<QString> errors;
        for (const RunRecord &r : runs) {
            if (r.pointIndex != p.index || r.status == RunStatus::Running || r.status == RunStatus::Cancelled)
                continue;
            row.runs.append(r);
            if (r.status == RunStatus::Failed) {
                ++row.failedRuns;
                if (!errors.contains(r.error)) {
                    errors.insert(r.error);
                    row.errors << r.error;
                }
            }
        }
        std::sort(row.runs.begin(), row.runs.end(),
                  [](const RunRecord &a, const RunRecord &b) { return a.repeat < b.repeat; });
        row.stats = sweepstats::summarize(figuresOf(row.runs));
        table.rows.append(row);
    }
    return table;
}

QString toMarkdown(const SweepTable &table)
{
    QStringList lines;
    const ExperimentRecord &e = table.experiment;
    lines << QStringLiteral("## %1").arg(e.name.isEmpty() ? SweepTable::tr("Experiment %1").arg(e.id) : e.name);
    lines << QString();
    lines << SweepTable::tr("Experiment %1, %2, target %3, %4 s per run, %5 repeat(s); %6 of %7 runs done.")
                 .arg(e.id)
                 .arg(experimentStatusName(e.status), table.plan.spec().target.describe())
                 .arg(table.plan.spec().durationS)
                 .arg(table.plan.repeats())
                 .arg(e.finishedRuns)
                 .arg(e.plannedRuns);
    lines << QString();
    QStringList header;
    for (const SweepAxis &a : table.plan.axes())
        header << a.name();
    if (header.isEmpty())
        header << SweepTable::tr("point");
    header << SweepTable::tr("runs") << SweepTable::tr("throughput Mbit/s (mean ± sd)") << SweepTable::tr("MB/s")
           << SweepTable::tr("RTT median ms") << SweepTable::tr("RTT p95 ms") << SweepTable::tr("flags")
           << SweepTable::tr("per run Mbit/s");
    lines << QStringLiteral("| ") + header.join(QStringLiteral(" | ")) + QStringLiteral(" |");
    QStringList rule;
    for (int i = 0; i < header.size(); ++i)
        rule << QStringLiteral("---");
    lines << QStringLiteral("|") + rule.join(QStringLiteral("|")) + QStringLiteral("|");
    for (const SweepTableRow &row : table.rows) {
        QStringList cells = row.point.labels;
        if (cells.isEmpty())
            cells << SweepTable::tr("spec");
        const PointStatistics &s = row.stats;
        QStringList perRun;
        for (const RunRecord &r : row.runs)
            perRun << (r.status == RunStatus::Ok
                           ? mbit(r.throughputBps) + (r.collapsed ? QStringLiteral("↓") : QString())
                           : SweepTable::tr("failed"));
        cells << QString::number(row.runs.size());
        cells << (s.runs > 0 ? QStringLiteral("%1 ± %2").arg(mbit(s.mean), mbit(s.sd, s.mean)) : QStringLiteral("-"));
        cells << (s.runs > 0 ? QString::number(s.mean / 8e6, 'f', 2) : QStringLiteral("-"));
        cells << ms(s.rttMedianMs) << ms(s.rttP95Ms);
        cells << row.flags().join(QStringLiteral(", "));
        cells << perRun.join(QStringLiteral(" "));
        lines << QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |");
    }
    QStringList errors;
    for (const SweepTableRow &row : table.rows)
        for (const QString &error : row.errors)
            errors << QStringLiteral("- %1: %2")
                          .arg(row.point.label().isEmpty() ? SweepTable::tr("spec") : row.point.label(), error);
    if (!errors.isEmpty()) {
        lines << QString() << SweepTable::tr("Failed runs:") << errors;
    }
    lines << QString()
          << SweepTable::tr("↓ marks a run whose throughput collapsed (last third below half of the first third).");
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString pointsCsv(const SweepTable &table)
{
    QStringList header;
    for (const SweepAxis &a : table.plan.axes())
        for (const QString &p : a.parameters)
            header << p;
    header << QStringLiteral("runs") << QStringLiteral("ok_runs") << QStringLiteral("throughput_mean_bps")
           << QStringLiteral("throughput_sd_bps") << QStringLiteral("throughput_median_bps")
           << QStringLiteral("throughput_min_bps") << QStringLiteral("throughput_max_bps") << QStringLiteral("cv")
           << QStringLiteral("rtt_median_ms") << QStringLiteral("rtt_p95_ms") << QStringLiteral("collapsed_runs")
           << QStringLiteral("high_variance") << QStringLiteral("failed_runs");
    QStringList lines{header.join(QLatin1Char(','))};
    for (const SweepTableRow &row : table.rows) {
        QStringList cells;
        for (const SweepAxis &a : table.plan.axes())
            for (const QString &p : a.parameters)
                cells << csvField(row.point.settings.value(p));
        const PointStatistics &s = row.stats;
        cells << QString::number(row.runs.size()) << QString::number(s.runs) << QString::number(s.mean, 'f', 0)
              << QString::number(s.sd, 'f', 0) << QString::number(s.median, 'f', 0) << QString::number(s.min, 'f', 0)
              << QString::number(s.max, 'f', 0) << QString::number(s.cv, 'f', 4)
              << (s.rttMedianMs < 0 ? QString() : QString::number(s.rttMedianMs, 'f', 3))
              << (s.rttP95Ms < 0 ? QString() : QString::number(s.rttP95Ms, 'f', 3)) << QString::number(s.collapsedRuns)
              << (s.highVariance ? QStringLiteral("1") : QStringLiteral("0")) << QString::number(row.failedRuns);
        lines << cells.join(QLatin1Char(','));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString runsCsv(const SweepTable &table)
{
    QStringList header;
    for (const SweepAxis &a : table.plan.axes())
        for (const QString &p : a.parameters)
            header << p;
    header << QStringLiteral("point") << QStringLiteral("repeat") << QStringLiteral("run_index")
           << QStringLiteral("status") << QStringLiteral("throughput_bps") << QStringLiteral("rtt_median_ms")
           << QStringLiteral("rtt_p95_ms") << QStringLiteral("retransmits") << QStringLiteral("sndbuf_actual")
           << QStringLiteral("collapsed") << QStringLiteral("error");
    QStringList lines{header.join(QLatin1Char(','))};
    for (const SweepTableRow &row : table.rows) {
        for (const RunRecord &r : row.runs) {
            QStringList cells;
            for (const SweepAxis &a : table.plan.axes())
                for (const QString &p : a.parameters)
                    cells << csvField(row.point.settings.value(p));
            cells << QString::number(row.point.index) << QString::number(r.repeat) << QString::number(r.runIndex)
                  << runStatusName(r.status) << QString::number(r.throughputBps, 'f', 0)
                  << (r.rttMedianMs < 0 ? QString() : QString::number(r.rttMedianMs, 'f', 3))
                  << (r.rttP95Ms < 0 ? QString() : QString::number(r.rttP95Ms, 'f', 3))
                  << QString::number(r.retransmits)
                  << (r.sndbufActual < 0 ? QString() : QString::number(r.sndbufActual))
                  << (r.collapsed ? QStringLiteral("1") : QStringLiteral("0")) << csvField(r.error);
            lines << cells.join(QLatin1Char(','));
        }
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QJsonObject toJson(const SweepTable &table)
{
    QJsonArray points;
    for (const SweepTableRow &row : table.rows) {
        QJsonObject settings;
        for (auto it = row.point.settings.begin(); it != row.point.settings.end(); ++it)
            settings.insert(it.key(), it.value());
        QJsonArray runs;
        for (const RunRecord &r : row.runs)
            runs.append(runJson(r));
        QJsonArray flags;
        for (const QString &f : row.flags())
            flags.append(f);
        points.append(QJsonObject{{QStringLiteral("index"), row.point.index},
                                  {QStringLiteral("label"), row.point.label()},
                                  {QStringLiteral("labels"), QJsonArray::fromStringList(row.point.labels)},
                                  {QStringLiteral("settings"), settings},
                                  {QStringLiteral("statistics"), statsJson(row.stats)},
                                  {QStringLiteral("failed_runs"), row.failedRuns},
                                  {QStringLiteral("flags"), flags},
                                  {QStringLiteral("runs"), runs}});
    }
    const ExperimentRecord &e = table.experiment;
    return {{QStringLiteral("experiment"), double(e.id)},
            {QStringLiteral("name"), e.name},
            {QStringLiteral("status"), experimentStatusName(e.status)},
            {QStringLiteral("created"), e.created.toString(Qt::ISODateWithMs)},
            {QStringLiteral("planned_runs"), e.plannedRuns},
            {QStringLiteral("finished_runs"), e.finishedRuns},
            {QStringLiteral("plan"), table.plan.toJson()},
            {QStringLiteral("points"), points}};
}

} // namespace tcptune

#include "experiment/tables/sweep_table_csv.h"

#include <cmath>

namespace tcptune {
namespace {

QString number(double v, int decimals)
{
    return QString::number(v, 'f', decimals);
}

// Unknown figures are negative by the store's convention.
QString known(double v, int decimals = 3)
{
    return v < 0 ? QString() : number(v, decimals);
}

// NaN (no interval of one run, no p without a baseline): an empty field.
QString finite(double v, int decimals)
{
    return std::isfinite(v) ? number(v, decimals) : QString();
}

QString flag(bool b)
{
    return b ? QStringLiteral("1") : QStringLiteral("0");
}

// One column per swept parameter, with its canonical value at each point.
QStringList parameters(const SweepTable &table)
{
    QStringList out;
    for (const SweepAxis &a : table.plan.axes())
        out << a.parameters;
    return out;
}

QStringList settings(const QStringList &parameters, const SweepPoint &point)
{
    QStringList out;
    for (const QString &p : parameters)
        out << point.settings.value(p);
    return out;
}

QStringList pointFigures(const PointResult &p)
{
    const PointStatistics &s = p.stats;
    QStringList values;
    for (double v : s.values)
        values << number(v, 0);
    QStringList out{QString::number(p.plannedRuns), QString::number(p.okRuns()), QString::number(p.failedRuns),
                    QString::number(p.cancelledRuns)};
    if (p.hasResult())
        out << number(s.mean, 0) << number(s.sd, 0) << number(s.median, 0) << number(s.min, 0) << number(s.max, 0)
            << number(s.cv, 4);
    else
        out << QString() << QString() << QString() << QString() << QString() << QString();
    out << known(s.rttMedianMs) << known(s.rttP95Ms) << QString::number(s.collapsedRuns) << flag(s.highVariance)
        << values.join(QLatin1Char(' ')) << p.errors.join(QStringLiteral(" | ")) << p.verdict();
    // Added after the first columns, so that readers by position keep working.
    out << QString::number(s.runs) << finite(s.ciLow, 0) << finite(s.ciHigh, 0)
        << finite(s.ciRelativeHalfWidth * 100, 3) << finite(s.pVsBaseline, 6) << finite(s.rttMedianCiLow, 3)
        << finite(s.rttMedianCiHigh, 3);
    return out;
}

QStringList runFigures(const RunRecord &r)
{
    const bool ok = r.status == RunStatus::Ok;
    return {runStatusName(r.status),
            ok ? number(r.throughputBps, 0) : QString(),
            ok ? known(r.rttMedianMs) : QString(),
            ok ? known(r.rttP95Ms) : QString(),
            ok ? QString::number(r.retransmits) : QString(),
            r.sndbufActual < 0 ? QString() : QString::number(r.sndbufActual),
            flag(r.collapsed),
            ok ? number(r.durationS, 3) : QString(),
            r.error,
            r.verdict};
}

} // namespace

namespace csv {

QString field(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')) &&
        !text.contains(QLatin1Char('\r')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString line(const QStringList &fields)
{
    QStringList out;
    out.reserve(fields.size());
    for (const QString &f : fields)
        out << field(f);
    return out.join(QLatin1Char(',')) + QLatin1Char('\n');
}

} // namespace csv

QString pointsCsv(const SweepTable &table)
{
    const QStringList swept = parameters(table);
    QString text = csv::line(swept + QStringList{QStringLiteral("point"),
                                                 QStringLiteral("planned_runs"),
                                                 QStringLiteral("ok_runs"),
                                                 QStringLiteral("failed_runs"),
                                                 QStringLiteral("cancelled_runs"),
                                                 QStringLiteral("throughput_mean_bps"),
                                                 QStringLiteral("throughput_sd_bps"),
                                                 QStringLiteral("throughput_median_bps"),
                                                 QStringLiteral("throughput_min_bps"),
                                                 QStringLiteral("throughput_max_bps"),
                                                 QStringLiteral("cv"),
                                                 QStringLiteral("rtt_median_ms"),
                                                 QStringLiteral("rtt_p95_ms"),
                                                 QStringLiteral("collapsed_runs"),
                                                 QStringLiteral("high_variance"),
                                                 QStringLiteral("run_values_bps"),
                                                 QStringLiteral("errors"),
                                                 QStringLiteral("verdict"),
                                                 QStringLiteral("n"),
                                                 QStringLiteral("ci_low_bps"),
                                                 QStringLiteral("ci_high_bps"),
                                                 QStringLiteral("ci_half_width_pct"),
                                                 QStringLiteral("p"),
                                                 QStringLiteral("rtt_median_ci_low_ms"),
                                                 QStringLiteral("rtt_median_ci_high_ms")});
    for (const PointResult &p : table.points)
        text += csv::line(settings(swept, p.point) + QStringList{p.point.label()} + pointFigures(p));
    return text;
}

QString runsCsv(const SweepTable &table)
{
    const QStringList swept = parameters(table);
    QString text = csv::line(
        swept + QStringList{QStringLiteral("point"), QStringLiteral("point_index"), QStringLiteral("repeat"),
                            QStringLiteral("run_index"), QStringLiteral("run_id"), QStringLiteral("status"),
                            QStringLiteral("throughput_bps"), QStringLiteral("rtt_median_ms"),
                            QStringLiteral("rtt_p95_ms"), QStringLiteral("retransmits"),
                            QStringLiteral("sndbuf_actual"), QStringLiteral("collapsed"), QStringLiteral("duration_s"),
                            QStringLiteral("error"), QStringLiteral("verdict")});
    for (const PointResult &p : table.points)
        for (const RunRecord &r : p.runs)
            text += csv::line(settings(swept, p.point) +
                              QStringList{p.point.label(), QString::number(p.point.index), QString::number(r.repeat),
                                          QString::number(r.runIndex), QString::number(r.id)} +
                              runFigures(r));
    return text;
}

} // namespace tcptune

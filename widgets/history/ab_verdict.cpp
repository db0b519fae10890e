#include "history/ab_verdict.h"

#include <QLocale>

#include <cmath>

namespace tcptune {
namespace {

bool isThroughput(const MetricRow &row)
{
    return row.key == QLatin1String("throughput");
}

QString number(double v, int decimals = 1)
{
    return QLocale().toString(v, 'f', decimals);
}

QString pText(double p)
{
    if (std::isnan(p))
        return QStringLiteral("–");
    return p < 0.001 ? QStringLiteral("< %1").arg(number(0.001, 3)) : number(p, 3);
}

// "B is 12.3 % faster" for B above A (or "B is 12.3 % slower" below), by metric; RUN is the
// letter of the run compared with A.
QString direction(const MetricRow &row, const QString &run, const QString &amount, bool more)
{
    if (isThroughput(row))
        return (more ? AbVerdict::tr("%1 is %2 faster") : AbVerdict::tr("%1 is %2 slower")).arg(run, amount);
    if (row.key == QLatin1String("rtt_median"))
        return (more ? AbVerdict::tr("%1's RTT median is %2 higher") : AbVerdict::tr("%1's RTT median is %2 lower"))
            .arg(run, amount);
    if (row.key == QLatin1String("rtt_p95"))
        return (more ? AbVerdict::tr("%1's RTT p95 is %2 higher") : AbVerdict::tr("%1's RTT p95 is %2 lower"))
            .arg(run, amount);
    return (more ? AbVerdict::tr("%1 has %2 more retransmissions") : AbVerdict::tr("%1 has %2 fewer retransmissions"))
        .arg(run, amount);
}

// The difference and its interval in % of A ("12.3 %", "9.8–14.9 %"), or in the metric's unit
// when A's figure is 0 (0 retransmissions against 5).
std::pair<QString, QString> amounts(const MetricRow &row)
{
    const MetricDifference &d = row.difference;
    const bool relative = !std::isnan(d.percent(d.difference));
    const auto scaled = [&](double v) { return relative ? d.percent(v) : AbVerdict::inUnit(row, v); };
    const QString unit = relative ? QStringLiteral(" %") : QString();
    const double diff = scaled(d.difference);
    const double low = scaled(d.ciLow);
    const double high = scaled(d.ciHigh);
    if (!(std::isfinite(diff) && std::isfinite(low) && std::isfinite(high)))
        return {number(std::abs(diff)) + unit, QString()};
    // The magnitude in the direction named: a slower B's interval reads "9.8–14.9 %" too.
    const double from = diff >= 0 ? low : -high;
    const double to = diff >= 0 ? high : -low;
    return {number(std::abs(diff)) + unit, QStringLiteral("%1–%2").arg(number(from), number(to)) + unit};
}

} // namespace

QString AbVerdict::figureName(const MetricRow &row, ThroughputUnit unit)
{
    if (isThroughput(row))
        return tr("Throughput (%1)").arg(unit.label());
    if (row.key == QLatin1String("rtt_median"))
        return tr("RTT median (ms)");
    if (row.key == QLatin1String("rtt_p95"))
        return tr("RTT p95 (ms)");
    return tr("Retransmissions");
}

double AbVerdict::inUnit(const MetricRow &row, double value, ThroughputUnit unit)
{
    return isThroughput(row) ? unit.fromBitsPerSecond(value) : value;
}

QString AbVerdict::sentence(const MetricRow &row, const QString &run)
{
    const MetricDifference &d = row.difference;
    if (d.method == MetricDifference::Method::None)
        return tr("no test: each side needs two runs, or a run with a series of values");
    if (d.difference == 0 && d.ciLow == 0 && d.ciHigh == 0)
        return tr("no difference: every run on both sides measured the same");
    const auto [amount, interval] = amounts(row);
    const QString signedAmount = (d.difference < 0 ? QLocale().negativeSign() : QString()) + amount;
    if (d.significant)
        return tr("%1, 95 % CI %2, significant").arg(direction(row, run, amount, d.difference > 0), interval);
    if (d.ciLow > 0 || d.ciHigh < 0) // the raw interval excludes 0, Holm's correction does not
        return tr("no significant difference once the metrics shown are tested together (%1, Holm-corrected p = %2)")
            .arg(signedAmount, pText(d.pHolm));
    return tr("no significant difference: the intervals overlap (%1, 95 % CI %2)").arg(signedAmount, interval);
}

QString AbVerdict::ratio(const MetricDifference &d)
{
    if (std::isnan(d.a) || std::isnan(d.b) || d.a == 0)
        return QString();
    const QString r = QStringLiteral("%1×").arg(number(d.b / d.a, 2));
    if (std::isnan(d.ciLow) || std::isnan(d.ciHigh))
        return r;
    return QStringLiteral("%1 (%2–%3)").arg(r, number(1 + d.ciLow / d.a, 2), number(1 + d.ciHigh / d.a, 2));
}

QString AbVerdict::method(const MetricDifference &d)
{
    switch (d.method) {
    case MetricDifference::Method::Welch:
        return tr("Welch's t-test over %1 + %2 runs, p = %3, Holm-corrected p = %4")
            .arg(d.nA)
            .arg(d.nB)
            .arg(pText(d.p), pText(d.pHolm));
    case MetricDifference::Method::BlockBootstrap:
        return tr("Moving-block bootstrap of each run's series, p = %1, Holm-corrected p = %2")
            .arg(pText(d.p), pText(d.pHolm));
    case MetricDifference::Method::None: break;
    }
    return tr("No test: a side without two runs and without a series.");
}

} // namespace tcptune

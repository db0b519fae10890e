#include "history/mean_interval_text.h"

#include <QLocale>

#include <span>

namespace tcptune {

QString MeanIntervalText::of(const stats::MeanInterval &interval, double scale, int decimals)
{
    const QLocale locale;
    const auto number = [&](double v) { return locale.toString(v / scale, 'f', decimals); };
    if (interval.n == 0)
        return QStringLiteral("–");
    if (!interval.hasInterval())
        return tr("%1 (–, 1 run)").arg(number(interval.mean));
    return QStringLiteral("%1 (%2–%3)").arg(number(interval.mean), number(interval.low), number(interval.high));
}

QString MeanIntervalText::toolTip(const stats::MeanInterval &interval)
{
    if (interval.n == 0)
        return QString();
    if (!interval.hasInterval())
        return tr("1 run: no spread was measured, so there is no interval. Repeat the point to get one.");
    return tr("Mean of %1 runs and its 95 % confidence interval.").arg(interval.n);
}

stats::MeanInterval throughputInterval(const PointStatistics &point)
{
    return stats::meanInterval(std::span<const double>(point.values.constData(), std::size_t(point.values.size())));
}

} // namespace tcptune

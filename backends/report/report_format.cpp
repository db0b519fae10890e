#include "report/report_format.h"

#include <QRegularExpression>

#include <cmath>

namespace tcptune::reportformat {

QString throughput(double bps, ThroughputUnit unit)
{
    return unit.format(bps, unit.decimalsLike(2));
}

QString meanSd(double meanBps, double sdBps, ThroughputUnit unit)
{
    return QStringLiteral("%1 ± %2").arg(throughput(meanBps, unit), throughput(sdBps, unit));
}

QString interval(double lowBps, double highBps, ThroughputUnit unit)
{
    if (std::isnan(lowBps) || std::isnan(highBps))
        return QStringLiteral("–");
    return QStringLiteral("%1 – %2").arg(throughput(lowBps, unit), throughput(highBps, unit));
}

QString pValue(double p)
{
    if (std::isnan(p))
        return QStringLiteral("–");
    return p < 0.001 ? QStringLiteral("< 0.001") : QString::number(p, 'f', 3);
}

QString ms(double value)
{
    return value < 0 ? QStringLiteral("-") : QString::number(value, 'f', value < 10 ? 2 : 1);
}

QString number(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}

QString slug(const QString &text)
{
    static const QRegularExpression other(QStringLiteral("[^a-z0-9]+"));
    QString s = text.toLower().replace(other, QStringLiteral("-"));
    while (s.startsWith(QLatin1Char('-')))
        s.remove(0, 1);
    while (s.endsWith(QLatin1Char('-')))
        s.chop(1);
    return s.isEmpty() ? QStringLiteral("experiment") : s.left(60);
}

} // namespace tcptune::reportformat

#include "history/under_load_summary.h"

#include <QLocale>

#include <cmath>

namespace tcptune {

QString UnderLoadSummary::ms(double value)
{
    const double magnitude = std::abs(value);
    const int decimals = magnitude < 1 ? 2 : magnitude < 10 ? 1 : 0;
    return QLocale().toString(value, 'f', decimals);
}

QString UnderLoadSummary::line(const LatencyUnderLoad &result)
{
    if (!result.measured)
        return {};
    const double increase = result.increaseMs();
    const QString signedIncrease = increase >= 0 ? QStringLiteral("+") + ms(increase) : ms(increase);
    return tr("idle %1 ms, under load %2 ms (p95 %3 ms), %4 ms, %5 of %6 probes lost")
        .arg(ms(result.idleMs.median), ms(result.loadedMs.median), ms(result.loadedMs.p95), signedIncrease)
        .arg(result.udpLoadedLost)
        .arg(result.udpLoadedSent);
}

} // namespace tcptune

#include "charts/axis_scale.h"

#include <QLocale>

#include <array>
#include <cmath>

namespace tcptune::axisscale {

QList<double> Scale::ticks() const
{
    QList<double> out;
    if (!(step > 0))
        return out;
    const int count = int(std::lround((max - min) / step));
    for (int i = 0; i <= count && i <= 1000; ++i)
        out.append(min + i * step);
    return out;
}

double niceStep(double span, int targetTicks)
{
    if (!(span > 0) || targetTicks < 1)
        return 1;
    const double raw = span / targetTicks;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * magnitude >= raw * (1 - 1e-9))
            return m * magnitude;
    return 10 * magnitude;
}

Scale niceScale(double min, double max, int targetTicks)
{
    if (!(max > min))
        max = min + 1;
    const double step = niceStep(max - min, targetTicks);
    Scale s;
    s.step = step;
    s.min = std::floor(min / step + 1e-9) * step;
    s.max = std::ceil(max / step - 1e-9) * step;
    if (s.max <= s.min)
        s.max = s.min + step;
    return s;
}

int decimalsFor(double step)
{
    if (!(step > 0))
        return 0;
    // 0.25 needs two decimals, 0.5 and 2.5 one (rounded to none, ticks 2.5 apart read 3, 5, 8).
    for (int d = 0; d < 10; ++d) {
        const double scaled = step * std::pow(10.0, d);
        if (std::fabs(scaled - std::round(scaled)) < 1e-6)
            return d;
    }
    return 9;
}

QString label(double v, double step)
{
    static constexpr std::array<std::pair<double, const char *>, 3> prefixes{{{1e9, "G"}, {1e6, "M"}, {1e3, "k"}}};
    const QLocale locale;
    if (std::fabs(v) < 1e-12 * std::max(1.0, step))
        return QStringLiteral("0");
    for (const auto &[scale, prefix] : prefixes) {
        if (std::fabs(v) >= scale && step >= scale / 1000) {
            const int decimals = decimalsFor(step / scale);
            return locale.toString(v / scale, 'f', decimals) + QLatin1Char(' ') + QLatin1String(prefix);
        }
    }
    return locale.toString(v, 'f', decimalsFor(step));
}

} // namespace tcptune::axisscale

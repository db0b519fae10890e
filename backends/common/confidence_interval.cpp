#include "common/confidence_interval.h"

#include "common/statistics.h"

#include <boost/math/distributions/students_t.hpp>

#include <cmath>
#include <limits>

namespace tcptune::stats {

double MeanInterval::halfWidth() const
{
    if (!hasInterval())
        return std::numeric_limits<double>::quiet_NaN();
    return (high - low) / 2;
}

double MeanInterval::relativeHalfWidth() const
{
    const double half = halfWidth();
    if (std::isnan(half))
        return half;
    if (mean == 0)
        return half == 0 ? 0 : std::numeric_limits<double>::infinity();
    return half / std::abs(mean);
}

double studentTQuantile(double p, double df)
{
    const boost::math::students_t_distribution<double> distribution(df);
    return boost::math::quantile(distribution, p);
}

MeanInterval meanInterval(std::span<const double> values, double level)
{
    MeanInterval out;
    out.n = values.size();
    out.level = level;
    out.mean = mean(values);
    out.sd = standardDeviation(values);
    if (!out.hasInterval()) {
        out.low = out.high = std::numeric_limits<double>::quiet_NaN();
        return out;
    }
    const double n = static_cast<double>(out.n);
    // With s = 0 the half-width is exactly 0: no quantile needed, no NaN from 0 * t.
    const double half = out.sd == 0 ? 0 : studentTQuantile(1 - (1 - level) / 2, n - 1) * out.sd / std::sqrt(n);
    out.low = out.mean - half;
    out.high = out.mean + half;
    return out;
}

} // namespace tcptune::stats

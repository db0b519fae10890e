#include "common/block_bootstrap.h"

#include "common/statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

namespace tcptune::stats {
namespace {

// The sample autocovariances R(0..maxLag) (divided by n, as Politis and White use).
std::vector<double> autocovariances(std::span<const double> series, std::size_t maxLag)
{
    const double m = mean(series);
    const std::size_t n = series.size();
    std::vector<double> r(maxLag + 1, 0.0);
    for (std::size_t k = 0; k <= maxLag && k < n; ++k) {
        double sum = 0;
        for (std::size_t i = k; i < n; ++i)
            sum += (series[i] - m) * (series[i - k] - m);
        r[k] = sum / static_cast<double>(n);
    }
    return r;
}

// The smallest m >= 0 after which K_N autocorrelations in a row are insignificant; MAX_LAG - K_N
// when there is none.
std::size_t lastSignificantLag(const std::vector<double> &r, std::size_t kn, double criticalValue)
{
    const std::size_t maxLag = r.size() - 1;
    for (std::size_t m = 0; m + kn <= maxLag; ++m) {
        bool insignificant = true;
        for (std::size_t k = 1; k <= kn && insignificant; ++k)
            insignificant = std::abs(r[m + k] / r[0]) < criticalValue;
        if (insignificant)
            return m;
    }
    return maxLag - kn;
}

// The flat-top (trapezoid) lag window: 1 up to half of the bandwidth, falling to 0 at it.
double flatTop(double t)
{
    t = std::abs(t);
    return t <= 0.5 ? 1.0 : (t <= 1 ? 2 * (1 - t) : 0.0);
}

bool withoutSpread(std::span<const double> series)
{
    return std::all_of(series.begin(), series.end(), [&series](double v) { return v == series.front(); });
}

} // namespace

std::size_t politisWhiteBlockLength(std::span<const double> series)
{
    const std::size_t n = series.size();
    if (n < 4 || withoutSpread(series))
        return 1; // too short to estimate a correlation, or nothing varies (the mean's rounding would)
    const double nd = static_cast<double>(n);
    const auto kn = static_cast<std::size_t>(std::max(5.0, std::sqrt(std::log10(nd))));
    const std::size_t maxLag = std::min(n - 1, static_cast<std::size_t>(std::ceil(std::sqrt(nd))) + kn);
    const std::vector<double> r = autocovariances(series, maxLag);
    if (!(r[0] > 0) || maxLag <= kn)
        return 1;
    const std::size_t mHat = lastSignificantLag(r, kn, 2 * std::sqrt(std::log10(nd) / nd));
    const std::size_t bandwidth = std::min(2 * std::max<std::size_t>(mHat, 1), maxLag);
    double g = 0;
    double spectrumAtZero = r[0];
    for (std::size_t k = 1; k <= bandwidth; ++k) {
        const double w = flatTop(static_cast<double>(k) / static_cast<double>(bandwidth));
        g += 2 * w * static_cast<double>(k) * r[k];
        spectrumAtZero += 2 * w * r[k];
    }
    const double d = 4.0 / 3.0 * spectrumAtZero * spectrumAtZero;
    if (!(d > 0))
        return 1;
    const double b = std::cbrt(2 * g * g / d) * std::cbrt(nd);
    const double bMax = std::ceil(std::min(3 * std::sqrt(nd), nd / 3));
    return static_cast<std::size_t>(std::clamp(std::round(b), 1.0, bMax));
}

BootstrapInterval movingBlockBootstrap(std::span<const double> series, double level, const SeriesStatistic &statistic,
                                       std::size_t blockLength, int resamples, std::uint64_t seed)
{
    const SeriesStatistic of =
        statistic ? statistic : SeriesStatistic([](std::span<const double> v) { return mean(v); });
    BootstrapInterval out;
    out.n = series.size();
    out.level = level;
    out.estimate = out.n > 0 ? of(series) : std::numeric_limits<double>::quiet_NaN();
    if (!out.hasInterval()) {
        out.low = out.high = out.standardError = std::numeric_limits<double>::quiet_NaN();
        return out;
    }
    out.blockLength =
        std::clamp<std::size_t>(blockLength > 0 ? blockLength : politisWhiteBlockLength(series), 1, out.n);
    out.resamples = std::max(resamples, 2);
    if (withoutSpread(series)) {
        // Every resample is the series itself: say so exactly, not with the mean's rounding noise.
        out.low = out.high = out.estimate;
        out.standardError = 0;
        return out;
    }
    // mt19937_64 is specified to the bit by the standard; the start is drawn by a plain modulo
    // (not a distribution object, whose algorithm each library chooses) so that every build
    // draws the same blocks.
    std::mt19937_64 random(seed);
    const std::size_t starts = out.n - out.blockLength + 1;
    std::vector<double> resampled(out.n);
    std::vector<double> values;
    values.reserve(static_cast<std::size_t>(out.resamples));
    for (int r = 0; r < out.resamples; ++r) {
        for (std::size_t filled = 0; filled < out.n;) {
            const std::size_t start = static_cast<std::size_t>(random() % starts);
            for (std::size_t k = 0; k < out.blockLength && filled < out.n; ++k)
                resampled[filled++] = series[start + k];
        }
        values.push_back(of(resampled));
    }
    std::sort(values.begin(), values.end());
    out.standardError = standardDeviation(values);
    out.low = percentileOfSorted(values, 100 * (1 - level) / 2);
    out.high = percentileOfSorted(values, 100 * (1 + level) / 2);
    return out;
}

} // namespace tcptune::stats

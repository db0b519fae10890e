#include "common/statistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tcptune::stats {

double mean(std::span<const double> values)
{
    if (values.empty())
        return 0;
    return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

double standardDeviation(std::span<const double> values)
{
    if (values.size() < 2)
        return 0;
    const double m = mean(values);
    double sum = 0;
    for (double v : values)
        sum += (v - m) * (v - m);
    return std::sqrt(sum / static_cast<double>(values.size() - 1));
}

double jainFairnessIndex(std::span<const double> shares)
{
    double sum = 0;
    double sumOfSquares = 0;
    for (double x : shares) {
        sum += x;
        sumOfSquares += x * x;
    }
    if (shares.empty() || sumOfSquares <= 0)
        return 0;
    return sum * sum / (static_cast<double>(shares.size()) * sumOfSquares);
}

double percentileOfRanked(std::size_t n, double p, const std::function<double(std::size_t)> &valueAt)
{
    if (n == 0)
        return 0;
    const double h = std::clamp(p, 0.0, 100.0) / 100.0 * static_cast<double>(n - 1);
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const std::size_t hi = std::min(lo + 1, n - 1);
    const double low = valueAt(lo);
    return low + (h - static_cast<double>(lo)) * (valueAt(hi) - low);
}

double percentileOfSorted(std::span<const double> sorted, double p)
{
    return percentileOfRanked(sorted.size(), p, [sorted](std::size_t k) { return sorted[k]; });
}

std::vector<double> sorted(std::span<const double> values)
{
    std::vector<double> out(values.begin(), values.end());
    std::sort(out.begin(), out.end());
    return out;
}

double percentile(std::span<const double> values, double p)
{
    return percentileOfSorted(sorted(values), p);
}

double median(std::span<const double> values)
{
    return percentile(values, 50.0);
}

Summary summarize(std::span<const double> values)
{
    Summary s;
    s.n = values.size();
    if (values.empty())
        return s;
    const std::vector<double> ascending = sorted(values);
    s.mean = mean(values);
    s.sd = standardDeviation(values);
    s.min = ascending.front();
    s.median = percentileOfSorted(ascending, 50);
    s.p95 = percentileOfSorted(ascending, 95);
    s.max = ascending.back();
    return s;
}

} // namespace tcptune::stats

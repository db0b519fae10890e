#pragma once
// The Student-t confidence interval of a mean over repeated runs, the interval every compared
// figure of tcptune carries (sweep points, reports, `tcptune results diff`). Formulas and reasons
// in docs/statistics.md.
//
// For n values with mean m and sample standard deviation s (n - 1 in the divisor):
//     m +- t(1 - (1 - level) / 2; n - 1) * s / sqrt(n)
// the same as scipy.stats.t.interval(level, n - 1, loc=m, scale=scipy.stats.sem(x)).
// Fewer than two values measure no spread: no interval (hasInterval() false, bounds NaN), which
// tcptune shows as "–" and "1 run", never as "± 0". Two or more equal values have s = 0: SciPy
// answers NaN there (a scale of 0), tcptune the degenerate interval [m, m], because the runs
// really did agree (e.g. 0 retransmissions in each).

#include <cstddef>
#include <span>

namespace tcptune::stats {

inline constexpr double kDefaultLevel = 0.95;

struct MeanInterval {
    std::size_t n = 0;
    double mean = 0;
    double sd = 0;   // sample standard deviation; 0 for fewer than two values
    double low = 0;  // NaN without an interval
    double high = 0; // NaN without an interval
    double level = kDefaultLevel;

    bool hasInterval() const { return n >= 2; }
    // (high - low) / 2; NaN without an interval.
    double halfWidth() const;
    // halfWidth() / |mean|: 0.02 is "within 2 % of the mean". 0 when both are 0, +inf when only
    // the mean is, NaN without an interval.
    double relativeHalfWidth() const;
};

// The two-sided quantile t(P; DF) of Student's t distribution (Boost.Math), e.g. P = 0.975.
double studentTQuantile(double p, double df);

// The LEVEL (0..1) confidence interval of the mean of VALUES.
MeanInterval meanInterval(std::span<const double> values, double level = kDefaultLevel);

} // namespace tcptune::stats

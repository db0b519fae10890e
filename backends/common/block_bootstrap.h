#pragma once
// An interval for one run: the moving-block bootstrap (Kuensch 1989) over the run's interval
// series (throughput per interval, RTT samples), so that a single long run also gets a 95 %
// interval. Consecutive intervals of a TCP flow are correlated (a queue fills and drains over
// many of them), so resampling single values would make the interval far too narrow; blocks of
// consecutive values keep the correlation within a block. The block length comes from the
// series' own autocorrelation (Politis and White 2004, with the correction of Patton, Politis
// and White 2009). The random draws are seeded: the same series gives the same interval, in
// every run of every build. Formulas in docs/statistics.md.

#include "common/confidence_interval.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

namespace tcptune::stats {

inline constexpr int kDefaultBootstrapResamples = 2000;
inline constexpr std::uint64_t kDefaultBootstrapSeed = 0x7c97'7e5e'ed5e'ed01ULL;

using SeriesStatistic = std::function<double(std::span<const double>)>;

struct BootstrapInterval {
    std::size_t n = 0;           // values in the series
    std::size_t blockLength = 0; // values per block
    double estimate = 0;         // the statistic of the series itself
    double standardError = 0;    // standard deviation of the resampled statistics
    double low = 0;              // percentile interval; NaN without one
    double high = 0;
    double level = kDefaultLevel;
    int resamples = 0;

    // A series of fewer than two values has no interval.
    bool hasInterval() const { return n >= 2; }
};

// The optimal block length for the moving-block bootstrap of the mean of SERIES, Politis and
// White's automatic rule (flat-top lag window), at least 1 and at most min(3 sqrt(n), n / 3)
// rounded up. 1 for a series without spread or of fewer than four values.
std::size_t politisWhiteBlockLength(std::span<const double> series);

// The LEVEL percentile interval of STATISTIC (the mean when empty) of SERIES: RESAMPLES series
// of n values each, made of ceil(n / b) blocks of b consecutive values whose start is drawn
// uniformly from 0..n-b (b = BLOCK_LENGTH, or politisWhiteBlockLength() when 0), cut to n.
BootstrapInterval movingBlockBootstrap(std::span<const double> series, double level = kDefaultLevel,
                                       const SeriesStatistic &statistic = {}, std::size_t blockLength = 0,
                                       int resamples = kDefaultBootstrapResamples,
                                       std::uint64_t seed = kDefaultBootstrapSeed);

} // namespace tcptune::stats

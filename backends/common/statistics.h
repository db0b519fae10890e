#pragma once
// The project's one statistics module: plain functions over plain values, used by traffic
// results, sweep points and the capture analyser, so that "median" and "p95" mean the same
// number wherever tcptune prints them.
//
// Percentiles: linear interpolation between the closest ranks, Hyndman and Fan's type 7, the
// default of numpy.percentile (method "linear") and of R's quantile(). For n values sorted
// ascending, x[0] <= ... <= x[n-1], and p in [0, 100]:
//     h = (n - 1) * p / 100
//     percentile = x[floor(h)] + (h - floor(h)) * (x[floor(h) + 1] - x[floor(h)])
// so p = 0 is the minimum, p = 100 the maximum and p = 50 the median (the mean of the two
// middle values for an even n). Example: of 1, 2, ..., 20 the 95th percentile is 19.05 (h =
// 18.05), where the nearest-rank definition would give 19.

#include <cstddef>
#include <functional>
#include <span>
#include <vector>

namespace tcptune::stats {

// Arithmetic mean; 0 for no values.
double mean(std::span<const double> values);
// Sample standard deviation (divides by n - 1); 0 for fewer than two values.
double standardDeviation(std::span<const double> values);

// The type-7 percentile above of values already sorted ascending; P is clamped to [0, 100];
// 0 for no values.
double percentileOfSorted(std::span<const double> sorted, double p);
// The same of N values kept sorted in a form of their own: VALUE_AT(k) is the k-th smallest
// (0-based). Reads at most two of them.
double percentileOfRanked(std::size_t n, double p, const std::function<double(std::size_t)> &valueAt);
// The same of values in any order (sorts a copy).
double percentile(std::span<const double> values, double p);
double median(std::span<const double> values);

// Jain's fairness index of the shares X (e.g. per-end throughput): J = (sum x)^2 / (n * sum x^2).
// 1 when every share is equal, 1/n when one takes everything; Jain, Chiu and Hawe, DEC-TR-301
// (1984). 0 for no values or when every share is 0 (nobody got anything: nothing to be fair about).
double jainFairnessIndex(std::span<const double> shares);

// What one run's (or one point's) values are in a line: count, mean, sample standard deviation,
// minimum, median, 95th percentile and maximum (all 0 for no values).
struct Summary {
    std::size_t n = 0;
    double mean = 0;
    double sd = 0;
    double min = 0;
    double median = 0;
    double p95 = 0;
    double max = 0;
};
Summary summarize(std::span<const double> values);

// VALUES sorted ascending, as percentileOfSorted() wants them.
std::vector<double> sorted(std::span<const double> values);

} // namespace tcptune::stats

#pragma once
// Tests of whether two groups of runs differ: Welch's t-test with its effect size (the
// difference of means, its interval, Hedges' g), the Mann-Whitney U rank test for few or skewed
// runs, and Holm's correction when several metrics are tested at once. Plain functions over
// plain values; formulas, SciPy equivalents and the reasons for each choice in docs/statistics.md.

#include "common/confidence_interval.h"

#include <cstddef>
#include <span>
#include <vector>

namespace tcptune::stats {

// Welch's unequal-variances t-test of X against Y, two-sided, as
// scipy.stats.ttest_ind(x, y, equal_var=False): t = (mean x - mean y) / se with
// se = sqrt(sx^2 / nx + sy^2 / ny) and the Welch-Satterthwaite degrees of freedom.
struct WelchTest {
    bool defined = false;  // both groups have at least two values
    double difference = 0; // mean x - mean y
    double standardError = 0;
    double t = 0;
    double df = 0;
    double p = 1;
    // The LEVEL interval of the difference: difference +- t(1 - alpha / 2; df) * se.
    double ciLow = 0;
    double ciHigh = 0;
    // Cohen's d: the difference over the pooled standard deviation
    // sqrt(((nx - 1) sx^2 + (ny - 1) sy^2) / (nx + ny - 2)); Hedges' g: d times the exact small
    // sample correction J = Gamma(m / 2) / (sqrt(m / 2) Gamma((m - 1) / 2)), m = nx + ny - 2.
    // NaN when the pooled standard deviation is 0.
    double cohensD = 0;
    double hedgesG = 0;
};

// Both groups without spread (se = 0): SciPy gives NaN when the means are equal, tcptune t = 0,
// p = 1 (nothing differs); with different means both give t = +-inf, p = 0, and tcptune the
// interval [difference, difference] and df = nx + ny - 2.
WelchTest welchTTest(std::span<const double> x, std::span<const double> y, double level = kDefaultLevel);

enum class RankTestMethod { Auto, Exact, Asymptotic };

// The Mann-Whitney U test of X against Y, two-sided, as scipy.stats.mannwhitneyu(x, y,
// method=...) with its continuity correction: U1 = R1 - nx (nx + 1) / 2 from the mid-ranks R1 of
// X in the pooled values; exact p from the distribution of U under the null hypothesis, or the
// normal approximation with the tie correction. Auto (SciPy's "auto") is exact when one group
// has at most 8 values and nothing ties, else asymptotic.
struct RankTest {
    bool defined = false; // both groups have values
    double u1 = 0;
    double p = 1;
    RankTestMethod method = RankTestMethod::Auto; // the one used: Exact or Asymptotic
};

RankTest mannWhitneyU(std::span<const double> x, std::span<const double> y,
                      RankTestMethod method = RankTestMethod::Auto);

// Holm's step-down adjusted p-values of P, in P's order: the k-th smallest (1-based) of m becomes
// max over j <= k of min(1, (m - j + 1) p(j)). Rejecting where the adjusted p < alpha keeps the
// chance of any false "significant" among the m at most alpha. A NaN stays NaN and does not count
// in m.
std::vector<double> holmAdjusted(std::span<const double> p);

// Runs per group that a two-sided test at level 1 - ALPHA needs to find a difference of DELTA
// with probability POWER, when one run's figure spreads with standard deviation SD: the normal
// approximation n = 2 ((z(1 - alpha / 2) + z(power)) SD / DELTA)^2, rounded up, at least 2. It
// says how many repeats would settle a comparison that its interval left open. 0 when DELTA or SD
// is not a positive number.
int runsToDetect(double sd, double delta, double alpha = 0.05, double power = 0.8);

} // namespace tcptune::stats

#include "common/hypothesis_tests.h"

#include "common/statistics.h"

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace tcptune::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The two-sided p of T under Student's t with DF degrees of freedom: 2 P(T > |t|).
double twoSidedStudentP(double t, double df)
{
    const boost::math::students_t_distribution<double> distribution(df);
    return std::min(1.0, 2 * boost::math::cdf(boost::math::complement(distribution, std::abs(t))));
}

// Hedges' exact small-sample correction of Cohen's d for M degrees of freedom.
double hedgesCorrection(double m)
{
    return std::exp(std::lgamma(m / 2) - std::lgamma((m - 1) / 2)) / std::sqrt(m / 2);
}

void setEffectSizes(WelchTest &out, std::span<const double> x, std::span<const double> y, double sx, double sy)
{
    const double nx = static_cast<double>(x.size());
    const double ny = static_cast<double>(y.size());
    const double m = nx + ny - 2;
    const double pooled = std::sqrt(((nx - 1) * sx * sx + (ny - 1) * sy * sy) / m);
    out.cohensD = pooled > 0 ? out.difference / pooled : kNaN;
    out.hedgesG = pooled > 0 ? out.cohensD * hedgesCorrection(m) : kNaN;
}

// Both groups without spread: nothing to estimate the noise from (see the header).
void setWithoutSpread(WelchTest &out, double nx, double ny)
{
    out.df = nx + ny - 2;
    out.ciLow = out.ciHigh = out.difference;
    if (out.difference == 0) {
        out.t = 0;
        out.p = 1;
    } else {
        out.t = std::copysign(std::numeric_limits<double>::infinity(), out.difference);
        out.p = 0;
    }
}

} // namespace

WelchTest welchTTest(std::span<const double> x, std::span<const double> y, double level)
{
    WelchTest out;
    if (x.size() < 2 || y.size() < 2) {
        out.p = out.t = out.df = out.ciLow = out.ciHigh = out.cohensD = out.hedgesG = kNaN;
        return out;
    }
    out.defined = true;
    const double nx = static_cast<double>(x.size());
    const double ny = static_cast<double>(y.size());
    const double sx = standardDeviation(x);
    const double sy = standardDeviation(y);
    out.difference = mean(x) - mean(y);
    const double vx = sx * sx / nx;
    const double vy = sy * sy / ny;
    out.standardError = std::sqrt(vx + vy);
    setEffectSizes(out, x, y, sx, sy);
    if (out.standardError == 0) {
        setWithoutSpread(out, nx, ny);
        return out;
    }
    out.t = out.difference / out.standardError;
    out.df = (vx + vy) * (vx + vy) / (vx * vx / (nx - 1) + vy * vy / (ny - 1));
    out.p = twoSidedStudentP(out.t, out.df);
    const double half = studentTQuantile(1 - (1 - level) / 2, out.df) * out.standardError;
    out.ciLow = out.difference - half;
    out.ciHigh = out.difference + half;
    return out;
}

namespace {

// The mid-ranks (1-based, ties share their mean rank) of VALUES, and sum(t^3 - t) over the
// groups of t tied values.
std::vector<double> midRanks(std::span<const double> values, double &tieTerm)
{
    std::vector<std::size_t> order(values.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [values](std::size_t a, std::size_t b) { return values[a] < values[b]; });
    std::vector<double> ranks(values.size());
    tieTerm = 0;
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && values[order[j + 1]] == values[order[i]])
            ++j;
        const double rank = (static_cast<double>(i) + static_cast<double>(j)) / 2 + 1;
        for (std::size_t k = i; k <= j; ++k)
            ranks[order[k]] = rank;
        const double t = static_cast<double>(j - i + 1);
        tieTerm += t * t * t - t;
        i = j + 1;
    }
    return ranks;
}

// P(U >= U_OBSERVED) under the null hypothesis for groups of NX and NY values, from the number
// of orderings giving each U: c(m, n; u) = c(m - 1, n; u - n) + c(m, n - 1; u) (Mann and Whitney
// 1947). Sums only, so the counts stay exact in doubles far beyond any run count.
double exactUpperTail(std::size_t nx, std::size_t ny, std::size_t uObserved)
{
    const std::size_t maxU = nx * ny;
    // previous[n] = counts for (m - 1, n), current[n] = counts for (m, n), each over u = 0..maxU
    std::vector<std::vector<double>> previous(ny + 1, std::vector<double>(maxU + 1, 0.0));
    for (auto &counts : previous)
        counts[0] = 1; // m = 0: one ordering, U = 0
    for (std::size_t m = 1; m <= nx; ++m) {
        std::vector<std::vector<double>> current(ny + 1, std::vector<double>(maxU + 1, 0.0));
        current[0][0] = 1; // n = 0: one ordering, U = 0
        for (std::size_t n = 1; n <= ny; ++n)
            for (std::size_t u = 0; u <= m * n; ++u)
                current[n][u] = (u >= n ? previous[n][u - n] : 0.0) + current[n - 1][u];
        previous = std::move(current);
    }
    const std::vector<double> &counts = previous[ny];
    double tail = 0;
    for (std::size_t u = maxU + 1; u-- > uObserved;)
        tail += counts[u];
    const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
    return tail / total;
}

bool hasTies(std::span<const double> pooled)
{
    const std::vector<double> s = sorted(pooled);
    return std::adjacent_find(s.begin(), s.end()) != s.end();
}

} // namespace

RankTest mannWhitneyU(std::span<const double> x, std::span<const double> y, RankTestMethod method)
{
    RankTest out;
    if (x.empty() || y.empty()) {
        out.u1 = out.p = kNaN;
        return out;
    }
    out.defined = true;
    std::vector<double> pooled(x.begin(), x.end());
    pooled.insert(pooled.end(), y.begin(), y.end());
    const double nx = static_cast<double>(x.size());
    const double ny = static_cast<double>(y.size());
    if (method == RankTestMethod::Auto)
        method = (x.size() > 8 && y.size() > 8) || hasTies(pooled) ? RankTestMethod::Asymptotic : RankTestMethod::Exact;
    out.method = method;
    double tieTerm = 0;
    const std::vector<double> ranks = midRanks(pooled, tieTerm);
    const double r1 = std::accumulate(ranks.begin(), ranks.begin() + static_cast<std::ptrdiff_t>(x.size()), 0.0);
    out.u1 = r1 - nx * (nx + 1) / 2;
    const double u = std::max(out.u1, nx * ny - out.u1);
    if (method == RankTestMethod::Exact) {
        // The distribution is symmetric in the two sizes: the smaller one sizes the table.
        out.p = std::min(1.0, 2 * exactUpperTail(std::max(x.size(), y.size()), std::min(x.size(), y.size()),
                                                 static_cast<std::size_t>(u)));
        return out;
    }
    const double n = nx + ny;
    const double s = std::sqrt(nx * ny / 12 * ((n + 1) - tieTerm / (n * (n - 1))));
    const double numerator = u - nx * ny / 2 - 0.5; // continuity correction
    if (!(s > 0)) {
        out.p = 1; // every value tied: no evidence of any difference
        return out;
    }
    const boost::math::normal_distribution<double> normal;
    out.p = std::clamp(2 * boost::math::cdf(boost::math::complement(normal, numerator / s)), 0.0, 1.0);
    return out;
}

std::vector<double> holmAdjusted(std::span<const double> p)
{
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < p.size(); ++i)
        if (!std::isnan(p[i]))
            order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [p](std::size_t a, std::size_t b) { return p[a] < p[b]; });
    std::vector<double> adjusted(p.begin(), p.end());
    const double m = static_cast<double>(order.size());
    double running = 0;
    for (std::size_t k = 0; k < order.size(); ++k) {
        running = std::max(running, std::min(1.0, (m - static_cast<double>(k)) * p[order[k]]));
        adjusted[order[k]] = running;
    }
    return adjusted;
}

int runsToDetect(double sd, double delta, double alpha, double power)
{
    if (!(sd > 0) || !(delta > 0) || !std::isfinite(sd) || !std::isfinite(delta))
        return 0;
    const boost::math::normal_distribution<double> normal;
    const double z = boost::math::quantile(normal, 1 - alpha / 2) + boost::math::quantile(normal, power);
    const double n = 2 * std::pow(z * sd / delta, 2);
    return std::max(2, int(std::min(1e6, std::ceil(n))));
}

} // namespace tcptune::stats

#include "experiment/diagnosis/limiter_spans.h"

#include "experiment/diagnosis/limiter_breakdown.h"

#include <optional>

namespace tcptune {
namespace {

// The share of an interval a limiter must take to dominate it: at least half, so no other takes more.
constexpr double kDominantShare = 0.5;
// The shortest span (and gap between two of one limiter) kept, as a share of the series' time.
constexpr double kShortestShare = 1.0 / 50;

// The limiter that dominated the interval of POINT, by the verdict's parts.
std::optional<SpanLimiter> dominantLimiter(const LimiterPoint &point, bool alwaysHasData)
{
    LimiterBreakdown interval;
    interval.busy = point.busy;
    interval.rwndLimited = point.rwndLimited;
    interval.sndbufLimited = point.sndbufLimited;
    interval.cwndLimited = point.cwndLimited ? 1 : 0;
    interval.applicationLimited = point.appLimited;
    const LimiterPartition parts = partitionOf(interval, alwaysHasData);
    if (!parts.known)
        return std::nullopt;
    const std::pair<double, SpanLimiter> candidates[] = {{parts.rwnd, SpanLimiter::ReceiveWindow},
                                                         {parts.sndbuf, SpanLimiter::SendBuffer},
                                                         {parts.cwnd, SpanLimiter::CongestionWindow}};
    std::optional<SpanLimiter> best;
    double bestShare = kDominantShare;
    for (const auto &[share, limiter] : candidates) {
        if (share >= bestShare) {
            bestShare = share;
            best = limiter;
        }
    }
    return best;
}

// Each interval's dominant limiter, neighbours of one limiter merged.
std::vector<LimiterSpan> mergedIntervals(const QList<LimiterPoint> &points, double firstStart, bool alwaysHasData)
{
    std::vector<LimiterSpan> spans;
    double start = firstStart;
    for (const LimiterPoint &p : points) {
        const double t0 = start;
        start = p.t;
        const auto limiter = dominantLimiter(p, alwaysHasData);
        if (!limiter || !(p.t > t0))
            continue;
        if (!spans.empty() && spans.back().limiter == *limiter && spans.back().t1_s == t0)
            spans.back().t1_s = p.t;
        else
            spans.push_back({t0, p.t, *limiter});
    }
    return spans;
}

} // namespace

std::vector<LimiterSpan> limiterSpans(const QList<RunSample> &samples, bool alwaysHasData)
{
    if (samples.isEmpty())
        return {};
    const QList<LimiterPoint> points = limiterSeries(samples);
    // As limiterSeries() takes it: the first interval as long as the second.
    const double firstStart = samples.size() > 1 ? 2 * samples.at(0).t - samples.at(1).t : 0;
    const double shortest = (samples.last().t - firstStart) * kShortestShare;
    std::vector<LimiterSpan> kept;
    for (const LimiterSpan &span : mergedIntervals(points, firstStart, alwaysHasData)) {
        // Joined first: a short span of the limiter that held the sender just before continues it.
        if (!kept.empty() && kept.back().limiter == span.limiter && span.t0_s - kept.back().t1_s < shortest)
            kept.back().t1_s = span.t1_s;
        else if (span.t1_s - span.t0_s >= shortest)
            kept.push_back(span);
    }
    return kept;
}

} // namespace tcptune

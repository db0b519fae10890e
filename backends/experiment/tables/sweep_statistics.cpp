#include "experiment/tables/sweep_statistics.h"

#include "common/confidence_interval.h"
#include "common/hypothesis_tests.h"
#include "common/statistics.h"

#include <algorithm>
#include <cmath>

namespace tcptune::sweepstats {

bool collapsed(const QList<double> &intervalThroughput, double ratio)
{
    const qsizetype n = intervalThroughput.size();
    if (n < 3)
        return false;
    const qsizetype third = n / 3;
    const double first = stats::mean(intervalThroughput.mid(0, third));
    const double last = stats::mean(intervalThroughput.mid(n - third, third));
    return first > 0 && last < ratio * first;
}

namespace {

void setIntervals(PointStatistics &s, const QList<double> &rttMedians)
{
    const stats::MeanInterval throughput = stats::meanInterval(s.values);
    if (throughput.hasInterval()) {
        s.ciLow = throughput.low;
        s.ciHigh = throughput.high;
        s.ciRelativeHalfWidth = throughput.relativeHalfWidth();
    }
    const stats::MeanInterval rtt = stats::meanInterval(rttMedians);
    if (rtt.hasInterval()) {
        s.rttMedianCiLow = rtt.low;
        s.rttMedianCiHigh = rtt.high;
    }
}

} // namespace

double pAgainst(const PointStatistics &point, const PointStatistics &baseline)
{
    const stats::WelchTest w = stats::welchTTest(point.values, baseline.values);
    return w.defined ? w.p : PointStatistics::kNoValue;
}

namespace {

// The medians of the runs' latency-under-load figures that are there.
UnderLoadStatistics underLoadOf(const QList<RunFigures> &runs)
{
    QList<double> idle, loaded, loss;
    for (const RunFigures &r : runs) {
        if (std::isnan(r.loadedLatencyMs))
            continue;
        idle.append(r.idleLatencyMs);
        loaded.append(r.loadedLatencyMs);
        loss.append(r.probeLossShare);
    }
    UnderLoadStatistics u;
    if (loaded.isEmpty())
        return u;
    u.idleMs = stats::median(idle);
    u.loadedMs = stats::median(loaded);
    u.increaseMs = u.loadedMs - u.idleMs;
    u.probeLossShare = stats::median(loss);
    return u;
}

} // namespace

PointStatistics summarize(const QList<RunFigures> &runs, double highVarianceCv)
{
    PointStatistics s;
    s.runs = int(runs.size());
    QList<double> rttPool;
    QList<double> rttMedians;
    QList<double> rttP95s;
    for (const RunFigures &r : runs) {
        s.values.append(r.throughputBps);
        const bool c = r.collapsed || collapsed(r.intervalThroughputBps);
        s.collapsed.append(c);
        s.collapsedRuns += c ? 1 : 0;
        rttPool += r.rttSamplesMs;
        if (r.rttMedianMs >= 0)
            rttMedians.append(r.rttMedianMs);
        if (r.rttP95Ms >= 0)
            rttP95s.append(r.rttP95Ms);
    }
    if (s.values.isEmpty())
        return s;
    s.mean = stats::mean(s.values);
    s.sd = stats::standardDeviation(s.values);
    s.median = stats::median(s.values);
    s.min = *std::min_element(s.values.begin(), s.values.end());
    s.max = *std::max_element(s.values.begin(), s.values.end());
    s.cv = s.mean > 0 ? s.sd / s.mean : 0;
    s.highVariance = s.runs >= 2 && s.cv > highVarianceCv;
    s.underLoad = underLoadOf(runs);
    setIntervals(s, rttMedians);
    // Pooled samples describe the point best; without them the runs' own figures stand in.
    if (!rttPool.isEmpty()) {
        const std::vector<double> pool = stats::sorted(rttPool);
        s.rttMedianMs = stats::percentileOfSorted(pool, 50);
        s.rttP95Ms = stats::percentileOfSorted(pool, 95);
    } else {
        if (!rttMedians.isEmpty())
            s.rttMedianMs = stats::median(rttMedians);
        if (!rttP95s.isEmpty())
            s.rttP95Ms = stats::median(rttP95s);
    }
    return s;
}

} // namespace tcptune::sweepstats

#include "experiment/sweep_statistics.h"

#include <algorithm>
#include <cmath>

namespace tcptune::sweepstats {

double mean(const QList<double> &values)
{
    if (values.isEmpty())
        return 0;
    double sum = 0;
    for (double v : values)
        sum += v;
    return sum / double(values.size());
}

double standardDeviation(const QList<double> &values)
{
    if (values.size() < 2)
        return 0;
    const double m = mean(values);
    double sum = 0;
    for (double v : values)
        sum += (v - m) * (v - m);
    return std::sqrt(sum / double(values.size() - 1));
}

double percentile(QList<double> values, double p)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const double rank = std::clamp(p, 0.0, 100.0) / 100.0 * double(values.size() - 1);
    const auto lo = qsizetype(std::floor(rank));
    const auto hi = qsizetype(std::ceil(rank));
    return values.at(lo) + (rank - double(lo)) * (values.at(hi) - values.at(lo));
}

double median(QList<double> values)
{
    return percentile(std::move(values), 50.0);
}

bool collapsed(const QList<double> &intervalThroughput, double ratio)
{
    const qsizetype n = intervalThroughput.size();
    if (n < 3)
        return false;
    const qsizetype third = n / 3;
    const double first = mean(intervalThroughput.mid(0, third));
    const double last = mean(intervalThroughput.mid(n - third, third));
    return first > 0 && last < ratio * first;
}

PointStatistics summarize(const QList<RunFigures> &runs, double highVarianceCv)
{
    PointStatistics s;
    s.runs = int(runs.size());
    QList<double> rttPool;
    QList<double> rttMedians;
    QList<double> rttP95s;
    for (const RunFigures &r : runs) {
        s.values.append(r.throughputBps);
        const bool c = collapsed(r.intervalThroughputBps);
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
    s.mean = mean(s.values);
    s.sd = standardDeviation(s.values);
    s.median = median(s.values);
    s.min = *std::min_element(s.values.begin(), s.values.end());
    s.max = *std::max_element(s.values.begin(), s.values.end());
    s.cv = s.mean > 0 ? s.sd / s.mean : 0;
    s.highVariance = s.runs >= 2 && s.cv > highVarianceCv;
    // Pooled samples describe the point best; without them the runs' own figures stand in.
    if (!rttPool.isEmpty()) {
        s.rttMedianMs = median(rttPool);
        s.rttP95Ms = percentile(rttPool, 95);
    } else {
        if (!rttMedians.isEmpty())
            s.rttMedianMs = median(rttMedians);
        if (!rttP95s.isEmpty())
            s.rttP95Ms = median(rttP95s);
    }
    return s;
}

} // namespace tcptune::sweepstats

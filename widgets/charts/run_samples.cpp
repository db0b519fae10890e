#include "charts/run_samples.h"

#include "experiment/diagnosis/limiter_breakdown.h"

#include <algorithm>

namespace tcptune {

ChartSample chartSampleOf(const RunSample &s)
{
    ChartSample c;
    c.t = s.t;
    c.throughputMbps = s.throughputBps / 1e6;
    // A 0 RTT is the kernel's "not measured yet", not a measurement.
    c.rttMs = s.rttMs > 0 ? s.rttMs : ChartSample::none;
    c.cwnd = s.cwnd >= 0 ? double(s.cwnd) : ChartSample::none;
    c.retransmits = double(s.retransmits);
    return c;
}

QList<ChartSample> chartSamplesOf(const QList<RunSample> &samples)
{
    const bool haveTotal =
        std::any_of(samples.cbegin(), samples.cend(), [](const RunSample &s) { return s.stream < 0; });
    QList<RunSample> line;
    line.reserve(samples.size());
    for (const RunSample &s : samples)
        if (!haveTotal || s.stream < 0)
            line.append(s);
    QList<ChartSample> out;
    out.reserve(line.size());
    const QList<LimiterPoint> limiters = limiterSeries(line);
    for (qsizetype i = 0; i < line.size(); ++i) {
        ChartSample c = chartSampleOf(line.at(i));
        const LimiterPoint &l = limiters.at(i);
        c.sndbufLimited = l.sndbufLimited >= 0 ? l.sndbufLimited * 100 : ChartSample::none;
        c.rwndLimited = l.rwndLimited >= 0 ? l.rwndLimited * 100 : ChartSample::none;
        c.cwndLimited = line.at(i).cwnd > 0 ? (l.cwndLimited ? 100.0 : 0.0) : ChartSample::none;
        c.appLimited = l.appLimited >= 0 ? l.appLimited * 100.0 : ChartSample::none;
        out.append(c);
    }
    return out;
}

QList<QList<RunSample>> samplesByEnd(const QList<RunSample> &samples)
{
    QList<QList<RunSample>> out(1);
    for (const RunSample &s : samples) {
        if (s.end >= out.size())
            out.resize(s.end + 1);
        out[std::max(0, s.end)].append(s);
    }
    return out;
}

QList<QList<RunSample>> samplesBySender(const QList<RunSample> &samples)
{
    QList<RunSample> thisHost;
    QList<RunSample> target;
    for (const RunSample &s : samples)
        (s.farSender ? target : thisHost).append(s);
    if (thisHost.isEmpty() || target.isEmpty())
        return {thisHost.isEmpty() ? target : thisHost};
    return {thisHost, target};
}

QList<QPointF> queueBacklogPoints(const QList<QueueSample> &queue)
{
    QList<QPointF> out;
    out.reserve(queue.size());
    for (const QueueSample &q : queue)
        if (q.backlogBytes >= 0 && q.t >= 0)
            out.append(QPointF(q.t, double(q.backlogBytes) / 1000.0));
    return out;
}

} // namespace tcptune

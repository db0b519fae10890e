#include "experiment/diagnosis/limiter_breakdown.h"

#include "traffic/traffic_enum_names.h"
#include "traffic/workload_registry.h"

#include <QJsonObject>

#include <algorithm>

namespace tcptune {
namespace {

// Sums of one kind of limited time and of the intervals that reported it.
struct Share {
    double limited = 0;
    double total = 0;

    void add(double value, double intervalS, bool known)
    {
        if (!known)
            return;
        limited += value;
        total += intervalS;
    }
    double share() const { return total > 0 ? std::clamp(limited / total, 0.0, 1.0) : -1; }
};

bool cwndLimited(const RunSample &s)
{
    return s.cwnd > 0 && s.unacked >= s.cwnd;
}

} // namespace

LimiterBreakdown limiterBreakdownOf(const QList<RunSample> &samples, double fromT)
{
    Share busy, rwnd, sndbuf, cwnd, app, rwndFull;
    double previousT = 0;
    for (const RunSample &s : samples) {
        const double dt = s.t - previousT;
        const bool measured = previousT >= fromT - 1e-9 && dt > 0;
        previousT = s.t;
        if (!measured)
            continue;
        busy.add(s.busyMs / 1000.0, dt, s.busyMs >= 0);
        rwnd.add(s.rwndLimitedMs / 1000.0, dt, s.rwndLimitedMs >= 0);
        sndbuf.add(s.sndbufLimitedMs / 1000.0, dt, s.sndbufLimitedMs >= 0);
        cwnd.add(cwndLimited(s) ? dt : 0, dt, s.cwnd >= 0 && s.unacked >= 0);
        app.add(s.appLimited == 1 ? dt : 0, dt, s.appLimited >= 0);
        rwndFull.add(s.rwndFull == 1 ? dt : 0, dt, s.rwndFull >= 0);
    }
    LimiterBreakdown out;
    out.busy = busy.share();
    // The kernel's timer undercounts a window that TCP Small Queues also stops at; the share of
    // samples that found the window full catches that (TrafficSample::rwndFull). Unknown is -1,
    // below any share.
    out.rwndLimited = std::max(rwnd.share(), rwndFull.share());
    out.sndbufLimited = sndbuf.share();
    out.cwndLimited = cwnd.share();
    out.applicationLimited = app.share();
    return out;
}

LimiterBreakdown meanBreakdown(const QList<LimiterBreakdown> &streams)
{
    auto mean = [&streams](double LimiterBreakdown::*field) {
        double sum = 0;
        int n = 0;
        for (const LimiterBreakdown &b : streams) {
            if (b.*field >= 0) {
                sum += b.*field;
                ++n;
            }
        }
        return n > 0 ? sum / n : -1.0;
    };
    LimiterBreakdown out;
    out.busy = mean(&LimiterBreakdown::busy);
    out.rwndLimited = mean(&LimiterBreakdown::rwndLimited);
    out.sndbufLimited = mean(&LimiterBreakdown::sndbufLimited);
    out.cwndLimited = mean(&LimiterBreakdown::cwndLimited);
    out.applicationLimited = mean(&LimiterBreakdown::applicationLimited);
    return out;
}

bool writerAlwaysHasData(const RunRecord &run)
{
    const QString name =
        run.details.value(QStringLiteral("spec")).toObject().value(QStringLiteral("workload")).toString();
    const auto workload = parseName(kWorkloadNames, name);
    return workload && workloadDescriptor(*workload).stream;
}

double sendBufferShare(const LimiterBreakdown &limiters, bool alwaysHasData)
{
    return alwaysHasData ? std::max(limiters.sndbufLimited, limiters.applicationLimited) : limiters.sndbufLimited;
}

LimiterPartition partitionOf(const LimiterBreakdown &l, bool alwaysHasData)
{
    LimiterPartition p;
    if (l.busy < 0)
        return p;
    p.known = true;
    const double busy = std::clamp(l.busy, 0.0, 1.0);
    p.rwnd = std::clamp(l.rwndLimited, 0.0, busy);
    p.sndbuf = std::clamp(sendBufferShare(l, alwaysHasData), 0.0, busy - p.rwnd);
    const double rest = busy - p.rwnd - p.sndbuf;
    p.cwnd = std::clamp(l.cwndLimited, 0.0, rest);
    p.otherBusy = rest - p.cwnd;
    p.idle = 1.0 - busy;
    return p;
}

QList<LimiterPoint> limiterSeries(const QList<RunSample> &samples)
{
    QList<LimiterPoint> out;
    out.reserve(samples.size());
    // The first sample's interval is taken to be as long as the next one (sampling is regular):
    // a live batch starts anywhere in the run.
    double previousT = samples.size() > 1 ? 2 * samples.at(0).t - samples.at(1).t : 0;
    for (const RunSample &s : samples) {
        const double dtMs = (s.t - previousT) * 1000.0;
        previousT = s.t;
        LimiterPoint p;
        p.t = s.t;
        auto share = [dtMs](double ms) { return ms >= 0 && dtMs > 0 ? std::clamp(ms / dtMs, 0.0, 1.0) : -1.0; };
        p.busy = share(s.busyMs);
        p.rwndLimited = s.rwndFull == 1 ? 1.0 : share(s.rwndLimitedMs);
        p.sndbufLimited = share(s.sndbufLimitedMs);
        p.cwndLimited = cwndLimited(s);
        p.appLimited = s.appLimited;
        out.append(p);
    }
    return out;
}

} // namespace tcptune

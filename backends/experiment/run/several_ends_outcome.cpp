#include "experiment/run/several_ends_outcome.h"

#include "common/statistics.h"
#include "experiment/run/traffic_bridge.h"
#include "knobs/knob_snapshot_json.h"

#include <algorithm>

namespace tcptune {
namespace {

QJsonObject endJson(const TrafficResult &end, const RunRecord &figures)
{
    return {{QStringLiteral("target"), end.target},
            {QStringLiteral("knobs_before"), knobSnapshotToJson(end.remoteKnobs)},
            {QStringLiteral("knobs_after"), knobSnapshotToJson(end.remoteKnobsAfter)},
            {QStringLiteral("samples_from"), end.samplesFrom},
            {QStringLiteral("throughput_bps"), end.throughputBps},
            {QStringLiteral("sender_bytes"), double(end.senderBytes)},
            {QStringLiteral("receiver_bytes"), double(end.receiverBytes)},
            {QStringLiteral("duration_s"), end.durationS},
            {QStringLiteral("rtt_median_ms"), figures.rttMedianMs},
            {QStringLiteral("rtt_p95_ms"), figures.rttP95Ms},
            {QStringLiteral("retransmits"), double(figures.retransmits)},
            {QStringLiteral("congestion_control"), end.congestionControl},
            {QStringLiteral("error"), end.error.isEmpty() ? QJsonValue() : QJsonValue(end.error)}};
}

// The ends' goodput per interval added up (they started together, so interval k is the same
// time at every end), over the intervals all of them have.
QList<double> summedIntervals(const QList<RunRecord> &ends)
{
    QList<double> sum;
    for (const RunRecord &e : ends) {
        if (sum.isEmpty()) {
            sum = e.intervalThroughputBps;
            continue;
        }
        sum.resize(std::min(sum.size(), e.intervalThroughputBps.size()));
        for (qsizetype k = 0; k < sum.size(); ++k)
            sum[k] += e.intervalThroughputBps.at(k);
    }
    return sum;
}

// RTT over every end's aggregate samples in the measured time.
void summariseRtt(RunRecord &r, const QList<RunSample> &samples, double omitS)
{
    QList<double> rtts;
    for (const RunSample &s : samples)
        if (s.stream < 0 && s.rttMs >= 0 && s.t >= omitS)
            rtts.append(s.rttMs);
    if (rtts.isEmpty())
        return;
    const std::vector<double> sorted = stats::sorted(rtts);
    r.rttMinMs = sorted.front();
    r.rttMedianMs = stats::percentileOfSorted(sorted, 50);
    r.rttP95Ms = stats::percentileOfSorted(sorted, 95);
    r.rttMaxMs = sorted.back();
}

} // namespace

TrafficOutcome severalEndsOutcome(const SeveralEndsResult &result)
{
    TrafficOutcome out;
    RunRecord &r = out.figures;
    QJsonArray ends;
    QList<RunRecord> perEnd;
    for (qsizetype i = 0; i < result.ends.size(); ++i) {
        TrafficOutcome one = outcomeOf(result.ends.at(i));
        for (RunSample s : one.samples) {
            s.end = int(i);
            out.samples.append(s);
        }
        r.retransmits += one.figures.retransmits;
        ends.append(endJson(result.ends.at(i), one.figures));
        perEnd.append(one.figures);
        out.farEnds.append({result.ends.at(i).target, one.remoteKnobs, one.remoteKnobsAfter});
        if (i == 0) { // the store's far end is the first end; every end's knobs are in details "targets"
            r.ends = one.figures.ends;
            out.remoteKnobs = one.remoteKnobs;
            out.remoteKnobsAfter = one.remoteKnobsAfter;
            out.remoteKnobsNote = one.remoteKnobsNote;
            r.details = one.figures.details;
            r.sndbufActual = one.figures.sndbufActual;
        }
    }
    setRunEnd(r, result.ok(), result.cancelled, result.error);
    r.throughputBps = result.throughputBps;
    r.senderBytes = result.senderBytes;
    r.receiverBytes = result.receiverBytes;
    r.durationS = result.durationS;
    r.intervalThroughputBps = summedIntervals(perEnd);
    r.intervalS = perEnd.isEmpty() ? 0 : perEnd.front().intervalS;
    summariseRtt(r, out.samples, result.ends.isEmpty() ? 0 : result.ends.front().spec.omitS);
    r.details.insert(QStringLiteral("target"), ends.first().toObject().value(QStringLiteral("target")));
    r.details.insert(QStringLiteral("targets"), ends);
    r.details.insert(QStringLiteral("jain_fairness_index"), result.jainIndex);
    r.details.insert(QStringLiteral("start_spread_ms"), result.startSpreadMs);
    return out;
}

} // namespace tcptune

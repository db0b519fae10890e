#include "synthetic_sweep.h"

#include "experiment/run/traffic_bridge.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store.h"

#include <QElapsedTimer>

#include <cmath>

namespace tcptune::bench {
namespace {

// A traffic result as a 1-stream bulk run of SAMPLES samples at 10 ms reports it.
TrafficResult syntheticResult(int samples, int seed)
{
    TrafficResult r;
    r.spec.target.host = QStringLiteral("198.18.1.2");
    r.target = r.spec.target.toString();
    r.streams = 1;
    r.durationS = samples * 0.01;
    r.perStream.append(StreamResult{});
    QList<double> rtts;
    for (int i = 0; i < samples; ++i) {
        TrafficSample s;
        s.t = (i + 1) * 0.01;
        s.throughputBps = 9.4e9 + 2e8 * std::sin(i * 0.1 + seed);
        s.rttMs = 0.2 + 0.05 * std::fmod(i * 0.37 + seed, 1.0);
        s.cwnd = 100 + (i + seed) % 50;
        s.deliveryRateBps = s.throughputBps;
        s.pacingRateBps = 1.2 * s.throughputBps;
        s.unacked = s.cwnd / 2;
        s.notsentBytes = 65536;
        r.samples.append(s);
        TrafficSample own = s;
        own.stream = 0;
        r.perStream[0].samples.append(own);
        r.receiverIntervals.append({s.t, std::int64_t(s.throughputBps / 800), s.throughputBps, false});
        rtts.append(s.rttMs);
    }
    r.rttMs = SummaryStats::of(rtts);
    r.throughputBps = 9.4e9;
    r.senderBytes = r.receiverBytes = std::int64_t(9.4e9 / 8 * r.durationS);
    return r;
}

RunRecord plannedRecord(const SweepPlan &plan, const PlannedRun &planned, qint64 experimentId)
{
    RunRecord record;
    record.experimentId = experimentId;
    record.runIndex = planned.index;
    record.pointIndex = planned.point;
    record.pointLabel = plan.points().at(planned.point).label();
    record.settings = plan.points().at(planned.point).settings;
    return record;
}

[[nodiscard]] Result<void> writeRun(ResultStore &store, const RunRecord &record, const TrafficOutcome &outcome,
                                    const KnobSnapshot &knobs)
{
    auto runId = store.beginRun(record);
    if (!runId)
        return std::unexpected(runId.error());
    RunRecord finished = outcome.figures;
    finished.id = *runId;
    finished.experimentId = record.experimentId;
    finished.runIndex = record.runIndex;
    finished.pointIndex = record.pointIndex;
    finished.pointLabel = record.pointLabel;
    finished.settings = record.settings;
    for (const char *phase : {"before", "after"})
        if (auto k = store.addKnobSnapshot(*runId, QStringLiteral("local"), QString::fromLatin1(phase), knobs); !k)
            return k;
    if (auto k = store.addKnobSnapshot(*runId, QStringLiteral("remote"), QStringLiteral("before"), knobs); !k)
        return k;
    return store.finishRun(finished, outcome.samples);
}

} // namespace

SyntheticSweep::SyntheticSweep(int runs, int samples)
    : m_samples(samples)
{
    for (int v = 0; v < runs; ++v)
        m_values << QString::number(16 << v % 12) + QStringLiteral("K");
    auto readings = KnobReader::readSysctls();
    m_knobs = readings ? KnobReader::snapshotOf(*readings) : KnobSnapshot{};
}

Result<qint64> SyntheticSweep::write(ResultStore &store, const QString &name, int seed,
                                     const std::function<void(double ms)> &onRun) const
{
    ExperimentSpec spec;
    spec.name = name;
    SweepPlan plan(spec);
    if (auto axis = plan.addAxis(QStringLiteral("workload.write_size"), m_values); !axis)
        return std::unexpected(axis.error());
    auto id = store.createExperiment(plan);
    if (!id)
        return id;
    for (const PlannedRun &planned : plan.runs()) {
        const TrafficOutcome outcome = outcomeOf(syntheticResult(m_samples, planned.index + seed));
        QElapsedTimer clock;
        clock.start();
        if (auto w = writeRun(store, plannedRecord(plan, planned, *id), outcome, m_knobs); !w)
            return std::unexpected(w.error());
        if (onRun)
            onRun(clock.nsecsElapsed() / 1e6);
    }
    if (auto s = store.setExperimentStatus(*id, ExperimentStatus::Finished); !s)
        return std::unexpected(s.error());
    return id;
}

} // namespace tcptune::bench

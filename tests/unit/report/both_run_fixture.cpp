#include "both_run_fixture.h"

#include "experiment/run/traffic_bridge.h"
#include "experiment/spec/sweep_plan.h"

namespace tcptune::test {
namespace {

TrafficSample sampleAt(double t, int stream, double bps, Direction direction)
{
    TrafficSample s;
    s.t = t;
    s.stream = stream;
    s.throughputBps = bps;
    s.rttMs = direction == Direction::Up ? 4.0 : 6.0;
    s.rttvarMs = 0.5;
    s.cwnd = 20;
    s.unacked = 20; // cwnd-limited: the verdict has something to say
    s.busyMs = 100; // the whole 0.1 s interval
    s.rwndLimitedMs = 0;
    s.sndbufLimitedMs = 0;
    s.appLimited = 0;
    s.direction = direction;
    return s;
}

} // namespace

TrafficResult bothDirectionsResult(int samples)
{
    TrafficResult r;
    r.spec.direction = Direction::Both;
    r.spec.streams = 1;
    for (const Direction d : {Direction::Up, Direction::Down}) {
        DirectionResult direction;
        direction.direction = d;
        direction.samplesFrom = d == Direction::Up ? QStringLiteral("local sender") : QStringLiteral("target sender");
        direction.throughputBps = d == Direction::Up ? kBothUpBps : kBothDownBps;
        r.directions << direction;
        StreamResult stream;
        stream.index = int(r.perStream.size());
        stream.direction = d;
        r.perStream << stream;
    }
    for (int i = 0; i < samples; ++i) {
        const double wobble = 1.0 + 0.02 * (i % 3 - 1);
        const double t = 0.1 * (i + 1);
        r.samples << sampleAt(t, -1, kBothUpBps * wobble, Direction::Up);
        r.perStream[0].samples << sampleAt(t, 0, kBothUpBps * wobble, Direction::Up);
        r.directions[1].samples << sampleAt(t + 0.03, -1, kBothDownBps * wobble, Direction::Down);
        r.perStream[1].samples << sampleAt(t + 0.03, 1, kBothDownBps * wobble, Direction::Down);
    }
    r.directions[0].samples = r.samples; // as splitDirections leaves them
    r.throughputBps = kBothUpBps + kBothDownBps;
    r.durationS = 0.1 * samples;
    r.rttMs = SummaryStats::of({4.0, 6.0});
    return r;
}

qint64 storeBothDirectionsRun(ResultStore &store, int samples)
{
    ExperimentSpec spec;
    spec.name = QStringLiteral("both ways at once");
    spec.workload.direction = QStringLiteral("both");
    const auto experiment = store.createExperiment(SweepPlan(spec));
    if (!experiment)
        qFatal("both fixture: %s", qPrintable(experiment.error().message));
    const TrafficOutcome outcome = outcomeOf(bothDirectionsResult(samples));
    RunRecord run = outcome.figures;
    run.experimentId = *experiment;
    run.started = QDateTime::currentDateTimeUtc();
    const auto id = store.beginRun(run);
    if (!id)
        qFatal("both fixture run: %s", qPrintable(id.error().message));
    run.id = *id;
    run.ended = run.started.addSecs(3);
    if (const auto finished = store.finishRun(run, outcome.samples); !finished)
        qFatal("both fixture finish: %s", qPrintable(finished.error().message));
    if (const auto status = store.setExperimentStatus(*experiment, ExperimentStatus::Finished); !status)
        qFatal("both fixture status: %s", qPrintable(status.error().message));
    return run.id;
}

} // namespace tcptune::test

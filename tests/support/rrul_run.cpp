#include "rrul_run.h"

#include "experiment/run/traffic_bridge.h"
#include "experiment/spec/sweep_plan.h"
#include "traffic/agent_server.h"
#include "traffic/traffic_client.h"
#include "traffic/workload_registry.h"

namespace tcptune::test {

TrafficResult rrulRunOnLoopback(double idleS, double durationS)
{
    AgentServer agent;
    const auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    if (!port)
        qFatal("rrul run: the agent cannot listen: %s", qPrintable(port.error().message));
    TrafficSpec spec;
    spec.target.host = QStringLiteral("127.0.0.1");
    spec.target.port = *port;
    spec.workload = Workload::Rrul;
    spec.direction = Direction::Both;
    spec.streams = workloadDescriptor(Workload::Rrul).defaultStreams;
    spec.idleS = idleS;
    spec.durationS = durationS;
    TrafficClient client;
    return client.run(spec);
}

qint64 storeRrulRun(ResultStore &store, const TrafficResult &result, const QString &name)
{
    ExperimentSpec spec;
    spec.name = name;
    spec.workload.type = Workload::Rrul;
    spec.workload.direction = QStringLiteral("both");
    spec.workload.streams = workloadDescriptor(Workload::Rrul).defaultStreams;
    spec.workload.idleS = result.spec.idleS;
    const auto experiment = store.createExperiment(SweepPlan(spec));
    if (!experiment)
        return -1;
    const TrafficOutcome outcome = outcomeOf(result);
    RunRecord run = outcome.figures;
    run.experimentId = *experiment;
    run.started = QDateTime::currentDateTimeUtc();
    const auto id = store.beginRun(run);
    if (!id)
        return -1;
    run.id = *id;
    run.ended = run.started.addSecs(qint64(result.durationS) + 1);
    if (!store.finishRun(run, outcome.samples))
        return -1;
    return store.setExperimentStatus(*experiment, ExperimentStatus::Finished) ? run.id : -1;
}

} // namespace tcptune::test

#include "recorded_run.h"

#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store.h"

namespace tcptune::test {

std::optional<RunRecord> storeRecordedRun(ResultStore &store, const QString &experimentName,
                                          const QList<RunSample> &samples, const QString &capturePath)
{
    ExperimentSpec spec;
    spec.name = experimentName;
    const auto experiment = store.createExperiment(SweepPlan(spec));
    if (!experiment)
        return std::nullopt;
    RunRecord run;
    run.experimentId = *experiment;
    run.started = QDateTime::currentDateTimeUtc();
    const auto id = store.beginRun(run);
    if (!id)
        return std::nullopt;
    run.id = *id;
    run.status = RunStatus::Ok;
    if (!store.finishRun(run, samples))
        return std::nullopt;
    CaptureRecord capture;
    capture.path = capturePath;
    capture.interface = QStringLiteral("tcpt-c0");
    if (!store.addCapture(run.id, capture))
        return std::nullopt;
    run.captures << capture;
    return run;
}

} // namespace tcptune::test

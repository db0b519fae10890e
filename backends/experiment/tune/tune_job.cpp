#include "experiment/tune/tune_job.h"

#include "experiment/spec/sweep_plan.h"
#include "experiment/tune/tune_run_record.h"
#include "experiment/tune/tune_runner.h"

namespace tcptune {
namespace {

const QString kTuneField = QStringLiteral("tune");

ExperimentStatus statusOf(const TuneAnswer &answer)
{
    switch (answer.stop) {
    case TuneAnswer::Stop::Cancelled: return ExperimentStatus::Cancelled;
    case TuneAnswer::Stop::BaselineFailed: return ExperimentStatus::Failed;
    default: return ExperimentStatus::Finished;
    }
}

QString runLine(const RunRecord &record, bool replayed)
{
    const QString what = record.status == RunStatus::Ok
                             ? TuneJobRunner::tr("%1 Mbit/s, RTT p95 %2 ms")
                                   .arg(record.throughputBps / 1e6, 0, 'f', 1)
                                   .arg(record.rttP95Ms, 0, 'f', 1)
                             : runStatusName(record.status) + QStringLiteral(": ") + record.error;
    const QString trial = record.pointLabel.isEmpty() ? TuneJobRunner::tr("the baseline") : record.pointLabel;
    return replayed ? TuneJobRunner::tr("  trial %1 (%2), repeat %3, stored run: %4")
                          .arg(record.pointIndex)
                          .arg(trial)
                          .arg(record.repeat + 1)
                          .arg(what)
                    : TuneJobRunner::tr("  trial %1 (%2), repeat %3: %4")
                          .arg(record.pointIndex)
                          .arg(trial)
                          .arg(record.repeat + 1)
                          .arg(what);
}

} // namespace

QJsonObject TuneJobRunner::planFields(const TuneSpec &tune)
{
    return QJsonObject{{kTuneField, tune.toJson()}};
}

Result<TuneJob> TuneJobRunner::storedJob(qint64 experimentId, const QJsonObject &plan)
{
    if (!plan.contains(kTuneField))
        return fail(tr("Experiment %1 is not a tune: resume it with 'tcptune sweep --resume %1'.").arg(experimentId));
    auto stored = SweepPlan::fromJson(plan);
    if (!stored)
        return fail(tr("Experiment %1 cannot be resumed: its stored plan no longer parses (%2).")
                        .arg(experimentId)
                        .arg(stored.error().message));
    auto tune = TuneSpec::fromJson(plan.value(kTuneField));
    if (!tune)
        return fail(tr("Experiment %1 cannot be resumed: its stored tune no longer parses (%2).")
                        .arg(experimentId)
                        .arg(tune.error().message));
    TuneJob job;
    job.spec = stored->spec();
    job.tune = *tune;
    job.resumeId = experimentId;
    return job;
}

TuneOutcome TuneJobRunner::run(Runner &runner, const TuneJob &job, const std::function<void(const QString &)> &log)
{
    TuneOutcome outcome;
    auto id = runner.openSession(SweepPlan(job.spec), job.resumeId, planFields(job.tune), job.tune.budgetRuns);
    if (!id) {
        outcome.failure = id.error().message;
        return outcome;
    }
    outcome.experimentId = *id;
    TuneRunner source(runner, job.spec, TuneReplay(runner.sessionStoredRuns()));
    source.setRunListener([&log, &outcome](const RunRecord &record, bool replayed) {
        ++(replayed ? outcome.replayedRuns : outcome.newRuns);
        if (log)
            log(runLine(record, replayed));
    });
    source.setTrialListener([&log, &job](const TuneTrial &trial) {
        if (log)
            log(TunerSearch::describe(trial, job.tune.goal));
    });
    TunerSearch search(job.tune, TuneRunRecord::baseConfig(job.spec), job.environment);
    outcome.answer = search.run(source);
    outcome.searched = true;
    runner.closeSession(statusOf(outcome.answer));
    return outcome;
}

} // namespace tcptune

#pragma once
// Runner: runs a SweepPlan run by run on a worker thread (move it there with moveToThread and
// call run()/resume() through a queued connection or QMetaObject::invokeMethod). Per run:
// prepare the target -> snapshot knobs -> apply knobs -> capture -> traffic with sampling ->
// stop and analyse the capture -> store -> restore knobs. A failing run is stored with its
// error and the sweep goes on; cancel() (any thread) stops at once with knobs restored. Every
// finished run is committed, so a resumed sweep (resume()) repeats none of them.

#include "experiment/record/run_record.h"
#include "experiment/run/experiment_backend.h"
#include "experiment/run/run_events.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/store/experiment_lock.h"
#include "experiment/store/outbox.h"
#include "experiment/tables/sweep_table.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

namespace tcptune {

class ResultStore;
struct KnobDrift;

struct RunnerOptions {
    QString storePath;           // empty: ResultStore::defaultPath()
    QString captureDir;          // where captures go; empty: <store folder>/captures
    bool removeLabAtEnd = false; // take the lab down when the sweep ends
    // --force: link knobs of host devices and core TCP features turned off may change, at this
    // end and the far one (the helpers ask for this confirmation).
    bool confirmHostChanges = false;
};

// Its signals are the RunEvents.
class Runner final : public RunEvents {
    Q_OBJECT
public:
    explicit Runner(std::unique_ptr<ExperimentBackend> backend, RunnerOptions options = {}, QObject *parent = nullptr);
    ~Runner() override;

    // Thread-safe: stops the sweep as soon as possible; the run in progress is stored as
    // cancelled, knobs are restored, and finished(id, "cancelled") follows.
    void cancel();
    bool isCancelled() const { return m_cancel.load(); }

public Q_SLOTS:
    // Creates an experiment in the store for PLAN and runs it. Blocks this thread until done.
    void run(const tcptune::SweepPlan &plan);
    // Runs the runs of experiment ID that are not finished yet.
    void resume(qint64 experimentId);

private:
    void execute(const SweepPlan &plan, qint64 experimentId);
    RunRecord runOne(const SweepPlan &plan, const PlannedRun &planned, const SweepPoint &point, qint64 experimentId,
                     ResultStore &store, RunEndpoint *endpoint);
    RunRecord announceRun(const SweepPlan &plan, const PlannedRun &planned, const SweepPoint &point,
                          qint64 experimentId);
    static RunRecord outcomeRecord(const RunRecord &record, const TrafficOutcome &outcome);
    RunRecord finishRun(ResultStore &store, RunRecord record, RunStatus status, const QString &error,
                        const QList<RunSample> &samples = {});
    KnobSnapshot storeLocalKnobs(ResultStore &store, qint64 runId, const RunEndpoint &endpoint, const QString &phase);
    void flagKnobDrift(RunRecord &record, const QList<KnobDrift> &drift);
    QString startCapture(const ResultStore &store, const RunEndpoint &endpoint, qint64 runId);
    void storeCapture(ResultStore &store, qint64 runId, const QString &path);
    void logIfFailed(const Result<void> &result);
    void emitPointResult(ResultStore &store, qint64 experimentId, const SweepPlan &plan, const SweepPoint &point);
    static PointResult preciseAggregate(const SweepPlan &plan, const SweepPoint &point, const QList<RunRecord> &runs);
    // Waits the plan's pause between runs; false when cancelled meanwhile.
    bool pauseBetweenRuns(const SweepPlan &plan);
    // Repeat until precise (spec repeats.ci_pct): after the planned runs, more runs of each point
    // until its interval is within the target or it has repeats.max runs; a resumed sweep
    // continues from the runs stored.
    void repeatUntilPrecise(const SweepPlan &plan, qint64 experimentId, ResultStore &store, RunEndpoint *endpoint,
                            int &executed);
    ResultStore *openStore();

    std::unique_ptr<ExperimentBackend> m_backend;
    RunnerOptions m_options;
    ExperimentLock m_lock; // held while this runner runs an experiment
    Outbox m_outbox;       // where runs go when the result store's server stops answering
    std::atomic<bool> m_cancel{false};
};

} // namespace tcptune

Q_DECLARE_METATYPE(tcptune::SweepPlan)

#pragma once
// Runner: runs a SweepPlan run by run on a worker thread (move it there with moveToThread and
// call run()/resume() through a queued connection or QMetaObject::invokeMethod). Per run:
// prepare the target -> snapshot knobs -> apply knobs -> capture -> traffic with sampling ->
// stop and analyse the capture -> store -> restore knobs. A failing run is stored with its
// error and the sweep goes on; cancel() (any thread) stops at once with knobs restored. Every
// finished run is committed, so a resumed sweep (resume()) repeats none of them.
//
// A session (openSession, runConfigured, closeSession) lets a caller on the worker thread choose
// the runs one at a time into one stored experiment (the tuner): each run goes through the same
// steps as a planned one, and closing it restores the knobs and ends the experiment.

#include "experiment/record/run_record.h"
#include "experiment/run/experiment_backend.h"
#include "experiment/run/run_events.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/store/experiment_lock.h"
#include "experiment/store/outbox.h"
#include "experiment/tables/sweep_table.h"

#include <QJsonObject>
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

    // A session of runs chosen one at a time, on this runner's worker thread. Stores a new
    // experiment for PLAN (PLAN_FIELDS added to its stored plan JSON, e.g. "tune"), or reopens
    // experiment RESUME_ID; holds its ExperimentLock and marks it running. Its id. MOST_RUNS > 0:
    // the experiment's planned runs while the session goes (the most it may make, e.g. a tune's
    // budget); at its close they become the runs it made.
    [[nodiscard]] Result<qint64> openSession(const SweepPlan &plan, qint64 resumeId = 0,
                                             const QJsonObject &planFields = {}, int mostRuns = 0);
    // Runs SPEC once as the session's next run (the next free run index), stored under POINT
    // (its index, label and settings) as repeat REPEAT; knobs applied and restored as for a
    // planned run. A cancelled session returns a cancelled record without running.
    RunRecord runConfigured(const ExperimentSpec &spec, const SweepPoint &point, int repeat);
    // Ends the session: knobs restored, the backend finished, the experiment marked STATUS
    // (cancelled when cancel() was called), its lock released; finished() follows.
    void closeSession(ExperimentStatus status);
    bool hasSession() const { return m_session != nullptr; }
    // The runs the session's experiment had stored when it opened, by run index (a resumed one's).
    QList<RunRecord> sessionStoredRuns() const;

    // A tune experiment (its plan has a "tune" object) is resumed by `tcptune tune` only: the
    // refusal that says so, for experiment ID whose stored plan is PLAN.
    [[nodiscard]] static Result<void> checkNotTune(qint64 experimentId, const QJsonObject &plan);

public Q_SLOTS:
    // Creates an experiment in the store for PLAN and runs it. Blocks this thread until done.
    void run(const tcptune::SweepPlan &plan);
    // Runs the runs of experiment ID that are not finished yet.
    void resume(qint64 experimentId);

private:
    struct Session;

    void execute(const SweepPlan &plan, qint64 experimentId);
    // A new experiment for PLAN in the store, locked by this process.
    [[nodiscard]] Result<qint64> createLocked(const SweepPlan &plan, const QJsonObject &planFields);
    // Stored experiment ID locked by this process and marked running again.
    [[nodiscard]] Result<void> relock(qint64 experimentId);
    // The store the runs of EXPERIMENT_ID go to, with the outbox ready for a server store.
    [[nodiscard]] Result<std::unique_ptr<ResultStore>> openServer(qint64 experimentId);
    // Where the next run goes: the server's store, or the outbox once the server stopped answering.
    ResultStore &storeForNextRun(ResultStore &server);
    // Knobs restored, backend finished, STATUS stored (or left to the outbox), lock released.
    void endExperiment(ResultStore &server, qint64 experimentId, ExperimentStatus status);
    // One run of SPEC: PLANNED_RUNS is the plan's number of runs for the log (0: not known).
    RunRecord runOne(const ExperimentSpec &spec, const PlannedRun &planned, const SweepPoint &point,
                     qint64 experimentId, ResultStore &store, RunEndpoint *endpoint, qsizetype plannedRuns);
    RunRecord announceRun(qsizetype plannedRuns, const PlannedRun &planned, const SweepPoint &point,
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
    [[nodiscard]] Result<std::unique_ptr<ResultStore>> storeAtPath() const;

    std::unique_ptr<ExperimentBackend> m_backend;
    RunnerOptions m_options;
    ExperimentLock m_lock; // held while this runner runs an experiment
    Outbox m_outbox;       // where runs go when the result store's server stops answering
    std::atomic<bool> m_cancel{false};
    std::unique_ptr<Session> m_session;
};

} // namespace tcptune

Q_DECLARE_METATYPE(tcptune::SweepPlan)

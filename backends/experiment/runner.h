#pragma once
// Runner: runs a SweepPlan run by run on a worker thread (move it there with moveToThread and
// call run()/resume() through a queued connection or QMetaObject::invokeMethod). Per run:
// prepare the target -> snapshot knobs -> apply knobs -> capture -> traffic with sampling ->
// stop and analyse the capture -> store -> restore knobs. A failing run is stored with its
// error and the sweep goes on; cancel() (any thread) stops at once with knobs restored. Every
// finished run is committed, so a resumed sweep (resume()) repeats none of them.

#include "experiment/experiment_backend.h"
#include "experiment/run_record.h"
#include "experiment/sweep_plan.h"
#include "experiment/sweep_table.h"

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
};

class Runner final : public QObject {
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

Q_SIGNALS:
    void started(qint64 experimentId, int totalRuns, int alreadyDone);
    void runStarted(int runIndex, int point, int repeat, const QString &pointLabel);
    // The store gave run RUN_INDEX its id: the name it has everywhere ("#12", run12.pcap).
    void runStored(int runIndex, qint64 runId);
    // Sample batches of the run in progress (for live plots), ~every 100 ms.
    void samplesReady(int runIndex, const QList<tcptune::RunSample> &samples);
    // DONE of TOTAL runs finished; ETA in seconds (from the runs' measured time so far).
    void progress(int done, int total, double etaS);
    void runFinished(const tcptune::RunRecord &run);
    // A point's result over its runs so far (after each of its runs).
    void pointUpdated(const tcptune::PointResult &result);
    // The sweep ended: STATUS is "finished", "cancelled" or "failed".
    void finished(qint64 experimentId, const QString &status);
    // Something stopped the whole sweep (store, helper, target unusable): what and what to do.
    void failed(const QString &message);
    // One line for a log view: what the runner does now.
    void logged(const QString &line);

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
    void emitPointResult(ResultStore &store, qint64 experimentId, const SweepPoint &point, int repeats);
    ResultStore *openStore();

    std::unique_ptr<ExperimentBackend> m_backend;
    RunnerOptions m_options;
    std::atomic<bool> m_cancel{false};
};

} // namespace tcptune

Q_DECLARE_METATYPE(tcptune::RunSample)
Q_DECLARE_METATYPE(QList<tcptune::RunSample>)
Q_DECLARE_METATYPE(tcptune::RunRecord)
Q_DECLARE_METATYPE(tcptune::PointResult)
Q_DECLARE_METATYPE(tcptune::SweepPlan)

#pragma once
// RunnerThread: runs a SweepPlan (one run is a plan of one point), or resumes a stored
// experiment, through the Runner on a worker thread of its own, so that the caller's thread only
// receives queued signals. The workbench and `tcptune sweep` use it alike. One plan at a time;
// cancel() stops with the knobs restored; destroying it cancels and waits.

#include "experiment/record/run_record.h"
#include "experiment/run/experiment_backend.h"
#include "experiment/run/run_events.h"
#include "experiment/run/runner.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/tables/sweep_table.h"

#include <QMutex>
#include <QObject>

#include <functional>
#include <memory>

class QThread;

namespace tcptune {

class HelperConnection;

// Besides its own signals it re-emits the RunEvents of the Runner of the plan in progress.
class RunnerThread final : public RunEvents {
    Q_OBJECT
public:
    using BackendFactory = std::function<std::unique_ptr<ExperimentBackend>()>;

    // Runs go through HELPER (the process's one connection to tcptune-helper), which must
    // outlive this object.
    explicit RunnerThread(HelperConnection &helper, QObject *parent = nullptr);
    // Each plan runs against a backend from MAKE_BACKEND (tests: a fake one).
    explicit RunnerThread(BackendFactory makeBackend, QObject *parent = nullptr);
    ~RunnerThread() override;

    // Where results go (empty: the store's default path) and what happens at the end.
    void setOptions(const RunnerOptions &options) { m_options = options; }
    const RunnerOptions &options() const { return m_options; }

    bool isRunning() const { return m_thread != nullptr; }
    // While REASON is not empty, start() and resume() refuse (and emit refused): something must
    // be done first, such as restoring what a crashed session left changed.
    void setBlockedReason(const QString &reason) { m_blockedReason = reason; }
    QString blockedReason() const { return m_blockedReason; }
    // Starts PLAN; false (and nothing happens) while another plan runs or runs are held back.
    bool start(const SweepPlan &plan);
    // The plan started last (a single run is a plan of one point).
    const SweepPlan &plan() const { return m_plan; }
    // Runs the unfinished runs of stored experiment EXPERIMENT_ID; false while a plan runs.
    bool resume(qint64 experimentId);
    // Runs WORK with a new Runner on the worker thread: a caller that chooses its runs one at a
    // time (a Runner session, the tuner), whose runs are those of PLAN's spec (plan() from then
    // on, so views name them after it and not after the plan before). False while a plan runs or
    // runs are held back.
    bool runWith(std::function<void(Runner &)> work, const SweepPlan &plan);
    // Thread-safe: stops the plan as soon as possible, knobs restored.
    void cancel();

Q_SIGNALS:
    // A plan was accepted: the worker thread is starting.
    void begun();
    // start() or resume() refused because runs are held back: REASON says why.
    void refused(const QString &reason);
    // The worker thread has ended: the knobs the runs changed are restored.
    void stopped();

private:
    // Runs WORK with a new Runner on a new worker thread.
    bool launch(std::function<void(Runner &)> work);
    void threadEnded();

    BackendFactory m_makeBackend;
    RunnerOptions m_options;
    QString m_blockedReason;
    SweepPlan m_plan;
    QThread *m_thread = nullptr;
    QMutex m_runnerMutex; // cancel() from any thread vs deletion on the worker
    Runner *m_runner = nullptr;
};

} // namespace tcptune

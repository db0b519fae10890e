#pragma once
// Runs a SweepPlan (one run is a plan of one point) on a worker thread through the experiment
// Runner, so the GUI thread only receives queued signals. One session runs one plan at a time;
// cancel() restores knobs through the Runner; destroying the session cancels and waits.

#include "experiment/run_record.h"
#include "experiment/sweep_plan.h"
#include "experiment/sweep_table.h"

#include <QMutex>
#include <QObject>

class QThread;

namespace tcptune {

class HelperConnection;
class Runner;

class RunSession final : public QObject {
    Q_OBJECT
public:
    // Runs go through HELPER (the process's one connection to tcptune-helper), which must
    // outlive the session.
    explicit RunSession(HelperConnection &helper, QObject *parent = nullptr);
    ~RunSession() override;

    // Where results go; empty: the store's default path ($TCPTUNE_RESULTS_DB or XDG data).
    void setStorePath(const QString &path) { m_storePath = path; }
    QString storePath() const { return m_storePath; }

    bool isRunning() const { return m_thread != nullptr; }
    // Starts PLAN; false (and nothing happens) while another plan runs.
    bool start(const SweepPlan &plan);
    void cancel();

Q_SIGNALS:
    // start() accepted a plan: the worker thread is starting.
    void begun();
    void started(qint64 experimentId, int totalRuns, int alreadyDone);
    void runStarted(int runIndex, int point, int repeat, const QString &pointLabel);
    void samplesReady(int runIndex, const QList<tcptune::RunSample> &samples);
    void progress(int done, int total, double etaS);
    void runFinished(const tcptune::RunRecord &run);
    void pointUpdated(const tcptune::PointResult &result);
    void finished(qint64 experimentId, const QString &status);
    void failed(const QString &message);
    void logged(const QString &line);
    // The worker thread has ended: the knobs the runs changed are restored.
    void stopped();

private:
    void threadEnded();

    HelperConnection &m_helper;
    QString m_storePath;
    QThread *m_thread = nullptr;
    QMutex m_runnerMutex; // cancel() from the GUI thread vs deletion on the worker
    Runner *m_runner = nullptr;
};

} // namespace tcptune

#pragma once
// Who is running a stored experiment: the process that runs it holds an exclusive lock on a file
// beside the result store (<store>.locks/experiment-<id>.lock; for a PostgreSQL store, in the
// user's data folder, one folder per server) for as long as it runs it. The
// kernel drops the lock when that process dies, however it dies (kill -9 too), so an experiment
// still "running" in the store whose lock anyone can take was left by a process that is gone:
// settleAbandoned() marks it and its unfinished runs interrupted (its finished runs are kept;
// `sweep --resume` goes on). A lock only speaks for its host, so only experiments this host and
// user ran are settled (a server's others run elsewhere).

#include "common/error.h"
#include "experiment/record/run_record.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace tcptune {

class ResultStore;

class ExperimentLock final {
    Q_DECLARE_TR_FUNCTIONS(ExperimentLock)
public:
    ExperimentLock() = default;
    ~ExperimentLock();
    ExperimentLock(const ExperimentLock &) = delete;
    ExperimentLock &operator=(const ExperimentLock &) = delete;

    static QString pathFor(const ResultStore &store, qint64 experimentId);
    // Takes the lock of experiment EXPERIMENT_ID of STORE for this object's life (released before,
    // if it held another one).
    [[nodiscard]] Result<void> acquire(const ResultStore &store, qint64 experimentId);
    void release();
    bool isHeld() const { return m_fd >= 0; }
    // Whether a live process holds the lock of that experiment.
    static bool isHeldElsewhere(const ResultStore &store, qint64 experimentId);

    // Marks every experiment of STORE that is "running" with nobody holding its lock as
    // interrupted, and its runs still "running" too; returns the experiments as they were (status
    // running, their runs counted by the caller).
    [[nodiscard]] static Result<QList<ExperimentRecord>> settleAbandoned(ResultStore &store);

private:
    int m_fd = -1;
    QString m_path;
};

} // namespace tcptune

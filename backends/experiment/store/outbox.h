#pragma once
// Outbox: where a sweep's runs go when its PostgreSQL server stops answering, so that no run is
// lost to the network. Before the first run the experiment (without runs) is copied into the
// outbox, a SQLite store of this user's (ResultStore::outboxPath()), because once the server is
// gone it cannot be read any more. When a write to the server fails and the server no longer
// answers, the run and every later one are stored in the outbox instead; `tcptune results sync`
// copies them up by UUID, so nothing is doubled. An outbox that was not needed is emptied at the
// end.

#include "common/error.h"
#include "experiment/record/run_record.h"

#include <QCoreApplication>
#include <QList>

#include <memory>

namespace tcptune {

class ResultStore;

class Outbox final {
    Q_DECLARE_TR_FUNCTIONS(Outbox)
public:
    Outbox();
    ~Outbox();

    // For a server store: opens the outbox and copies experiment EXPERIMENT_ID's row into it.
    [[nodiscard]] Result<void> prepare(const ResultStore &server, qint64 experimentId);
    bool isActive() const { return m_active; }

    // The store and experiment the next run goes to: the server's, or the outbox's once it is
    // active. Switches to the outbox first when SERVER no longer answers (true: it switched now).
    bool moveIfServerGone(const ResultStore &server);
    ResultStore &storeFor(ResultStore &server);
    qint64 experimentFor(qint64 serverExperimentId) const;

    // STORE.finishRun, and when that fails because the server went away, the run kept in the
    // outbox (with its samples) instead.
    [[nodiscard]] Result<void> finishRun(ResultStore &store, RunRecord run, const QList<RunSample> &samples);

    // The sweep ended with STATUS: the outbox's experiment takes it (active), or leaves the
    // outbox (not needed). The number of runs waiting for the server.
    int end(ExperimentStatus status);

    // How many runs wait in the outbox at PATH (0 when there is none), for the workbench.
    static int waitingRuns(const QString &path);

private:
    std::unique_ptr<ResultStore> m_store;
    qint64 m_experimentId = 0;
    bool m_active = false;
    bool m_created = false; // prepare() put the experiment there (not an earlier sweep)
};

} // namespace tcptune

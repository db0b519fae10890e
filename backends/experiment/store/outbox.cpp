#include "experiment/store/outbox.h"

#include "experiment/store/result_store.h"

#include <QFileInfo>

namespace tcptune {

Outbox::Outbox() = default;
Outbox::~Outbox() = default;

Result<void> Outbox::prepare(const ResultStore &server, qint64 experimentId)
{
    m_active = false;
    auto store = std::make_unique<ResultStore>();
    if (auto opened = store->open(ResultStore::outboxPath()); !opened)
        return opened;
    auto copied = server.copyExperimentTo(experimentId, *store, ResultStore::CopyRuns::None);
    if (!copied)
        return std::unexpected(copied.error());
    m_experimentId = copied->targetExperimentId;
    // An experiment already waiting there (an earlier sweep of it, not synced yet) stays.
    m_created = copied->experiments == 1;
    m_store = std::move(store);
    return {};
}

bool Outbox::moveIfServerGone(const ResultStore &server)
{
    if (m_active || !m_store || !server.isPostgres() || server.ping())
        return false;
    m_active = true;
    return true;
}

ResultStore &Outbox::storeFor(ResultStore &server)
{
    return m_active ? *m_store : server;
}

qint64 Outbox::experimentFor(qint64 serverExperimentId) const
{
    return m_active ? m_experimentId : serverExperimentId;
}

Result<void> Outbox::finishRun(ResultStore &store, RunRecord run, const QList<RunSample> &samples)
{
    auto stored = store.finishRun(run, samples);
    if (stored || &store == m_store.get() || !moveIfServerGone(store))
        return stored;
    // The run began on the server: it begins again here, under the outbox's experiment.
    run.experimentId = m_experimentId;
    auto id = m_store->beginRun(run);
    if (!id)
        return std::unexpected(id.error());
    run.id = *id;
    return m_store->finishRun(run, samples);
}

int Outbox::waitingRuns(const QString &path)
{
    if (!QFileInfo::exists(path))
        return 0; // opening would create it
    ResultStore outbox;
    if (!outbox.open(path))
        return 0;
    return outbox.runCount().value_or(0);
}

int Outbox::end(ExperimentStatus status)
{
    if (!m_store)
        return 0;
    int waiting = 0;
    if (m_active) {
        (void)m_store->setExperimentStatus(m_experimentId, status);
        const auto runs = m_store->runs(m_experimentId);
        waiting = runs ? int(runs->size()) : 0; // this sweep's, not the whole outbox's
    } else if (m_created) {
        (void)m_store->deleteExperiment(m_experimentId);
    }
    m_store.reset();
    m_active = false;
    return waiting;
}

} // namespace tcptune

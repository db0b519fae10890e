#include "experiment/run/runner_thread.h"

#include "experiment/run/live_experiment_backend.h"

#include <QThread>

namespace tcptune {

RunnerThread::RunnerThread(HelperConnection &helper, QObject *parent)
    : RunnerThread([&helper] { return std::make_unique<LiveExperimentBackend>(helper); }, parent)
{
}

RunnerThread::RunnerThread(BackendFactory makeBackend, QObject *parent)
    : RunEvents(parent)
    , m_makeBackend(std::move(makeBackend))
{
}

RunnerThread::~RunnerThread()
{
    if (m_thread) {
        cancel();
        m_thread->quit();
        m_thread->wait();
        delete m_thread;
    }
}

bool RunnerThread::start(const SweepPlan &plan)
{
    // Set before launch(), whose begun() listeners read plan(), unless it is going to refuse.
    if (!m_thread && m_blockedReason.isEmpty())
        m_plan = plan;
    return launch([plan](Runner &runner) { runner.run(plan); });
}

bool RunnerThread::resume(qint64 experimentId)
{
    return launch([experimentId](Runner &runner) { runner.resume(experimentId); });
}

bool RunnerThread::runWith(std::function<void(Runner &)> work, const SweepPlan &plan)
{
    // As start(): set before launch(), whose begun() listeners read plan(), unless it refuses.
    if (!m_thread && m_blockedReason.isEmpty())
        m_plan = plan;
    return launch(std::move(work));
}

bool RunnerThread::launch(std::function<void(Runner &)> work)
{
    if (m_thread)
        return false;
    if (!m_blockedReason.isEmpty()) {
        Q_EMIT refused(m_blockedReason);
        return false;
    }
    auto *runner = new Runner(m_makeBackend(), m_options);
    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("tcptune-runner"));
    runner->moveToThread(m_thread);
    {
        QMutexLocker lock(&m_runnerMutex);
        m_runner = runner;
    }
    forwardEvents(runner, this);
    // The runner (and with it the backend, which restores what it changed) is destroyed on its
    // own thread before the thread ends.
    connect(m_thread, &QThread::finished, this, &RunnerThread::threadEnded);
    connect(m_thread, &QThread::started, runner, [this, runner, work = std::move(work)] {
        work(*runner);
        {
            QMutexLocker lock(&m_runnerMutex);
            m_runner = nullptr;
        }
        delete runner;
        QThread::currentThread()->quit();
    });
    m_thread->start();
    Q_EMIT begun();
    return true;
}

void RunnerThread::cancel()
{
    QMutexLocker lock(&m_runnerMutex);
    if (m_runner)
        m_runner->cancel();
}

void RunnerThread::threadEnded()
{
    QThread *thread = m_thread;
    m_thread = nullptr;
    thread->wait();
    thread->deleteLater();
    Q_EMIT stopped();
}

} // namespace tcptune

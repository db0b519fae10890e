#include "panels/run_session.h"

#include "experiment/live_experiment_backend.h"
#include "experiment/runner.h"

#include <QThread>

namespace tcptune {

RunSession::RunSession(HelperConnection &helper, QObject *parent)
    : QObject(parent)
    , m_helper(helper)
{
}

RunSession::~RunSession()
{
    if (m_thread) {
        cancel();
        m_thread->quit();
        m_thread->wait();
        delete m_thread;
    }
}

bool RunSession::start(const SweepPlan &plan)
{
    if (m_thread)
        return false;
    RunnerOptions options;
    options.storePath = m_storePath;
    auto *runner = new Runner(std::make_unique<LiveExperimentBackend>(m_helper), options);
    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("tcptune-runner"));
    runner->moveToThread(m_thread);
    {
        QMutexLocker lock(&m_runnerMutex);
        m_runner = runner;
    }

    connect(runner, &Runner::started, this, &RunSession::started);
    connect(runner, &Runner::runStarted, this, &RunSession::runStarted);
    connect(runner, &Runner::samplesReady, this, &RunSession::samplesReady);
    connect(runner, &Runner::progress, this, &RunSession::progress);
    connect(runner, &Runner::runFinished, this, &RunSession::runFinished);
    connect(runner, &Runner::pointUpdated, this, &RunSession::pointUpdated);
    connect(runner, &Runner::finished, this, &RunSession::finished);
    connect(runner, &Runner::failed, this, &RunSession::failed);
    connect(runner, &Runner::logged, this, &RunSession::logged);
    // The runner (and with it the backend, which restores what it changed) is destroyed on its
    // own thread before the thread ends.
    connect(m_thread, &QThread::finished, this, &RunSession::threadEnded);
    connect(m_thread, &QThread::started, runner, [this, runner, plan] {
        runner->run(plan);
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

void RunSession::cancel()
{
    QMutexLocker lock(&m_runnerMutex);
    if (m_runner)
        m_runner->cancel();
}

void RunSession::threadEnded()
{
    QThread *thread = m_thread;
    m_thread = nullptr;
    thread->wait();
    thread->deleteLater();
    Q_EMIT stopped();
}

} // namespace tcptune

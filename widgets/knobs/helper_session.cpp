#include "knobs/helper_session.h"

namespace tcptune {

HelperSession::HelperSession(QObject *parent)
    : QObject(parent)
    , m_worker(new QObject)
{
    m_thread.setObjectName(QStringLiteral("tcptune-helper-session"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
}

HelperSession::~HelperSession()
{
    // Close the helper on its own thread (it rolls back), then stop the thread.
    QMetaObject::invokeMethod(
        m_worker, [this] { m_client.reset(); }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void HelperSession::setStartOptions(const HelperStartOptions &options)
{
    const HelperStartOptions copy = options;
    QMetaObject::invokeMethod(
        m_worker, [this, copy] { m_options = copy; }, Qt::QueuedConnection);
}

void HelperSession::run(std::function<void(HelperClient &)> job, std::function<void(const QString &)> onFail)
{
    if (m_pending++ == 0)
        Q_EMIT busyChanged(true);
    QMetaObject::invokeMethod(
        m_worker,
        [this, job = std::move(job), onFail = std::move(onFail)] {
            if (m_client && !m_client->isRunning())
                m_client.reset(); // it died: start a new one, which also recovers its journal
            if (!m_client) {
                auto started = HelperClient::start(m_options);
                if (!started) {
                    const QString message = started.error().message;
                    QMetaObject::invokeMethod(this, [this, onFail, message] {
                        onFail(message);
                        finished();
                    });
                    return;
                }
                m_client = std::move(*started);
            }
            job(*m_client);
        },
        Qt::QueuedConnection);
}

void HelperSession::finished()
{
    if (--m_pending == 0)
        Q_EMIT busyChanged(false);
}

void HelperSession::set(const QString &key, const QString &value, const QString &netns)
{
    run(
        [this, key, value, netns](HelperClient &client) {
            auto change = client.set(key, value, netns);
            QMetaObject::invokeMethod(this, [this, key, netns, change] {
                if (change)
                    Q_EMIT changed(*change);
                else
                    Q_EMIT setFailed(key, netns, change.error().message);
                finished();
            });
        },
        [this, key, netns](const QString &message) { Q_EMIT setFailed(key, netns, message); });
}

void HelperSession::restoreAll()
{
    run(
        [this](HelperClient &client) {
            auto report = client.restore();
            QMetaObject::invokeMethod(this, [this, report] {
                if (report)
                    Q_EMIT restored(*report);
                else
                    Q_EMIT restoreFailed(report.error().message);
                finished();
            });
        },
        [this](const QString &message) { Q_EMIT restoreFailed(message); });
}

} // namespace tcptune

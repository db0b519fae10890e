#include "capture/capture_loader.h"

#include "capture/tcp_flow_analyzer.h"

#include <QPointer>
#include <QThread>

namespace tcptune {

CaptureLoader::CaptureLoader(QObject *parent)
    : QObject(parent)
{
}

CaptureLoader::~CaptureLoader()
{
    if (m_thread) {
        cancel();
        m_thread->wait();
        delete m_thread;
    }
}

bool CaptureLoader::load(const QString &path, double intervalS)
{
    if (m_thread)
        return false;
    auto cancel = std::make_shared<std::atomic_bool>(false);
    m_cancel = cancel;
    QPointer<CaptureLoader> self(this);
    m_thread = QThread::create([self, cancel, path, intervalS] {
        AnalysisOptions options;
        options.interval_s = intervalS;
        // The GUI keeps every RTT sample for its chart: a larger cap than the CLI's, still a cap.
        options.memory_limit_bytes = 512LL << 20;
        // Progress arrives often; the queued call drops it when the loader is gone.
        const auto report = [self](double fraction) {
            if (self)
                QMetaObject::invokeMethod(self, [self, fraction] {
                    if (self)
                        Q_EMIT self->progress(fraction);
                });
        };
        Result<CaptureAnalysis> result = analyzeCapture(path, options, report, cancel.get());
        QMetaObject::invokeMethod(self, [self, path, result = std::move(result)]() mutable {
            if (!self)
                return;
            if (result)
                Q_EMIT self->loaded(path, std::make_shared<const CaptureAnalysis>(std::move(*result)));
            else
                Q_EMIT self->loadFailed(path, result.error().message);
        });
    });
    m_thread->setObjectName(QStringLiteral("tcptune-capture"));
    connect(m_thread, &QThread::finished, this, [this] {
        m_thread->deleteLater();
        m_thread = nullptr;
        Q_EMIT idle();
    });
    m_thread->start();
    return true;
}

void CaptureLoader::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

} // namespace tcptune

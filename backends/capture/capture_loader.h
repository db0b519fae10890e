#pragma once
// Analyses one capture file on a worker thread (analyzeCapture streams the file, so a large
// one takes seconds): progress, cancel, and the result delivered by signal to the thread the
// loader lives in (the GUI's, in the workbench).

#include "capture/capture_analysis.h"

#include <QObject>

#include <atomic>
#include <memory>

class QThread;

namespace tcptune {

class CaptureLoader final : public QObject {
    Q_OBJECT
public:
    explicit CaptureLoader(QObject *parent = nullptr);
    ~CaptureLoader() override;

    // Starts analysing PATH; false while another file is being analysed.
    bool load(const QString &path, double intervalS = 0.1);
    void cancel();
    bool isBusy() const { return m_thread != nullptr; }

Q_SIGNALS:
    void progress(double fraction);
    void loaded(const QString &path, std::shared_ptr<const tcptune::CaptureAnalysis> analysis);
    void loadFailed(const QString &path, const QString &message);
    void idle();

private:
    QThread *m_thread = nullptr;
    std::shared_ptr<std::atomic_bool> m_cancel;
};

} // namespace tcptune

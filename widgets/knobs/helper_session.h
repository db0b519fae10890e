#pragma once
// The GUI's line to tcptune-helper: HelperClient's blocking calls run on a worker thread (the
// first one may wait for a pkexec password), results come back as signals on the GUI thread.
// The helper starts on first use; destroying the session closes it, which rolls back whatever
// is still changed.

#include "helper/helper_client.h"

#include <QObject>
#include <QThread>

#include <memory>

namespace tcptune {

class HelperSession final : public QObject {
    Q_OBJECT
public:
    explicit HelperSession(QObject *parent = nullptr);
    ~HelperSession() override;

    // Takes effect when the helper next starts (tests point it at the build tree).
    void setStartOptions(const HelperStartOptions &options);
    bool isBusy() const { return m_pending > 0; }

    void set(const QString &key, const QString &value, const QString &netns);
    // Rolls back every change this session made.
    void restoreAll();

Q_SIGNALS:
    void changed(const tcptune::KnobChange &change);
    void setFailed(const QString &key, const QString &netns, const QString &message);
    void restored(const tcptune::RestoreReport &report);
    void restoreFailed(const QString &message);
    void busyChanged(bool busy);

private:
    // Runs JOB on the worker with a started client, or reports the start failure to ON_FAIL.
    void run(std::function<void(HelperClient &)> job, std::function<void(const QString &)> onFail);
    void finished();

    QThread m_thread;
    QObject *m_worker;
    std::unique_ptr<HelperClient> m_client; // touched on the worker thread only
    HelperStartOptions m_options;
    int m_pending = 0;
};

} // namespace tcptune

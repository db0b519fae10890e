#pragma once
// How tcptune stops when it is asked to: SIGINT, SIGTERM and SIGHUP are caught by a handler that
// only writes the signal's number into a pipe (the self-pipe trick). Everything else happens
// outside signal context and in order: whoever watches the pipe ends the run, restores the knobs
// or lets the helper roll back. A poll() loop watches fd() itself (tcptune-helper); everyone else
// has a handler called on a watcher thread. SIGPIPE is ignored meanwhile: a peer that went away
// is an error to report, not a reason to die. One at a time per process; destroying it puts the
// previous dispositions back.

#include "common/error.h"

#include <QCoreApplication>

#include <functional>
#include <memory>
#include <thread>

namespace tcptune {

class TerminationSignals final {
    Q_DECLARE_TR_FUNCTIONS(TerminationSignals)
public:
    using Handler = std::function<void(int signal)>;

    // Catches the signals from now on; watch fd() and take() them.
    [[nodiscard]] static Result<std::unique_ptr<TerminationSignals>> install();
    // Catches the signals from now on and calls HANDLER for each, on a watcher thread of its own
    // (never in signal context): it must be thread-safe, e.g. post to an event loop or cancel.
    [[nodiscard]] static Result<std::unique_ptr<TerminationSignals>> install(Handler handler);
    ~TerminationSignals();
    TerminationSignals(const TerminationSignals &) = delete;
    TerminationSignals &operator=(const TerminationSignals &) = delete;

    // Readable once a signal has come.
    int fd() const { return m_readFd; }
    // The signal that came (consumed), 0 when none is waiting.
    int take();

private:
    explicit TerminationSignals(int readFd);
    void watch(Handler handler);

    int m_readFd;
    int m_stopFd = -1; // eventfd that ends the watcher thread, when there is one
    std::thread m_watcher;
};

} // namespace tcptune

#pragma once
// The one way tcptune starts other programs (Boost.Process underneath): ip and tc for the lab,
// tcptune-helper (directly, through pkexec or sudo), `tc qdisc show` for reports, the command of
// `tcptune knobs set ... -- CMD`. Always a program and its arguments, never a shell line.
// Whatever tcptune itself ignores or blocks (SIGPIPE, termination signals), every child starts
// with default signal dispositions and an empty signal mask, as a program expects; tcptune opens
// its own descriptors close-on-exec, so a child holds none but the ones it is given.

#include "common/error.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace tcptune::process {

struct Options {
    // The child's whole environment ("NAME=value" each); empty: a copy of ours.
    QStringList environment;
    // A process group of its own: a Ctrl-C in our terminal then does not reach it.
    bool ownProcessGroup = false;
    // It gets SIGTERM when the thread that started it ends (PR_SET_PDEATHSIG): start it from the
    // main thread so that this means "when tcptune dies".
    bool dieWithParent = false;
    // PipedProcess only: its stderr is a pipe to us too (stderrFd()), e.g. to explain why ssh
    // failed in one line instead of letting its messages through.
    bool captureStderr = false;
};

// NAME's path in $PATH (NAME itself when it contains a '/'); empty when there is none.
QString findInPath(const QString &name);
// The first of DIRS that holds an executable NAME; empty when none does. For system tools a
// user's PATH may lack (/usr/sbin).
QString findIn(const QString &name, const QStringList &dirs);

struct Output {
    int exitCode = -1; // when it exited
    int signal = 0;    // the signal that ended it; 0 when it exited
    QByteArray standardOutput;
    QByteArray standardError;
    bool succeeded() const { return signal == 0 && exitCode == 0; }
};

// Runs PROGRAM with ARGUMENTS, stdin from /dev/null, and collects stdout and stderr. An error
// when it cannot start or has not ended after TIMEOUT_MS (it is killed then).
[[nodiscard]] Result<Output> run(const QString &program, const QStringList &arguments, int timeoutMs,
                                 const Options &options = {});

// Runs PROGRAM in the foreground of our terminal (stdin, stdout and stderr shared) until it
// ends. Like system(3), tcptune ignores SIGINT and SIGQUIT meanwhile: the terminal sends them to
// the child too, and tcptune must live on to clean up after it. Returns the status as a shell
// reports it: the exit code, or 128 + the signal that ended it. Its error, when it cannot start,
// carries in EXIT_CODE_OUT the status a shell gives then (127: not found, 126: not runnable).
[[nodiscard]] Result<int> runInForeground(const QString &program, const QStringList &arguments,
                                          const Options &options = {}, int *exitCodeOut = nullptr);

// A child whose stdin and stdout are one Unix stream socket to us (its stderr is ours): a peer
// that speaks a line protocol, such as tcptune-helper, and may pass descriptors (SCM_RIGHTS).
// Destroying it closes the socket, waits a little for the child to end, then kills it.
class PipedProcess final {
public:
    [[nodiscard]] static Result<std::unique_ptr<PipedProcess>>
    start(const QString &program, const QStringList &arguments, const Options &options = {});
    ~PipedProcess();
    PipedProcess(const PipedProcess &) = delete;
    PipedProcess &operator=(const PipedProcess &) = delete;

    // Our end of the socket (non-blocking): for writing to its stdin (-1 once closeStdin()) and
    // reading its stdout (-1 once closeStdout()). Both are the same descriptor.
    int stdinFd() const;
    int stdoutFd() const;
    // The read end of its stderr with Options::captureStderr, else -1.
    int stderrFd() const;
    // Shuts our sending side: the child reads EOF, and can still answer.
    void closeStdin();
    // Closes the socket.
    void closeStdout();
    // Waits up to TIMEOUT_MS for it to end; its status (as runInForeground's), nullopt while it runs.
    std::optional<int> waitForExit(int timeoutMs);
    void kill();

    struct Impl;

private:
    explicit PipedProcess(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> d;
};

} // namespace tcptune::process

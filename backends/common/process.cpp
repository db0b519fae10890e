#include "common/process.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>

#include <boost/process.hpp>
#include <boost/process/extend.hpp>
#include <boost/process/posix.hpp>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace bp = boost::process;

namespace tcptune::process {
namespace {

// Process::tr(): lupdate files this file's text under the context that tr() looks it up in.
class Process final {
    Q_DECLARE_TR_FUNCTIONS(Process)
};

using Clock = std::chrono::steady_clock;

int msLeft(Clock::time_point deadline)
{
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return int(std::max<long long>(0, left));
}

QString errnoText(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

// Between fork and exec, so only async-signal-safe calls: default dispositions for every signal
// (an ignored one would stay ignored across exec), nothing blocked, and the options' extras.
void prepareChild(const Options &options, pid_t parent)
{
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    for (int s = 1; s < NSIG; ++s) {
        if (s != SIGKILL && s != SIGSTOP)
            ::sigaction(s, &dfl, nullptr);
    }
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    if (options.ownProcessGroup)
        ::setpgid(0, 0);
    if (options.dieWithParent) {
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (::getppid() != parent) // the parent died before prctl took effect
            ::_exit(128 + SIGTERM);
    }
}

// An agent's token stays with the process that holds it: no child (ssh, a helper, a tool) ever
// inherits TCPTUNE_TOKEN.
bp::environment environmentFor(const Options &options)
{
    bp::environment env;
    if (options.environment.isEmpty()) {
        env = bp::environment(boost::this_process::environment());
    } else {
        env.clear();
        for (const QString &entry : options.environment) {
            const qsizetype eq = entry.indexOf(QLatin1Char('='));
            if (eq > 0)
                env[entry.left(eq).toStdString()] = entry.mid(eq + 1).toStdString();
        }
    }
    if (env.find("TCPTUNE_TOKEN") != env.end())
        env.erase("TCPTUNE_TOKEN");
    return env;
}

std::vector<std::string> argumentsFor(const QStringList &arguments)
{
    std::vector<std::string> out;
    out.reserve(size_t(arguments.size()));
    for (const QString &a : arguments)
        out.push_back(a.toLocal8Bit().toStdString());
    return out;
}

// Starts PROGRAM with the redirections IO; the one place a bp::child is made.
template <typename... Io>
[[nodiscard]] Result<bp::child> spawn(const QString &program, const QStringList &arguments, const Options &options,
                                      std::error_code *execError, Io &&...io)
{
    const std::string exe = QFile::encodeName(program).toStdString();
    const pid_t parent = ::getpid();
    pid_t failedChild = -1; // forked, then exec failed: Boost 1.74 forgets to reap it
    std::error_code ec;
    try {
        bp::child child(
            bp::exe = exe, bp::args = argumentsFor(arguments), environmentFor(options), std::forward<Io>(io)...,
            bp::extend::on_exec_setup = [&options, parent](auto &) { prepareChild(options, parent); },
            bp::extend::on_error = [&failedChild](auto &exec, const std::error_code &) { failedChild = exec.pid; }, ec);
        if (!ec)
            return child;
    } catch (const std::exception &e) {
        return fail(Process::tr("Cannot start %1: %2").arg(program, QString::fromLocal8Bit(e.what())));
    }
    if (failedChild > 0) {
        while (::waitpid(failedChild, nullptr, 0) < 0 && errno == EINTR) {
        }
    }
    if (execError)
        *execError = ec;
    return fail(Process::tr("Cannot start %1: %2").arg(program, QString::fromLocal8Bit(ec.message().c_str())));
}

// The status as a shell reports it, from waitpid's STATUS.
int shellStatus(int status)
{
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return 1;
}

// A descriptor that becomes readable when PID ends (pidfd); -1 where the kernel has none.
int exitDescriptor(pid_t pid)
{
    return int(::syscall(SYS_pidfd_open, pid, 0));
}

// Waits for CHILD until DEADLINE; true once it has ended (and is reaped).
bool waitUntil(bp::child &child, Clock::time_point deadline)
{
    std::error_code ec;
    const int fd = exitDescriptor(child.id());
    while (child.running(ec) && !ec) {
        const int left = msLeft(deadline);
        if (left <= 0)
            break;
        if (fd >= 0) {
            pollfd pfd{fd, POLLIN, 0};
            ::poll(&pfd, 1, left);
        } else {
            ::usleep(useconds_t(std::min(left, 10)) * 1000); // no pidfd: look again shortly
        }
    }
    if (fd >= 0)
        ::close(fd);
    return !child.running(ec);
}

// SIGKILL, then reaps it (Boost 1.74's terminate() reaps with WNOHANG and can leave a zombie).
void killAndReap(bp::child &child)
{
    std::error_code ec;
    if (!child.valid() || !child.running(ec))
        return;
    ::kill(child.id(), SIGKILL);
    int status = 0;
    while (::waitpid(child.id(), &status, 0) < 0 && errno == EINTR) {
    }
    child.detach(); // reaped here: Boost must not wait for it again
}

// Reads whatever FD has into OUT; false at end of file or error.
bool drain(int fd, QByteArray &out)
{
    char chunk[8192];
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n > 0)
        out.append(chunk, n);
    return n > 0 || (n < 0 && (errno == EINTR || errno == EAGAIN));
}

// Collects stdout and stderr of CHILD until both close or DEADLINE passes; false on timeout.
bool collect(int outFd, int errFd, Output &output, Clock::time_point deadline)
{
    bool outOpen = true;
    bool errOpen = true;
    while (outOpen || errOpen) {
        const int left = msLeft(deadline);
        if (left <= 0)
            return false;
        pollfd fds[2] = {{outOpen ? outFd : -1, POLLIN, 0}, {errOpen ? errFd : -1, POLLIN, 0}};
        if (::poll(fds, 2, left) < 0 && errno != EINTR)
            return false;
        if (outOpen && (fds[0].revents & (POLLIN | POLLHUP | POLLERR)))
            outOpen = drain(outFd, output.standardOutput);
        if (errOpen && (fds[1].revents & (POLLIN | POLLHUP | POLLERR)))
            errOpen = drain(errFd, output.standardError);
    }
    return true;
}

void closeFd(int &fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

// A pipe whose ends are close-on-exec from the start, so no child started meanwhile by another
// thread inherits them; Boost gives the child its end as stdin/stdout/stderr (dup2 clears the
// flag there) and closes that end here once the child has started.
[[nodiscard]] Result<bp::pipe> cloexecPipe(const QString &program)
{
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return fail(Process::tr("Cannot create a pipe for %1: %2").arg(program, errnoText(errno)));
    return bp::pipe(fds[0], fds[1]);
}

} // namespace

QString findInPath(const QString &name)
{
    if (name.contains(QLatin1Char('/')))
        return name;
    const boost::filesystem::path found = bp::search_path(QFile::encodeName(name).toStdString());
    return found.empty() ? QString() : QFile::decodeName(QByteArray::fromStdString(found.string()));
}

QString findIn(const QString &name, const QStringList &dirs)
{
    for (const QString &dir : dirs) {
        const QFileInfo info(dir + QLatin1Char('/') + name);
        if (info.isFile() && info.isExecutable())
            return info.filePath();
    }
    return {};
}

Result<Output> run(const QString &program, const QStringList &arguments, int timeoutMs, const Options &options)
{
    auto out = cloexecPipe(program);
    auto err = cloexecPipe(program);
    if (!out || !err)
        return std::unexpected(out ? err.error() : out.error());
    auto child =
        spawn(program, arguments, options, nullptr, bp::std_in<bp::null, bp::std_out> * out, bp::std_err > *err);
    if (!child)
        return std::unexpected(child.error());
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
    Output output;
    const bool complete = collect(out->native_source(), err->native_source(), output, deadline);
    if (!complete || !waitUntil(*child, deadline)) {
        killAndReap(*child);
        return fail(Process::tr("%1 did not finish within %2 s and was stopped.").arg(program).arg(timeoutMs / 1000.0));
    }
    const int status = child->native_exit_code();
    output.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    output.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return output;
}

Result<int> runInForeground(const QString &program, const QStringList &arguments, const Options &options,
                            int *exitCodeOut)
{
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    struct sigaction oldInt {};
    struct sigaction oldQuit {};
    ::sigaction(SIGINT, &ignore, &oldInt);
    ::sigaction(SIGQUIT, &ignore, &oldQuit);
    const auto restoreSignals = qScopeGuard([&] {
        ::sigaction(SIGINT, &oldInt, nullptr);
        ::sigaction(SIGQUIT, &oldQuit, nullptr);
    });

    const QString path = findInPath(program);
    if (path.isEmpty()) {
        if (exitCodeOut)
            *exitCodeOut = 127;
        return fail(Process::tr("Cannot run %1: it is not in PATH.").arg(program));
    }
    std::error_code execError;
    auto child = spawn(path, arguments, options, &execError);
    if (!child) {
        if (exitCodeOut)
            *exitCodeOut = execError.value() == ENOENT ? 127 : 126;
        return std::unexpected(child.error());
    }
    std::error_code ec;
    child->wait(ec);
    if (ec)
        return fail(Process::tr("Lost track of %1: %2").arg(program, QString::fromLocal8Bit(ec.message().c_str())));
    return shellStatus(child->native_exit_code());
}

struct PipedProcess::Impl {
    bp::child child;
    int channel = -1;      // our end of the socket that is the child's stdin and stdout
    bool stdinOpen = true; // until closeStdin() shuts our sending side
    int errFromChild = -1; // the read end of its stderr with Options::captureStderr
    bool killed = false;
};

PipedProcess::PipedProcess(std::unique_ptr<Impl> impl)
    : d(std::move(impl))
{
}

Result<std::unique_ptr<PipedProcess>> PipedProcess::start(const QString &program, const QStringList &arguments,
                                                          const Options &options)
{
    // One Unix stream socket for both directions: unlike a pipe it can carry descriptors
    // (SCM_RIGHTS), which is how tcptune-helper hands over sockets made inside a lab namespace.
    // Both ends close-on-exec from the start; dup2 clears the flag on the child's 0 and 1.
    int ends[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0)
        return fail(Process::tr("Cannot create a socket pair for %1: %2").arg(program, errnoText(errno)));
    const int childEnd = ends[1];
    // Without captureStderr the child's stderr stays ours (dup2 of 2 onto 2 changes nothing).
    auto stderrPipe = options.captureStderr ? cloexecPipe(program) : Result<bp::pipe>(bp::pipe(-1, -1));
    if (!stderrPipe) {
        ::close(ends[0]);
        ::close(childEnd);
        return std::unexpected(stderrPipe.error());
    }
    const int childErr = options.captureStderr ? stderrPipe->native_sink() : STDERR_FILENO;
    auto child = spawn(program, arguments, options, nullptr, bp::posix::fd.bind(STDIN_FILENO, childEnd),
                       bp::posix::fd.bind(STDOUT_FILENO, childEnd), bp::posix::fd.bind(STDERR_FILENO, childErr));
    ::close(childEnd);
    if (!child) {
        ::close(ends[0]);
        return std::unexpected(child.error());
    }
    auto impl = std::make_unique<Impl>();
    impl->child = std::move(*child);
    impl->channel = ends[0];
    if (options.captureStderr) {
        impl->errFromChild = stderrPipe->native_source();
        stderrPipe->assign_source(-1); // ours now; the pipe object closes only the child's end
    }
    ::fcntl(impl->channel, F_SETFL, ::fcntl(impl->channel, F_GETFL) | O_NONBLOCK);
    return std::unique_ptr<PipedProcess>(new PipedProcess(std::move(impl)));
}

PipedProcess::~PipedProcess()
{
    closeStdin();
    closeStdout();
    closeFd(d->errFromChild);
    if (!waitForExit(5000))
        kill();
}

int PipedProcess::stdinFd() const
{
    return d->stdinOpen ? d->channel : -1;
}

int PipedProcess::stdoutFd() const
{
    return d->channel;
}

int PipedProcess::stderrFd() const
{
    return d->errFromChild;
}

void PipedProcess::closeStdin()
{
    // The child reads EOF; its replies may still come.
    if (d->stdinOpen && d->channel >= 0)
        ::shutdown(d->channel, SHUT_WR);
    d->stdinOpen = false;
}

void PipedProcess::closeStdout()
{
    d->stdinOpen = false;
    closeFd(d->channel);
}

std::optional<int> PipedProcess::waitForExit(int timeoutMs)
{
    if (d->killed)
        return 128 + SIGKILL;
    if (!d->child.valid())
        return std::nullopt;
    if (!waitUntil(d->child, Clock::now() + std::chrono::milliseconds(timeoutMs)))
        return std::nullopt;
    return shellStatus(d->child.native_exit_code());
}

void PipedProcess::kill()
{
    std::error_code ec;
    if (d->killed || !d->child.valid() || !d->child.running(ec))
        return;
    killAndReap(d->child);
    d->killed = true;
}

} // namespace tcptune::process

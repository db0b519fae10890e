#include "common/termination_signals.h"

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

namespace tcptune {
namespace {

constexpr std::array kCaught = {SIGINT, SIGTERM, SIGHUP};

// The pipe's write end while an instance exists: all the handler touches.
std::atomic<int> g_writeFd{-1};
struct sigaction g_previous[std::size(kCaught) + 1]; // + SIGPIPE

extern "C" void onTerminationSignal(int signal)
{
    const int savedErrno = errno;
    const unsigned char number = static_cast<unsigned char>(signal);
    // Non-blocking: when the pipe is full, stopping is already requested often enough.
    [[maybe_unused]] const ssize_t n = ::write(g_writeFd.load(), &number, 1);
    errno = savedErrno;
}

void setDispositions()
{
    struct sigaction caught {};
    caught.sa_handler = onTerminationSignal;
    sigemptyset(&caught.sa_mask);
    caught.sa_flags = SA_RESTART;
    for (size_t i = 0; i < kCaught.size(); ++i)
        ::sigaction(kCaught[i], &caught, &g_previous[i]);
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &ignore, &g_previous[kCaught.size()]);
}

void restoreDispositions()
{
    for (size_t i = 0; i < kCaught.size(); ++i)
        ::sigaction(kCaught[i], &g_previous[i], nullptr);
    ::sigaction(SIGPIPE, &g_previous[kCaught.size()], nullptr);
}

} // namespace

TerminationSignals::TerminationSignals(int readFd)
    : m_readFd(readFd)
{
}

Result<std::unique_ptr<TerminationSignals>> TerminationSignals::install()
{
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0)
        return fail(TerminationSignals::tr("Cannot watch for Ctrl-C and SIGTERM: %1")
                        .arg(QString::fromLocal8Bit(std::strerror(errno))));
    int expected = -1;
    if (!g_writeFd.compare_exchange_strong(expected, fds[1])) {
        ::close(fds[0]);
        ::close(fds[1]);
        return fail(TerminationSignals::tr("Termination signals are already being watched in this process."));
    }
    setDispositions();
    return std::unique_ptr<TerminationSignals>(new TerminationSignals(fds[0]));
}

Result<std::unique_ptr<TerminationSignals>> TerminationSignals::install(Handler handler)
{
    const int stopFd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (stopFd < 0)
        return fail(TerminationSignals::tr("Cannot watch for Ctrl-C and SIGTERM: %1")
                        .arg(QString::fromLocal8Bit(std::strerror(errno))));
    auto installed = install();
    if (!installed) {
        ::close(stopFd);
        return installed;
    }
    TerminationSignals *self = installed->get();
    self->m_stopFd = stopFd;
    self->m_watcher = std::thread([self, handler = std::move(handler)] { self->watch(handler); });
    return installed;
}

TerminationSignals::~TerminationSignals()
{
    restoreDispositions();
    const int writeFd = g_writeFd.exchange(-1);
    if (m_watcher.joinable()) {
        const uint64_t one = 1;
        [[maybe_unused]] const ssize_t n = ::write(m_stopFd, &one, sizeof one);
        m_watcher.join();
    }
    for (int fd : {m_readFd, writeFd, m_stopFd})
        if (fd >= 0)
            ::close(fd);
}

int TerminationSignals::take()
{
    unsigned char number = 0;
    return ::read(m_readFd, &number, 1) == 1 ? int(number) : 0;
}

void TerminationSignals::watch(Handler handler)
{
    for (;;) {
        pollfd fds[2] = {{m_readFd, POLLIN, 0}, {m_stopFd, POLLIN, 0}};
        if (::poll(fds, 2, -1) < 0 && errno != EINTR)
            return;
        if (fds[1].revents & POLLIN)
            return;
        if (fds[0].revents & POLLIN) {
            while (const int signal = take())
                handler(signal);
        }
    }
}

} // namespace tcptune

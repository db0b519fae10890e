#include "traffic/pipe_bridge.h"

#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace tcptune {
namespace {

constexpr std::size_t kChunk = 64 * 1024;

// Writes all of DATA to FD, waiting while it is full; false once FD is gone or WAKE is readable.
bool writeAll(int fd, const char *data, std::size_t size, int wake, bool isSocket)
{
    while (size > 0) {
        const ssize_t n = isSocket ? ::send(fd, data, size, MSG_NOSIGNAL) : ::write(fd, data, size);
        if (n > 0) {
            data += n;
            size -= std::size_t(n);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            pollfd p[2] = {{fd, POLLOUT, 0}, {wake, POLLIN, 0}};
            ::poll(p, 2, -1);
            if (p[1].revents != 0)
                return false;
            continue;
        }
        return false;
    }
    return true;
}

// Copies FROM to TO until FROM ends, either side fails, or WAKE becomes readable.
void copy(int from, int to, int wake, bool toSocket)
{
    std::vector<char> buffer(kChunk);
    for (;;) {
        pollfd p[2] = {{from, POLLIN, 0}, {wake, POLLIN, 0}};
        if (::poll(p, 2, -1) < 0 && errno != EINTR)
            return;
        if (p[1].revents != 0)
            return;
        if (p[0].revents == 0)
            continue;
        const ssize_t n = ::read(from, buffer.data(), buffer.size());
        if (n == 0)
            return;
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)
                continue;
            return;
        }
        if (!writeAll(to, buffer.data(), std::size_t(n), wake, toSocket))
            return;
    }
}

} // namespace

Result<std::unique_ptr<PipeBridge>> PipeBridge::start(int readFd, int writeFd)
{
    std::unique_ptr<PipeBridge> b(new PipeBridge);
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
        return fail(tr("Cannot create a socket pair for the control channel: %1.").arg(sock::errnoText(errno)));
    b->m_ours = sock::Fd(pair[0]);
    b->m_theirs = sock::Fd(pair[1]);
    if (::pipe2(b->m_wakeFds, O_CLOEXEC) != 0)
        return fail(tr("Cannot create a pipe for the control channel: %1.").arg(sock::errnoText(errno)));
    b->m_readFd = readFd;
    // A copy of its own, closed when the socket side ends (the caller's stays open).
    b->m_writeFd = ::fcntl(writeFd, F_DUPFD_CLOEXEC, 3);
    if (b->m_writeFd < 0)
        return fail(tr("Cannot use the control channel's output: %1.").arg(sock::errnoText(errno)));
    // Non-blocking writes: a full pipe must not hide the wake-up.
    for (int fd : {b->m_theirs.get(), b->m_writeFd})
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    PipeBridge *raw = b.get();
    b->m_in = std::thread([raw] { raw->copyIn(); });
    b->m_out = std::thread([raw] { raw->copyOut(); });
    return b;
}

void PipeBridge::copyIn()
{
    copy(m_readFd, m_theirs.get(), m_wakeFds[0], true);
    ::shutdown(m_theirs.get(), SHUT_WR); // the reader of socket() sees the end of the pipe
}

void PipeBridge::copyOut()
{
    copy(m_theirs.get(), m_writeFd, m_wakeFds[0], false);
    ::close(m_writeFd); // with the caller's copy closed too, the far end sees the end
    m_writeFd = -1;
}

PipeBridge::~PipeBridge()
{
    if (m_wakeFds[1] >= 0) {
        const char c = 'x';
        [[maybe_unused]] const ssize_t n = ::write(m_wakeFds[1], &c, 1);
    }
    if (m_in.joinable())
        m_in.join();
    if (m_out.joinable())
        m_out.join();
    for (int fd : m_wakeFds)
        if (fd >= 0)
            ::close(fd);
}

} // namespace tcptune

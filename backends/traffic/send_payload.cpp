#include "traffic/send_payload.h"

#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <linux/errqueue.h>
#include <netinet/in.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tcptune {
namespace {

constexpr char kFill = 't';

} // namespace

Result<std::unique_ptr<SendPayload>> SendPayload::create(const TrafficSpec &spec)
{
    std::unique_ptr<SendPayload> payload(new SendPayload);
    payload->m_method = spec.send;
    payload->m_writeSize = std::size_t(spec.writeSize);
    if (spec.send != SendMethod::Sendfile) {
        payload->m_buffer.assign(payload->m_writeSize, kFill);
        return payload;
    }
    auto opened = spec.sendfileFile.isEmpty() ? payload->fillMemfd() : payload->openFile(spec.sendfileFile);
    if (!opened)
        return std::unexpected(opened.error());
    return payload;
}

Result<void> SendPayload::fillMemfd()
{
    m_file = sock::Fd(::memfd_create("tcptune-payload", MFD_CLOEXEC));
    if (!m_file.valid())
        return fail(tr("Cannot create the in-memory file to send from: %1. Use the copy send method, or give a "
                       "file to send from.")
                        .arg(sock::errnoText(errno)));
    const std::vector<char> chunk(std::min<std::size_t>(m_writeSize, 1 << 20), kFill);
    std::size_t written = 0;
    while (written < m_writeSize) {
        const ssize_t n = ::write(m_file.get(), chunk.data(), std::min(chunk.size(), m_writeSize - written));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return fail(tr("Cannot fill the in-memory file to send from: %1.").arg(sock::errnoText(errno)));
        written += std::size_t(n);
    }
    m_fileSize = off_t(m_writeSize);
    return {};
}

Result<void> SendPayload::openFile(const QString &path)
{
    m_file = sock::Fd(::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC));
    if (!m_file.valid())
        return fail(tr("Cannot open %1 to send from: %2. Check the path and its permissions.")
                        .arg(path, sock::errnoText(errno)));
    struct stat st {};
    if (::fstat(m_file.get(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0)
        return fail(tr("%1 is not a regular file with data in it; sendfile needs one to send from.").arg(path));
    m_fileSize = st.st_size;
    return {};
}

Result<void> SendPayload::prepareSocket(int fd) const
{
    if (m_method != SendMethod::Zerocopy)
        return {};
    const int one = 1;
    if (::setsockopt(fd, SOL_SOCKET, SO_ZEROCOPY, &one, sizeof one) != 0)
        return fail(tr("This kernel refuses SO_ZEROCOPY (%1); MSG_ZEROCOPY needs Linux 4.14 or later. Use the copy "
                       "or sendfile send method.")
                        .arg(sock::errnoText(errno)));
    return {};
}

ssize_t SendPayload::sendOnce(int fd, off_t &offset, SendCounters &counters) const
{
    ssize_t n = -1;
    switch (m_method) {
    case SendMethod::Copy: n = ::send(fd, m_buffer.data(), m_buffer.size(), MSG_NOSIGNAL | MSG_DONTWAIT); break;
    case SendMethod::Zerocopy:
        n = ::send(fd, m_buffer.data(), m_buffer.size(), MSG_NOSIGNAL | MSG_DONTWAIT | MSG_ZEROCOPY);
        if (n > 0)
            ++counters.zerocopySends; // each accepted call gets one completion id
        break;
    case SendMethod::Sendfile: {
        if (offset >= m_fileSize)
            offset = 0;
        const auto count = std::size_t(std::min<off_t>(off_t(m_writeSize), m_fileSize - offset));
        n = ::sendfile(fd, m_file.get(), &offset, count);
        break;
    }
    }
    if (n > 0)
        ++counters.calls;
    return n;
}

Result<void> readZerocopyCompletions(int fd, SendCounters &counters)
{
    for (;;) {
        alignas(cmsghdr) char control[256];
        msghdr msg{};
        msg.msg_control = control;
        msg.msg_controllen = sizeof control;
        if (::recvmsg(fd, &msg, MSG_ERRQUEUE | MSG_DONTWAIT) < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return {};
            return fail(sock::errnoText(errno));
        }
        for (cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
            const bool v4 = c->cmsg_level == SOL_IP && c->cmsg_type == IP_RECVERR;
            const bool v6 = c->cmsg_level == SOL_IPV6 && c->cmsg_type == IPV6_RECVERR;
            if (!v4 && !v6)
                continue;
            sock_extended_err e{};
            std::memcpy(&e, CMSG_DATA(c), sizeof e);
            if (e.ee_origin != SO_EE_ORIGIN_ZEROCOPY)
                return fail(sock::errnoText(int(e.ee_errno)));
            // One notification covers the completion ids ee_info .. ee_data (32-bit, wrapping).
            const std::int64_t n = std::int64_t(std::uint32_t(e.ee_data - e.ee_info)) + 1;
            counters.zerocopyCompleted += n;
            if (e.ee_code & SO_EE_CODE_ZEROCOPY_COPIED)
                counters.zerocopyCopied += n;
        }
    }
}

} // namespace tcptune

#include "common/descriptor_passing.h"

#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <unistd.h>

namespace tcptune::descriptors {

ssize_t send(int socket, const char *data, size_t size, const QList<int> &fds)
{
    if (fds.isEmpty()) {
        const ssize_t n = ::send(socket, data, size, MSG_NOSIGNAL);
        // A pipe (the helper started by hand, or sudo relaying its output) is no socket.
        return n < 0 && errno == ENOTSOCK ? ::write(socket, data, size) : n;
    }
    if (fds.size() > kMaxPerMessage || size == 0) {
        errno = EINVAL;
        return -1;
    }
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxPerMessage)] = {};
    iovec iov{const_cast<char *>(data), size};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = CMSG_SPACE(sizeof(int) * size_t(fds.size()));
    cmsghdr *header = CMSG_FIRSTHDR(&msg);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int) * size_t(fds.size()));
    std::memcpy(CMSG_DATA(header), fds.constData(), sizeof(int) * size_t(fds.size()));
    return ::sendmsg(socket, &msg, MSG_NOSIGNAL);
}

ssize_t receive(int socket, char *data, size_t size, QList<int> &fds)
{
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxPerMessage)] = {};
    iovec iov{data, size};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    const ssize_t n = ::recvmsg(socket, &msg, MSG_CMSG_CLOEXEC);
    if (n < 0 && errno == ENOTSOCK)
        return ::read(socket, data, size);
    for (cmsghdr *h = CMSG_FIRSTHDR(&msg); h; h = CMSG_NXTHDR(&msg, h)) {
        if (h->cmsg_level != SOL_SOCKET || h->cmsg_type != SCM_RIGHTS)
            continue;
        const size_t count = (h->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < count; ++i) {
            int fd = -1;
            std::memcpy(&fd, CMSG_DATA(h) + i * sizeof(int), sizeof fd);
            fds.append(fd);
        }
    }
    // Descriptors cut off for want of room are closed by the kernel; the count check of the
    // message they belonged to then fails, which is what should happen.
    return n;
}

void closeAll(QList<int> &fds)
{
    for (int fd : fds)
        ::close(fd);
    fds.clear();
}

} // namespace tcptune::descriptors

#include "loopback_client.h"

#include <QByteArray>
#include <QJsonDocument>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace tcptune::test {

namespace {

// A socket of TYPE bound to SOURCE and connected to 127.0.0.1:PORT; -1 on failure.
int boundAndConnected(int type, std::uint16_t port, const char *source)
{
    const int fd = ::socket(AF_INET, type | SOCK_CLOEXEC, 0);
    sockaddr_in local{};
    local.sin_family = AF_INET;
    ::inet_pton(AF_INET, source, &local.sin_addr);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr *>(&local), sizeof local) == 0 &&
        ::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0)
        return fd;
    if (fd >= 0)
        ::close(fd);
    return -1;
}

} // namespace

int listenLoopback(int flags)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | flags, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0 && ::listen(fd, 16) == 0)
        return fd;
    if (fd >= 0)
        ::close(fd);
    return -1;
}

int connectLoopback(std::uint16_t port, const char *source)
{
    const int fd = boundAndConnected(SOCK_STREAM, port, source);
    if (fd < 0)
        return -1;
    timeval tv{15, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    return fd;
}

int udpSocketTo(std::uint16_t port, const char *source)
{
    return boundAndConnected(SOCK_DGRAM, port, source);
}

QJsonObject readJsonLine(int fd, int timeoutMs)
{
    QByteArray line;
    char c = 0;
    while (!line.endsWith('\n')) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, timeoutMs) <= 0 || ::recv(fd, &c, 1, 0) != 1)
            return {};
        line.append(c);
    }
    return QJsonDocument::fromJson(line).object();
}

} // namespace tcptune::test

#include "lab_probe.h"

#include "common/netns.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace tcptune::test {

TcpProbe probeTcp(const QString &clientNetns, const QString &serverNetns, const QString &serverAddress, quint16 port)
{
    TcpProbe probe;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    if (::inet_pton(AF_INET, serverAddress.toLatin1().constData(), &addr.sin_addr) != 1) {
        probe.error = QStringLiteral("bad address");
        return probe;
    }

    int listener = -1;
    auto listening = netns::runIn(serverNetns, [&] {
        listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        const int one = 1;
        ::setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (::bind(listener, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 || ::listen(listener, 4) != 0) {
            probe.error = QStringLiteral("listen: %1").arg(QString::fromLocal8Bit(std::strerror(errno)));
            ::close(listener);
            listener = -1;
        }
    });
    if (!listening || listener < 0) {
        if (!listening)
            probe.error = listening.error().message;
        return probe;
    }

    int client = -1;
    auto connecting = netns::runIn(clientNetns, [&] {
        client = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        if (::connect(client, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 && errno != EINPROGRESS)
            probe.error = QStringLiteral("connect: %1").arg(QString::fromLocal8Bit(std::strerror(errno)));
    });
    if (!connecting)
        probe.error = connecting.error().message;
    if (probe.error.isEmpty()) {
        pollfd pfd{client, POLLOUT, 0};
        int soError = 0;
        socklen_t len = sizeof soError;
        if (::poll(&pfd, 1, 2000) == 1 && ::getsockopt(client, SOL_SOCKET, SO_ERROR, &soError, &len) == 0 &&
            soError == 0) {
            probe.connected = true;
            const char data[] = "probe";
            (void)::send(client, data, sizeof data, MSG_NOSIGNAL);
            tcp_info info{};
            socklen_t infoLen = sizeof info;
            if (::getsockopt(client, IPPROTO_TCP, TCP_INFO, &info, &infoLen) == 0)
                probe.sendMss = int(info.tcpi_snd_mss);
        } else {
            probe.error =
                QStringLiteral("no connection within 2 s (%1)").arg(QString::fromLocal8Bit(std::strerror(soError)));
        }
    }
    if (client >= 0)
        ::close(client);
    ::close(listener);
    return probe;
}

} // namespace tcptune::test

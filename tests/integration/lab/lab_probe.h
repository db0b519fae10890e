#pragma once
// Test-side probes of a lab without extra tools: a TCP connection from one lab namespace to
// another, reporting the connection's MSS from TCP_INFO (so it also shows the path's MTU).

#include <QString>

namespace tcptune::test {

struct TcpProbe {
    bool connected = false;
    int sendMss = 0; // tcpi_snd_mss of the client's socket
    QString error;
};

// Listens on SERVER_ADDRESS:PORT inside SERVER_NETNS, connects from CLIENT_NETNS (2 s timeout),
// sends a few bytes and reads the client's TCP_INFO.
TcpProbe probeTcp(const QString &clientNetns, const QString &serverNetns, const QString &serverAddress, quint16 port);

} // namespace tcptune::test

#pragma once
// A crafted client for the agent's tests: a plain loopback TCP connection (or UDP socket) from a
// chosen source address (127.x.y.z, so per-address limits can be exercised), one JSON line read
// back, and a loopback listener for tests that accept connections themselves.

#include <QJsonObject>

#include <cstdint>

namespace tcptune::test {

// A TCP socket listening on 127.0.0.1 at a free port (sock::localPort says which), with socket
// FLAGS (SOCK_NONBLOCK) besides SOCK_CLOEXEC; -1 on failure.
int listenLoopback(int flags = 0);
// Connected to 127.0.0.1:PORT from SOURCE, with a 15 s receive timeout; -1 on failure.
int connectLoopback(std::uint16_t port, const char *source = "127.0.0.1");
// A UDP socket bound to SOURCE and connected to 127.0.0.1:PORT; -1 on failure.
int udpSocketTo(std::uint16_t port, const char *source = "127.0.0.1");
// One '\n'-terminated JSON line from FD within TIMEOUT_MS; an empty object on EOF or timeout.
QJsonObject readJsonLine(int fd, int timeoutMs = 10000);

} // namespace tcptune::test

#pragma once
// A crafted client for the agent's tests: a plain loopback TCP connection (or UDP socket) from a
// chosen source address (127.x.y.z, so per-address limits can be exercised), and one JSON line
// read back.

#include <QJsonObject>

#include <cstdint>

namespace tcptune::test {

// Connected to 127.0.0.1:PORT from SOURCE, with a 15 s receive timeout; -1 on failure.
int connectLoopback(std::uint16_t port, const char *source = "127.0.0.1");
// A UDP socket bound to SOURCE and connected to 127.0.0.1:PORT; -1 on failure.
int udpSocketTo(std::uint16_t port, const char *source = "127.0.0.1");
// One '\n'-terminated JSON line from FD within TIMEOUT_MS; an empty object on EOF or timeout.
QJsonObject readJsonLine(int fd, int timeoutMs = 10000);

} // namespace tcptune::test

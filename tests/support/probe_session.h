#pragma once
// A run opened by hand on an agent, for the tests of its UDP latency probe: the control
// protocol spoken directly (start with the latency probe, the token's challenge answered, ready),
// so a test holds the session id and the secret the agent derived, and can send the agent's UDP
// port any datagram it likes.

#include "loopback_client.h"
#include "traffic/udp_probe.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <optional>

namespace tcptune::test {

struct HandRun {
    int control = -1; // the control connection; the run ends when it is closed
    QString session;
    QByteArray secret;
    QString error; // why there is no run
    bool ok() const { return control >= 0 && error.isEmpty(); }
    void close();
};

// Starts a run on the agent at 127.0.0.1:PORT from SOURCE, answering its challenge with TOKEN
// when it sends one; PROBE: whether the start asks for the latency probe. Nothing is begun: the
// run waits for "begin" (10 s) or for the control connection to close.
HandRun openHandRun(std::uint16_t port, const QString &token = {}, bool probe = true, const char *source = "127.0.0.1");
// Sends DATAGRAM on FD and waits up to TIMEOUT_MS for a datagram back.
std::optional<QByteArray> exchange(int fd, const QByteArray &datagram, int timeoutMs = 500);
// A request of RUN with SEQUENCE, signed under its secret.
QByteArray request(const HandRun &run, std::uint32_t sequence);
// Sends RUN's request SEQUENCE on FD: the agent's answer, decoded under RUN's secret, when one
// came within TIMEOUT_MS.
std::optional<udpprobe::Probe> probeOnce(int fd, const HandRun &run, std::uint32_t sequence, int timeoutMs = 500);

} // namespace tcptune::test

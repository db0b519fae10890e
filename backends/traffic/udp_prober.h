#pragma once
// The client's end of the UDP latency probe (udp_probe.h): on a thread of its own, one signed
// request every kIntervalMs on a connected UDP socket, and the agent's echoes matched back to
// them. A probe without its echo after kTimeoutMs counts as lost: the queue dropped it (or the
// echo), or held it longer than any interactive use would wait.

#include "traffic/socket_util.h"
#include "traffic/stream_workers.h"

#include <QByteArray>
#include <QString>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

namespace tcptune {

struct UdpProbeRecord {
    double t = 0;   // seconds since t0, when it was sent
    double ms = -1; // round trip; -1: lost
};

class UdpProber final {
public:
    static constexpr std::size_t kMaxProbes = 200000; // beyond: 5.5 hours at 10 a second

    // FD is connected to the agent's UDP port; SESSION and SECRET are the run's.
    UdpProber(sock::Fd fd, QString session, QByteArray secret);
    // Probes from SHARED.t0 until SHARED.stop, then waits up to kTimeoutMs for the last echoes.
    // Each echo is SHARED's latest probe time, which the live series shows.
    void run(WorkerShared &shared);
    // After run() returned.
    const std::vector<UdpProbeRecord> &records() const { return m_records; }
    std::int64_t forged() const { return m_forged; } // datagrams that were not our agent's echoes

private:
    void send(sock::Clock::time_point t0);
    void receive(WorkerShared &shared, sock::Clock::time_point until);

    sock::Fd m_fd;
    QString m_session;
    QByteArray m_secret;
    std::vector<UdpProbeRecord> m_records; // index: sequence number
    std::size_t m_answered = 0;
    bool m_draining = false;
    std::int64_t m_forged = 0;
};

} // namespace tcptune

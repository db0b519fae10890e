#pragma once
// The latency-under-load workload's UDP probe: one fixed-size datagram each way, the client's
// request and the agent's echo. A datagram names its run's session and carries an HMAC-SHA256
// under the run's data secret (agent_auth.h: derived on both ends, never sent), so the agent
// answers only datagrams of a session it holds, and the client believes only echoes of its own
// agent. The agent keeps no state per datagram: it checks, rewrites the kind, signs and sends
// back from one fixed buffer, so garbage and floods cost it CPU and no memory.
//
//   offset  size  field
//        0     4  magic: "TTPQ" (request) or "TTPA" (answer)
//        4     8  session id (the 16 hex characters of "ready", as 8 raw bytes)
//       12     4  sequence number, big-endian
//       16     8  the client's send time in ns, big-endian (opaque to the agent)
//       24     8  zero
//       32    32  HMAC-SHA256 under the data secret of bytes 0 .. 31

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <optional>

namespace tcptune::udpprobe {

inline constexpr int kDatagramSize = 64;
inline constexpr int kSignedSize = 32;
// How often the latency-under-load workload probes, and how long an echo may take before the
// probe counts as lost (Flent's RRUL probes every 200 ms; the issue asks for every 100 ms).
inline constexpr int kIntervalMs = 100;
inline constexpr int kTimeoutMs = 1000;

enum class Kind { Request, Answer };

struct Probe {
    Kind kind = Kind::Request;
    QString session; // 16 lower-case hex characters
    std::uint32_t sequence = 0;
    std::uint64_t sentNs = 0;
};

// The datagram for PROBE under SECRET; empty when the session id is not 16 hex characters.
QByteArray encode(const Probe &probe, const QByteArray &secret);
// The session id DATAGRAM names, before anything is verified; nullopt when DATAGRAM is not of
// the probe's size and magic.
std::optional<QString> sessionOf(const QByteArray &datagram);
// DATAGRAM's probe when its size, magic and HMAC under SECRET are right; otherwise nullopt.
std::optional<Probe> decode(const QByteArray &datagram, const QByteArray &secret);

} // namespace tcptune::udpprobe

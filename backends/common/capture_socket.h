#pragma once
// A packet socket for capturing on one interface of a lab namespace, made by whoever may open
// one (tcptune-helper; capturing needs CAP_NET_RAW) and read by tcptune as the user, as
// Wireshark's dumpcap splits the work (docs/privileges.md). The maker binds the socket to the
// interface, attaches the caller's classic BPF filter and locks it, and pins the binding, so the
// holder of the socket sees that interface's packets that pass the filter and nothing else.

#include "common/error.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <cstdint>
#include <functional>

namespace tcptune::capturesocket {

// One classic BPF instruction (struct sock_filter / libpcap's bpf_insn).
struct Instruction {
    std::uint16_t code = 0;
    std::uint8_t jt = 0;
    std::uint8_t jf = 0;
    std::uint32_t k = 0;
};

// The kernel's limits (BPF_MAXINSNS) and what tcptune asks for as a receive buffer.
inline constexpr int kMaxInstructions = 4096;
inline constexpr int kMinBufferBytes = 64 * 1024;
inline constexpr int kMaxBufferBytes = 64 * 1024 * 1024;

struct Request {
    QString netns;             // the lab namespace holding the interface
    QString interface;         // one of the lab's links in that namespace
    QList<Instruction> filter; // compiled by the caller (libpcap), at least one instruction
    int bufferBytes = 8 << 20; // the socket's receive buffer
};

// REQUEST as the params of the helper's lab_capture operation, and back. fromJson checks the
// form (sizes and ranges); which namespaces and interfaces are allowed is the helper's decision.
QJsonObject toJson(const Request &request);
[[nodiscard]] Result<Request> fromJson(const QJsonObject &params);

// Makes the socket of REQUEST (close-on-exec): on a thread inside REQUEST.netns, an AF_PACKET
// raw socket with REQUEST.filter attached and locked (SO_LOCK_FILTER: nobody can detach or
// replace it), bound to REQUEST.interface, then put in a fanout group of its own so it cannot be
// bound again to another interface. Needs CAP_NET_RAW and CAP_SYS_ADMIN (setns): root only.
[[nodiscard]] Result<int> open(const Request &request);

// Where a tcptune that may not open packet sockets gets one: HelperConnection::captureSocketMaker().
using Maker = std::function<Result<int>(const Request &request)>;

} // namespace tcptune::capturesocket

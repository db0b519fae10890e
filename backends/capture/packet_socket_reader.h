#pragma once
// PacketSocketReader: the packets of a packet socket that this process did not open itself
// (tcptune-helper made it on a lab link, with the filter locked on it, and passed it over:
// docs/privileges.md), each with what a pcap record needs: when it arrived, how many bytes were
// kept and how long it was on the wire. LiveCapture writes them with libpcap's writer, so the
// file is the same as when libpcap captured.

#include "common/error.h"

#include <QCoreApplication>

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include <sys/time.h>

namespace tcptune {

struct CapturedPacket {
    timeval time{};
    std::uint32_t capturedLength = 0; // bytes kept (the filter's snap length)
    std::uint32_t originalLength = 0; // bytes on the wire
    const unsigned char *bytes = nullptr;
};

struct PacketSocketStatistics {
    std::uint64_t received = 0; // accepted by the filter, dropped ones included (as pcap_stats)
    std::uint64_t dropped = 0;  // no room in the socket's buffer
};

class PacketSocketReader final {
    Q_DECLARE_TR_FUNCTIONS(PacketSocketReader)
public:
    // Takes FD (closes it, also on failure). It must be a raw packet socket on an Ethernet link
    // (the lab's veth links are); asks the kernel for arrival times and original lengths.
    // SNAPLEN: the most bytes of a packet kept.
    [[nodiscard]] static Result<std::unique_ptr<PacketSocketReader>> adopt(int fd, int snaplen);
    ~PacketSocketReader();
    PacketSocketReader(const PacketSocketReader &) = delete;
    PacketSocketReader &operator=(const PacketSocketReader &) = delete;

    // Waits up to TIMEOUT_MS for a packet, then hands FN every packet waiting (a bounded batch).
    // The number handed over, or what went wrong.
    [[nodiscard]] Result<int> dispatch(int timeoutMs, const std::function<void(const CapturedPacket &)> &fn);
    // The kernel's counts since the last call.
    PacketSocketStatistics statistics();

private:
    PacketSocketReader(int fd, int snaplen);
    // Reads one waiting packet into PACKET: 1, or 0 when none waits.
    [[nodiscard]] Result<int> readOne(CapturedPacket &packet);

    int m_fd;
    std::vector<unsigned char> m_buffer;
};

} // namespace tcptune

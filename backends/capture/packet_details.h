#pragma once
// PacketDetails: what Wireshark's packet pane says of one TCP segment (frame number, time, ports,
// flags, sequence and acknowledgement numbers, window, options, SACK blocks), read by decoding
// that one frame from the capture file. The stream graph's view shows it for a clicked segment.

#include "capture/packet_decoder.h"
#include "common/error.h"

#include <QString>

#include <cstdint>

namespace tcptune {

struct PacketDetails {
    std::int64_t frame = 0; // 1 for the file's first packet record, as tshark's frame.number
    double time_s = 0;      // since the file's first packet (frame.time_relative)
    std::uint32_t wireLength = 0;
    DecodedTcp tcp; // seq, ack and SACK edges raw, as on the wire; window unscaled
};

// Decodes frame FRAME of the capture PATH; fails with what to do when the file cannot be read,
// holds fewer frames, or the frame is no TCP segment.
[[nodiscard]] Result<PacketDetails> readPacketDetails(const QString &path, std::int64_t frame);

// "SYN, ACK" for FLAGS (tcpflag values, ECN and CWR included), as Wireshark's Info column names them.
QString tcpFlagNames(std::uint16_t flags);

} // namespace tcptune

#pragma once
// PacketDecoder: finds the TCP header in one captured frame (Ethernet, Linux cooked SLL/SLL2,
// raw IP, BSD loopback; VLAN tags; IPv4 and IPv6 with extension headers). Pure function over
// bytes, no allocation, never reads past CAPLEN: it is what the fuzz target drives.

#include <array>
#include <cstddef>
#include <cstdint>

namespace tcptune {

struct DecodedTcp {
    std::array<std::uint8_t, 16> src{};
    std::array<std::uint8_t, 16> dst{};
    bool ipv6 = false;
    std::uint16_t srcPort = 0;
    std::uint16_t dstPort = 0;
    std::uint32_t seq = 0;
    std::uint32_t ack = 0;
    std::uint16_t flags = 0;        // FIN 0x01, SYN 0x02, RST 0x04, PSH 0x08, ACK 0x10 ...
    std::uint16_t window = 0;       // as on the wire, unscaled
    std::uint32_t headerLength = 0; // th_off * 4
    // False when the header length is nonsense (< 20) or larger than the IP payload: the
    // segment length is unknown, as Wireshark leaves tcp.len out then.
    bool haveSegmentLength = false;
    std::uint32_t segmentLength = 0; // from the IP length fields (the frame may be cut by snaplen)
    int windowScale = -1;            // WS option value, -1 when absent
    int sackBlocks = 0;
    std::array<std::uint32_t, 8> sack{}; // left, right edge pairs
};

enum class DecodeStatus {
    Tcp,       // OUT holds a TCP header
    NotTcp,    // a valid frame of something else (ARP, UDP, a later IP fragment, ...)
    Truncated, // the capture cut the frame before the TCP header's first 20 bytes
    Malformed, // the headers contradict themselves
};

namespace tcpflag {
inline constexpr std::uint16_t Fin = 0x01;
inline constexpr std::uint16_t Syn = 0x02;
inline constexpr std::uint16_t Rst = 0x04;
inline constexpr std::uint16_t Psh = 0x08;
inline constexpr std::uint16_t Ack = 0x10;
} // namespace tcpflag

// DLT is libpcap's data link type (pcap_datalink()); WIRE_LENGTH the frame's original length.
DecodeStatus decodeTcp(int dlt, const std::uint8_t *data, std::size_t caplen, std::size_t wireLength, DecodedTcp &out);

// True when decodeTcp understands DLT.
bool isSupportedLinkType(int dlt);

} // namespace tcptune

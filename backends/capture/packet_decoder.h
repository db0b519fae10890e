#pragma once
// PacketDecoder: finds the TCP header in one captured frame the way Wireshark's dissectors do:
// Ethernet, Linux cooked SLL/SLL2, raw IP, BSD loopback; 802.1Q/802.1ad tags, MPLS label stacks;
// IPv4 and IPv6 with extension headers (BIG TCP: IPv4 total length 0, IPv6 jumbograms); and the
// tunnels of hypervisors, clouds and routers: VXLAN, Geneve, GRE (with ERSPAN and WCCP), IP in IP.
// Pure function over bytes, no allocation, bounded work, never reads past CAPLEN: it is what the
// fuzz target drives.

#include <array>
#include <cstddef>
#include <cstdint>

namespace tcptune {

enum class TunnelKind : std::uint8_t { Vlan, ServiceVlan, Mpls, IpInIp, Gre, Erspan, Wccp, Vxlan, Geneve };

// One encapsulation the TCP segment travelled in: its identifier (VLAN id, MPLS label, VNI, GRE
// key, ERSPAN session) and, for tunnels over IP, the outer addresses.
struct TunnelLayer {
    TunnelKind kind = TunnelKind::Vlan;
    bool hasId = false;
    std::uint32_t id = 0;
    bool hasAddresses = false;
    bool ipv6 = false;
    std::array<std::uint8_t, 16> src{};
    std::array<std::uint8_t, 16> dst{};
};

// The encapsulations around the TCP segment, outermost first.
struct TunnelPath {
    static constexpr int kMaxLayers = 8;
    std::array<TunnelLayer, kMaxLayers> layers{};
    int count = 0;
    int more = 0; // layers beyond kMaxLayers (not kept)
};

struct DecodedTcp {
    std::array<std::uint8_t, 16> src{}; // innermost IP header's addresses
    std::array<std::uint8_t, 16> dst{};
    bool ipv6 = false;
    std::uint16_t srcPort = 0;
    std::uint16_t dstPort = 0;
    std::uint32_t seq = 0;
    std::uint32_t ack = 0;
    std::uint16_t flags = 0;         // FIN 0x01, SYN 0x02, RST 0x04, PSH 0x08, ACK 0x10 ...
    std::uint16_t window = 0;        // as on the wire, unscaled
    std::uint32_t headerLength = 0;  // th_off * 4
    std::uint32_t segmentLength = 0; // from the IP length fields (the frame may be cut by snaplen)
    int windowScale = -1;            // WS option value, -1 when absent
    int sackBlocks = 0;
    std::array<std::uint32_t, 8> sack{}; // left, right edge pairs
    // The options a packet's details show (the analysis does not need them).
    int mss = -1;               // MSS option value, -1 when absent
    bool sackPermitted = false; // SACK-permitted option present
    bool hasTimestamps = false; // timestamps option present: tsval, tsecr
    std::uint32_t tsval = 0;
    std::uint32_t tsecr = 0;
    // Wireshark flags the frame malformed although it decodes the TCP segment (e.g. a UDP length
    // beyond the IP payload around a tunnel).
    bool malformed = false;
    TunnelPath tunnel;
};

enum class DecodeStatus {
    Tcp,           // OUT holds a TCP segment that Wireshark counts in its TCP conversation
    TcpOptionsCut, // OUT holds a TCP segment whose options the capture cut: Wireshark analyses its
                   // sequence numbers but leaves it out of the conversation's frames and bytes
    NotTcp,        // a valid frame of something else (ARP, UDP, an IP fragment, ICMP, ...)
    Truncated,     // the capture cut the frame before the end of the TCP header's first 20 bytes
    Malformed,     // the headers contradict themselves (bogus lengths or versions); not TCP
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

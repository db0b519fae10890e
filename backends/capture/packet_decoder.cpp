#include "capture/packet_decoder.h"

#include <pcap/dlt.h>

#include <algorithm>
#include <cstring>

namespace tcptune {
namespace {

std::uint16_t be16(const std::uint8_t *p)
{
    return std::uint16_t((p[0] << 8) | p[1]);
}

std::uint32_t be32(const std::uint8_t *p)
{
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | p[3];
}

constexpr std::uint16_t kUdpVxlan = 4789;
constexpr std::uint16_t kUdpGeneve = 6081;

// What comes next while walking down the headers.
enum class Layer { Ethernet, EtherType, Mpls, Ipv4, Ipv6, Udp, Vxlan, Geneve, Gre, Tcp, Done };

// The walk through one frame. END is the reported end of the current layer (Wireshark's
// reported length: the wire length, shrunk by IP and UDP length fields); CAPLEN what the file
// holds. Reading up to END but past CAPLEN is a cut frame, past END a malformed one.
struct Walk {
    const std::uint8_t *data;
    std::size_t caplen;
    std::size_t end;
    std::size_t at = 0;
    std::uint16_t etherType = 0;
    std::uint8_t ipProtocol = 0;
    const std::uint8_t *ipSrc = nullptr; // addresses of the innermost IP header so far
    const std::uint8_t *ipDst = nullptr;
    bool ipv6 = false;
    DecodeStatus status = DecodeStatus::NotTcp;
    DecodedTcp &out;

    // False (and STATUS set) when N bytes from AT do not exist.
    bool need(std::size_t n)
    {
        if (at <= end && n <= end - at) {
            if (at <= caplen && n <= caplen - at)
                return true;
            status = DecodeStatus::Truncated;
            return false;
        }
        status = DecodeStatus::Malformed;
        return false;
    }
    Layer stop(DecodeStatus s)
    {
        status = s;
        return Layer::Done;
    }
    void addTunnel(TunnelKind kind, bool hasId, std::uint32_t id, bool withAddresses)
    {
        TunnelPath &p = out.tunnel;
        if (p.count >= TunnelPath::kMaxLayers) {
            ++p.more;
            return;
        }
        TunnelLayer &l = p.layers[std::size_t(p.count++)];
        l.kind = kind;
        l.hasId = hasId;
        l.id = id;
        l.hasAddresses = withAddresses && ipSrc;
        if (l.hasAddresses) {
            l.ipv6 = ipv6;
            l.src.fill(0);
            l.dst.fill(0);
            std::memcpy(l.src.data(), ipSrc, ipv6 ? 16 : 4);
            std::memcpy(l.dst.data(), ipDst, ipv6 ? 16 : 4);
        }
    }
};

Layer fromEtherType(Walk &w, std::uint16_t type)
{
    w.etherType = type;
    return Layer::EtherType;
}

Layer etherType(Walk &w)
{
    switch (w.etherType) {
    case 0x0800: return Layer::Ipv4;
    case 0x86dd: return Layer::Ipv6;
    case 0x6558: return Layer::Ethernet; // transparent Ethernet bridging (GRE, Geneve)
    case 0x8847:
    case 0x8848: return Layer::Mpls;
    case 0x8100:
    case 0x88a8:
    case 0x9100:
        if (!w.need(4))
            return Layer::Done;
        w.addTunnel(w.etherType == 0x8100 ? TunnelKind::Vlan : TunnelKind::ServiceVlan, true,
                    be16(w.data + w.at) & 0x0fff, false);
        w.at += 4;
        return fromEtherType(w, be16(w.data + w.at - 2));
    default: return w.stop(DecodeStatus::NotTcp);
    }
}

Layer ethernet(Walk &w)
{
    if (!w.need(14))
        return Layer::Done;
    w.at += 14;
    return fromEtherType(w, be16(w.data + w.at - 2));
}

// A label stack; below the bottom label Wireshark looks for IP (explicit-null labels 0 and 2
// name the version; otherwise the first nibble does).
Layer mpls(Walk &w)
{
    for (int labels = 0; labels < 16; ++labels) {
        if (!w.need(4))
            return Layer::Done;
        const std::uint32_t entry = be32(w.data + w.at);
        w.addTunnel(TunnelKind::Mpls, true, entry >> 12, false);
        w.at += 4;
        if (!(entry & 0x100))
            continue;
        if ((entry >> 12) == 0)
            return Layer::Ipv4;
        if ((entry >> 12) == 2)
            return Layer::Ipv6;
        if (!w.need(1))
            return Layer::Done;
        switch (w.data[w.at] >> 4) {
        case 4: return Layer::Ipv4;
        case 6: return Layer::Ipv6;
        default: return w.stop(DecodeStatus::NotTcp); // pseudowires: Wireshark guesses; so do not we
        }
    }
    return w.stop(DecodeStatus::NotTcp);
}

// The layer after an IP header for PROTOCOL; tunnels over IP remember the outer addresses.
Layer afterIp(Walk &w, std::uint8_t protocol)
{
    switch (protocol) {
    case 6: return Layer::Tcp;
    case 17: return Layer::Udp;
    case 47: return Layer::Gre;
    case 4: w.addTunnel(TunnelKind::IpInIp, false, 0, true); return Layer::Ipv4;
    case 41: w.addTunnel(TunnelKind::IpInIp, false, 0, true); return Layer::Ipv6;
    default: return w.stop(DecodeStatus::NotTcp);
    }
}

Layer ipv4(Walk &w)
{
    if (!w.need(20))
        return Layer::Done;
    const std::uint8_t *ip = w.data + w.at;
    const std::size_t ihl = std::size_t(ip[0] & 0x0f) * 4;
    if ((ip[0] >> 4) != 4 || ihl < 20)
        return w.stop(DecodeStatus::Malformed); // bogus version or header length
    if (!w.need(ihl))
        return Layer::Done;
    std::size_t total = be16(ip + 2);
    const std::size_t room = w.end - w.at;
    if (total == 0)
        total = room; // TSO, BIG TCP: the kernel leaves the length 0; the frame tells
    if (total < ihl)
        return w.stop(DecodeStatus::Malformed);
    if (total > room)
        w.out.malformed = true; // flagged by Wireshark, decoded with what the frame holds
    w.end = w.at + std::min(total, room);
    if ((be16(ip + 6) & 0x3fff) != 0)
        return w.stop(DecodeStatus::NotTcp); // a fragment: the TCP header is in the reassembly
    w.ipSrc = ip + 12;
    w.ipDst = ip + 16;
    w.ipv6 = false;
    w.at += ihl;
    return afterIp(w, ip[9]);
}

// The jumbo payload length of a hop-by-hop header at AT, 0 when it has none.
std::size_t jumboLength(const Walk &w, std::size_t at, std::size_t length)
{
    for (std::size_t i = at + 2; i + 2 <= at + length && i + 2 <= w.caplen;) {
        const std::uint8_t type = w.data[i];
        if (type == 0) {
            ++i;
            continue;
        }
        if (type == 0xC2 && w.data[i + 1] == 4 && i + 6 <= w.caplen)
            return be32(w.data + i + 2);
        i += 2 + w.data[i + 1];
    }
    return 0;
}

Layer ipv6ExtensionHeaders(Walk &w, std::uint8_t next)
{
    for (int headers = 0; headers < 16; ++headers) {
        std::size_t len = 0;
        switch (next) {
        case 0:   // hop-by-hop
        case 43:  // routing
        case 60:  // destination options
        case 135: // mobility
        case 139: // HIP
        case 140: // shim6
            if (!w.need(2))
                return Layer::Done;
            len = (std::size_t(w.data[w.at + 1]) + 1) * 8;
            break;
        case 44: // fragment
            if (!w.need(8))
                return Layer::Done;
            if ((be16(w.data + w.at + 2) & 0xfff9) != 0)
                return w.stop(DecodeStatus::NotTcp); // reassembled by Wireshark, not here
            len = 8;
            break;
        case 51: // authentication header
            if (!w.need(2))
                return Layer::Done;
            len = (std::size_t(w.data[w.at + 1]) + 2) * 4;
            break;
        default: return afterIp(w, next);
        }
        if (!w.need(len))
            return Layer::Done;
        next = w.data[w.at];
        w.at += len;
    }
    return w.stop(DecodeStatus::NotTcp);
}

Layer ipv6(Walk &w)
{
    if (!w.need(40))
        return Layer::Done;
    const std::uint8_t *ip = w.data + w.at;
    if ((ip[0] >> 4) != 6)
        return w.stop(DecodeStatus::Malformed);
    std::size_t payload = be16(ip + 4);
    const std::size_t room = w.end - w.at - 40;
    if (payload == 0 && ip[6] == 0 && w.at + 42 <= w.caplen)
        payload = jumboLength(w, w.at + 40, std::min<std::size_t>((std::size_t(ip[41]) + 1) * 8, room));
    w.end = w.at + 40 + std::min(payload, room);
    w.ipSrc = ip + 8;
    w.ipDst = ip + 24;
    w.ipv6 = true;
    w.at += 40;
    return ipv6ExtensionHeaders(w, ip[6]);
}

// Wireshark tries the lower port's dissector first; a lower port below 1024 belongs to a
// well-known protocol (DNS, ...) that it decodes instead of a tunnel.
Layer udp(Walk &w)
{
    if (!w.need(8))
        return Layer::Done;
    const std::uint8_t *u = w.data + w.at;
    const std::size_t length = be16(u + 4);
    if (length < 8)
        return w.stop(DecodeStatus::Malformed);
    if (length > w.end - w.at)
        w.out.malformed = true; // flagged, but decoded with the IP payload's length
    else
        w.end = w.at + length;
    w.at += 8;
    const std::uint16_t low = std::min(be16(u), be16(u + 2));
    const std::uint16_t high = std::max(be16(u), be16(u + 2));
    for (const std::uint16_t port : {low, high}) {
        if (port == kUdpVxlan)
            return Layer::Vxlan;
        if (port == kUdpGeneve)
            return Layer::Geneve;
        if (port < 1024)
            break;
    }
    return w.stop(DecodeStatus::NotTcp);
}

Layer vxlan(Walk &w)
{
    if (!w.need(8))
        return Layer::Done;
    w.addTunnel(TunnelKind::Vxlan, true, be32(w.data + w.at + 4) >> 8, true);
    w.at += 8;
    return Layer::Ethernet;
}

Layer geneve(Walk &w)
{
    if (!w.need(8))
        return Layer::Done;
    const std::uint8_t *g = w.data + w.at;
    const std::size_t length = 8 + std::size_t(g[0] & 0x3f) * 4;
    if (!w.need(length))
        return Layer::Done;
    w.addTunnel(TunnelKind::Geneve, true, be32(g + 4) >> 8, true);
    w.at += length;
    return fromEtherType(w, be16(g + 2));
}

// Bytes of the GRE header's optional fields (checksum, key, sequence, ack, routing) at G, or 0
// when the capture does not hold them.
std::size_t greOptions(Walk &w, std::uint16_t flags, std::uint16_t type)
{
    std::size_t length = 4;
    if (flags & 0xC000) // checksum or routing present: checksum + offset
        length += 4;
    if (flags & 0x2000)
        length += 4;
    if (flags & 0x1000)
        length += 4;
    if (type == 0x880b && (flags & 0x0080)) // enhanced GRE (PPTP): acknowledgment number
        length += 4;
    if (flags & 0x4000) {
        for (int entries = 0; entries < 64; ++entries) { // source route entries until a null one
            const std::size_t at = w.at;
            w.at += length;
            const bool ok = w.need(4);
            w.at = at;
            if (!ok)
                return 0;
            const std::uint8_t *sre = w.data + w.at + length;
            length += 4;
            if (be16(sre) == 0 && sre[3] == 0)
                break;
            length += sre[3];
        }
    }
    return length;
}

// ERSPAN types I-III carry a mirrored Ethernet frame behind a header of their own.
Layer erspan(Walk &w, std::uint16_t flags, std::uint16_t type)
{
    if (type == 0x88be && !(flags & 0x1000)) { // type I: no sequence number, no header
        w.addTunnel(TunnelKind::Erspan, false, 0, true);
        return Layer::Ethernet;
    }
    std::size_t length = type == 0x88be ? 8 : 12;
    if (!w.need(length))
        return Layer::Done;
    const std::uint8_t *e = w.data + w.at;
    if (type == 0x22eb && (e[11] & 0x01))
        length += 8; // platform-specific subheader
    if (!w.need(length))
        return Layer::Done;
    w.addTunnel(TunnelKind::Erspan, true, be16(e + 2) & 0x03ff, true);
    w.at += length;
    return Layer::Ethernet;
}

Layer gre(Walk &w)
{
    if (!w.need(4))
        return Layer::Done;
    const std::uint16_t flags = be16(w.data + w.at);
    const std::uint16_t type = be16(w.data + w.at + 2);
    // WCCP v2 adds a 4-byte redirect header; Wireshark tells it by the byte after the base
    // header not starting an IPv4 header.
    bool wccp2 = false;
    if (type == 0x883e) {
        if (!w.need(5))
            return Layer::Done;
        wccp2 = (w.data[w.at + 4] & 0xF0) != 0x40;
    }
    std::size_t length = greOptions(w, flags, type);
    if (length == 0)
        return Layer::Done;
    if (wccp2)
        length += 4;
    if (!w.need(length))
        return Layer::Done;
    const bool hasKey = flags & 0x2000;
    const std::uint32_t key = hasKey ? be32(w.data + w.at + ((flags & 0xC000) ? 8 : 4)) : 0;
    w.at += length;
    switch (type) {
    case 0x88be:
    case 0x22eb: return erspan(w, flags, type);
    case 0x883e: w.addTunnel(TunnelKind::Wccp, false, 0, true); return Layer::Ipv4;
    default: w.addTunnel(TunnelKind::Gre, hasKey, key, true); return fromEtherType(w, type);
    }
}

void parseOptions(const Walk &w, std::size_t start, std::size_t end, DecodedTcp &out)
{
    end = std::min(end, w.caplen);
    std::size_t i = start;
    while (i < end) {
        const std::uint8_t kind = w.data[i];
        if (kind == 0)
            return;
        if (kind == 1) {
            ++i;
            continue;
        }
        if (i + 1 >= end)
            return;
        const std::uint8_t len = w.data[i + 1];
        if (len < 2 || i + len > end)
            return;
        if (kind == 2 && len == 4) {
            out.mss = be16(w.data + i + 2);
        } else if (kind == 3 && len == 3) {
            out.windowScale = std::min<int>(w.data[i + 2], 14);
        } else if (kind == 4 && len == 2) {
            out.sackPermitted = true;
        } else if (kind == 8 && len == 10) {
            out.hasTimestamps = true;
            out.tsval = be32(w.data + i + 2);
            out.tsecr = be32(w.data + i + 6);
        } else if (kind == 5 && len >= 10 && (len - 2) % 8 == 0) {
            const int blocks = std::min((len - 2) / 8, 4);
            for (int b = 0; b < blocks; ++b) {
                out.sack[std::size_t(2 * b)] = be32(w.data + i + 2 + 8 * b);
                out.sack[std::size_t(2 * b + 1)] = be32(w.data + i + 6 + 8 * b);
            }
            out.sackBlocks = blocks;
        }
        i += len;
    }
}

Layer tcp(Walk &w)
{
    if (!w.need(20))
        return Layer::Done;
    const std::uint8_t *t = w.data + w.at;
    DecodedTcp &out = w.out;
    out.headerLength = std::uint32_t(t[12] >> 4) * 4;
    const std::size_t payload = w.end - w.at;
    if (out.headerLength < 20 || out.headerLength > payload)
        return w.stop(DecodeStatus::Malformed); // bogus header length; "short segment"
    out.srcPort = be16(t);
    out.dstPort = be16(t + 2);
    out.seq = be32(t + 4);
    out.ack = be32(t + 8);
    out.flags = std::uint16_t(((t[12] & 0x01) << 8) | t[13]);
    out.window = be16(t + 14);
    out.segmentLength = std::uint32_t(payload - out.headerLength);
    out.ipv6 = w.ipv6;
    if (!w.ipv6) {
        out.src.fill(0);
        out.dst.fill(0);
    }
    const std::size_t n = w.ipv6 ? 16 : 4;
    std::memcpy(out.src.data(), w.ipSrc, n);
    std::memcpy(out.dst.data(), w.ipDst, n);
    if (out.headerLength > 20)
        parseOptions(w, w.at + 20, w.at + out.headerLength, out);
    // Wireshark reads the options before its TCP tap sees the segment: when the capture cut
    // them, the conversation table leaves the frame out.
    return w.stop(w.at + out.headerLength <= w.caplen ? DecodeStatus::Tcp : DecodeStatus::TcpOptionsCut);
}

// BSD address families: IPv4 is 2 everywhere; IPv6 is 24, 28 or 30 depending on the BSD.
Layer fromAddressFamily(Walk &w, std::uint32_t af)
{
    if (af == 2)
        return Layer::Ipv4;
    if (af == 24 || af == 28 || af == 30 || af == 10)
        return Layer::Ipv6;
    return w.stop(DecodeStatus::NotTcp);
}

Layer fromVersionNibble(Walk &w)
{
    if (!w.need(1))
        return Layer::Done;
    switch (w.data[w.at] >> 4) {
    case 4: return Layer::Ipv4;
    case 6: return Layer::Ipv6;
    default: return w.stop(DecodeStatus::NotTcp);
    }
}

Layer linkLayer(int dlt, Walk &w)
{
    switch (dlt) {
    case DLT_EN10MB: return Layer::Ethernet;
    case DLT_LINUX_SLL:
        if (!w.need(16))
            return Layer::Done;
        w.at = 16;
        return fromEtherType(w, be16(w.data + 14));
    case DLT_LINUX_SLL2:
        if (!w.need(20))
            return Layer::Done;
        w.at = 20;
        return fromEtherType(w, be16(w.data));
    case DLT_RAW:
    case DLT_IPV4:
    case DLT_IPV6: return fromVersionNibble(w);
    case DLT_NULL: {
        if (!w.need(4))
            return Layer::Done;
        w.at = 4;
        // Host byte order of the machine that captured: accept either.
        std::uint32_t le = 0;
        std::memcpy(&le, w.data, 4);
        return fromAddressFamily(w, (le & 0xffff0000u) == 0 ? le : be32(w.data));
    }
    case DLT_LOOP:
        if (!w.need(4))
            return Layer::Done;
        w.at = 4;
        return fromAddressFamily(w, be32(w.data));
    default: return w.stop(DecodeStatus::NotTcp);
    }
}

Layer step(Layer layer, Walk &w)
{
    switch (layer) {
    case Layer::Ethernet: return ethernet(w);
    case Layer::EtherType: return etherType(w);
    case Layer::Mpls: return mpls(w);
    case Layer::Ipv4: return ipv4(w);
    case Layer::Ipv6: return ipv6(w);
    case Layer::Udp: return udp(w);
    case Layer::Vxlan: return vxlan(w);
    case Layer::Geneve: return geneve(w);
    case Layer::Gre: return gre(w);
    case Layer::Tcp: return tcp(w);
    case Layer::Done: break;
    }
    return Layer::Done;
}

} // namespace

bool isSupportedLinkType(int dlt)
{
    switch (dlt) {
    case DLT_EN10MB:
    case DLT_LINUX_SLL:
    case DLT_LINUX_SLL2:
    case DLT_RAW:
    case DLT_IPV4:
    case DLT_IPV6:
    case DLT_NULL:
    case DLT_LOOP: return true;
    default: return false;
    }
}

DecodeStatus decodeTcp(int dlt, const std::uint8_t *data, std::size_t caplen, std::size_t wireLength, DecodedTcp &out)
{
    out.windowScale = -1;
    out.sackBlocks = 0;
    out.mss = -1;
    out.sackPermitted = false;
    out.hasTimestamps = false;
    out.malformed = false;
    out.tunnel.count = 0;
    out.tunnel.more = 0;
    // Wireshark's reported length never falls below what was captured.
    Walk w{data, caplen, std::max(wireLength, caplen), 0, 0, 0, nullptr, nullptr, false, DecodeStatus::NotTcp, out};
    // Plain Ethernet + IPv4, most of every capture, goes straight to the IPv4 header.
    Layer layer = dlt == DLT_EN10MB && caplen >= 14 && data[12] == 0x08 && data[13] == 0x00 && w.end >= 14
                      ? (w.at = 14, Layer::Ipv4)
                      : linkLayer(dlt, w);
    // Every step consumes a header or stops; 64 bounds a frame of nothing but tunnel headers.
    for (int steps = 0; steps < 64 && layer != Layer::Done; ++steps)
        layer = step(layer, w);
    return layer == Layer::Done ? w.status : DecodeStatus::NotTcp;
}

} // namespace tcptune

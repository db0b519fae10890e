#include "capture/packet_decoder.h"

#include <pcap/dlt.h>

#include <algorithm>
#include <cstring>

namespace tcptune {
namespace {

constexpr std::uint16_t kEtherIpv4 = 0x0800;
constexpr std::uint16_t kEtherIpv6 = 0x86dd;
constexpr std::uint8_t kProtoTcp = 6;

std::uint16_t be16(const std::uint8_t *p)
{
    return std::uint16_t((p[0] << 8) | p[1]);
}

std::uint32_t be32(const std::uint8_t *p)
{
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | p[3];
}

// A cursor over the captured bytes that also knows how long the frame was on the wire.
struct Frame {
    const std::uint8_t *data;
    std::size_t caplen;
    std::size_t wire;

    bool has(std::size_t offset, std::size_t n) const { return offset <= caplen && n <= caplen - offset; }
};

enum class Network { Ipv4, Ipv6, Other, Truncated };

Network fromEtherType(std::uint16_t type)
{
    if (type == kEtherIpv4)
        return Network::Ipv4;
    if (type == kEtherIpv6)
        return Network::Ipv6;
    return Network::Other;
}

// Skips VLAN tags (802.1Q, 802.1ad, old QinQ) starting at the ether type at OFFSET.
Network etherPayload(const Frame &f, std::size_t &offset)
{
    for (int tags = 0; tags < 8; ++tags) {
        if (!f.has(offset, 2))
            return Network::Truncated;
        const std::uint16_t type = be16(f.data + offset);
        if (type == 0x8100 || type == 0x88a8 || type == 0x9100) {
            offset += 4; // TCI of this tag + the next ether type
            continue;
        }
        offset += 2;
        return fromEtherType(type);
    }
    return Network::Other;
}

Network fromVersionNibble(const Frame &f, std::size_t offset)
{
    if (!f.has(offset, 1))
        return Network::Truncated;
    switch (f.data[offset] >> 4) {
    case 4: return Network::Ipv4;
    case 6: return Network::Ipv6;
    default: return Network::Other;
    }
}

// BSD address families: IPv4 is 2 everywhere; IPv6 is 24, 28 or 30 depending on the BSD.
Network fromAddressFamily(std::uint32_t af)
{
    if (af == 2)
        return Network::Ipv4;
    if (af == 24 || af == 28 || af == 30 || af == 10)
        return Network::Ipv6;
    return Network::Other;
}

Network linkPayload(int dlt, const Frame &f, std::size_t &offset)
{
    switch (dlt) {
    case DLT_EN10MB: offset = 12; return etherPayload(f, offset);
    case DLT_LINUX_SLL: offset = 14; return etherPayload(f, offset);
    case DLT_LINUX_SLL2:
        if (!f.has(0, 20))
            return Network::Truncated;
        offset = 20;
        if (be16(f.data) == 0x8100 || be16(f.data) == 0x88a8) {
            std::size_t inner = 20 + 2; // a tag's TCI, then the inner ether type
            const Network n = etherPayload(f, inner);
            offset = inner;
            return n;
        }
        return fromEtherType(be16(f.data));
    case DLT_RAW:
    case DLT_IPV4:
    case DLT_IPV6: offset = 0; return fromVersionNibble(f, 0);
    case DLT_NULL: {
        if (!f.has(0, 4))
            return Network::Truncated;
        offset = 4;
        // Host byte order of the machine that captured: accept either.
        std::uint32_t le = 0;
        std::memcpy(&le, f.data, 4);
        const std::uint32_t be = be32(f.data);
        return fromAddressFamily((le & 0xffff0000u) == 0 ? le : be);
    }
    case DLT_LOOP:
        if (!f.has(0, 4))
            return Network::Truncated;
        offset = 4;
        return fromAddressFamily(be32(f.data));
    default: return Network::Other;
    }
}

bool isIpv6ExtensionHeader(std::uint8_t next)
{
    return next == 0 || next == 43 || next == 60 || next == 135 || next == 139 || next == 140;
}

void parseOptions(const Frame &f, std::size_t start, std::size_t end, DecodedTcp &out)
{
    end = std::min(end, f.caplen);
    std::size_t i = start;
    while (i < end) {
        const std::uint8_t kind = f.data[i];
        if (kind == 0)
            return;
        if (kind == 1) {
            ++i;
            continue;
        }
        if (i + 1 >= end)
            return;
        const std::uint8_t len = f.data[i + 1];
        if (len < 2 || i + len > end)
            return;
        if (kind == 3 && len == 3) {
            out.windowScale = std::min<int>(f.data[i + 2], 14);
        } else if (kind == 5 && len >= 10 && (len - 2) % 8 == 0) {
            const int blocks = std::min((len - 2) / 8, 4);
            for (int b = 0; b < blocks; ++b) {
                out.sack[std::size_t(2 * b)] = be32(f.data + i + 2 + 8 * b);
                out.sack[std::size_t(2 * b + 1)] = be32(f.data + i + 6 + 8 * b);
            }
            out.sackBlocks = blocks;
        }
        i += len;
    }
}

// IP_PAYLOAD: bytes of TCP header + data according to the IP header (bounded by the wire length).
DecodeStatus decodeTcpHeader(const Frame &f, std::size_t offset, std::size_t ipPayload, DecodedTcp &out)
{
    if (!f.has(offset, 20))
        return DecodeStatus::Truncated;
    const std::uint8_t *t = f.data + offset;
    out.srcPort = be16(t);
    out.dstPort = be16(t + 2);
    out.seq = be32(t + 4);
    out.ack = be32(t + 8);
    out.headerLength = std::uint32_t(t[12] >> 4) * 4;
    out.flags = std::uint16_t(((t[12] & 0x01) << 8) | t[13]);
    out.window = be16(t + 14);
    out.haveSegmentLength = out.headerLength >= 20 && ipPayload >= out.headerLength;
    out.segmentLength = out.haveSegmentLength ? std::uint32_t(ipPayload - out.headerLength) : 0;
    if (out.headerLength > 20)
        parseOptions(f, offset + 20, offset + out.headerLength, out);
    return DecodeStatus::Tcp;
}

DecodeStatus decodeIpv4(const Frame &f, std::size_t offset, DecodedTcp &out)
{
    if (!f.has(offset, 20))
        return DecodeStatus::Truncated;
    const std::uint8_t *ip = f.data + offset;
    const std::size_t ihl = std::size_t(ip[0] & 0x0f) * 4;
    if (ihl < 20)
        return DecodeStatus::Malformed;
    if (!f.has(offset, ihl))
        return DecodeStatus::Truncated;
    if (ip[9] != kProtoTcp)
        return DecodeStatus::NotTcp;
    if ((be16(ip + 6) & 0x1fff) != 0)
        return DecodeStatus::NotTcp; // a later fragment: no TCP header in it
    const std::size_t onWire = f.wire > offset ? f.wire - offset : 0;
    std::size_t total = be16(ip + 2);
    if (total == 0)
        total = onWire; // TSO/GSO: the kernel leaves the length 0 for super-segments
    total = std::min(total, onWire);
    if (total < ihl)
        return DecodeStatus::Malformed;
    out.ipv6 = false;
    out.src.fill(0);
    out.dst.fill(0);
    std::memcpy(out.src.data(), ip + 12, 4);
    std::memcpy(out.dst.data(), ip + 16, 4);
    return decodeTcpHeader(f, offset + ihl, total - ihl, out);
}

DecodeStatus decodeIpv6(const Frame &f, std::size_t offset, DecodedTcp &out)
{
    if (!f.has(offset, 40))
        return DecodeStatus::Truncated;
    const std::uint8_t *ip = f.data + offset;
    const std::size_t onWire = f.wire > offset + 40 ? f.wire - offset - 40 : 0;
    std::size_t payload = be16(ip + 4);
    if (payload == 0)
        payload = onWire; // jumbogram or GSO super-segment
    payload = std::min(payload, onWire);
    std::uint8_t next = ip[6];
    std::size_t at = offset + 40;
    for (int headers = 0; headers < 16 && next != kProtoTcp; ++headers) {
        std::size_t len = 0;
        if (isIpv6ExtensionHeader(next)) {
            if (!f.has(at, 2))
                return DecodeStatus::Truncated;
            len = (std::size_t(f.data[at + 1]) + 1) * 8;
        } else if (next == 44) { // fragment header
            if (!f.has(at, 8))
                return DecodeStatus::Truncated;
            if ((be16(f.data + at + 2) & 0xfff8) != 0)
                return DecodeStatus::NotTcp;
            len = 8;
        } else if (next == 51) { // authentication header
            if (!f.has(at, 2))
                return DecodeStatus::Truncated;
            len = (std::size_t(f.data[at + 1]) + 2) * 4;
        } else {
            return DecodeStatus::NotTcp;
        }
        if (len > payload)
            return DecodeStatus::Malformed;
        next = f.data[at];
        at += len;
        payload -= len;
    }
    if (next != kProtoTcp)
        return DecodeStatus::NotTcp;
    out.ipv6 = true;
    std::memcpy(out.src.data(), ip + 8, 16);
    std::memcpy(out.dst.data(), ip + 24, 16);
    return decodeTcpHeader(f, at, payload, out);
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
    out = DecodedTcp{};
    const Frame f{data, caplen, std::max(wireLength, caplen)};
    std::size_t offset = 0;
    switch (linkPayload(dlt, f, offset)) {
    case Network::Ipv4: return decodeIpv4(f, offset, out);
    case Network::Ipv6: return decodeIpv6(f, offset, out);
    case Network::Truncated: return DecodeStatus::Truncated;
    case Network::Other: break;
    }
    return DecodeStatus::NotTcp;
}

} // namespace tcptune

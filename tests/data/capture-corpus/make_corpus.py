#!/usr/bin/env python3
"""Writes tcptune's crafted capture corpus (the *.pcap and *.pcapng files beside this script).

Each file holds one class of input a user may hand to `tcptune analyze`: tunnels, BIG TCP,
malformed headers, broken files, absurd timestamps. The tests compare tcptune with the tshark
that scripts/install-deps installs, live, so a file only has to be well defined, not "right".
Standard library only; the output is the same bytes on every run.

    python3 make_corpus.py [OUTDIR]        (default: this script's folder)
"""
import ipaddress
import pathlib
import random
import struct
import sys

T0 = 1_700_000_000_000_000  # microseconds, 2023-11-14


class Pkt:
    """Bytes of a packet plus VIRTUAL bytes of payload that exist only on the wire."""

    def __init__(self, data, virtual=0):
        self.data = bytes(data)
        self.virtual = virtual

    def wire(self):
        return len(self.data) + self.virtual


def checksum(data):
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def addr(text):
    return ipaddress.ip_address(text).packed


def tcp(sport, dport, seq, ack, flags, payload=0, window=65535, options=b"", doff=None):
    """A TCP header; PAYLOAD zero bytes follow (virtual beyond 1500)."""
    hlen = 20 + len(options)
    off = (hlen // 4) if doff is None else doff
    hdr = struct.pack("!HHIIBBHHH", sport, dport, seq & 0xFFFFFFFF, ack & 0xFFFFFFFF, off << 4, flags, window, 0, 0)
    real = min(payload, 1500)
    return Pkt(hdr + options + b"\0" * real, payload - real)


def ipv4(src, dst, proto, inner, total=None, ihl=5, version=4, frag=0x4000, options=b""):
    ihl = ihl if not options else 5 + len(options) // 4
    length = 20 + len(options) + inner.wire() if total is None else total
    hdr = bytearray(struct.pack("!BBHHHBBH4s4s", (version << 4) | ihl, 0, length & 0xFFFF, 0x1234, frag, 64, proto, 0,
                                addr(src), addr(dst)) + options)
    struct.pack_into("!H", hdr, 10, checksum(bytes(hdr[:20 + len(options)])))
    return Pkt(bytes(hdr) + inner.data, inner.virtual)


def ipv6(src, dst, nh, inner, plen=None, ext=b""):
    length = len(ext) + inner.wire() if plen is None else plen
    hdr = struct.pack("!IHBB16s16s", 6 << 28, length & 0xFFFF, nh, 64, addr(src), addr(dst))
    return Pkt(hdr + ext + inner.data, inner.virtual)


def ip(src, dst, proto, inner, **kw):
    if ":" in src:
        return ipv6(src, dst, proto, inner, **kw)
    return ipv4(src, dst, proto, inner, **kw)


def udp(sport, dport, inner, length=None):
    n = 8 + inner.wire() if length is None else length
    return Pkt(struct.pack("!HHHH", sport, dport, n & 0xFFFF, 0) + inner.data, inner.virtual)


def ether(inner, ethertype, tags=(), src=b"\x02\0\0\0\0\x01", dst=b"\x02\0\0\0\0\x02"):
    head = dst + src
    for tpid, vid in tags:
        head += struct.pack("!HH", tpid, vid)
    return Pkt(head + struct.pack("!H", ethertype) + inner.data, inner.virtual)


def ether_of(ip_pkt, tags=()):
    return ether(ip_pkt, 0x86DD if ip_pkt.data[0] >> 4 == 6 else 0x0800, tags)


def vxlan(vni, inner):
    return Pkt(struct.pack("!II", 0x08000000, vni << 8) + inner.data, inner.virtual)


def geneve(vni, proto, inner, options=b"", version=0):
    head = struct.pack("!BBHI", (version << 6) | (len(options) // 4), 0, proto, vni << 8)
    return Pkt(head + options + inner.data, inner.virtual)


def gre(proto, inner, key=None, seq=None, csum=False, version=0, routing=None):
    flags = (0x8000 if csum else 0) | (0x2000 if key is not None else 0) | (0x1000 if seq is not None else 0)
    flags |= 0x4000 if routing is not None else 0
    head = struct.pack("!HH", flags | version, proto)
    if csum or routing is not None:
        head += struct.pack("!HH", 0, 0)
    if key is not None:
        head += struct.pack("!I", key)
    if seq is not None:
        head += struct.pack("!I", seq)
    if routing is not None:
        head += routing
    return Pkt(head + inner.data, inner.virtual)


def mpls(labels, inner):
    head = b""
    for i, label in enumerate(labels):
        head += struct.pack("!I", (label << 12) | (0x100 if i == len(labels) - 1 else 0) | 64)
    return Pkt(head + inner.data, inner.virtual)


# ---------------------------------------------------------------------------------------------
# TCP conversations: lists of (time_us, from_client, tcp Pkt); wrapped into frames later.

def conversation(cport, sport, t0, sizes=(3000, 700), mss=1000, rtt=800, isn=(1000, 90000), payload=None):
    """Handshake, the client sends SIZES[0] bytes and the server SIZES[1], each segment ACKed, FIN."""
    c, s = isn
    t = t0
    out = [(t, True, tcp(cport, sport, c, 0, 0x02, options=b"\x02\x04\x05\xb4\x01\x03\x03\x07"))]
    t += rtt
    out.append((t, False, tcp(sport, cport, s, c + 1, 0x12, options=b"\x02\x04\x05\xb4\x01\x03\x03\x07")))
    t += 50
    c += 1
    s += 1
    out.append((t, True, tcp(cport, sport, c, s, 0x10)))
    for who, total in ((True, sizes[0]), (False, sizes[1])):
        sent = 0
        while sent < total:
            n = min(mss if payload is None else payload, total - sent)
            t += 100
            if who:
                out.append((t, True, tcp(cport, sport, c, s, 0x18, n)))
                c += n
                out.append((t + rtt, False, tcp(sport, cport, s, c, 0x10)))
            else:
                out.append((t, False, tcp(sport, cport, s, c, 0x18, n)))
                s += n
                out.append((t + rtt, True, tcp(cport, sport, c, s, 0x10)))
            t += rtt
            sent += n
    t += 1000
    out.append((t, True, tcp(cport, sport, c, s, 0x11)))
    out.append((t + rtt, False, tcp(sport, cport, s, c + 1, 0x11)))
    out.append((t + 2 * rtt, True, tcp(cport, sport, c + 1, s + 1, 0x10)))
    return out


def frames(conv, client, server, wrap):
    """Each segment of CONV as a frame: WRAP(ip packet, from_client) -> Pkt."""
    return [(t, wrap(ip(client if fc else server, server if fc else client, 6, seg), fc)) for t, fc, seg in conv]


def merge(*lists):
    return sorted((r for lst in lists for r in lst), key=lambda r: r[0])


# ---------------------------------------------------------------------------------------------
# File writers. A record is (time_us, Pkt) or (time_us, Pkt, overrides) with overrides a dict of
# caplen / wire / raw (bytes written instead of the record).

def record_bytes(pkt, snaplen):
    cap = pkt.data + b"\0" * max(0, min(pkt.virtual, snaplen - len(pkt.data)))
    return cap[:snaplen]


def pcap(records, linktype=1, snaplen=262144, nano=False, big=False):
    e = ">" if big else "<"
    magic = 0xA1B23C4D if nano else 0xA1B2C3D4
    out = bytearray(struct.pack(e + "IHHiIII", magic, 2, 4, 0, 0, snaplen, linktype))
    for rec in records:
        t, pkt = rec[0], rec[1]
        o = rec[2] if len(rec) > 2 else {}
        if "raw" in o:
            out += o["raw"]
            continue
        data = record_bytes(pkt, snaplen)
        sec = o.get("sec", t // 1_000_000)
        frac = o.get("frac", (t % 1_000_000) * (1000 if nano else 1))
        out += struct.pack(e + "IIII", sec & 0xFFFFFFFF, frac, o.get("caplen", len(data)), o.get("wire", pkt.wire()))
        out += data
    return bytes(out)


def block(btype, body, e="<", total=None):
    body = body + b"\0" * (-len(body) % 4)
    n = 12 + len(body) if total is None else total
    return struct.pack(e + "II", btype, n) + body + struct.pack(e + "I", n)


def option(code, value, e="<"):
    return struct.pack(e + "HH", code, len(value)) + value + b"\0" * (-len(value) % 4)


def shb(e="<"):
    return block(0x0A0D0D0A, struct.pack(e + "IHHq", 0x1A2B3C4D, 1, 0, -1), e)


def idb(linktype, snaplen=262144, tsresol=None, tsoffset=None, e="<"):
    opts = b""
    if tsresol is not None:
        opts += option(9, bytes([tsresol]), e)
    if tsoffset is not None:
        opts += option(14, struct.pack(e + "q", tsoffset), e)
    if opts:
        opts += struct.pack(e + "HH", 0, 0)
    return block(1, struct.pack(e + "HHI", linktype, 0, snaplen) + opts, e)


def epb(iface, ticks, pkt, snaplen=262144, e="<", caplen=None):
    data = record_bytes(pkt, snaplen)
    n = len(data) if caplen is None else caplen
    body = struct.pack(e + "IIIII", iface, (ticks >> 32) & 0xFFFFFFFF, ticks & 0xFFFFFFFF, n, pkt.wire()) + data
    return block(6, body, e)


def spb(pkt, snaplen=262144, e="<"):
    data = record_bytes(pkt, snaplen)
    return block(3, struct.pack(e + "I", pkt.wire()) + data, e)


# ---------------------------------------------------------------------------------------------
# The corpus.

A, B = "10.0.0.1", "10.0.0.2"
A6, B6 = "2001:db8::1", "2001:db8::2"
VTEP1, VTEP2 = "10.1.1.1", "10.1.1.2"


def plain(ip_pkt, fc):
    return ether_of(ip_pkt)


def tunnels():
    files = {}
    c1 = conversation(40001, 5001, T0, sizes=(4000, 1200))
    c2 = conversation(40002, 5001, T0 + 3000, sizes=(2500, 300), isn=(7, 70000))
    c6 = conversation(40003, 5001, T0 + 5000, sizes=(1800, 100))

    def over_udp(port, make, v6=False):
        def wrap(inner, fc):
            s, d = (VTEP1, VTEP2) if fc else (VTEP2, VTEP1)
            if v6:
                s, d = ("2001:db8:f::1", "2001:db8:f::2") if fc else ("2001:db8:f::2", "2001:db8:f::1")
            return ether_of(ip(s, d, 17, udp(49152 + (inner.data[-1] % 7), port, make(inner))))
        return wrap

    vx = lambda vni: over_udp(4789, lambda inner: vxlan(vni, ether_of(inner)))
    files["tunnel_vxlan.pcap"] = pcap(merge(frames(c1, A, B, vx(42)), frames(c2, A, B, vx(43)),
                                            frames(c6, A6, B6, vx(42))))
    files["tunnel_vxlan_ipv6_outer.pcap"] = pcap(frames(c1, A, B, over_udp(4789, lambda i: vxlan(7, ether_of(i)),
                                                                            v6=True)))
    opts = struct.pack("!HBB", 0x0103, 0x80, 2) + b"\x11" * 8 + struct.pack("!HBB", 0xFFFF, 0x01, 1) + b"\x22" * 4
    files["tunnel_geneve_options.pcap"] = pcap(merge(
        frames(c1, A, B, over_udp(6081, lambda i: geneve(100, 0x6558, ether_of(i), opts))),
        frames(c2, A, B, over_udp(6081, lambda i: geneve(101, 0x0800, i))),
        frames(c6, A6, B6, over_udp(6081, lambda i: geneve(102, 0x86DD, i, opts[:12])))))

    def over_ip(proto, make, outer=(VTEP1, VTEP2)):
        def wrap(inner, fc):
            s, d = outer if fc else outer[::-1]
            return ether_of(ip(s, d, proto, make(inner)))
        return wrap

    eproto = lambda i: 0x86DD if i.data[0] >> 4 == 6 else 0x0800
    files["tunnel_gre.pcap"] = pcap(merge(
        frames(c1, A, B, over_ip(47, lambda i: gre(eproto(i), i))),
        frames(c2, A, B, over_ip(47, lambda i: gre(eproto(i), i, key=0x1234, seq=9, csum=True))),
        frames(c6, A6, B6, over_ip(47, lambda i: gre(0x6558, ether_of(i), key=77)))))
    erspan2 = lambda i: gre(0x88BE, Pkt(struct.pack("!II", 0x1000_0000 | (10 << 16) | 5, 3) + ether_of(i).data,
                                         i.virtual), seq=1)
    erspan3 = lambda i: gre(0x22EB, Pkt(struct.pack("!III", 0x2000_0000 | 6, 12345, 0) + ether_of(i).data,
                                         i.virtual), seq=2)
    erspan3p = lambda i: gre(0x22EB, Pkt(struct.pack("!III", 0x2000_0000 | 7, 12345, 1) + b"\x0c" + b"\0" * 7
                                          + ether_of(i).data, i.virtual), seq=3)
    erspan1 = lambda i: gre(0x88BE, ether_of(i))
    files["tunnel_erspan.pcap"] = pcap(merge(
        frames(c1, A, B, over_ip(47, erspan2)), frames(c2, A, B, over_ip(47, erspan3)),
        frames(c6, A6, B6, over_ip(47, erspan3p)),
        frames(conversation(40004, 5001, T0 + 9000), A, B, over_ip(47, erspan1))))
    files["tunnel_wccp.pcap"] = pcap(merge(
        frames(c1, A, B, over_ip(47, lambda i: gre(0x883E, Pkt(b"\x01\x00\x05\x07" + i.data, i.virtual)))),
        frames(c2, A, B, over_ip(47, lambda i: gre(0x883E, i)))))
    files["tunnel_ip_in_ip.pcap"] = pcap(merge(
        frames(c1, A, B, over_ip(4, lambda i: i)),
        frames(c6, A6, B6, over_ip(41, lambda i: i)),
        frames(c2, A, B, over_ip(4, lambda i: i, outer=("2001:db8:f::1", "2001:db8:f::2")))))
    vlan = lambda tags: (lambda i, fc: ether_of(i, tags))
    files["tunnel_vlan_qinq.pcap"] = pcap(merge(
        frames(c1, A, B, vlan([(0x8100, 10)])),
        frames(c2, A, B, vlan([(0x88A8, 100), (0x8100, 20)])),
        frames(c6, A6, B6, vlan([(0x9100, 5), (0x8100, 30)]))))

    def over_mpls(labels):
        return lambda i, fc: ether(mpls(labels, i), 0x8847)
    files["tunnel_mpls.pcap"] = pcap(merge(
        frames(c1, A, B, over_mpls([16])), frames(c2, A, B, over_mpls([100, 200, 300])),
        frames(c6, A6, B6, over_mpls([17, 18]))))

    def nested(inner, fc):
        vx_frame = ether_of(inner)
        in_udp = ip(VTEP1, VTEP2, 17, udp(50000, 4789, vxlan(9, vx_frame)))
        return ether(mpls([500], ip("10.9.9.1", "10.9.9.2", 47, gre(0x0800, in_udp))), 0x8847,
                     tags=[(0x88A8, 7), (0x8100, 8)])
    files["tunnel_nested.pcap"] = pcap(frames(c1, A, B, nested))
    # The same five-tuple inside two VNIs: tshark merges them into one conversation.
    files["tunnel_vxlan_same_tuple.pcap"] = pcap(merge(frames(c1, A, B, vx(1)),
                                                       frames(conversation(40001, 5001, T0 + 60_000_000,
                                                                           isn=(5, 6)), A, B, vx(2))))
    return files


def bigtcp():
    files = {}
    recs = []
    t = T0
    isn = 1000
    hs = conversation(41000, 5201, t, sizes=(0, 0))[:3]
    recs += frames(hs, A, B, plain)
    seq = isn + 1
    for i, size in enumerate([65000, 120000, 185000, 1448, 64000]):
        t += 200
        seg = tcp(41000, 5201, seq, 90001, 0x10, size)
        total = 0 if size + 52 > 65535 or i == 0 else None
        recs.append((t, ether_of(ipv4(A, B, 6, seg, total=total))))
        seq += size
        recs.append((t + 50, ether_of(ipv4(B, A, 6, tcp(5201, 41000, 90001, seq, 0x10)))))
    files["bigtcp_ipv4_total_length_zero.pcap"] = pcap(recs, snaplen=128)

    recs = []
    hs6 = conversation(41001, 5201, T0, sizes=(0, 0))[:3]
    recs += frames(hs6, A6, B6, plain)
    seq = isn + 1
    t = T0 + 10_000
    for size in [70000, 185000, 1448, 300000]:
        t += 200
        seg = tcp(41001, 5201, seq, 90001, 0x10, size)
        if size + 20 > 65535:
            hbh = struct.pack("!BBBBI", 6, 0, 0xC2, 4, 8 + size + 20)
            recs.append((t, ether_of(ipv6(A6, B6, 0, seg, plen=0, ext=hbh))))
        else:
            recs.append((t, ether_of(ipv6(A6, B6, 6, seg))))
        seq += size
        recs.append((t + 50, ether_of(ipv6(B6, A6, 6, tcp(5201, 41001, 90001, seq, 0x10)))))
    # Payload length 0 without a jumbo option (a GSO super-segment as some kernels write it).
    t += 500
    recs.append((t, ether_of(ipv6(A6, B6, 6, tcp(41001, 5201, seq, 90001, 0x10, 9000), plen=0))))
    files["bigtcp_ipv6_jumbogram.pcap"] = pcap(recs, snaplen=128)

    # GSO/TSO super-segments with valid length fields, headers-only snaplen.
    conv = conversation(41002, 5201, T0, sizes=(600000, 0), mss=60000)
    files["gso_super_segments.pcap"] = pcap(frames(conv, A, B, plain), snaplen=96)
    return files


def malformed():
    files = {}
    good = frames(conversation(42000, 5001, T0), A, B, plain)
    bad = []
    t = T0 + 100_000
    seg = lambda port, **kw: tcp(port, 5001, 1, 1, 0x18, 100, **kw)
    cases = [
        ipv4(A, B, 6, seg(42001), ihl=4),                 # IHL < 5
        ipv4(A, B, 6, seg(42002), total=15),              # total length < header
        ipv4(A, B, 6, seg(42003, doff=3)),                # TCP data offset < 5
        ipv4(A, B, 6, seg(42004, doff=15)),               # TCP header longer than the IP payload
        ipv4(A, B, 6, seg(42005), total=400),             # total length beyond the frame
        ipv4(A, B, 6, seg(42006), version=5),             # bad version behind ether type IPv4
        ipv4(A, B, 6, seg(42007, options=b"\x02\x09\x05\xb4" + b"\x01" * 4)),   # option length beyond
        ipv4(A, B, 6, seg(42008), options=b"\x44\x30\x05\x00"),     # IP option length beyond header
        ipv4(A, B, 6, seg(42009), frag=0x2000),           # first fragment of a datagram
        ipv4(A, B, 6, seg(42010), frag=0x0010),           # later fragment: no TCP header
    ]
    for i, p in enumerate(cases):
        bad.append((t + i * 1000, ether_of(p)))
    # IPv6: extension header longer than the payload, payload length beyond the frame.
    hbh = struct.pack("!BB", 6, 20) + b"\x01\x04\0\0\0\0"
    bad.append((t + 20_000, ether_of(ipv6(A6, B6, 0, seg(42020), ext=hbh))))
    bad.append((t + 21_000, ether_of(ipv6(A6, B6, 6, seg(42021), plen=900))))
    bad.append((t + 22_000, ether_of(ipv6(A6, B6, 6, seg(42022), plen=10))))
    # Tunnels: UDP length too small for VXLAN, Geneve options beyond the packet, GRE version 1.
    inner = ether_of(ipv4(A, B, 6, seg(42030)))
    bad.append((t + 30_000, ether_of(ipv4(VTEP1, VTEP2, 17, udp(50000, 4789, vxlan(5, inner), length=12)))))
    bad.append((t + 31_000, ether_of(ipv4(VTEP1, VTEP2, 17, udp(50000, 6081, Pkt(
        struct.pack("!BBHI", 0x3F, 0, 0x6558, 5 << 8) + inner.data[:40]))))))
    bad.append((t + 32_000, ether_of(ipv4(VTEP1, VTEP2, 47, gre(0x0800, ipv4(A, B, 6, seg(42032)), version=1)))))
    bad.append((t + 33_000, ether(mpls([16], Pkt(b"\x45\x00")), 0x8847)))
    # TCP header longer than the IP payload ("short segment"), IP payload shorter than a TCP header.
    bad.append((t + 34_000, ether_of(ipv4(A, B, 6, tcp(42034, 5001, 1, 1, 0x18, 10, doff=15)))))
    bad.append((t + 35_000, ether_of(ipv4(A, B, 6, tcp(42035, 5001, 1, 1, 0x18, 0), total=30))))
    # UDP length 0 (stops) and longer than the IP payload (flagged, still decoded); IPv4 behind an
    # IPv6 GRE type; MPLS explicit-null labels; GRE with a routing field; VXLAN from port 4789.
    vx_inner = lambda port: vxlan(5, ether_of(ipv4(A, B, 6, seg(port))))
    bad.append((t + 36_000, ether_of(ipv4(VTEP1, VTEP2, 17, udp(50000, 4789, vx_inner(42036), length=0)))))
    bad.append((t + 37_000, ether_of(ipv4(VTEP1, VTEP2, 17, udp(50000, 4789, vx_inner(42037), length=2000)))))
    bad.append((t + 38_000, ether_of(ipv4(VTEP1, VTEP2, 47, gre(0x86DD, ipv4(A, B, 6, seg(42038)))))))
    bad.append((t + 39_000, ether(mpls([0], ipv4(A, B, 6, seg(42039))), 0x8847)))
    bad.append((t + 39_100, ether(mpls([2], ipv6(A6, B6, 6, seg(42041))), 0x8847)))
    bad.append((t + 39_200, ether_of(ipv4(VTEP1, VTEP2, 47, gre(0x0800, ipv4(A, B, 6, seg(42042)),
                                                                routing=b"\0\0\0\0")))))
    bad.append((t + 39_300, ether_of(ipv4(VTEP1, VTEP2, 17, udp(4789, 50000, vx_inner(42043))))))
    bad.append((t + 39_400, ether_of(ipv4(A, B, 6, seg(42044)), tags=[(0x8100, k) for k in range(1, 10)])))
    # ICMP error quoting a whole TCP segment.
    quoted = ipv4(A, B, 6, seg(42040))
    bad.append((t + 40_000, ether_of(ipv4(B, A, 1, Pkt(struct.pack("!BBHI", 3, 3, 0, 0) + quoted.data)))))
    files["malformed_headers.pcap"] = pcap(merge(good, bad))

    # Cut by the snaplen (not malformed): before the IP header, inside the TCP header, in options.
    recs = []
    for i, snap in enumerate([20, 40, 60, 70]):
        conv = conversation(42100 + i, 5001, T0 + i * 100_000, sizes=(2000, 0))
        for t2, fr in frames(conv, A, B, plain):
            recs.append((t2, Pkt(fr.data[:snap]), {"wire": fr.wire()}))
    files["malformed_cut_by_snaplen.pcap"] = pcap(recs, snaplen=70)
    return files


def broken_files():
    files = {}
    conv = frames(conversation(43000, 5001, T0, sizes=(6000, 1000)), A, B, plain)
    whole = pcap(conv)
    # Cut inside the 8th record's data and inside the 12th record's header.
    offsets, o = [], 24
    for t, p in conv:
        offsets.append(o)
        o += 16 + len(p.data)
    files["broken_truncated_data.pcap"] = whole[:offsets[7] + 16 + 30]
    files["broken_truncated_header.pcap"] = whole[:offsets[11] + 9]
    # Impossible lengths: a captured length of 2 GB, and one bigger than the wire length.
    recs = list(conv)
    recs[5] = (recs[5][0], recs[5][1], {"caplen": 0x7FFFFFF0})
    files["broken_huge_caplen.pcap"] = pcap(recs)
    recs = list(conv)
    recs[4] = (recs[4][0], recs[4][1], {"wire": 40})
    files["broken_caplen_above_wire.pcap"] = pcap(recs)
    recs = list(conv)
    recs[6] = (recs[6][0], recs[6][1], {"caplen": 300_000, "raw": b""})
    files["broken_caplen_above_max.pcap"] = pcap(recs[:6]) + struct.pack("<IIII", 1, 2, 300_000, 300_000) + \
        b"\0" * 64
    files["broken_big_endian_nanosecond.pcap"] = pcap(conv, big=True, nano=True)
    # pcapng: a bad block length, an unknown interface, two link types, two sections.
    e = "<"
    head = shb() + idb(1)
    body = b"".join(epb(0, t, p) for t, p in conv[:6])
    files["broken_pcapng_block_length.pcapng"] = head + body + block(6, b"\0" * 20, total=17) + \
        b"".join(epb(0, t, p) for t, p in conv[6:])
    files["broken_pcapng_unknown_interface.pcapng"] = head + body + epb(3, conv[6][0], conv[6][1]) + \
        b"".join(epb(0, t, p) for t, p in conv[7:])
    files["broken_pcapng_truncated.pcapng"] = (head + body + epb(0, conv[6][0], conv[6][1]))[:-10]
    raw = frames(conversation(43001, 5001, T0 + 5000), A, B, lambda i, fc: i)
    mixed = shb() + idb(1) + idb(101, tsresol=9) + b"".join(
        epb(0, t, p) if k == 0 else epb(1, t * 1000, p)
        for t, p, k in sorted([(t, p, 0) for t, p in conv] + [(t, p, 1) for t, p in raw], key=lambda r: r[0]))
    files["pcapng_two_link_types.pcapng"] = mixed
    be = shb(">") + idb(1, e=">") + b"".join(epb(0, t, p, e=">") for t, p in conv[10:])
    files["pcapng_two_sections.pcapng"] = head + body + block(0x80000001, b"custom") + be
    files["pcapng_simple_packet_blocks.pcapng"] = shb() + idb(1, snaplen=1600) + b"".join(spb(p) for t, p in conv)
    return files


def timestamps():
    files = {}
    conv = frames(conversation(44000, 5001, T0, sizes=(3000, 500)), A, B, plain)
    recs = list(conv)
    recs[3] = (0, recs[3][1])                              # 1970
    recs[7] = ((0xFFFFFFF0 * 1_000_000), recs[7][1])       # 2106
    files["time_far_outliers.pcap"] = pcap(recs)
    rng = random.Random(19)
    spread = [(rng.randrange(0, 0xFFFFFFFF) * 1_000_000 + rng.randrange(1_000_000), p) for _, p in conv * 20]
    files["time_spread_over_a_century.pcap"] = pcap(spread)
    # pcapng: 1-second ticks with tick counts far beyond int64 nanoseconds, and a negative offset.
    ng = shb() + idb(1, tsresol=0) + idb(1, tsresol=9, tsoffset=-2_000_000_000)
    ng += b"".join(epb(0, (1 << 62) + k, p) for k, (t, p) in enumerate(conv[:8]))
    ng += b"".join(epb(1, t * 1000, p) for t, p in conv[8:])
    files["time_pcapng_huge_ticks.pcapng"] = ng
    return files


def main():
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent
    out.mkdir(parents=True, exist_ok=True)
    for group in (tunnels, bigtcp, malformed, broken_files, timestamps):
        for name, data in group().items():
            (out / name).write_bytes(data)


if __name__ == "__main__":
    main()

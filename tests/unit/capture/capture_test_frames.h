#pragma once
// Builds frames and pcap files byte by byte for the capture tests: every link type, VLAN tags,
// IPv6 extension headers, and the broken files a user may hand to `tcptune analyze`.

#include <QByteArray>
#include <QList>
#include <QString>

#include <functional>

namespace tcptune::test {

QByteArray be16(quint16 v);
QByteArray be32(quint32 v);

// A TCP header (+ zero payload of PAYLOAD bytes, of which only KEEP are really appended when
// KEEP >= 0). DATA_OFFSET_WORDS overrides the header length field (nonsense lengths).
QByteArray tcpSegment(quint16 sport, quint16 dport, quint32 seq, quint32 ack, quint8 flags, quint16 window, int payload,
                      const QByteArray &options = {}, int dataOffsetWords = -1);

// IPv4 / IPv6 around L4 (protocol 6 unless PROTOCOL says otherwise). TOTAL_LENGTH overrides
// the IPv4 length field (0: a TSO super-segment); payloadOnWire: bytes of L4 that exist on the
// wire beyond L4.size() (headers-only captures).
QByteArray ipv4(quint32 src, quint32 dst, const QByteArray &l4, int extraOnWire = 0, int totalLength = -1,
                quint8 protocol = 6);
// EXTENSIONS: already-encoded extension headers; FIRST_NEXT the next-header value in the
// fixed header (6 when there are none).
QByteArray ipv6(quint8 srcLast, quint8 dstLast, const QByteArray &l4, int extraOnWire = 0,
                const QByteArray &extensions = {}, quint8 firstNext = 6);

QByteArray ethernet(const QByteArray &l3, quint16 etherType, const QList<quint16> &vlanTpids = {});
QByteArray linuxSll(const QByteArray &l3, quint16 etherType);
QByteArray linuxSll2(const QByteArray &l3, quint16 etherType);
QByteArray bsdNull(const QByteArray &l3, quint32 family, bool littleEndian);
QByteArray bsdLoop(const QByteArray &l3, quint32 family);

struct PcapRecord {
    qint64 timeUs = 0;
    QByteArray bytes;          // what is captured
    quint32 wireLength = 0;    // 0: bytes.size()
    qint64 claimedCaplen = -1; // >= 0: write this as the record's captured length
};

// A classic pcap file (microsecond timestamps).
QByteArray pcapFile(quint32 linkType, quint32 snaplen, const QList<PcapRecord> &records, bool bigEndian = false);

// Writes DATA to a new file in DIR and returns its path.
QString writeFile(const QString &dir, const QString &name, const QByteArray &data);

// A small conversation, client 10.0.0.1:40000 -> server 10.0.0.2:80, each frame wrapped by WRAP
// (which gets the IPv4 packet and how many bytes of it exist only on the wire):
// handshake, 5 data segments of 1000 bytes each ACKed 1 ms later, then one spurious
// retransmission of the third segment. 14 packets; client payload 6000; server payload 0;
// 1 retransmission; client RTT samples 6 (SYN + 5 segments, 1 ms each); server RTT samples 1.
// ISN_OFFSET shifts both initial sequence numbers; START_US is the first packet's time.
QList<PcapRecord> smallConversation(const std::function<QByteArray(const QByteArray &ip)> &wrap, int snaplen = 0,
                                    quint32 isnOffset = 0, qint64 startUs = 1700000000000000);

} // namespace tcptune::test

#include "capture_test_frames.h"

#include <QDir>
#include <QFile>

#include <QtEndian>

namespace tcptune::test {

QByteArray be16(quint16 v)
{
    QByteArray b(2, '\0');
    qToBigEndian(v, b.data());
    return b;
}

QByteArray be32(quint32 v)
{
    QByteArray b(4, '\0');
    qToBigEndian(v, b.data());
    return b;
}

static QByteArray le32(quint32 v)
{
    QByteArray b(4, '\0');
    qToLittleEndian(v, b.data());
    return b;
}

static QByteArray le16(quint16 v)
{
    QByteArray b(2, '\0');
    qToLittleEndian(v, b.data());
    return b;
}

QByteArray tcpSegment(quint16 sport, quint16 dport, quint32 seq, quint32 ack, quint8 flags, quint16 window, int payload,
                      const QByteArray &options, int dataOffsetWords)
{
    QByteArray opts = options;
    while (opts.size() % 4)
        opts.append(char(1)); // NOP padding
    const int words = dataOffsetWords >= 0 ? dataOffsetWords : 5 + int(opts.size()) / 4;
    QByteArray t = be16(sport) + be16(dport) + be32(seq) + be32(ack);
    t.append(char(words << 4));
    t.append(char(flags));
    t += be16(window) + be16(0) + be16(0) + opts;
    t.append(QByteArray(payload, 'x'));
    return t;
}

QByteArray ipv4(quint32 src, quint32 dst, const QByteArray &l4, int extraOnWire, int totalLength, quint8 protocol)
{
    const int length = totalLength >= 0 ? totalLength : 20 + int(l4.size()) + extraOnWire;
    QByteArray ip;
    ip.append(char(0x45));
    ip.append(char(0));
    ip += be16(quint16(length)) + be16(1) + be16(0x4000);
    ip.append(char(64));
    ip.append(char(protocol));
    ip += be16(0) + be32(src) + be32(dst) + l4;
    return ip;
}

QByteArray ipv6(quint8 srcLast, quint8 dstLast, const QByteArray &l4, int extraOnWire, const QByteArray &extensions,
                quint8 firstNext)
{
    QByteArray ip;
    ip += be32(0x60000000u) + be16(quint16(extensions.size() + l4.size() + extraOnWire));
    ip.append(char(firstNext));
    ip.append(char(64));
    QByteArray src(16, '\0');
    QByteArray dst(16, '\0');
    src[0] = char(0x20);
    src[1] = char(0x01);
    dst[0] = char(0x20);
    dst[1] = char(0x01);
    src[15] = char(srcLast);
    dst[15] = char(dstLast);
    return ip + src + dst + extensions + l4;
}

QByteArray ethernet(const QByteArray &l3, quint16 etherType, const QList<quint16> &vlanTpids)
{
    QByteArray f = QByteArray::fromHex("020000000002020000000001");
    for (quint16 tpid : vlanTpids)
        f += be16(tpid) + be16(42);
    return f + be16(etherType) + l3;
}

QByteArray linuxSll(const QByteArray &l3, quint16 etherType)
{
    return be16(0) + be16(1) + be16(6) + QByteArray::fromHex("0200000000010000") + be16(etherType) + l3;
}

QByteArray linuxSll2(const QByteArray &l3, quint16 etherType)
{
    QByteArray h = be16(etherType) + be16(0) + be32(2) + be16(1);
    h.append(char(0)); // packet type: to us
    h.append(char(6)); // address length
    h += QByteArray::fromHex("0200000000010000");
    return h + l3;
}

QByteArray bsdNull(const QByteArray &l3, quint32 family, bool littleEndian)
{
    return (littleEndian ? le32(family) : be32(family)) + l3;
}

QByteArray bsdLoop(const QByteArray &l3, quint32 family)
{
    return be32(family) + l3;
}

QByteArray pcapFile(quint32 linkType, quint32 snaplen, const QList<PcapRecord> &records, bool bigEndian)
{
    auto u32 = [bigEndian](quint32 v) { return bigEndian ? be32(v) : le32(v); };
    auto u16 = [bigEndian](quint16 v) { return bigEndian ? be16(v) : le16(v); };
    QByteArray f = u32(0xa1b2c3d4u) + u16(2) + u16(4) + u32(0) + u32(0) + u32(snaplen) + u32(linkType);
    for (const PcapRecord &r : records) {
        const quint32 caplen = r.claimedCaplen >= 0 ? quint32(r.claimedCaplen) : quint32(r.bytes.size());
        const quint32 wire = r.wireLength ? r.wireLength : quint32(r.bytes.size());
        f += u32(quint32(r.timeUs / 1000000)) + u32(quint32(r.timeUs % 1000000)) + u32(caplen) + u32(wire) + r.bytes;
    }
    return f;
}

QString writeFile(const QString &dir, const QString &name, const QByteArray &data)
{
    const QString path = QDir(dir).filePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(data);
    return path;
}

QList<PcapRecord> smallConversation(const std::function<QByteArray(const QByteArray &ip)> &wrap, int snaplen,
                                    quint32 isnOffset, qint64 startUs)
{
    const quint32 client = 0x0a000001;
    const quint32 server = 0x0a000002;
    const quint32 cIsn = 1000 + isnOffset;
    const quint32 sIsn = 5000 + isnOffset;
    QList<PcapRecord> records;
    qint64 t = startUs;
    auto add = [&](bool fromClient, quint32 seq, quint32 ack, quint8 flags, int payload) {
        const QByteArray l4 = fromClient ? tcpSegment(40000, 80, seq, ack, flags, 1000, payload)
                                         : tcpSegment(80, 40000, seq, ack, flags, 2000, payload);
        QByteArray frame = wrap(fromClient ? ipv4(client, server, l4) : ipv4(server, client, l4));
        PcapRecord r;
        r.timeUs = t;
        r.wireLength = quint32(frame.size());
        if (snaplen > 0 && frame.size() > snaplen)
            frame.truncate(snaplen);
        r.bytes = frame;
        records.append(r);
        t += 1000;
    };
    add(true, cIsn, 0, 0x02, 0);            // SYN
    add(false, sIsn, cIsn + 1, 0x12, 0);    // SYN-ACK
    add(true, cIsn + 1, sIsn + 1, 0x10, 0); // ACK
    for (int i = 0; i < 5; ++i) {
        const quint32 seq = cIsn + 1 + quint32(i) * 1000;
        add(true, seq, sIsn + 1, 0x18, 1000);      // data
        add(false, sIsn + 1, seq + 1000, 0x10, 0); // its ACK
    }
    add(true, cIsn + 1 + 2000, sIsn + 1, 0x18, 1000); // spurious retransmission
    return records;
}

} // namespace tcptune::test

// PacketDecoder on hand-made frames: every link type, VLAN tags, IPv6 extension headers,
// options, and frames that are cut short or contradict themselves.

#include "capture/packet_decoder.h"
#include "capture_test_frames.h"

#include <QTest>

#include <pcap/dlt.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>

using namespace tcptune;
using namespace tcptune::test;

Q_DECLARE_METATYPE(tcptune::DecodeStatus)

namespace {

const QByteArray kSegment = tcpSegment(40000, 80, 123456789, 987654321, 0x18, 512, 100);
const QByteArray kIpv4 = ipv4(0x0a000001, 0x0a000002, kSegment);
const QByteArray kIpv6 = ipv6(1, 2, kSegment);

// Bytes that end exactly where a PROT_NONE page begins: reading one byte past them faults at
// once, with or without a sanitizer.
class GuardedBytes final {
public:
    explicit GuardedBytes(const QByteArray &bytes)
    {
        const std::size_t page = std::size_t(::sysconf(_SC_PAGESIZE));
        const std::size_t dataPages = std::max<std::size_t>(1, (std::size_t(bytes.size()) + page - 1) / page);
        m_length = (dataPages + 1) * page;
        void *base = ::mmap(nullptr, m_length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (base == MAP_FAILED)
            return;
        m_base = static_cast<std::uint8_t *>(base);
        std::uint8_t *guard = m_base + dataPages * page;
        m_data = guard - bytes.size();
        std::memcpy(m_data, bytes.constData(), std::size_t(bytes.size()));
        if (::mprotect(guard, page, PROT_NONE) != 0 || ::mprotect(m_base, dataPages * page, PROT_READ) != 0)
            m_data = nullptr;
    }
    ~GuardedBytes()
    {
        if (m_base)
            ::munmap(m_base, m_length);
    }
    GuardedBytes(const GuardedBytes &) = delete;
    GuardedBytes &operator=(const GuardedBytes &) = delete;

    const std::uint8_t *data() const { return m_data; } // null when the mapping failed

private:
    std::uint8_t *m_base = nullptr;
    std::uint8_t *m_data = nullptr;
    std::size_t m_length = 0;
};

} // namespace

class TestPacketDecoder final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void decodes_data();
    void decodes();
    void readsOptions();
    void neverReadsPastTheCapture_data();
    void neverReadsPastTheCapture();
    void recordsTheTunnel_data();
    void recordsTheTunnel();
};

void TestPacketDecoder::decodes_data()
{
    QTest::addColumn<int>("dlt");
    QTest::addColumn<QByteArray>("frame");
    QTest::addColumn<int>("wireExtra");
    QTest::addColumn<DecodeStatus>("status");
    QTest::addColumn<bool>("ipv6");
    QTest::addColumn<int>("segmentLength");

    QTest::addRow("ethernet ipv4") << DLT_EN10MB << ethernet(kIpv4, 0x0800) << 0 << DecodeStatus::Tcp << false << 100;
    QTest::addRow("ethernet ipv6") << DLT_EN10MB << ethernet(kIpv6, 0x86dd) << 0 << DecodeStatus::Tcp << true << 100;
    QTest::addRow("802.1Q") << DLT_EN10MB << ethernet(kIpv4, 0x0800, {0x8100}) << 0 << DecodeStatus::Tcp << false
                            << 100;
    QTest::addRow("802.1ad + 802.1Q") << DLT_EN10MB << ethernet(kIpv6, 0x86dd, {0x88a8, 0x8100}) << 0
                                      << DecodeStatus::Tcp << true << 100;
    QTest::addRow("ethernet padding") << DLT_EN10MB
                                      << ethernet(ipv4(1, 2, tcpSegment(1, 2, 3, 4, 0x10, 5, 0)), 0x0800) +
                                             QByteArray(6, '\0')
                                      << 0 << DecodeStatus::Tcp << false << 0;
    QTest::addRow("sll") << DLT_LINUX_SLL << linuxSll(kIpv4, 0x0800) << 0 << DecodeStatus::Tcp << false << 100;
    QTest::addRow("sll2") << DLT_LINUX_SLL2 << linuxSll2(kIpv6, 0x86dd) << 0 << DecodeStatus::Tcp << true << 100;
    QTest::addRow("raw v4") << DLT_RAW << kIpv4 << 0 << DecodeStatus::Tcp << false << 100;
    QTest::addRow("raw v6") << DLT_RAW << kIpv6 << 0 << DecodeStatus::Tcp << true << 100;
    QTest::addRow("DLT_IPV6") << DLT_IPV6 << kIpv6 << 0 << DecodeStatus::Tcp << true << 100;
    QTest::addRow("null v4 LE") << DLT_NULL << bsdNull(kIpv4, 2, true) << 0 << DecodeStatus::Tcp << false << 100;
    QTest::addRow("null v6 BE (macOS 30)")
        << DLT_NULL << bsdNull(kIpv6, 30, false) << 0 << DecodeStatus::Tcp << true << 100;
    QTest::addRow("loop v6 (24)") << DLT_LOOP << bsdLoop(kIpv6, 24) << 0 << DecodeStatus::Tcp << true << 100;
    QTest::addRow("ipv6 hop-by-hop, routing, dest opts")
        << DLT_RAW
        << ipv6(1, 2, kSegment, 0,
                QByteArray::fromHex("2b00010400000000") + QByteArray::fromHex("3c00000000000000") +
                    QByteArray::fromHex("06010104000000000000000000000000"),
                0)
        << 0 << DecodeStatus::Tcp << true << 100;
    // Wireshark reassembles fragments: the TCP header of a first fragment counts only there.
    QTest::addRow("ipv6 first fragment") << DLT_RAW
                                         << ipv6(1, 2, kSegment, 0, QByteArray::fromHex("0600000100000001"), 44) << 0
                                         << DecodeStatus::NotTcp << true << 0;
    QTest::addRow("ipv6 later fragment") << DLT_RAW
                                         << ipv6(1, 2, kSegment, 0, QByteArray::fromHex("0600055000000001"), 44) << 0
                                         << DecodeStatus::NotTcp << true << 0;
    QTest::addRow("ipv6 no next header") << DLT_RAW << ipv6(1, 2, kSegment, 0, {}, 59) << 0 << DecodeStatus::NotTcp
                                         << true << 0;
    QTest::addRow("headers only (snaplen)")
        << DLT_EN10MB << ethernet(kIpv4, 0x0800).left(54) << 100 << DecodeStatus::Tcp << false << 100;
    QTest::addRow("TSO: IPv4 length 0") << DLT_EN10MB << ethernet(ipv4(1, 2, kSegment, 0, 0), 0x0800) << 40000
                                        << DecodeStatus::Tcp << false << 40100;
    QTest::addRow("udp") << DLT_EN10MB << ethernet(ipv4(1, 2, kSegment, 0, -1, 17), 0x0800) << 0 << DecodeStatus::NotTcp
                         << false << 0;
    QTest::addRow("arp") << DLT_EN10MB << ethernet(QByteArray(28, '\1'), 0x0806) << 0 << DecodeStatus::NotTcp << false
                         << 0;
    QTest::addRow("cut in the tcp header")
        << DLT_EN10MB << ethernet(kIpv4, 0x0800).left(14 + 20 + 12) << 100 << DecodeStatus::Truncated << false << 0;
    QTest::addRow("cut in the ethernet header")
        << DLT_EN10MB << ethernet(kIpv4, 0x0800).left(13) << 100 << DecodeStatus::Truncated << false << 0;
    QTest::addRow("ethernet frame shorter than its header")
        << DLT_EN10MB << ethernet(kIpv4, 0x0800).left(13) << 0 << DecodeStatus::Malformed << false << 0;
    QTest::addRow("ipv4 header length 8") << DLT_RAW <<
        [] {
            QByteArray b = kIpv4;
            b[0] = char(0x42);
            return b;
        }() << 0 << DecodeStatus::Malformed
                                          << false << 0;
    QTest::addRow("ipv4 total length below header")
        << DLT_RAW << ipv4(1, 2, kSegment, 0, 12) << 0 << DecodeStatus::Malformed << false << 0;
    QTest::addRow("tcp data offset 0") << DLT_RAW << ipv4(1, 2, tcpSegment(1, 2, 3, 4, 0x10, 5, 10, {}, 0)) << 0
                                       << DecodeStatus::Malformed << false << 0;
    QTest::addRow("tcp data offset beyond segment") << DLT_RAW << ipv4(1, 2, tcpSegment(1, 2, 3, 4, 0x10, 5, 0, {}, 15))
                                                    << 0 << DecodeStatus::Malformed << false << 0;
    QTest::addRow("ipv6 payload length 0 without jumbo option") << DLT_RAW << [] {
        QByteArray b = kIpv6;
        b[4] = b[5] = '\0';
        return b;
    }() << 0 << DecodeStatus::Malformed << true << 0;
    QTest::addRow("ipv6 jumbogram") << DLT_RAW
                                    << ipv6(1, 2, tcpSegment(40000, 80, 123456789, 987654321, 0x18, 512, 0), 0,
                                            QByteArray::fromHex("0600c204") + be32(8 + 20 + 100000), 0)
                                           .replace(4, 2, QByteArray(2, '\0'))
                                    << 100000 << DecodeStatus::Tcp << true << 100000;
    QTest::addRow("ip version 5 behind ether type IPv4") << DLT_EN10MB << [] {
        QByteArray b = ethernet(kIpv4, 0x0800);
        b[14] = char(0x55);
        return b;
    }() << 0 << DecodeStatus::Malformed << false << 0;
    QTest::addRow("ipv6 extension longer than payload")
        << DLT_RAW << ipv6(1, 2, {}, 0, QByteArray::fromHex("06ff000000000000"), 0) << 0 << DecodeStatus::Malformed
        << true << 0;
}

void TestPacketDecoder::decodes()
{
    QFETCH(int, dlt);
    QFETCH(QByteArray, frame);
    QFETCH(int, wireExtra);
    QFETCH(DecodeStatus, status);
    QFETCH(bool, ipv6);
    QFETCH(int, segmentLength);
    DecodedTcp out;
    const auto *bytes = reinterpret_cast<const std::uint8_t *>(frame.constData());
    QCOMPARE(decodeTcp(dlt, bytes, std::size_t(frame.size()), std::size_t(frame.size() + wireExtra), out), status);
    if (status != DecodeStatus::Tcp)
        return;
    QCOMPARE(out.ipv6, ipv6);
    QCOMPARE(int(out.segmentLength), segmentLength);
    if (segmentLength == 100) {
        QCOMPARE(out.srcPort, quint16(40000));
        QCOMPARE(out.dstPort, quint16(80));
        QCOMPARE(out.seq, 123456789u);
        QCOMPARE(out.ack, 987654321u);
        QCOMPARE(out.flags, quint16(0x18));
        QCOMPARE(out.window, quint16(512));
        QCOMPARE(int(out.src[ipv6 ? 15 : 3]), 1);
    }
}

void TestPacketDecoder::readsOptions()
{
    // MSS, SACK permitted, WS 7, SACK with two blocks, timestamps.
    const QByteArray options = QByteArray::fromHex("020405b4") + QByteArray::fromHex("0402") +
                               QByteArray::fromHex("030307") + QByteArray::fromHex("01") + QByteArray::fromHex("0512") +
                               be32(100) + be32(200) + be32(300) + be32(400) +
                               QByteArray::fromHex("080a0000000100000002");
    const QByteArray frame = ethernet(ipv4(1, 2, tcpSegment(1, 2, 3, 4, 0x12, 5, 0, options)), 0x0800);
    DecodedTcp out;
    QCOMPARE(decodeTcp(DLT_EN10MB, reinterpret_cast<const std::uint8_t *>(frame.constData()), std::size_t(frame.size()),
                       std::size_t(frame.size()), out),
             DecodeStatus::Tcp);
    QCOMPARE(out.windowScale, 7);
    QCOMPARE(out.sackBlocks, 2);
    QCOMPARE(out.sack[0], 100u);
    QCOMPARE(out.sack[3], 400u);

    // Options cut by the snaplen: the header is still decoded, the options as far as they go;
    // Wireshark's conversation table leaves such a frame out.
    DecodedTcp cut;
    QCOMPARE(decodeTcp(DLT_EN10MB, reinterpret_cast<const std::uint8_t *>(frame.constData()), 14 + 20 + 20 + 10,
                       std::size_t(frame.size()), cut),
             DecodeStatus::TcpOptionsCut);
    QCOMPARE(cut.windowScale, 7);
    QCOMPARE(cut.sackBlocks, 0);
}

void TestPacketDecoder::neverReadsPastTheCapture_data()
{
    QTest::addColumn<int>("dlt");
    QTest::addColumn<QByteArray>("frame");
    QTest::addRow("802.1Q ipv6") << DLT_EN10MB << ethernet(kIpv6, 0x86dd, {0x8100});
    QTest::addRow("sll2 ipv4") << DLT_LINUX_SLL2 << linuxSll2(kIpv4, 0x0800);
    QTest::addRow("sll ipv6") << DLT_LINUX_SLL << linuxSll(kIpv6, 0x86dd);
    QTest::addRow("null ipv4") << DLT_NULL << bsdNull(kIpv4, 2, true);
    QTest::addRow("loop ipv6") << DLT_LOOP << bsdLoop(kIpv6, 28);
    QTest::addRow("raw ipv4") << DLT_RAW << kIpv4;
    const auto udp = [](quint16 sport, quint16 dport, const QByteArray &payload) -> QByteArray {
        return be16(sport) + be16(dport) + be16(quint16(8 + payload.size())) + be16(0) + payload;
    };
    const QByteArray vxlan = QByteArray::fromHex("08000000") + be32(42u << 8) + ethernet(kIpv4, 0x0800);
    QTest::addRow("vxlan") << DLT_EN10MB << ethernet(ipv4(1, 2, udp(50000, 4789, vxlan), 0, -1, 17), 0x0800);
    QTest::addRow("gre with key") << DLT_EN10MB
                                  << ethernet(ipv4(1, 2, QByteArray::fromHex("20000800") + be32(99) + kIpv4, 0, -1, 47),
                                              0x0800);
    QTest::addRow("ipv6 extension headers")
        << DLT_RAW
        << ipv6(1, 2, kSegment, 0,
                QByteArray::fromHex("2b00010400000000") + QByteArray::fromHex("3c00000000000000") +
                    QByteArray::fromHex("06010104000000000000000000000000"),
                0);
}

void TestPacketDecoder::neverReadsPastTheCapture()
{
    // Every prefix of the frame, claiming the whole frame's wire length, placed right before a
    // page that cannot be read: an over-read ends the test with SIGSEGV in this data row.
    QFETCH(int, dlt);
    QFETCH(QByteArray, frame);
    int decoded = 0;
    for (qsizetype n = 0; n <= frame.size(); ++n) {
        const GuardedBytes bytes(frame.left(n));
        QVERIFY2(bytes.data(), "cannot map the guarded buffer");
        DecodedTcp out;
        if (decodeTcp(dlt, bytes.data(), std::size_t(n), std::size_t(frame.size()), out) == DecodeStatus::Tcp)
            ++decoded;
    }
    QVERIFY(decoded > 0); // the whole frame, at least, decodes
}

void TestPacketDecoder::recordsTheTunnel_data()
{
    QTest::addColumn<QByteArray>("frame");
    QTest::addColumn<QList<int>>("kinds");
    QTest::addColumn<QList<quint32>>("ids");
    const QByteArray inner = ethernet(kIpv4, 0x0800);
    const auto udp = [](quint16 sport, quint16 dport, const QByteArray &payload) -> QByteArray {
        return be16(sport) + be16(dport) + be16(quint16(8 + payload.size())) + be16(0) + payload;
    };
    const QByteArray vxlan = QByteArray::fromHex("08000000") + be32(42u << 8) + inner;
    QTest::addRow("vxlan") << ethernet(ipv4(0x0a010101, 0x0a010102, udp(50000, 4789, vxlan), 0, -1, 17), 0x0800)
                           << QList<int>{int(TunnelKind::Vxlan)} << QList<quint32>{42};
    const QByteArray geneve = QByteArray::fromHex("0100655800000700") + QByteArray::fromHex("01030801") + inner;
    QTest::addRow("geneve with an option") << ethernet(ipv4(1, 2, udp(50000, 6081, geneve), 0, -1, 17), 0x0800)
                                           << QList<int>{int(TunnelKind::Geneve)} << QList<quint32>{7};
    QTest::addRow("gre with key") << ethernet(ipv4(1, 2, QByteArray::fromHex("20000800") + be32(99) + kIpv4, 0, -1, 47),
                                              0x0800)
                                  << QList<int>{int(TunnelKind::Gre)} << QList<quint32>{99};
    QTest::addRow("mpls stack") << ethernet(be32(100u << 12) + be32((200u << 12) | 0x100) + kIpv4, 0x8847)
                                << QList<int>{int(TunnelKind::Mpls), int(TunnelKind::Mpls)} << QList<quint32>{100, 200};
    QTest::addRow("qinq") << ethernet(kIpv4, 0x0800, {0x88a8, 0x8100})
                          << QList<int>{int(TunnelKind::ServiceVlan), int(TunnelKind::Vlan)} << QList<quint32>{42, 42};
    QTest::addRow("ip in ip") << ethernet(ipv4(1, 2, kIpv4, 0, -1, 4), 0x0800) << QList<int>{int(TunnelKind::IpInIp)}
                              << QList<quint32>{0};
    QTest::addRow("dns port below the vxlan port: not a tunnel")
        << ethernet(ipv4(1, 2, udp(53, 4789, vxlan), 0, -1, 17), 0x0800) << QList<int>{} << QList<quint32>{};
}

void TestPacketDecoder::recordsTheTunnel()
{
    QFETCH(QByteArray, frame);
    QFETCH(QList<int>, kinds);
    QFETCH(QList<quint32>, ids);
    DecodedTcp out;
    const DecodeStatus status = decodeTcp(DLT_EN10MB, reinterpret_cast<const std::uint8_t *>(frame.constData()),
                                          std::size_t(frame.size()), std::size_t(frame.size()), out);
    QCOMPARE(status, kinds.isEmpty() ? DecodeStatus::NotTcp : DecodeStatus::Tcp);
    if (kinds.isEmpty())
        return;
    QCOMPARE(out.tunnel.count, int(kinds.size()));
    for (int i = 0; i < out.tunnel.count; ++i) {
        QCOMPARE(int(out.tunnel.layers[std::size_t(i)].kind), kinds[i]);
        QCOMPARE(out.tunnel.layers[std::size_t(i)].id, ids[i]);
    }
    QCOMPARE(out.srcPort, quint16(40000));
    QCOMPARE(int(out.segmentLength), 100);
    QCOMPARE(int(out.src[3]), 1); // the inner addresses
}

QTEST_GUILESS_MAIN(TestPacketDecoder)
#include "tst_packet_decoder.moc"

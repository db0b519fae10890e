// TcpFlowAnalyzer against tshark (every capture of tests/data/captures, tshark's figures computed
// by the test), against the link types and broken files a user may give it, and its
// progress/cancel contract.

#include "capture/tcp_flow_analyzer.h"
#include "capture_test_frames.h"
#include "test_data.h"
#include "tshark_oracle.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <numeric>

using namespace tcptune;
using namespace tcptune::test;

Q_DECLARE_METATYPE(tcptune::test::PcapRecord)

namespace {

// The analysed flow tshark calls the file's largest stream, and whether its client is tshark's A.
const FlowAnalysis *findFlow(const CaptureAnalysis &a, const TsharkFlow &expected, bool &clientIsA)
{
    for (const FlowAnalysis &f : a.flows) {
        const QString c = f.client.toString();
        const QString s = f.server.toString();
        if ((c == expected.endpointA && s == expected.endpointB) ||
            (c == expected.endpointB && s == expected.endpointA)) {
            clientIsA = c == expected.endpointA;
            return &f;
        }
    }
    return nullptr;
}

// A flow's sparse series as a dense vector of COUNT intervals (from interval 0).
std::vector<std::int64_t> dense(const std::vector<IntervalBytes> &series, bool payload, std::size_t count)
{
    std::vector<std::int64_t> out(count, 0);
    for (const IntervalBytes &i : series)
        if (i.index >= 0 && std::size_t(i.index) < count)
            out[std::size_t(i.index)] += payload ? i.payload_bytes : i.frame_bytes;
    return out;
}

std::size_t rowsOf(const FlowAnalysis &f)
{
    std::int64_t last = -1;
    for (const DirectionAnalysis *d : {&f.c2s, &f.s2c})
        if (!d->intervals.empty())
            last = std::max(last, d->intervals.back().index);
    return std::size_t(last + 1);
}

std::vector<qint64> sum(const std::vector<std::int64_t> &a, const std::vector<std::int64_t> &b)
{
    std::vector<qint64> out(std::max(a.size(), b.size()), 0);
    for (std::size_t i = 0; i < a.size(); ++i)
        out[i] += a[i];
    for (std::size_t i = 0; i < b.size(); ++i)
        out[i] += b[i];
    return out;
}

std::vector<qint64> toVector(const QList<qint64> &list)
{
    return {list.begin(), list.end()};
}

QString describe(const std::vector<qint64> &v)
{
    QStringList s;
    for (qint64 x : v)
        s << QString::number(x);
    return s.join(QLatin1Char(','));
}

bool within(double mine, double expected, double share)
{
    return std::abs(mine - expected) <= share * std::abs(expected) + 1e-12;
}

CaptureAnalysis analyse(const QString &path, const AnalysisOptions &options = {})
{
    const Result<CaptureAnalysis> r = analyzeCapture(path, options);
    if (!r)
        qWarning("%s", qPrintable(r.error().message));
    return r ? *r : CaptureAnalysis{};
}

} // namespace

class TestTcpFlowAnalyzer final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesTshark_data();
    void matchesTshark();
    void flowAlignedIntervalsMatchTshark_data();
    void flowAlignedIntervalsMatchTshark();
    void decodesEveryLinkType_data();
    void decodesEveryLinkType();
    void countsTsoSuperSegments();
    void rttPercentilesInterpolate();
    void identifiesClientsAndConnections_data();
    void identifiesClientsAndConnections();
    void badInput_data();
    void badInput();
    void reportsProgressAndCancels();
};

void TestTcpFlowAnalyzer::matchesTshark_data()
{
    QTest::addColumn<QString>("file");
    const QStringList files = captureFiles();
    QVERIFY2(files.size() >= 10, qPrintable(QStringLiteral("too few captures in %1").arg(captureDir())));
    for (const QString &file : files)
        QTest::addRow("%s", qPrintable(file)) << file;
}

void TestTcpFlowAnalyzer::matchesTshark()
{
    QFETCH(QString, file);
    const TsharkFigures &tshark = tsharkFigures(captureFile(file));
    QVERIFY2(tshark.error.isEmpty(), qPrintable(tshark.error));
    const TsharkFlow &o = tshark.largest;
    const CaptureAnalysis a = analyse(captureFile(file));
    QCOMPARE(a.packets, tshark.packets);

    bool clientIsA = false;
    const FlowAnalysis *f = findFlow(a, o, clientIsA);
    QVERIFY2(f, qPrintable(QStringLiteral("tshark's largest flow %1 - %2 is missing").arg(o.endpointA, o.endpointB)));
    const DirectionAnalysis &fromA = clientIsA ? f->c2s : f->s2c;
    const DirectionAnalysis &fromB = clientIsA ? f->s2c : f->c2s;

    // Packets and bytes: exact. The flow counts what conv,tcp counts; tshark's per-direction
    // figures follow tcp.stream, which also holds frames whose TCP header the snaplen cut.
    QCOMPARE(f->packets, o.convFrames);
    const bool sameFrames = o.convFrames == o.packets;
    if (sameFrames) {
        QCOMPARE(fromA.packets, o.fromA.frames);
        QCOMPARE(fromA.frame_bytes, o.fromA.frameBytes);
        QCOMPARE(fromA.payload_bytes, o.fromA.payloadBytes);
        QCOMPARE(fromB.packets, o.fromB.frames);
        QCOMPARE(fromB.frame_bytes, o.fromB.frameBytes);
        QCOMPARE(fromB.payload_bytes, o.fromB.payloadBytes);
    }

    // Bytes per interval from the capture's first packet: exact, every interval tshark prints.
    const std::vector<qint64> series =
        sum(a.captureAlignedSeries(f->c2s.intervals), a.captureAlignedSeries(f->s2c.intervals));
    const std::vector<qint64> payload =
        sum(a.captureAlignedSeries(f->c2s.intervals, true), a.captureAlignedSeries(f->s2c.intervals, true));
    const std::vector<qint64> expected = toVector(o.bytesCaptureAligned);
    QVERIFY2(series == expected,
             qPrintable(describe(series).left(300) + QStringLiteral(" vs ") + describe(expected).left(300)));
    QVERIFY(payload == toVector(o.payloadCaptureAligned));
    if (!series.empty() && sameFrames)
        QCOMPARE(std::accumulate(series.begin(), series.end(), qint64(0)), fromA.frame_bytes + fromB.frame_bytes);

    // ack_rtt: count within 10 %, median within 5 %, per direction of the ACKs. RTT samples of
    // A's data are taken on ACKs sent by B.
    const struct {
        const char *name;
        const TsharkDirection *acks;
        const DirectionAnalysis *data;
    } sides[] = {{"A's data", &o.fromB, &fromA}, {"B's data", &o.fromA, &fromB}};
    for (const auto &side : sides) {
        const qint64 count = side.acks->ackRttS.size();
        const RttStats &s = side.data->rtt_stats;
        QVERIFY2(within(double(s.count), double(count), 0.10),
                 qPrintable(QStringLiteral("%1: %2 RTT samples, tshark %3")
                                .arg(QLatin1StringView(side.name))
                                .arg(s.count)
                                .arg(count)));
        QCOMPARE(qint64(side.data->rtt.size()), s.count);
        if (count > 0) {
            const double median = medianOf(side.acks->ackRttS) * 1000.0;
            QVERIFY2(within(s.median_ms, median, 0.05), qPrintable(QStringLiteral("%1: median %2 ms, tshark %3 ms")
                                                                       .arg(QLatin1StringView(side.name))
                                                                       .arg(s.median_ms)
                                                                       .arg(median)));
        }
    }

    // Retransmissions within 10 %.
    QVERIFY2(
        within(double(f->retransmissions()), double(o.retransmissions), 0.10),
        qPrintable(QStringLiteral("%1 retransmissions, tshark %2").arg(f->retransmissions()).arg(o.retransmissions)));

    // The flow list is sorted by bytes, and tshark's largest stream is ours too.
    QCOMPARE(&a.flows.front(), f);
    for (std::size_t i = 1; i < a.flows.size(); ++i)
        QVERIFY(a.flows[i - 1].totalBytes() >= a.flows[i].totalBytes());
    QVERIFY(!a.truncated);
}

void TestTcpFlowAnalyzer::flowAlignedIntervalsMatchTshark_data()
{
    matchesTshark_data();
}

void TestTcpFlowAnalyzer::flowAlignedIntervalsMatchTshark()
{
    QFETCH(QString, file);
    const TsharkFigures &tshark = tsharkFigures(captureFile(file));
    QVERIFY2(tshark.error.isEmpty(), qPrintable(tshark.error));
    AnalysisOptions options;
    options.origin = AnalysisOptions::IntervalOrigin::FlowStart;
    const CaptureAnalysis a = analyse(captureFile(file), options);
    bool clientIsA = false;
    const FlowAnalysis *f = findFlow(a, tshark.largest, clientIsA);
    QVERIFY(f);
    const std::size_t rows = rowsOf(*f);
    const std::vector<qint64> bytes = sum(dense(f->c2s.intervals, false, rows), dense(f->s2c.intervals, false, rows));
    const std::vector<qint64> payload = sum(dense(f->c2s.intervals, true, rows), dense(f->s2c.intervals, true, rows));
    const std::vector<qint64> expected = toVector(tshark.largest.bytesFlowAligned);
    QVERIFY2(bytes == expected,
             qPrintable(describe(bytes).left(300) + QStringLiteral(" vs ") + describe(expected).left(300)));
    QVERIFY(payload == toVector(tshark.largest.payloadFlowAligned));
}

void TestTcpFlowAnalyzer::decodesEveryLinkType_data()
{
    using Wrap = std::function<QByteArray(const QByteArray &)>;
    QTest::addColumn<quint32>("linkType");
    QTest::addColumn<Wrap>("wrap");
    QTest::addColumn<int>("snaplen");
    QTest::addColumn<QString>("linkName");
    QTest::addRow("ethernet") << 1u << Wrap([](const QByteArray &ip) { return ethernet(ip, 0x0800); }) << 0 << "EN10MB";
    QTest::addRow("ethernet snaplen 54") << 1u << Wrap([](const QByteArray &ip) { return ethernet(ip, 0x0800); }) << 54
                                         << "EN10MB";
    QTest::addRow("802.1Q") << 1u << Wrap([](const QByteArray &ip) { return ethernet(ip, 0x0800, {0x8100}); }) << 0
                            << "EN10MB";
    QTest::addRow("QinQ") << 1u << Wrap([](const QByteArray &ip) {
        return ethernet(ip, 0x0800, {0x88a8, 0x8100});
    }) << 0 << "EN10MB";
    QTest::addRow("linux cooked") << 113u << Wrap([](const QByteArray &ip) { return linuxSll(ip, 0x0800); }) << 0
                                  << "LINUX_SLL";
    QTest::addRow("linux cooked v2") << 276u << Wrap([](const QByteArray &ip) { return linuxSll2(ip, 0x0800); }) << 0
                                     << "LINUX_SLL2";
    QTest::addRow("raw ip") << 101u << Wrap([](const QByteArray &ip) { return ip; }) << 0 << "RAW";
    QTest::addRow("ipv4") << 228u << Wrap([](const QByteArray &ip) { return ip; }) << 0 << "IPV4";
    QTest::addRow("bsd null, little endian")
        << 0u << Wrap([](const QByteArray &ip) { return bsdNull(ip, 2, true); }) << 0 << "NULL";
    QTest::addRow("bsd null, big endian")
        << 0u << Wrap([](const QByteArray &ip) { return bsdNull(ip, 2, false); }) << 0 << "NULL";
    QTest::addRow("openbsd loop") << 108u << Wrap([](const QByteArray &ip) { return bsdLoop(ip, 2); }) << 0 << "LOOP";
}

void TestTcpFlowAnalyzer::decodesEveryLinkType()
{
    using Wrap = std::function<QByteArray(const QByteArray &)>;
    QFETCH(quint32, linkType);
    QFETCH(Wrap, wrap);
    QFETCH(int, snaplen);
    QFETCH(QString, linkName);
    QTemporaryDir dir;
    const QList<PcapRecord> records = smallConversation(wrap, snaplen);
    const QString path =
        writeFile(dir.path(), QStringLiteral("c.pcap"), pcapFile(linkType, snaplen ? snaplen : 65535, records));
    const CaptureAnalysis a = analyse(path);
    QCOMPARE(a.link_type, linkName);
    QCOMPARE(a.packets, 14);
    QCOMPARE(a.malformed, 0);
    QCOMPARE(a.cut_short, 0);
    QCOMPARE(a.flows.size(), std::size_t(1));
    const FlowAnalysis &f = a.flows.front();
    QCOMPARE(f.client.toString(), QStringLiteral("10.0.0.1:40000"));
    QCOMPARE(f.server.toString(), QStringLiteral("10.0.0.2:80"));
    QVERIFY(f.saw_syn);
    QCOMPARE(f.c2s.packets, 8);
    QCOMPARE(f.s2c.packets, 6);
    QCOMPARE(f.c2s.payload_bytes, 6000);
    QCOMPARE(f.s2c.payload_bytes, 0);
    std::int64_t wire = 0;
    for (const PcapRecord &r : records)
        wire += r.wireLength;
    QCOMPARE(f.totalBytes(), wire);
    QCOMPARE(f.retransmissions(), 1);
    QCOMPARE(f.c2s.rtt_stats.count, 6);
    QCOMPARE(f.s2c.rtt_stats.count, 1);
    QVERIFY(std::abs(f.c2s.rtt_stats.median_ms - 1.0) < 1e-6);
    QVERIFY(!f.c2s.bytes_in_flight.empty());
    QCOMPARE(f.s2c.advertised_window.front().value, 2000);
}

void TestTcpFlowAnalyzer::countsTsoSuperSegments()
{
    // A sender-side capture: IPv4 length 0 (GSO), 64 kB on the wire, 128 bytes captured; and
    // an IPv6 super-segment with hop-by-hop and destination options before TCP.
    QTemporaryDir dir;
    const QByteArray l4 = tcpSegment(40000, 80, 1, 1, 0x18, 1000, 0);
    const QByteArray v4 = ethernet(ipv4(0x0a000001, 0x0a000002, l4, 0, 0), 0x0800);
    const QByteArray hopByHop = QByteArray::fromHex("3c00010400000000"); // next: dest opts
    const QByteArray destOpts = QByteArray::fromHex("0600010400000000"); // next: TCP
    const QByteArray l4v6 = tcpSegment(40001, 80, 1, 1, 0x18, 1000, 0);
    const QByteArray v6 = ethernet(ipv6(1, 2, l4v6, 30000, hopByHop + destOpts, 0), 0x86dd);
    PcapRecord a{0, v4.left(128), 14 + 65000, -1};
    PcapRecord b{1000, v6, quint32(v6.size() + 30000), -1};
    const QString path = writeFile(dir.path(), QStringLiteral("tso.pcap"), pcapFile(1, 128, {a, b}));
    const CaptureAnalysis r = analyse(path);
    QCOMPARE(r.flows.size(), std::size_t(2));
    for (const FlowAnalysis &f : r.flows) {
        if (f.client.ipv6) {
            QCOMPARE(f.client.toString(), QStringLiteral("[2001::1]:40001"));
            QCOMPARE(f.c2s.payload_bytes, 30000);
        } else {
            QCOMPARE(f.c2s.payload_bytes, 65000 - 20 - 20);
            QCOMPARE(f.c2s.frame_bytes, 14 + 65000);
        }
    }
}

void TestTcpFlowAnalyzer::rttPercentilesInterpolate()
{
    // Client RTT samples of 1, 2, ..., 20 ms: the SYN answered after 1 ms, then 19 segments,
    // the k-th ACKed k + 1 ms after it was sent. numpy's default percentile (common/statistics):
    // p95 at h = 19 * 0.95 = 18.05, 19 + 0.05 * (20 - 19) = 19.05 (nearest rank: 19); median 10.5.
    QTemporaryDir dir;
    const quint32 client = 0x0a000001;
    const quint32 server = 0x0a000002;
    qint64 t = 1700000000000000;
    QList<PcapRecord> records;
    auto add = [&](bool fromClient, quint32 seq, quint32 ack, quint8 flags, int payload) {
        const QByteArray l4 = fromClient ? tcpSegment(40000, 80, seq, ack, flags, 1000, payload)
                                         : tcpSegment(80, 40000, seq, ack, flags, 2000, payload);
        records.append(
            PcapRecord{t, ethernet(fromClient ? ipv4(client, server, l4) : ipv4(server, client, l4), 0x0800), 0, -1});
    };
    add(true, 1000, 0, 0x02, 0);
    t += 1000;
    add(false, 5000, 1001, 0x12, 0);
    add(true, 1001, 5001, 0x10, 0);
    for (int k = 1; k <= 19; ++k) {
        const quint32 seq = 1001 + quint32(k - 1) * 100;
        t += 1000;
        add(true, seq, 5001, 0x18, 100);
        t += qint64(k + 1) * 1000;
        add(false, 5001, seq + 100, 0x10, 0);
    }
    const CaptureAnalysis a = analyse(writeFile(dir.path(), QStringLiteral("rtt.pcap"), pcapFile(1, 65535, records)));
    QCOMPARE(a.flows.size(), std::size_t(1));
    const RttStats &s = a.flows.front().c2s.rtt_stats;
    QCOMPARE(s.count, 20);
    QVERIFY2(std::abs(s.min_ms - 1.0) < 1e-6 && std::abs(s.max_ms - 20.0) < 1e-6,
             qPrintable(QString::number(s.max_ms)));
    QVERIFY2(std::abs(s.median_ms - 10.5) < 1e-6, qPrintable(QString::number(s.median_ms)));
    QVERIFY2(std::abs(s.p95_ms - 19.05) < 1e-6, qPrintable(QString::number(s.p95_ms)));
}

void TestTcpFlowAnalyzer::identifiesClientsAndConnections_data()
{
    QTest::addColumn<QList<PcapRecord>>("records");
    QTest::addColumn<int>("flows");
    QTest::addColumn<QString>("client");
    QTest::addColumn<bool>("sawSyn");
    const auto wrap = [](const QByteArray &ip) { return ethernet(ip, 0x0800); };
    const QList<PcapRecord> one = smallConversation(wrap);
    QTest::addRow("with SYN") << one << 1 << "10.0.0.1:40000" << true;
    QTest::addRow("SYN not captured: the SYN-ACK's receiver") << one.mid(1) << 1 << "10.0.0.1:40000" << true;
    // Without any SYN the sender of the first packet is the client: here the server's ACK.
    QTest::addRow("no handshake: first sender") << one.mid(4) << 1 << "10.0.0.2:80" << false;
    // The same ports again with new sequence numbers: Wireshark's second tcp.stream.
    QTest::addRow("ports reused") << one + smallConversation(wrap, 0, 7777777, 1700000001000000) << 2
                                  << "10.0.0.1:40000" << true;
}

void TestTcpFlowAnalyzer::identifiesClientsAndConnections()
{
    QFETCH(QList<PcapRecord>, records);
    QFETCH(int, flows);
    QFETCH(QString, client);
    QFETCH(bool, sawSyn);
    QTemporaryDir dir;
    const CaptureAnalysis a = analyse(writeFile(dir.path(), QStringLiteral("c.pcap"), pcapFile(1, 65535, records)));
    QCOMPARE(int(a.flows.size()), flows);
    std::int64_t packets = 0;
    for (const FlowAnalysis &f : a.flows) {
        QCOMPARE(f.client.toString(), client);
        QCOMPARE(f.saw_syn, sawSyn);
        packets += f.packets;
        if (flows == 2) {
            QCOMPARE(f.packets, 14);
            QCOMPARE(f.retransmissions(), 1);
        }
    }
    QCOMPARE(packets, qint64(records.size()));
}

void TestTcpFlowAnalyzer::badInput_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<bool>("succeeds");
    QTest::addColumn<QString>("expectedWords"); // in the error, truncation message or warnings
    QTest::addColumn<int>("packets");
    QTest::addColumn<bool>("truncated");

    const QList<PcapRecord> conversation = smallConversation([](const QByteArray &ip) { return ethernet(ip, 0x0800); });
    const QByteArray good = pcapFile(1, 65535, conversation);

    QTest::addRow("not a capture") << QByteArray("GET / HTTP/1.1\r\nHost: example\r\n\r\n") << false
                                   << "not a capture file" << 0 << false;
    QTest::addRow("zero-length file") << QByteArray() << false << "empty" << 0 << false;
    QTest::addRow("cut inside the file header") << good.left(10) << false << "file header" << 0 << false;
    // Cut 20 bytes into the 6th record's data.
    int cut = 24;
    for (int i = 0; i < 5; ++i)
        cut += 16 + int(conversation[i].bytes.size());
    const QString atSix = QStringLiteral("packet 6 (byte offset %1)").arg(cut);
    QTest::addRow("truncated in the middle of a record") << good.left(cut + 16 + 20) << true << atSix << 5 << true;
    QTest::addRow("truncated in a record header") << good.left(cut + 7) << true << atSix << 5 << true;

    QTest::addRow("unsupported link type")
        << pcapFile(105 /* IEEE 802.11 */, 65535, conversation) << false << "link type" << 0 << false;

    // Record 3 claims 300000 captured bytes: more than the snaplen and than libpcap accepts.
    QList<PcapRecord> claiming = conversation;
    claiming[3].claimedCaplen = 300000;
    QTest::addRow("packet claiming more than a packet can hold")
        << pcapFile(1, 65535, claiming) << true << "damaged at packet 4" << 3 << true;

    // TCP data offsets of 0 and 15 words (60 bytes, more than the segment holds).
    QList<PcapRecord> nonsense = conversation;
    nonsense[3].bytes =
        ethernet(ipv4(0x0a000001, 0x0a000002, tcpSegment(40000, 80, 1001, 5001, 0x18, 1000, 10, {}, 0)), 0x0800);
    nonsense[4].bytes =
        ethernet(ipv4(0x0a000002, 0x0a000001, tcpSegment(80, 40000, 5001, 1001, 0x10, 1000, 0, {}, 15)), 0x0800);
    for (int i : {3, 4})
        nonsense[i].wireLength = quint32(nonsense[i].bytes.size());
    QTest::addRow("nonsense TCP header lengths")
        << pcapFile(1, 65535, nonsense) << true << "broken headers" << 14 << false;

    // An IPv4 header length below 20 bytes and a frame cut inside the IP header.
    QList<PcapRecord> brokenIp = conversation;
    brokenIp[3].bytes[14] = char(0x42);
    brokenIp[4].bytes.truncate(20);
    QTest::addRow("nonsense IP header and a frame cut short")
        << pcapFile(1, 65535, brokenIp) << true << "snapshot length" << 14 << false;
}

void TestTcpFlowAnalyzer::badInput()
{
    QFETCH(QByteArray, content);
    QFETCH(bool, succeeds);
    QFETCH(QString, expectedWords);
    QFETCH(int, packets);
    QFETCH(bool, truncated);
    QTemporaryDir dir;
    const QString path = writeFile(dir.path(), QStringLiteral("bad.pcap"), content);
    const Result<CaptureAnalysis> r = analyzeCapture(path);
    QCOMPARE(r.has_value(), succeeds);
    if (!succeeds) {
        QVERIFY2(r.error().message.contains(expectedWords, Qt::CaseInsensitive), qPrintable(r.error().message));
        QVERIFY(r.error().message.contains(path));
        return;
    }
    QCOMPARE(r->packets, packets);
    const QString said = r->truncation_message + r->warnings.join(QLatin1Char(' '));
    QVERIFY2(said.contains(expectedWords, Qt::CaseInsensitive), qPrintable(said));
    QCOMPARE(r->truncated, truncated);
    if (packets > 0)
        QVERIFY(!r->flows.empty());
}

void TestTcpFlowAnalyzer::reportsProgressAndCancels()
{
    const QString path = captureFile(QStringLiteral("tcptrace_zwnd_iperf_bulk_snap68.pcap"));
    QList<double> seen;
    const Result<CaptureAnalysis> done = analyzeCapture(path, {}, [&seen](double f) { seen << f; });
    QVERIFY(done.has_value());
    QVERIFY(seen.size() >= 1);
    QCOMPARE(seen.last(), 1.0);
    for (qsizetype i = 1; i < seen.size(); ++i)
        QVERIFY(seen[i] >= seen[i - 1]);

    const std::atomic_bool cancel{true};
    const Result<CaptureAnalysis> cancelled = analyzeCapture(path, {}, {}, &cancel);
    QVERIFY(!cancelled.has_value());
    QVERIFY(cancelled.error().message.contains(QStringLiteral("cancelled")));

    AnalysisOptions bad;
    bad.interval_s = 0;
    QVERIFY(!analyzeCapture(path, bad).has_value());
}

QTEST_GUILESS_MAIN(TestTcpFlowAnalyzer)
#include "tst_tcp_flow_analyzer.moc"

// A run's TCP_INFO samples on a capture's bytes in flight graph (capture/tcp_info_alignment): the
// segment size from the handshake (both SYNs' MSS options, less the timestamps option) equals
// what tshark reads in the SYNs of tcptrace_dsack_iperf_bulk_ts_sack.pcap; the client's traffic
// starts at its first segment past the first one (a run's hello; this iperf 2 client sends none,
// so there it is tshark's second data frame), and past a retransmitted hello; the server's at its
// first payload; the samples become bytes at capture times; without the handshake or the traffic
// there is no overlay. The capture's in flight at any time (what TCP_INFO's unacked counts) moves
// with the segments and the ACKs, across a sequence wrap, and equals tshark's
// tcp.analysis.bytes_in_flight at each new data segment of the capture up to its first SACK block
// (after it tshark takes the SACKed bytes off, which tcpi_unacked counts).

#include "capture/tcp_info_alignment.h"

#include "test_data.h"
#include "tshark_oracle.h"

#include <QTest>

#include <algorithm>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kCapture = QStringLiteral("tcptrace_dsack_iperf_bulk_ts_sack.pcap");

StreamGraph mainFlow(StreamDirection direction)
{
    auto g = readStreamGraph(captureFile(kCapture), 1, direction);
    if (!g)
        qFatal("%s", qPrintable(g.error().message));
    return std::move(*g);
}

// A graph of DIRECTION whose side sent segments (time, seq, len), with a handshake of MSS 1460
// and timestamps on both SYNs.
StreamGraph synthetic(StreamDirection direction, const QList<std::array<double, 3>> &segments)
{
    StreamGraph g;
    g.direction = direction;
    g.handshake = {1460, 1460, true, true};
    for (const auto &s : segments) {
        g.segments.time_s.push_back(s[0]);
        g.segments.seq.push_back(std::uint32_t(s[1]));
        g.segments.len.push_back(std::uint32_t(s[2]));
    }
    return g;
}

} // namespace

class TestTcpInfoAlignment final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handshakeIsTsharks();
    void clientTrafficStartsPastItsFirstSegment();
    void samplesBecomeBytesOnTheCapturesTime();
    void serverDataStartsAtItsFirstPayload();
    void noOverlayWithoutHandshakeOrTraffic();
    void inFlightCountsSegmentsAndAcks();
    void inFlightAtSegmentsIsTsharks();
};

void TestTcpInfoAlignment::handshakeIsTsharks()
{
    const StreamGraph g = mainFlow(StreamDirection::ClientToServer);
    const TsharkRows syns =
        tsharkFields(captureFile(kCapture), QStringLiteral("tcp.flags.syn==1 && tcp.port==%1").arg(g.flow.client.port),
                     {QStringLiteral("tcp.flags.ack"), QStringLiteral("tcp.options.mss_val"),
                      QStringLiteral("tcp.options.timestamp.tsval")});
    QVERIFY2(syns.error.isEmpty(), qPrintable(syns.error));
    QCOMPARE(syns.rows.size(), qsizetype(2));
    for (const QList<QByteArray> &row : syns.rows) {
        const bool synAck = row[0] == "1" || row[0] == "True";
        QCOMPARE(synAck ? g.handshake.receiver_mss : g.handshake.sender_mss, row[1].toInt());
        QCOMPARE(synAck ? g.handshake.receiver_timestamps : g.handshake.sender_timestamps, !row[2].isEmpty());
    }
    qInfo() << "SYN MSS" << g.handshake.sender_mss << "SYN-ACK MSS" << g.handshake.receiver_mss << "timestamps"
            << g.handshake.sender_timestamps << g.handshake.receiver_timestamps << "-> snd_mss"
            << g.handshake.senderMss();
    const int options = g.handshake.sender_timestamps && g.handshake.receiver_timestamps ? 12 : 0;
    QCOMPARE(g.handshake.senderMss(), std::min(g.handshake.sender_mss, g.handshake.receiver_mss) - options);
    QVERIFY(g.handshake.senderMss() > 500);
}

void TestTcpInfoAlignment::clientTrafficStartsPastItsFirstSegment()
{
    const StreamGraph g = mainFlow(StreamDirection::ClientToServer);
    const TsharkRows data = tsharkFields(captureFile(kCapture),
                                         QStringLiteral("tcp.len>0 && tcp.srcport==%1 && tcp.dstport==%2")
                                             .arg(g.flow.client.port)
                                             .arg(g.flow.server.port),
                                         {QStringLiteral("frame.time_relative"), QStringLiteral("tcp.len")});
    QVERIFY2(data.error.isEmpty(), qPrintable(data.error));
    QVERIFY(data.rows.size() > 2);
    const auto start = trafficStartOf(g);
    QVERIFY(start);
    QVERIFY2(std::abs(*start - data.rows[1][0].toDouble()) < 1e-6, qPrintable(QString::number(*start)));
}

void TestTcpInfoAlignment::samplesBecomeBytesOnTheCapturesTime()
{
    // A hello of 100 bytes at 0.5 s, a retransmission of it at 0.7 s, the traffic from 1.25 s.
    const StreamGraph g = synthetic(StreamDirection::ClientToServer,
                                    {{0.4, 0, 0}, {0.5, 1, 100}, {0.7, 1, 100}, {1.25, 101, 1448}, {1.26, 1549, 1448}});
    const auto overlay = alignTcpInfo(g, {{0.01, 10, 4}, {0.02, -1, -1}, {0.03, 12, 9}});
    QVERIFY(overlay);
    QCOMPARE(overlay->mss, 1448);
    QCOMPARE(overlay->shift_s, 1.25);
    QCOMPARE(overlay->time_s, (std::vector<double>{1.26, 1.28}));
    QCOMPARE(overlay->cwnd_bytes, (std::vector<double>{14480, 17376}));
    QCOMPARE(overlay->unacked_bytes, (std::vector<double>{5792, 13032}));
}

void TestTcpInfoAlignment::serverDataStartsAtItsFirstPayload()
{
    const StreamGraph g = synthetic(StreamDirection::ServerToClient, {{0.3, 0, 0}, {0.9, 1, 1448}, {0.91, 1449, 1448}});
    QCOMPARE(trafficStartOf(g), std::optional<double>(0.9));
}

void TestTcpInfoAlignment::noOverlayWithoutHandshakeOrTraffic()
{
    StreamGraph g = synthetic(StreamDirection::ClientToServer, {{0.5, 1, 100}, {1.25, 101, 1448}});
    QVERIFY(alignTcpInfo(g, {{0.01, 10, 4}}));
    QVERIFY(!alignTcpInfo(g, {{0.01, -1, -1}})); // no sample known
    g.handshake.receiver_mss = -1;               // the SYN-ACK was not captured
    QVERIFY(!alignTcpInfo(g, {{0.01, 10, 4}}));
    const StreamGraph helloOnly = synthetic(StreamDirection::ClientToServer, {{0.5, 1, 100}});
    QVERIFY(!trafficStartOf(helloOnly));
    QVERIFY(!alignTcpInfo(helloOnly, {{0.01, 10, 4}}));
}

void TestTcpInfoAlignment::inFlightCountsSegmentsAndAcks()
{
    StreamGraph g = synthetic(StreamDirection::ClientToServer, {{1.0, 1, 1000}, {1.1, 1001, 5000}, {1.5, 6001, 100}});
    g.acks.time_s = {1.05, 1.2, 1.3};
    g.acks.ack = {1, 3001, 6001};
    const std::vector<double> got = inFlightAt(g, {0.5, 1.0, 1.05, 1.1, 1.25, 1.4, 1.5});
    QCOMPARE(got, (std::vector<double>{0, 1000, 1000, 6000, 3000, 0, 100}));
    // Sequence numbers past 2^32: still ahead.
    StreamGraph wrapped = synthetic(StreamDirection::ClientToServer, {{1.0, 4294967000.0, 1000}});
    wrapped.acks.time_s = {0.9};
    wrapped.acks.ack = {4294967000U};
    QCOMPARE(inFlightAt(wrapped, {1.0}), std::vector<double>{1000});
}

void TestTcpInfoAlignment::inFlightAtSegmentsIsTsharks()
{
    const StreamGraph g = mainFlow(StreamDirection::ClientToServer);
    std::vector<double> times;
    std::vector<double> tshark;
    for (std::size_t i = 0; i < g.segments.size(); ++i) {
        // tshark takes the SACKed bytes off, tcpi_unacked (the kernel's packets_out) counts
        // them, and so does inFlightAt: compared up to the first SACK block.
        if (!g.sacks.time_s.empty() && g.segments.time_s[i] >= g.sacks.time_s.front())
            break;
        // A new data segment (no retransmission), not sharing its time with an ACK.
        if (!(g.segments.marks[i] & streammark::BytesInFlight) || (g.segments.marks[i] & streammark::Retransmission))
            continue;
        if (std::binary_search(g.acks.time_s.begin(), g.acks.time_s.end(), g.segments.time_s[i]))
            continue;
        times.push_back(g.segments.time_s[i]);
        tshark.push_back(g.segments.bytes_in_flight[i]); // tshark's, tst_stream_graph checks it frame by frame
    }
    QVERIFY(times.size() > 1000);
    const std::vector<double> ours = inFlightAt(g, times);
    qsizetype differ = 0;
    for (std::size_t i = 0; i < times.size(); ++i) {
        if (ours[i] != tshark[i] && differ < 10)
            qInfo() << "at" << times[i] << "ours" << ours[i] << "tshark" << tshark[i];
        differ += ours[i] != tshark[i] ? 1 : 0;
    }
    qInfo() << differ << "of" << times.size() << "segments differ from tshark's bytes in flight";
    QCOMPARE(differ, qsizetype(0));
}

QTEST_GUILESS_MAIN(TestTcpInfoAlignment)
#include "tst_tcp_info_alignment.moc"

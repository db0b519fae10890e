// StreamGraph against tshark, computed live: the series of the TCP stream graphs of the main flow
// of tcptrace_dsack_iperf_bulk_ts_sack.pcap (segments, marks, bytes in flight, SACK blocks, RTT
// per acknowledged segment) frame by frame; a capture cut short; the throughput window.

#include "capture/stream_graph.h"
#include "test_paths.h"

#include "test_data.h"
#include "tshark_oracle.h"

#include <QTest>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kCapture = QStringLiteral("tcptrace_dsack_iperf_bulk_ts_sack.pcap");

// tshark's rows of one side of the graphed flow: the frames that side sent.
TsharkRows sentBy(const QString &capture, const Endpoint &sender, const QStringList &fields)
{
    const TsharkFigures &figures = tsharkFigures(captureFile(capture));
    if (!figures.error.isEmpty())
        return {figures.error, {}};
    const QString filter = QStringLiteral("tcp.stream==%1 && %2.src==%3 && tcp.srcport==%4")
                               .arg(figures.largest.stream)
                               .arg(sender.ipv6 ? QStringLiteral("ipv6") : QStringLiteral("ip"))
                               .arg(sender.addressText())
                               .arg(sender.port);
    return tsharkFields(captureFile(capture), filter, fields);
}

StreamGraph mainFlow(const QString &capture, StreamDirection direction)
{
    auto g = readStreamGraph(captureFile(capture), 1, direction);
    if (!g)
        qFatal("%s", qPrintable(g.error().message));
    return std::move(*g);
}

} // namespace

class TestStreamGraph final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void mainFlowIsTsharksLargest();
    void segmentsEqualTshark_data();
    void segmentsEqualTshark();
    void marksAndBytesInFlightEqualTshark_data();
    void marksAndBytesInFlightEqualTshark();
    void sackBlocksEqualTshark();
    void acksAndRttEqualTshark();
    void cutCaptureGivesPartialSeries();
    void missingFlowIsAnError();
    void throughputOverWindow();
};

void TestStreamGraph::mainFlowIsTsharksLargest()
{
    const TsharkFigures &figures = tsharkFigures(captureFile(kCapture));
    QVERIFY2(figures.error.isEmpty(), qPrintable(figures.error));
    const StreamGraph g = mainFlow(kCapture, StreamDirection::ClientToServer);
    QCOMPARE(g.flow.client.toString(), figures.largest.endpointA);
    QCOMPARE(g.flow.server.toString(), figures.largest.endpointB);
    QVERIFY(!g.truncated);
}

void TestStreamGraph::segmentsEqualTshark_data()
{
    QTest::addColumn<bool>("clientToServer");
    QTest::addRow("client to server (the data)") << true;
    QTest::addRow("server to client (the ACKs)") << false;
}

// Every frame the side sent, in order, with its relative sequence number and length.
void TestStreamGraph::segmentsEqualTshark()
{
    QFETCH(bool, clientToServer);
    const StreamDirection direction =
        clientToServer ? StreamDirection::ClientToServer : StreamDirection::ServerToClient;
    const StreamGraph g = mainFlow(kCapture, direction);
    const Endpoint &sender = direction == StreamDirection::ClientToServer ? g.flow.client : g.flow.server;
    const TsharkRows t = sentBy(kCapture, sender,
                                {QStringLiteral("frame.number"), QStringLiteral("tcp.seq"), QStringLiteral("tcp.len")});
    QVERIFY2(t.error.isEmpty(), qPrintable(t.error));
    QVERIFY(!t.rows.isEmpty());
    QCOMPARE(qsizetype(g.segments.size()), t.rows.size());
    qint64 bytes = 0;
    qint64 tsharkBytes = 0;
    for (qsizetype i = 0; i < t.rows.size(); ++i) {
        const auto k = std::size_t(i);
        QCOMPARE(g.segments.frame[k], t.rows[i][0].toLongLong());
        QCOMPARE(qint64(g.segments.seq[k]), t.rows[i][1].toLongLong());
        QCOMPARE(qint64(g.segments.len[k]), t.rows[i][2].toLongLong());
        bytes += g.segments.len[k];
        tsharkBytes += t.rows[i][2].toLongLong();
    }
    QCOMPARE(bytes, tsharkBytes);
    qInfo("%lld segments, %lld bytes = tshark %lld segments, %lld bytes", qint64(g.segments.size()), bytes,
          qint64(t.rows.size()), tsharkBytes);
}

// The marks (retransmission, duplicate ACK, zero window, window full) and bytes in flight, frame
// by frame, on each side of the main flow of two captures; MARKED: the marks tshark sets at all.
void TestStreamGraph::marksAndBytesInFlightEqualTshark_data()
{
    QTest::addColumn<QString>("capture");
    QTest::addColumn<bool>("clientToServer");
    QTest::addColumn<int>("marked");
    const auto zwnd = QStringLiteral("tcptrace_zwnd_iperf_bulk_snap68.pcap");
    QTest::addRow("dsack, data") << kCapture << true << int(streammark::Retransmission | streammark::BytesInFlight);
    QTest::addRow("dsack, ACKs") << kCapture << false << int(streammark::DupAck);
    QTest::addRow("zero window, data") << zwnd << true << int(streammark::WindowFull | streammark::BytesInFlight);
    QTest::addRow("zero window, ACKs") << zwnd << false << int(streammark::ZeroWindow);
}

void TestStreamGraph::marksAndBytesInFlightEqualTshark()
{
    QFETCH(QString, capture);
    QFETCH(bool, clientToServer);
    QFETCH(int, marked);
    const StreamGraph g =
        mainFlow(capture, clientToServer ? StreamDirection::ClientToServer : StreamDirection::ServerToClient);
    const QList<std::uint8_t> marks = {streammark::Retransmission, streammark::DupAck, streammark::ZeroWindow,
                                       streammark::WindowFull, streammark::BytesInFlight};
    const TsharkRows t =
        sentBy(capture, clientToServer ? g.flow.client : g.flow.server,
               {QStringLiteral("tcp.analysis.retransmission"), QStringLiteral("tcp.analysis.duplicate_ack"),
                QStringLiteral("tcp.analysis.zero_window"), QStringLiteral("tcp.analysis.window_full"),
                QStringLiteral("tcp.analysis.bytes_in_flight"), QStringLiteral("frame.number")});
    QVERIFY2(t.error.isEmpty(), qPrintable(t.error));
    QCOMPARE(qsizetype(g.segments.size()), t.rows.size());
    QList<qint64> ours(marks.size(), 0);
    QList<qint64> theirs(marks.size(), 0);
    for (qsizetype i = 0; i < t.rows.size(); ++i) {
        const auto k = std::size_t(i);
        const QList<QByteArray> &row = t.rows[i];
        for (qsizetype m = 0; m < marks.size(); ++m) {
            ours[m] += (g.segments.marks[k] & marks[m]) ? 1 : 0;
            theirs[m] += row[m].isEmpty() ? 0 : 1;
            QVERIFY2(((g.segments.marks[k] & marks[m]) != 0) == !row[m].isEmpty(),
                     qPrintable(QStringLiteral("frame %1, mark %2").arg(QString::fromLatin1(row[5])).arg(marks[m])));
        }
        if (!row[4].isEmpty())
            QCOMPARE(qint64(g.segments.bytes_in_flight[k]), row[4].toLongLong());
    }
    QCOMPARE(ours, theirs);
    for (qsizetype m = 0; m < marks.size(); ++m) {
        if (marked & marks[m])
            QVERIFY2(ours[m] > 0, qPrintable(QString::number(marks[m])));
    }
    qInfo("retransmissions %lld, dup ACKs %lld, zero windows %lld, window full %lld, bytes in flight %lld: "
          "tshark %lld, %lld, %lld, %lld, %lld (bytes in flight equal on each)",
          ours[0], ours[1], ours[2], ours[3], ours[4], theirs[0], theirs[1], theirs[2], theirs[3], theirs[4]);
}

// The receiver's SACK blocks, relative to the sender's ISN, in the order tshark lists them.
void TestStreamGraph::sackBlocksEqualTshark()
{
    const StreamGraph g = mainFlow(kCapture, StreamDirection::ClientToServer);
    const TsharkRows t =
        sentBy(kCapture, g.flow.server, {QStringLiteral("tcp.options.sack_le"), QStringLiteral("tcp.options.sack_re")});
    QVERIFY2(t.error.isEmpty(), qPrintable(t.error));
    QList<qint64> edges;
    for (const QList<QByteArray> &row : t.rows) {
        const QList<QByteArray> left = row[0].split(',');
        const QList<QByteArray> right = row[1].split(',');
        QCOMPARE(left.size(), right.size());
        for (qsizetype b = 0; b < left.size() && !row[0].isEmpty(); ++b)
            edges << left[b].toLongLong() << right[b].toLongLong();
    }
    QList<qint64> ours;
    for (std::size_t i = 0; i < g.sacks.size(); ++i)
        ours << g.sacks.left[i] << g.sacks.right[i];
    QVERIFY(!ours.isEmpty());
    QCOMPARE(ours, edges);
    qInfo("SACK blocks: %lld = tshark %lld, every edge equal", qint64(ours.size() / 2), qint64(edges.size() / 2));
}

// The ACK line, duplicate ACKs and the RTT per acknowledged segment on the receiver's packets.
void TestStreamGraph::acksAndRttEqualTshark()
{
    const StreamGraph g = mainFlow(kCapture, StreamDirection::ClientToServer);
    const TsharkRows t = sentBy(kCapture, g.flow.server,
                                {QStringLiteral("tcp.ack"), QStringLiteral("tcp.analysis.duplicate_ack"),
                                 QStringLiteral("tcp.analysis.ack_rtt"), QStringLiteral("tcp.flags.ack")});
    QVERIFY2(t.error.isEmpty(), qPrintable(t.error));
    QList<qint64> acks;
    qint64 dupAcks = 0;
    QList<double> rtts;
    for (const QList<QByteArray> &row : t.rows) {
        if (row[3] == "1" || row[3] == "True")
            acks << row[0].toLongLong();
        dupAcks += row[1].isEmpty() ? 0 : 1;
        if (!row[2].isEmpty())
            rtts << row[2].toDouble();
    }
    QList<qint64> ourAcks(g.acks.ack.begin(), g.acks.ack.end());
    QVERIFY(!ourAcks.isEmpty());
    QCOMPARE(ourAcks, acks);
    qint64 ourDupAcks = 0;
    for (std::uint8_t m : g.acks.marks)
        ourDupAcks += (m & streammark::DupAck) ? 1 : 0;
    QVERIFY(ourDupAcks > 0);
    QCOMPARE(ourDupAcks, dupAcks);
    QCOMPARE(qsizetype(g.rtts.size()), rtts.size());
    QVERIFY(!rtts.isEmpty());
    for (qsizetype i = 0; i < rtts.size(); ++i)
        QVERIFY2(qAbs(g.rtts.rtt_s[std::size_t(i)] - rtts[i]) < 1e-6, qPrintable(QString::number(i)));
    qInfo("ACKs: %lld = tshark %lld; dup ACKs %lld = tshark %lld; RTT samples %lld = tshark %lld",
          qint64(ourAcks.size()), qint64(acks.size()), ourDupAcks, dupAcks, qint64(g.rtts.size()), qint64(rtts.size()));
}

// A capture that breaks off inside a packet: the packets before it, and a message saying where.
void TestStreamGraph::cutCaptureGivesPartialSeries()
{
    const QString file = sourcePath(QStringLiteral("tests/data/capture-corpus/broken_truncated_data.pcap"));
    auto g = readStreamGraph(file, 1, StreamDirection::ClientToServer);
    QVERIFY2(g.has_value(), g ? "" : qPrintable(g.error().message));
    QVERIFY(g->truncated);
    QVERIFY2(g->truncation_message.contains(QStringLiteral("packet")), qPrintable(g->truncation_message));
    QVERIFY(g->segments.size() > 0);
    QCOMPARE(std::int64_t(g->segments.size()), g->flow.c2s.packets);
}

void TestStreamGraph::missingFlowIsAnError()
{
    auto g = readStreamGraph(captureFile(kCapture), 2, StreamDirection::ClientToServer);
    QVERIFY(!g);
    QVERIFY2(g.error().message.contains(QStringLiteral("no flow 2")), qPrintable(g.error().message));
    auto none = readStreamGraph(captureFile(QStringLiteral("does-not-exist.pcap")), 1, StreamDirection::ClientToServer);
    QVERIFY(!none);
}

void TestStreamGraph::throughputOverWindow()
{
    StreamSegments s;
    const double times[] = {0.0, 0.5, 1.0, 1.2, 3.0};
    const std::uint32_t lens[] = {1000, 1000, 500, 0, 250};
    for (std::size_t i = 0; i < 5; ++i) {
        s.time_s.push_back(times[i]);
        s.len.push_back(lens[i]);
    }
    const ThroughputSeries t = streamThroughput(s, 1.0);
    // Window (t-1, t]: the segment at 0.0 has left by 1.0.
    const std::vector<double> expected = {8000, 16000, 12000, 12000, 2000};
    QCOMPARE(t.time_s, s.time_s);
    QCOMPARE(t.bits_per_s, expected);
    QVERIFY(streamThroughput(s, 0).time_s.empty());
}

QTEST_GUILESS_MAIN(TestStreamGraph)
#include "tst_stream_graph.moc"

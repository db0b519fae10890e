// `tcptune analyze` as a user runs it: the JSON has exactly the promised shape and agrees with
// tshark (run by the test), the table lists flows largest first, bad files get a message and exit
// code.

#include "command_runner.h"
#include "test_data.h"
#include "tshark_oracle.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune::test;

namespace {

QSet<QString> keysOf(const QJsonObject &o)
{
    const QStringList k = o.keys();
    return QSet<QString>(k.begin(), k.end());
}

} // namespace

class TestAnalyzeCommand final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void jsonHasTheShapeAndTheOracleFigures_data();
    void jsonHasTheShapeAndTheOracleFigures();
    void intervalOption();
    void tableListsFlowsLargestFirst();
    void badInputSaysWhatToDo_data();
    void badInputSaysWhatToDo();
};

void TestAnalyzeCommand::jsonHasTheShapeAndTheOracleFigures_data()
{
    QTest::addColumn<QString>("file");
    QTest::addRow("zwnd") << QStringLiteral("tcptrace_zwnd_iperf_bulk_snap68.pcap");
    QTest::addRow("pcapng") << QStringLiteral("zeek_irc_dcc_send_bulk.pcapng");
    QTest::addRow("ipv6") << QStringLiteral("zeek_ipv6_loopback_http_1000req.pcap");
}

void TestAnalyzeCommand::jsonHasTheShapeAndTheOracleFigures()
{
    QFETCH(QString, file);
    const TsharkFigures &tshark = tsharkFigures(captureFile(file));
    QVERIFY2(tshark.error.isEmpty(), qPrintable(tshark.error));
    const TsharkFlow &o = tshark.largest;
    const CommandResult r = runTcptune({QStringLiteral("analyze"), QStringLiteral("--json"), captureFile(file)});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(keysOf(doc),
             (QSet<QString>{QStringLiteral("file"), QStringLiteral("link_type"), QStringLiteral("packets"),
                            QStringLiteral("tcp_packets"), QStringLiteral("malformed"), QStringLiteral("cut_short"),
                            QStringLiteral("time_outliers"), QStringLiteral("duration_s"), QStringLiteral("interval_s"),
                            QStringLiteral("interval_count"), QStringLiteral("complete"), QStringLiteral("warnings"),
                            QStringLiteral("flows"), QStringLiteral("schema_version")}));
    QCOMPARE(doc.value(QStringLiteral("schema_version")).toInt(), 2);
    QCOMPARE(doc.value(QStringLiteral("complete")).toBool(), true);
    QCOMPARE(doc.value(QStringLiteral("malformed")).toInteger(), 0);
    QCOMPARE(doc.value(QStringLiteral("packets")).toInteger(), tshark.packets);
    QCOMPARE(doc.value(QStringLiteral("link_type")).toString(), QStringLiteral("EN10MB"));
    const QJsonArray flows = doc.value(QStringLiteral("flows")).toArray();
    QVERIFY(!flows.isEmpty());
    qint64 previous = std::numeric_limits<qint64>::max();
    for (const QJsonValue &v : flows) {
        const QJsonObject f = v.toObject();
        QCOMPARE(keysOf(f),
                 (QSet<QString>{QStringLiteral("client"), QStringLiteral("server"), QStringLiteral("via"),
                                QStringLiteral("packets"), QStringLiteral("bytes_c2s"), QStringLiteral("bytes_s2c"),
                                QStringLiteral("payload_c2s"), QStringLiteral("payload_s2c"),
                                QStringLiteral("retransmissions"), QStringLiteral("rtt_ms"),
                                QStringLiteral("interval_s"), QStringLiteral("bytes_per_interval")}));
        QCOMPARE(keysOf(f.value(QStringLiteral("rtt_ms")).toObject()),
                 (QSet<QString>{QStringLiteral("count"), QStringLiteral("min"), QStringLiteral("median"),
                                QStringLiteral("p95"), QStringLiteral("max")}));
        const qint64 total =
            f.value(QStringLiteral("bytes_c2s")).toInteger() + f.value(QStringLiteral("bytes_s2c")).toInteger();
        QVERIFY(total <= previous);
        previous = total;
    }
    // The largest flow is tshark's; its client sent the SYN.
    const QJsonObject f = flows.first().toObject();
    QVERIFY((f.value(QStringLiteral("client")).toString() == o.endpointA &&
             f.value(QStringLiteral("server")).toString() == o.endpointB) ||
            (f.value(QStringLiteral("client")).toString() == o.endpointB &&
             f.value(QStringLiteral("server")).toString() == o.endpointA));
    const bool clientIsA = f.value(QStringLiteral("client")).toString() == o.endpointA;
    const TsharkDirection &c2s = clientIsA ? o.fromA : o.fromB;
    QCOMPARE(f.value(QStringLiteral("bytes_c2s")).toInteger(), c2s.frameBytes);
    QCOMPARE(f.value(QStringLiteral("payload_c2s")).toInteger(), c2s.payloadBytes);
    QCOMPARE(f.value(QStringLiteral("packets")).toInteger(), o.packets);
    QCOMPARE(f.value(QStringLiteral("interval_s")).toDouble(), 0.1);
    // Sparse rows [interval, c2s, s2c], ascending, within the capture's intervals.
    QCOMPARE(doc.value(QStringLiteral("interval_count")).toInteger(), qint64(o.bytesCaptureAligned.size()));
    qint64 previousRow = -1;
    qint64 total = 0;
    for (const QJsonValue &row : f.value(QStringLiteral("bytes_per_interval")).toArray()) {
        const QJsonArray cells = row.toArray();
        QCOMPARE(cells.size(), 3);
        QVERIFY(cells[0].toInteger() > previousRow &&
                cells[0].toInteger() < doc.value(QStringLiteral("interval_count")).toInteger());
        previousRow = cells[0].toInteger();
        total += cells[1].toInteger() + cells[2].toInteger();
    }
    QCOMPARE(total,
             f.value(QStringLiteral("bytes_c2s")).toInteger() + f.value(QStringLiteral("bytes_s2c")).toInteger());
    // rtt_ms is the RTT of the client's data: samples on ACKs the server sent.
    const QList<double> &rtt = clientIsA ? o.fromB.ackRttS : o.fromA.ackRttS;
    const double count = double(rtt.size());
    QVERIFY(std::abs(f.value(QStringLiteral("rtt_ms")).toObject().value(QStringLiteral("count")).toDouble() - count) <=
            0.1 * count);
    if (count > 0) {
        const double median = medianOf(rtt) * 1000;
        QVERIFY(std::abs(f.value(QStringLiteral("rtt_ms")).toObject().value(QStringLiteral("median")).toDouble() -
                         median) <= 0.05 * median);
    }
}

void TestAnalyzeCommand::intervalOption()
{
    const QString file = captureFile(QStringLiteral("zeek_tcp_timestamps_bulk_snap96.pcap"));
    const CommandResult r = runTcptune({QStringLiteral("analyze"), QStringLiteral("--json"),
                                        QStringLiteral("--interval"), QStringLiteral("0.25"), file});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject f =
        QJsonDocument::fromJson(r.out).object().value(QStringLiteral("flows")).toArray().first().toObject();
    QCOMPARE(f.value(QStringLiteral("interval_s")).toDouble(), 0.25);
    const QJsonArray rows = f.value(QStringLiteral("bytes_per_interval")).toArray();
    QCOMPARE(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("interval_count")).toInteger(),
             3); // 0.549 s in 0.25 s
    qint64 total = 0;
    for (const QJsonValue &row : rows)
        total += row.toArray()[1].toInteger() + row.toArray()[2].toInteger();
    QCOMPARE(total,
             f.value(QStringLiteral("bytes_c2s")).toInteger() + f.value(QStringLiteral("bytes_s2c")).toInteger());
}

void TestAnalyzeCommand::tableListsFlowsLargestFirst()
{
    const CommandResult r = runTcptune(
        {QStringLiteral("analyze"), captureFile(QStringLiteral("tcptrace_discard_solaris_loss_snap96.pcap"))});
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
    QVERIFY(lines.size() >= 3);
    QVERIFY(lines[0].contains(QStringLiteral("2550 packets")));
    QVERIFY(lines[1].contains(QStringLiteral("client")) && lines[1].contains(QStringLiteral("retrans")));
    QVERIFY2(lines[2].startsWith(QStringLiteral("132.235.1.184:35654")),
             qPrintable(lines[2]));                     // tshark's largest stream
    QVERIFY(lines[2].contains(QStringLiteral(" 51 "))); // its retransmissions
}

void TestAnalyzeCommand::badInputSaysWhatToDo_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QStringList>("extraArgs");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expectedWords");
    QTest::addRow("not a capture") << QByteArray("hello, world\n") << QStringList{} << 1
                                   << QStringLiteral("not a capture file");
    QTest::addRow("zero-length") << QByteArray() << QStringList{} << 1 << QStringLiteral("empty");
    QTest::addRow("bad interval") << QByteArray("x")
                                  << QStringList{QStringLiteral("--interval"), QStringLiteral("soon")} << 2
                                  << QStringLiteral("--interval 0.1");
    QTest::addRow("unknown option") << QByteArray("x") << QStringList{QStringLiteral("--frob")} << 2
                                    << QStringLiteral("--help");
    QFile original(captureFile(QStringLiteral("zeek_tcp_timestamps_bulk_snap96.pcap")));
    QVERIFY(original.open(QIODevice::ReadOnly));
    const QByteArray bytes = original.readAll();
    QTest::addRow("truncated mid-record")
        << bytes.left(bytes.size() / 2 + 5) << QStringList{} << 0 << QStringLiteral("ends in the middle of packet");
    QTest::addRow("bad memory limit") << QByteArray("x")
                                      << QStringList{QStringLiteral("--max-memory"), QStringLiteral("0")} << 2
                                      << QStringLiteral("--max-memory 64");
}

void TestAnalyzeCommand::badInputSaysWhatToDo()
{
    QFETCH(QByteArray, content);
    QFETCH(QStringList, extraArgs);
    QFETCH(int, exitCode);
    QFETCH(QString, expectedWords);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("input.pcap"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
    f.close();
    const CommandResult r = runTcptune(QStringList{QStringLiteral("analyze")} + extraArgs + QStringList{path});
    QVERIFY(!r.crashed);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(QString::fromUtf8(r.err).contains(expectedWords), r.err.constData());
    if (exitCode == 0)
        QVERIFY(QString::fromUtf8(r.out).contains(QStringLiteral("192.168.2.20:12345")));
}

QTEST_GUILESS_MAIN(TestAnalyzeCommand)
#include "tst_analyze_command.moc"

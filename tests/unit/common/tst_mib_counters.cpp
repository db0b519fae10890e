// mib: parsing /proc/net/netstat, /proc/net/snmp and /proc/net/snmp6 as nstat names the
// counters, deltas over a run (gauges and unchanged counters left out), and reading this
// namespace's real files: the names match what nstat prints, and loopback traffic moves
// TcpOutSegs.

#include "command_runner.h"
#include "common/mib_counters.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

using namespace tcptune;

class TestMibCounters final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parsesTablePairs_data();
    void parsesTablePairs();
    void parsesNameValueLines_data();
    void parsesNameValueLines();
    void deltas_data();
    void deltas();
    void jsonRoundTrip();
    void readsThisNamespaceAsNstatNamesIt();
    void loopbackTrafficMovesTcpOutSegs();
};

using Expected = QMap<QString, qint64>;

void TestMibCounters::parsesTablePairs_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<Expected>("expected");
    QTest::addRow("netstat pair") << QByteArray("TcpExt: SyncookiesSent TCPAutoCorking\nTcpExt: 0 41223\n")
                                  << Expected{{QStringLiteral("TcpExtSyncookiesSent"), 0},
                                              {QStringLiteral("TcpExtTCPAutoCorking"), 41223}};
    QTest::addRow("snmp signed MaxConn") << QByteArray("Tcp: RtoAlgorithm MaxConn OutSegs\nTcp: 1 -1 65649403\n")
                                         << Expected{{QStringLiteral("TcpRtoAlgorithm"), 1},
                                                     {QStringLiteral("TcpMaxConn"), -1},
                                                     {QStringLiteral("TcpOutSegs"), 65649403}};
    QTest::addRow("two tables, trailing space")
        << QByteArray("Ip: Forwarding InReceives \nIp: 2 10\nIpExt: InOctets\nIpExt: 835687087851\n")
        << Expected{{QStringLiteral("IpForwarding"), 2},
                    {QStringLiteral("IpInReceives"), 10},
                    {QStringLiteral("IpExtInOctets"), 835687087851}};
    QTest::addRow("unsigned beyond 2^63")
        << QByteArray("TcpExt: Big\nTcpExt: 18446744073709551615\n") << Expected{{QStringLiteral("TcpExtBig"), -1}};
    QTest::addRow("count mismatch skipped")
        << QByteArray("Udp: A B\nUdp: 1\nTcp: C\nTcp: 3\n") << Expected{{QStringLiteral("TcpC"), 3}};
    QTest::addRow("prefix mismatch skipped")
        << QByteArray("Udp: A\nTcp: 1\nTcp: C\nTcp: 3\n") << Expected{{QStringLiteral("TcpC"), 3}};
    QTest::addRow("garbage value skipped")
        << QByteArray("Tcp: A B\nTcp: x 2\n") << Expected{{QStringLiteral("TcpB"), 2}};
    QTest::addRow("empty") << QByteArray() << Expected{};
}

void TestMibCounters::parsesTablePairs()
{
    QFETCH(QByteArray, text);
    QFETCH(Expected, expected);
    QCOMPARE(mib::parseTablePairs(text), expected);
}

void TestMibCounters::parsesNameValueLines_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<Expected>("expected");
    QTest::addRow("snmp6") << QByteArray("Ip6InReceives                   \t12\nIcmp6OutMsgs  3\n")
                           << Expected{{QStringLiteral("Ip6InReceives"), 12}, {QStringLiteral("Icmp6OutMsgs"), 3}};
    QTest::addRow("odd lines skipped") << QByteArray("Ip6InReceives\nA 1 2\nB 4\n")
                                       << Expected{{QStringLiteral("B"), 4}};
    QTest::addRow("no newline at end") << QByteArray("Udp6InErrors 7") << Expected{{QStringLiteral("Udp6InErrors"), 7}};
}

void TestMibCounters::parsesNameValueLines()
{
    QFETCH(QByteArray, text);
    QFETCH(Expected, expected);
    QCOMPARE(mib::parseNameValueLines(text), expected);
}

void TestMibCounters::deltas_data()
{
    QTest::addColumn<Expected>("before");
    QTest::addColumn<Expected>("after");
    QTest::addColumn<Expected>("expected");
    QTest::addRow("changed only") << Expected{{QStringLiteral("TcpOutSegs"), 10},
                                              {QStringLiteral("TcpExtTCPAutoCorking"), 5}}
                                  << Expected{{QStringLiteral("TcpOutSegs"), 110},
                                              {QStringLiteral("TcpExtTCPAutoCorking"), 5}}
                                  << Expected{{QStringLiteral("TcpOutSegs"), 100}};
    QTest::addRow("gauges left out") << Expected{{QStringLiteral("TcpCurrEstab"), 1},
                                                 {QStringLiteral("TcpRtoMin"), 200}}
                                     << Expected{{QStringLiteral("TcpCurrEstab"), 4},
                                                 {QStringLiteral("TcpRtoMin"), 300}}
                                     << Expected{};
    QTest::addRow("new counter has no before")
        << Expected{} << Expected{{QStringLiteral("IcmpMsgInType3"), 2}} << Expected{};
    QTest::addRow("backwards left out") << Expected{{QStringLiteral("TcpOutSegs"), 100}}
                                        << Expected{{QStringLiteral("TcpOutSegs"), 3}} << Expected{};
}

void TestMibCounters::deltas()
{
    QFETCH(Expected, before);
    QFETCH(Expected, after);
    QFETCH(Expected, expected);
    QCOMPARE(mib::deltas(before, after), expected);
}

void TestMibCounters::jsonRoundTrip()
{
    const mib::Counters counters{{QStringLiteral("TcpOutSegs"), 65649403},
                                 {QStringLiteral("IpExtInOctets"), 835687087851}};
    QCOMPARE(mib::fromJson(mib::toJson(counters)), counters);
}

void TestMibCounters::readsThisNamespaceAsNstatNamesIt()
{
    auto ours = mib::read();
    QVERIFY2(ours.has_value(), qPrintable(ours ? QString() : ours.error().message));
    // nstat: -a absolute, -z zeros too, -s without touching its history file.
    const test::CommandResult nstat =
        test::runCommand(QStringLiteral("nstat"), {QStringLiteral("-azs"), QStringLiteral("--json")}, 10000);
    QVERIFY2(nstat.exitCode == 0, nstat.err.constData());
    const QJsonObject kernel = QJsonDocument::fromJson(nstat.out).object().value(QStringLiteral("kernel")).toObject();
    QVERIFY(kernel.size() > 100);
    QStringList missing;
    for (const QString &name : kernel.keys())
        if (!ours->contains(name))
            missing << name;
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char(' '))));
    // nstat leaves out the states (its "useless numbers"); they are read, and isGauge() keeps
    // them out of the deltas.
    QVERIFY(!kernel.contains(QStringLiteral("TcpRtoMin")));
    QCOMPARE(ours->value(QStringLiteral("TcpRtoMin")), 200); // ms, the kernel's TCP_RTO_MIN
    QCOMPARE(ours->value(QStringLiteral("TcpRtoAlgorithm")), 1);
    QVERIFY(mib::isGauge(QStringLiteral("TcpRtoMin")));
}

void TestMibCounters::loopbackTrafficMovesTcpOutSegs()
{
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    auto before = mib::read();
    QVERIFY(before.has_value());
    QTcpSocket client;
    client.connectToHost(QHostAddress::LocalHost, server.serverPort());
    QVERIFY(client.waitForConnected(5000));
    QVERIFY(server.waitForNewConnection(5000));
    QTcpSocket *accepted = server.nextPendingConnection();
    const QByteArray payload(256 * 1024, 'm');
    client.write(payload);
    qint64 received = 0;
    while (received < payload.size()) {
        client.flush(); // no event loop: hand what Qt buffered to the kernel
        if (!accepted->waitForReadyRead(5000))
            break;
        received += accepted->readAll().size();
    }
    QCOMPARE(received, payload.size());
    auto after = mib::read();
    QVERIFY(after.has_value());
    const mib::Counters delta = mib::deltas(*before, *after);
    // 256 KiB over loopback (MSS ~64 KiB) is at least 4 segments out; the handshake adds more.
    QVERIFY2(delta.value(QStringLiteral("TcpOutSegs")) >= 4,
             qPrintable(QString::number(delta.value(QStringLiteral("TcpOutSegs")))));
    QVERIFY(delta.value(QStringLiteral("TcpActiveOpens")) >= 1);
    QVERIFY(!delta.contains(QStringLiteral("TcpCurrEstab")));
}

QTEST_GUILESS_MAIN(TestMibCounters)
#include "tst_mib_counters.moc"

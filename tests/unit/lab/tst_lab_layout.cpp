// LabLayout: names and addresses derived from the lab's name, all inside what tcptune may touch
// (tcptune-* namespaces, 198.18.0.0/15), and the way back from a namespace to its lab.

#include "common/netns.h"
#include "lab/lab_layout.h"

#include <QHostAddress>
#include <QTest>

using namespace tcptune;

class TestLabLayout final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void namesAndAddresses_data();
    void namesAndAddresses();
    void labNameOfNamespace_data();
    void labNameOfNamespace();
    void endpoints();
};

void TestLabLayout::namesAndAddresses_data()
{
    QTest::addColumn<int>("topology");
    QTest::addColumn<int>("namespaces");
    QTest::addColumn<QString>("bottleneckNetns");
    QTest::addColumn<QString>("returnBottleneckNetns");
    QTest::addRow("routed") << int(LabTopology::Routed) << 3 << "tcptune-abcdefghijklmnopq-router"
                            << "tcptune-abcdefghijklmnopq-router";
    QTest::addRow("direct") << int(LabTopology::Direct) << 2 << "tcptune-abcdefghijklmnopq-client"
                            << "tcptune-abcdefghijklmnopq-server";
}

void TestLabLayout::namesAndAddresses()
{
    QFETCH(int, topology);
    // The longest lab name still yields namespace names the rest of tcptune accepts.
    const LabLayout l = layoutFor(QStringLiteral("abcdefghijklmnopq"), LabTopology(topology));
    QTEST(int(l.namespaces().size()), "namespaces");
    QTEST(l.bottleneckNetns, "bottleneckNetns");
    QTEST(l.returnBottleneckNetns, "returnBottleneckNetns");
    QVERIFY(l.returnBottleneckInterface != l.bottleneckInterface);
    for (const QString &ns : l.namespaces())
        QVERIFY2(netns::isTcptuneName(ns), qPrintable(ns));
    const auto benchmarking = QHostAddress::parseSubnet(QStringLiteral("198.18.0.0/15"));
    for (const QString &a : {l.clientAddress, l.serverAddress}) {
        QVERIFY(QHostAddress(a).isInSubnet(benchmarking));
    }
    QVERIFY(l.clientAddress != l.serverAddress);
    for (const QString &ifname : {l.clientInterface, l.serverInterface})
        QVERIFY(ifname.size() <= 15); // IFNAMSIZ - 1
}

void TestLabLayout::labNameOfNamespace_data()
{
    QTest::addColumn<QString>("netns");
    QTest::addColumn<QString>("lab");
    QTest::addRow("client") << "tcptune-lab-client"
                            << "lab";
    QTest::addRow("router with dash") << "tcptune-t-lab1-router"
                                      << "t-lab1";
    QTest::addRow("server") << "tcptune-x-server"
                            << "x";
    QTest::addRow("scratch namespace") << "tcptune-t-knobs"
                                       << "";
    QTest::addRow("not ours") << "other-lab-client"
                              << "";
    QTest::addRow("no name") << "tcptune--client"
                             << "";
}

void TestLabLayout::labNameOfNamespace()
{
    QFETCH(QString, netns);
    QTEST(tcptune::labNameOfNamespace(netns), "lab");
}

void TestLabLayout::endpoints()
{
    const LabEndpoints e = endpointsFor(QStringLiteral("lab"), LabTopology::Routed, 5301);
    QCOMPARE(e.clientNetns, QStringLiteral("tcptune-lab-client"));
    QCOMPARE(e.serverNetns, QStringLiteral("tcptune-lab-server"));
    QCOMPARE(e.serverAddress, QStringLiteral("198.18.2.1"));
    QCOMPARE(e.agentPort, quint16(5301));
    QCOMPARE(toJson(e).value(QStringLiteral("server_address")).toString(), e.serverAddress);
}

QTEST_GUILESS_MAIN(TestLabLayout)
#include "tst_lab_layout.moc"

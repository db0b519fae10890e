// The lab's helper operations check their parameters before anything runs as root: bad names,
// wrong types, unknown fields and non-lab knobs are refused with a message naming the problem.

#include "helper/helper_operations.h"
#include "lab/lab_helper_operations.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace tcptune;

class TestLabHelperOperations final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void registersTheLabOperations();
    void refusesBadParameters_data();
    void refusesBadParameters();
};

void TestLabHelperOperations::registersTheLabOperations()
{
    HelperOperations ops;
    addLabOperations(ops);
    QCOMPARE(ops.names(), (QStringList{"lab_capture", "lab_down", "lab_sockets", "lab_status", "lab_up", "mib_counters",
                                       "qdisc_stats"}));
}

void TestLabHelperOperations::refusesBadParameters_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<QJsonObject>("params");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("name not a string") << "lab_up" << QJsonObject{{"name", 5}} << "'name' must be a string";
    QTest::addRow("path in name") << "lab_up" << QJsonObject{{"name", "../../etc"}} << "not a usable lab name";
    QTest::addRow("prefixed name") << "lab_down" << QJsonObject{{"name", "tcptune-x/y"}} << "not a usable lab name";
    QTest::addRow("empty name") << "lab_status" << QJsonObject{{"name", ""}} << "not a usable lab name";
    QTest::addRow("overlong name") << "lab_down" << QJsonObject{{"name", QString(40, QLatin1Char('a'))}}
                                   << "not a usable lab name";
    QTest::addRow("knobs not an object") << "lab_up" << QJsonObject{{"knobs", "50mbit"}} << "'knobs' must be an object";
    QTest::addRow("knob value a number") << "lab_up" << QJsonObject{{"knobs", QJsonObject{{"lab.rate", 5}}}}
                                         << "must be a string";
    QTest::addRow("sysctl as lab knob") << "lab_up" << QJsonObject{{"knobs", QJsonObject{{"net.core.wmem_max", "1"}}}}
                                        << "not a lab parameter";
    QTest::addRow("bad rate") << "lab_up" << QJsonObject{{"knobs", QJsonObject{{"lab.rate", "lots"}}}} << "lab.rate";
    QTest::addRow("unknown field") << "lab_up" << QJsonObject{{"command", "rm -rf /"}} << "Unknown parameter 'command'";
    QTest::addRow("unknown field on down")
        << "lab_down" << QJsonObject{{"name", "lab"}, {"all", true}} << "Unknown parameter 'all'";
    // Sockets only in a namespace of a lab (never the host's or another program's), only TCP.
    QTest::addRow("sockets on the host") << "lab_sockets" << QJsonObject{{"family", "inet"}, {"count", 1}}
                                         << "not a namespace of a lab";
    QTest::addRow("sockets elsewhere") << "lab_sockets"
                                       << QJsonObject{{"netns", "tcptune-x"}, {"family", "inet"}, {"count", 1}}
                                       << "not a namespace of a lab";
    QTest::addRow("sockets of a raw type")
        << "lab_sockets" << QJsonObject{{"netns", "tcptune-lab-client"}, {"type", "raw"}, {"family", "packet"}}
        << "Unknown parameter 'type'";
    // Captures only on a lab's own links, in a namespace of a lab, with a compiled filter.
    const QJsonArray keepAll{QJsonArray{6, 0, 0, 128}};
    QTest::addRow("capture on the host") << "lab_capture" << QJsonObject{{"interface", "eth0"}, {"filter", keepAll}}
                                         << "'netns' must name a lab namespace";
    QTest::addRow("capture of a host interface")
        << "lab_capture" << QJsonObject{{"netns", "tcptune-lab-client"}, {"interface", "eth0"}, {"filter", keepAll}}
        << "'interface' must be one of the lab's links";
    QTest::addRow("capture of the lab's loopback")
        << "lab_capture" << QJsonObject{{"netns", "tcptune-lab-client"}, {"interface", "lo"}, {"filter", keepAll}}
        << "'interface' must be one of the lab's links";
    QTest::addRow("capture of every interface")
        << "lab_capture" << QJsonObject{{"netns", "tcptune-lab-client"}, {"interface", "any"}, {"filter", keepAll}}
        << "'interface' must be one of the lab's links";
    QTest::addRow("capture with filter text")
        << "lab_capture"
        << QJsonObject{{"netns", "tcptune-lab-client"}, {"interface", "tcpt-c0"}, {"filter", "tcp or udp"}}
        << "'filter' must hold 1 to";
    QTest::addRow("capture, promiscuous")
        << "lab_capture"
        << QJsonObject{{"netns", "tcptune-lab-client"}, {"interface", "tcpt-c0"}, {"filter", keepAll}, {"promisc", 1}}
        << "Unknown parameter 'promisc'";
    QTest::addRow("capture in a lab that is not up")
        << "lab_capture"
        << QJsonObject{{"netns", "tcptune-t-none-client"}, {"interface", "tcpt-c0"}, {"filter", keepAll}}
        << "not a namespace of a lab that is up";

    // The read-only operations enter lab namespaces only, and read the lab's own links only.
    QTest::addRow("counters of the host") << "mib_counters" << QJsonObject{} << "'netns' must name a lab namespace";
    QTest::addRow("counters of another namespace")
        << "mib_counters" << QJsonObject{{"netns", "tcptune-qdisc-probe"}} << "'netns' must name a lab namespace";
    QTest::addRow("counters through a path")
        << "mib_counters" << QJsonObject{{"netns", "../tcptune-lab-client"}} << "'netns' must name a lab namespace";
    QTest::addRow("counters, netns a number")
        << "mib_counters" << QJsonObject{{"netns", 3}} << "'netns' must name a lab namespace";
    QTest::addRow("counters, unknown field")
        << "mib_counters" << QJsonObject{{"netns", "tcptune-lab-client"}, {"file", "/etc/shadow"}}
        << "Unknown parameter 'file'";
    QTest::addRow("qdisc of a host interface")
        << "qdisc_stats" << QJsonObject{{"netns", "tcptune-lab-router"}, {"interface", "eth0"}}
        << "'interface' must be one of the lab's links";
    QTest::addRow("qdisc without interface") << "qdisc_stats" << QJsonObject{{"netns", "tcptune-lab-router"}}
                                             << "'interface' must be one of the lab's links";
    QTest::addRow("qdisc outside a lab") << "qdisc_stats" << QJsonObject{{"netns", "x"}, {"interface", "tcpt-r1"}}
                                         << "'netns' must name a lab namespace";
}

void TestLabHelperOperations::refusesBadParameters()
{
    QFETCH(QString, op);
    QFETCH(QJsonObject, params);
    QFETCH(QString, mentions);
    HelperOperations ops;
    addLabOperations(ops);
    const auto result = ops.dispatch(op, params);
    QVERIFY(!result);
    QVERIFY2(result.error().message.contains(mentions), qPrintable(result.error().message));
}

QTEST_GUILESS_MAIN(TestLabHelperOperations)
#include "tst_lab_helper_operations.moc"

// The lab's helper operations check their parameters before anything runs as root: bad names,
// wrong types, unknown fields and non-lab knobs are refused with a message naming the problem.
// Options are set only on a TCP socket of a lab: a host socket passed along stays as it was.

#include "helper/helper_operations.h"
#include "lab/lab_helper_operations.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace tcptune;

class TestLabHelperOperations final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void registersTheLabOperations();
    void refusesBadParameters_data();
    void refusesBadParameters();
    void socketOptionsOnlyOnLabSockets_data();
    void socketOptionsOnlyOnLabSockets();
};

namespace {

QString congestionControlOf(int fd)
{
    char name[32] = {};
    socklen_t length = sizeof name - 1;
    ::getsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, name, &length);
    return QString::fromLatin1(name);
}

int sndbufOf(int fd)
{
    int value = 0;
    socklen_t length = sizeof value;
    ::getsockopt(fd, SOL_SOCKET, SO_SNDBUF, &value, &length);
    return value;
}

} // namespace

void TestLabHelperOperations::registersTheLabOperations()
{
    HelperOperations ops;
    addLabOperations(ops);
    QCOMPARE(ops.names(), (QStringList{QStringLiteral("lab_capture"), QStringLiteral("lab_down"),
                                       QStringLiteral("lab_socket_options"), QStringLiteral("lab_sockets"),
                                       QStringLiteral("lab_status"), QStringLiteral("lab_up"),
                                       QStringLiteral("mib_counters"), QStringLiteral("qdisc_stats")}));
}

void TestLabHelperOperations::refusesBadParameters_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<QJsonObject>("params");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("name not a string") << QStringLiteral("lab_up") << QJsonObject{{QStringLiteral("name"), 5}}
                                       << QStringLiteral("'name' must be a string");
    QTest::addRow("path in name") << QStringLiteral("lab_up")
                                  << QJsonObject{{QStringLiteral("name"), QStringLiteral("../../etc")}}
                                  << QStringLiteral("not a usable lab name");
    QTest::addRow("prefixed name") << QStringLiteral("lab_down")
                                   << QJsonObject{{QStringLiteral("name"), QStringLiteral("tcptune-x/y")}}
                                   << QStringLiteral("not a usable lab name");
    QTest::addRow("empty name") << QStringLiteral("lab_status") << QJsonObject{{QStringLiteral("name"), QString()}}
                                << QStringLiteral("not a usable lab name");
    QTest::addRow("overlong name") << QStringLiteral("lab_down")
                                   << QJsonObject{{QStringLiteral("name"), QString(40, QLatin1Char('a'))}}
                                   << "not a usable lab name";
    QTest::addRow("knobs not an object") << QStringLiteral("lab_up")
                                         << QJsonObject{{QStringLiteral("knobs"), QStringLiteral("50mbit")}}
                                         << QStringLiteral("'knobs' must be an object");
    QTest::addRow("knob value a number") << QStringLiteral("lab_up")
                                         << QJsonObject{{QStringLiteral("knobs"),
                                                         QJsonObject{{QStringLiteral("lab.rate"), 5}}}}
                                         << "must be a string";
    QTest::addRow("sysctl as lab knob") << QStringLiteral("lab_up")
                                        << QJsonObject{{QStringLiteral("knobs"),
                                                        QJsonObject{{QStringLiteral("net.core.wmem_max"),
                                                                     QStringLiteral("1")}}}}
                                        << "not a lab parameter";
    QTest::addRow("bad rate") << QStringLiteral("lab_up")
                              << QJsonObject{{QStringLiteral("knobs"),
                                              QJsonObject{{QStringLiteral("lab.rate"), QStringLiteral("lots")}}}}
                              << QStringLiteral("lab.rate");
    QTest::addRow("unknown field") << QStringLiteral("lab_up")
                                   << QJsonObject{{QStringLiteral("command"), QStringLiteral("rm -rf /")}}
                                   << QStringLiteral("Unknown parameter 'command'");
    QTest::addRow("unknown field on down")
        << QStringLiteral("lab_down")
        << QJsonObject{{QStringLiteral("name"), QStringLiteral("lab")}, {QStringLiteral("all"), true}}
        << QStringLiteral("Unknown parameter 'all'");
    // Sockets only in a namespace of a lab (never the host's or another program's), only TCP.
    QTest::addRow("sockets on the host") << QStringLiteral("lab_sockets")
                                         << QJsonObject{{QStringLiteral("family"), QStringLiteral("inet")},
                                                        {QStringLiteral("count"), 1}}
                                         << "not a namespace of a lab";
    QTest::addRow("sockets elsewhere") << "lab_sockets"
                                       << QJsonObject{{QStringLiteral("netns"), QStringLiteral("tcptune-x")},
                                                      {QStringLiteral("family"), QStringLiteral("inet")},
                                                      {QStringLiteral("count"), 1}}
                                       << "not a namespace of a lab";
    QTest::addRow("sockets of a raw type")
        << QStringLiteral("lab_sockets")
        << QJsonObject{{QStringLiteral("netns"), QStringLiteral("tcptune-lab-client")},
                       {QStringLiteral("type"), QStringLiteral("raw")},
                       {QStringLiteral("family"), QStringLiteral("packet")}}
        << "'type' must be";
    // Captures only on a lab's own links, in a namespace of a lab, with a compiled filter.
    const QJsonArray keepAll{QJsonArray{6, 0, 0, 128}};
    QTest::addRow("capture on the host") << QStringLiteral("lab_capture")
                                         << QJsonObject{{QStringLiteral("interface"), QStringLiteral("eth0")},
                                                        {QStringLiteral("filter"), keepAll}}
                                         << "'netns' must name a lab namespace";
    QTest::addRow("capture of a host interface")
        << QStringLiteral("lab_capture")
        << QJsonObject{{QStringLiteral("netns"), QStringLiteral("tcptune-lab-client")},
                       {QStringLiteral("interface"), QStringLiteral("eth0")},
                       {QStringLiteral("filter"), keepAll}}
        << "'interface' must be one of the lab's links";
    QTest::addRow("capture of the lab's loopback")
        << QStringLiteral("lab_capture")
        << QJsonObject{{QStringLiteral("netns"), QStringLiteral("tcptune-lab-client")},
                       {QStringLiteral("interface"), QStringLiteral("lo")},
                       {QStringLiteral("filter"), keepAll}}
        << "'interface' must be one of the lab's links";
    QTest::addRow("capture of every interface")
        << QStringLiteral("lab_capture")
        << QJsonObject{{QStringLiteral("netns"), QStringLiteral("tcptune-lab-client")},
                       {QStringLiteral("interface"), QStringLiteral("any")},
                       {QStringLiteral("filter"), keepAll}}
        << "'interface' must be one of the lab's links";
    QTest::addRow("capture with filter text")
        << "lab_capture"
        << QJsonObject{{QStringLiteral("netns"), QStringLiteral("tcptune-lab-client")},
                       {QStringLiteral("interface"), QStringLiteral("tcpt-c0")},
                       {QStringLiteral("filter"), QStringLiteral("tcp or udp")}}
        << "'filter' must hold 1 to";
    QTest::addRow("capture, promiscuous")
        << "lab_capture"
        << QJsonObject{{QStringLiteral("netns"), QStringLiteral("tcptune-lab-client")},
                       {QStringLiteral("interface"), QStringLiteral("tcpt-c0")},
                       {QStringLiteral("filter"), keepAll},
                       {QStringLiteral("promisc"), 1}}
        << "Unknown parameter 'promisc'";
    QTest::addRow("capture in a lab that is not up")
        << "lab_capture"
        << QJsonObject{{QStringLiteral("netns"), QStringLiteral("tcptune-t-none-client")},
                       {QStringLiteral("interface"), QStringLiteral("tcpt-c0")},
                       {QStringLiteral("filter"), keepAll}}
        << "not a namespace of a lab that is up";

    // The read-only operations enter lab namespaces only, and read the lab's own links only.
    QTest::addRow("counters of the host") << "mib_counters" << QJsonObject{} << "'netns' must name a lab namespace";
    QTest::addRow("counters of another namespace")
        << QStringLiteral("mib_counters")
        << QJsonObject{{QStringLiteral("netns"), QStringLiteral("tcptune-qdisc-probe")}}
        << QStringLiteral("'netns' must name a lab namespace");
    QTest::addRow("counters through a path")
        << QStringLiteral("mib_counters")
        << QJsonObject{{QStringLiteral("netns"), QStringLiteral("../tcptune-lab-client")}}
        << QStringLiteral("'netns' must name a lab namespace");
    QTest::addRow("counters, netns a number")
        << QStringLiteral("mib_counters") << QJsonObject{{QStringLiteral("netns"), 3}}
        << QStringLiteral("'netns' must name a lab namespace");
    QTest::addRow("counters, unknown field")
        << QStringLiteral("mib_counters")
        << QJsonObject{{QStringLiteral("netns"), QStringLiteral("tcptune-lab-client")},
                       {QStringLiteral("file"), QStringLiteral("/etc/shadow")}}
        << "Unknown parameter 'file'";
    QTest::addRow("qdisc of a host interface")
        << QStringLiteral("qdisc_stats")
        << QJsonObject{{QStringLiteral("netns"), QStringLiteral("tcptune-lab-router")},
                       {QStringLiteral("interface"), QStringLiteral("eth0")}}
        << "'interface' must be one of the lab's links";
    QTest::addRow("qdisc without interface")
        << QStringLiteral("qdisc_stats") << QJsonObject{{QStringLiteral("netns"), QStringLiteral("tcptune-lab-router")}}
        << "'interface' must be one of the lab's links";
    QTest::addRow("qdisc outside a lab") << QStringLiteral("qdisc_stats")
                                         << QJsonObject{{QStringLiteral("netns"), QStringLiteral("x")},
                                                        {QStringLiteral("interface"), QStringLiteral("tcpt-r1")}}
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

void TestLabHelperOperations::socketOptionsOnlyOnLabSockets_data()
{
    QTest::addColumn<int>("type"); // of the socket passed; 0: none passed
    QTest::addColumn<QJsonObject>("params");
    QTest::addColumn<QString>("mentions");
    const QString cc = QStringLiteral("congestion_control");
    const QString sndbuf = QStringLiteral("sndbuf");
    const QJsonObject cubicBig{{cc, QStringLiteral("cubic")}, {sndbuf, 4 << 20}};
    const int stream = SOCK_STREAM;
    QTest::addRow("no socket passed") << 0 << cubicBig << QStringLiteral("Pass exactly one socket");
    QTest::addRow("a host socket") << stream << cubicBig << QStringLiteral("does not live in a lab namespace");
    QTest::addRow("a host socket, cc only")
        << stream << QJsonObject{{cc, QStringLiteral("cubic")}} << QStringLiteral("does not live in a lab namespace");
    QTest::addRow("a UDP socket") << int(SOCK_DGRAM) << cubicBig << QStringLiteral("not a TCP socket");
    QTest::addRow("a module by name") << stream << QJsonObject{{cc, QStringLiteral("tcp_nonesuch")}}
                                      << QStringLiteral("is not available");
    QTest::addRow("a huge buffer") << stream << QJsonObject{{sndbuf, double(1LL << 30)}}
                                   << QStringLiteral("'sndbuf' must be");
    QTest::addRow("nothing to set") << stream << QJsonObject{}
                                    << QStringLiteral("Give 'congestion_control' or 'sndbuf'");
    QTest::addRow("another option") << stream << QJsonObject{{QStringLiteral("SO_MARK"), 1}}
                                    << QStringLiteral("Unknown parameter 'SO_MARK'");
}

void TestLabHelperOperations::socketOptionsOnlyOnLabSockets()
{
    QFETCH(int, type);
    QFETCH(QJsonObject, params);
    QFETCH(QString, mentions);
    const int fd = type ? ::socket(AF_INET, type | SOCK_CLOEXEC, 0) : -1;
    const QString ccBefore = type == SOCK_STREAM ? congestionControlOf(fd) : QString();
    const int sndbufBefore = type ? sndbufOf(fd) : 0;
    HelperOperations ops;
    addLabOperations(ops);
    HelperOperations::Descriptors fds;
    if (fd >= 0)
        fds.received = {::dup(fd)};
    const auto result = ops.dispatch(QStringLiteral("lab_socket_options"), params, &fds);
    for (int received : fds.received)
        ::close(received);
    QVERIFY(!result);
    QVERIFY2(result.error().message.contains(mentions), qPrintable(result.error().message));
    if (fd >= 0) {
        if (type == SOCK_STREAM)
            QCOMPARE(congestionControlOf(fd), ccBefore);
        QCOMPARE(sndbufOf(fd), sndbufBefore);
        ::close(fd);
    }
}

QTEST_GUILESS_MAIN(TestLabHelperOperations)
#include "tst_lab_helper_operations.moc"

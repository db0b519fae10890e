// LabManager against the real kernel: a routed and a direct lab come up, carry TCP,
// report their status, reshape in place, refuse a delay where netem is missing and apply it where
// it exists, and leave no namespace or link behind; a lab left half-built by a crash is detected
// and removed.

#include "command_runner.h"
#include "lab_probe.h"
#include "scratch_namespace.h"

#include "lab/lab_manager.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace tcptune;
using namespace tcptune::test;

namespace {

QString netnsList()
{
    return QString::fromLocal8Bit(
        runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("list")}).out);
}

// A TCP connection from the lab's client to its server works.
bool reachable(const LabEndpoints &e)
{
    const TcpProbe p = probeTcp(e.clientNetns, e.serverNetns, e.serverAddress, 15301);
    if (!p.connected)
        qWarning("%s", qPrintable(p.error));
    return p.connected;
}

QString inNetns(const QString &netns, const QStringList &command)
{
    return QString::fromLocal8Bit(
        runCommand(QStringLiteral("ip"), QStringList{QStringLiteral("netns"), QStringLiteral("exec"), netns} + command,
                   10000)
            .out);
}

// Always removes the lab, whatever the test did.
struct LabGuard {
    QString name;
    ~LabGuard()
    {
        // A destructor cannot fail the test: it says what it could not remove instead.
        if (auto down = labDown(name); !down)
            qWarning("%s", qPrintable(down.error().message));
    }
};

} // namespace

class TestLabManagerLive final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void routedLabCarriesTrafficAndGoesAway();
    void directLabWithJumboFrames();
    void reshapesInPlace();
    void delayFollowsNetem();
    void leftoverIsDetectedAndRemoved();
};

void TestLabManagerLive::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root to build labs");
}

void TestLabManagerLive::routedLabCarriesTrafficAndGoesAway()
{
    const QString hostLinksBefore = QString::fromLocal8Bit(
        runCommand(QStringLiteral("ip"), {QStringLiteral("-o"), QStringLiteral("link"), QStringLiteral("show")}).out);
    LabGuard guard{QStringLiteral("t-lab1")};
    auto spec = parseLabSpec(guard.name, {{QStringLiteral("lab.rate"), QStringLiteral("50mbit")},
                                          {QStringLiteral("lab.queue"), QStringLiteral("2M")}});
    QVERIFY(spec);
    auto status = labUp(*spec);
    QVERIFY2(status, status ? "" : qPrintable(status.error().message));
    QCOMPARE(status->state, LabStatus::State::Up);
    QCOMPARE(status->presentNamespaces.size(), 3);
    const auto endpoints = status->endpoints();
    QVERIFY(endpoints);
    QVERIFY(reachable(*endpoints));
    // Forwarding is on in the router only, and recorded.
    QCOMPARE(inNetns(QStringLiteral("tcptune-t-lab1-router"),
                     {QStringLiteral("cat"), QStringLiteral("/proc/sys/net/ipv4/ip_forward")})
                 .trimmed(),
             QStringLiteral("1"));
    QVERIFY(status->record->sysctls.contains(QStringLiteral("tcptune-t-lab1-router net.ipv4.ip_forward=1")));

    // The bottleneck is on the router, towards the server.
    const QString qdisc = inNetns(QStringLiteral("tcptune-t-lab1-router"),
                                  {QStringLiteral("tc"), QStringLiteral("qdisc"), QStringLiteral("show"),
                                   QStringLiteral("dev"), QStringLiteral("tcpt-r1")});
    QVERIFY2(qdisc.contains(QStringLiteral("tbf")) && qdisc.contains(QStringLiteral("50Mbit")), qPrintable(qdisc));
    // tc reports the queue limit as the time it takes to drain: (limit - burst) / rate.
    const QJsonArray qdiscs =
        QJsonDocument::fromJson(inNetns(QStringLiteral("tcptune-t-lab1-router"),
                                        {QStringLiteral("tc"), QStringLiteral("-j"), QStringLiteral("qdisc"),
                                         QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("tcpt-r1")})
                                    .toUtf8())
            .array();
    QCOMPARE(qdiscs.size(), 1);
    const double latencyUs =
        qdiscs.at(0).toObject().value(QStringLiteral("options")).toObject().value(QStringLiteral("lat")).toDouble();
    QVERIFY2(qAbs(latencyUs - (2097152.0 - 12500.0) / 6.25e6 * 1e6) < 1000, qPrintable(QString::number(latencyUs)));

    // No lab link ever appears in the host's namespace.
    const QString hostLinks = QString::fromLocal8Bit(
        runCommand(QStringLiteral("ip"), {QStringLiteral("-o"), QStringLiteral("link"), QStringLiteral("show")}).out);
    QVERIFY(!hostLinks.contains(QStringLiteral("tcpt-")));
    QCOMPARE(hostLinks.count(QLatin1Char('\n')), hostLinksBefore.count(QLatin1Char('\n')));

    QVERIFY(labDown(guard.name));
    QVERIFY(!netnsList().contains(QStringLiteral("tcptune-t-lab1-")));
    QCOMPARE(labStatus(guard.name).state, LabStatus::State::Down);
    QVERIFY(!labStatus(guard.name).record);
    QVERIFY(labDown(guard.name)); // removing a lab that is down is fine
}

void TestLabManagerLive::directLabWithJumboFrames()
{
    LabGuard guard{QStringLiteral("t-lab2")};
    auto spec = parseLabSpec(guard.name, {{QStringLiteral("lab.topology"), QStringLiteral("direct")},
                                          {QStringLiteral("lab.mtu"), QStringLiteral("9000")}});
    QVERIFY(spec);
    auto status = labUp(*spec);
    QVERIFY2(status, status ? "" : qPrintable(status.error().message));
    QCOMPARE(status->presentNamespaces.size(), 2);
    const auto e = status->endpoints();
    QVERIFY(e);
    QVERIFY(inNetns(e->clientNetns,
                    {QStringLiteral("ip"), QStringLiteral("link"), QStringLiteral("show"), e->clientInterface})
                .contains(QStringLiteral("mtu 9000")));
    QVERIFY(inNetns(e->serverNetns,
                    {QStringLiteral("ip"), QStringLiteral("link"), QStringLiteral("show"), e->serverInterface})
                .contains(QStringLiteral("mtu 9000")));
    // TCP_INFO shows the MSS of a 9000-byte MTU: 9000 - 20 (IP) - 20 (TCP) - 12 (timestamps).
    const TcpProbe p = probeTcp(e->clientNetns, e->serverNetns, e->serverAddress, 15302);
    QVERIFY2(p.connected, qPrintable(p.error));
    QCOMPARE(p.sendMss, 8948);
}

void TestLabManagerLive::reshapesInPlace()
{
    LabGuard guard{QStringLiteral("t-lab3")};
    auto first = labUp(*parseLabSpec(guard.name, {{QStringLiteral("lab.rate"), QStringLiteral("10mbit")}}));
    QVERIFY2(first, first ? "" : qPrintable(first.error().message));
    const QDateTime created = first->record->createdAt;
    auto second = labUp(*parseLabSpec(guard.name, {{QStringLiteral("lab.rate"), QStringLiteral("20mbit")},
                                                   {QStringLiteral("lab.queue"), QStringLiteral("100K")}}));
    QVERIFY2(second, second ? "" : qPrintable(second.error().message));
    QCOMPARE(second->record->createdAt, created); // same namespaces, reshaped
    QCOMPARE(second->record->spec.rateBitsPerSecond, 20'000'000);
    const QString qdisc = inNetns(QStringLiteral("tcptune-t-lab3-router"),
                                  {QStringLiteral("tc"), QStringLiteral("qdisc"), QStringLiteral("show"),
                                   QStringLiteral("dev"), QStringLiteral("tcpt-r1")});
    QVERIFY2(qdisc.contains(QStringLiteral("20Mbit")), qPrintable(qdisc));

    auto unshaped = labUp(*parseLabSpec(guard.name, {}));
    QVERIFY(unshaped);
    QVERIFY(!inNetns(QStringLiteral("tcptune-t-lab3-router"),
                     {QStringLiteral("tc"), QStringLiteral("qdisc"), QStringLiteral("show"), QStringLiteral("dev"),
                      QStringLiteral("tcpt-r1")})
                 .contains(QStringLiteral("tbf")));

    auto direct = labUp(*parseLabSpec(guard.name, {{QStringLiteral("lab.topology"), QStringLiteral("direct")}}));
    QVERIFY(direct);
    QVERIFY(!netnsList().contains(QStringLiteral("tcptune-t-lab3-router")));
    QVERIFY(reachable(*direct->endpoints()));
}

void TestLabManagerLive::delayFollowsNetem()
{
    const auto support = qdiscSupport();
    QVERIFY(support);
    QVERIFY2(support->has(QStringLiteral("netem")) != support->missing.contains(QStringLiteral("netem")),
             "netem was not probed");
    LabGuard guard{QStringLiteral("t-lab4")};
    auto status = labUp(*parseLabSpec(guard.name, {{QStringLiteral("lab.delay"), QStringLiteral("20")}}));
    if (!support->has(QStringLiteral("netem"))) {
        QVERIFY(!status);
        QVERIFY2(status.error().message.contains(QStringLiteral("netem is not in this kernel")),
                 qPrintable(status.error().message));
        QVERIFY(!netnsList().contains(QStringLiteral("tcptune-t-lab4-")));
        // Without the delay the same lab works.
        QVERIFY(labUp(*parseLabSpec(guard.name, {{QStringLiteral("lab.rate"), QStringLiteral("50mbit")}})));
        return;
    }
    // With netem the lab comes up delayed: netem on the router's client side, TCP still flows.
    QVERIFY2(status, status ? "" : qPrintable(status.error().message));
    QCOMPARE(status->record->spec.delayMs, 20);
    const QString qdisc = inNetns(QStringLiteral("tcptune-t-lab4-router"),
                                  {QStringLiteral("tc"), QStringLiteral("qdisc"), QStringLiteral("show"),
                                   QStringLiteral("dev"), QStringLiteral("tcpt-r0")});
    QVERIFY2(qdisc.contains(QStringLiteral("netem")) && qdisc.contains(QStringLiteral("delay 20")), qPrintable(qdisc));
    QVERIFY(reachable(*status->endpoints()));
}

void TestLabManagerLive::leftoverIsDetectedAndRemoved()
{
    LabGuard guard{QStringLiteral("t-lab5")};
    // What a crash midway leaves: namespaces and no finished record.
    QVERIFY(ip({QStringLiteral("netns"), QStringLiteral("add"), QStringLiteral("tcptune-t-lab5-client")}).isEmpty());
    QVERIFY(ip({QStringLiteral("netns"), QStringLiteral("add"), QStringLiteral("tcptune-t-lab5-router")}).isEmpty());
    const LabStatus status = labStatus(guard.name);
    QCOMPARE(status.state, LabStatus::State::Leftover);
    bool listed = false;
    for (const LabStatus &s : detectLeftoverLabs())
        listed = listed || s.name == guard.name;
    QVERIFY(listed);

    auto refused = labUp(*parseLabSpec(guard.name, {}));
    QVERIFY(!refused);
    QVERIFY2(refused.error().message.contains(QStringLiteral("lab down --name t-lab5")),
             qPrintable(refused.error().message));

    QVERIFY(labDown(guard.name));
    QVERIFY(!netnsList().contains(QStringLiteral("tcptune-t-lab5-")));
    QCOMPARE(labStatus(guard.name).state, LabStatus::State::Down);
}

QTEST_GUILESS_MAIN(TestLabManagerLive)
#include "tst_lab_manager_live.moc"

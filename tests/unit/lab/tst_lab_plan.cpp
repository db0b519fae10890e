// The lab's command plan: exact ip/tc argv lists for each topology, veths created inside the
// namespaces (never in the host's), shaping where each topology promises it, MTU on every link.

#include "lab/lab_plan.h"

#include <QTest>

using namespace tcptune;

namespace {

LabSpec spec(LabTopology topology, qint64 rate = 0, int mtu = 1500, int delayMs = 0)
{
    LabSpec s;
    s.name = QStringLiteral("p");
    s.topology = topology;
    s.rateBitsPerSecond = rate;
    s.queueBytes = 2097152;
    s.mtu = mtu;
    s.delayMs = delayMs;
    return s;
}

QList<QStringList> argsOf(const QList<LabStep> &steps, LabStep::Tool tool)
{
    QList<QStringList> out;
    for (const LabStep &s : steps)
        if (s.tool == tool)
            out << s.args;
    return out;
}

} // namespace

class TestLabPlan final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void vethsAreBornInsideNamespaces_data();
    void vethsAreBornInsideNamespaces();
    void routedShapesTheRouterTowardsTheServer();
    void directShapesTheClientsOwnEgress();
    void unshapedLabHasNoTbf();
    void mtuOnEveryLink_data();
    void mtuOnEveryLink();
    void delayUsesNetemOnTheReversePath();
    void reshapingRemovesWhatTheSpecDropped();
    void routedLabForwardsAndRoutes();
    void downDeletesEveryNamespace();
    void burst_data();
    void burst();
};

void TestLabPlan::vethsAreBornInsideNamespaces_data()
{
    QTest::addColumn<int>("topology");
    QTest::addColumn<int>("pairs");
    QTest::addRow("routed") << int(LabTopology::Routed) << 2;
    QTest::addRow("direct") << int(LabTopology::Direct) << 1;
}

void TestLabPlan::vethsAreBornInsideNamespaces()
{
    QFETCH(int, topology);
    const QList<LabStep> steps = buildUpSteps(spec(LabTopology(topology)));
    int pairs = 0;
    for (const QStringList &a : argsOf(steps, LabStep::Tool::Ip)) {
        if (a.value(0) == QLatin1String("link") && a.value(1) == QLatin1String("add")) {
            ++pairs;
            // ip link add X netns A type veth peer name Y netns B
            QCOMPARE(a.size(), 12);
            QCOMPARE(a.at(3), QStringLiteral("netns"));
            QVERIFY(a.at(4).startsWith(QStringLiteral("tcptune-p-")));
            QCOMPARE(a.at(6), QStringLiteral("veth"));
            QCOMPARE(a.at(10), QStringLiteral("netns"));
            QVERIFY(a.at(11).startsWith(QStringLiteral("tcptune-p-")));
        } else if (a.value(0) != QLatin1String("netns")) {
            // Every other ip command addresses a lab namespace explicitly.
            QCOMPARE(a.value(0), QStringLiteral("-n"));
            QVERIFY(a.value(1).startsWith(QStringLiteral("tcptune-p-")));
        }
    }
    QTEST(pairs, "pairs");
    for (const QStringList &a : argsOf(steps, LabStep::Tool::Tc)) {
        QCOMPARE(a.value(0), QStringLiteral("-n"));
        QVERIFY(a.value(1).startsWith(QStringLiteral("tcptune-p-")));
    }
}

void TestLabPlan::routedShapesTheRouterTowardsTheServer()
{
    const QList<QStringList> tc = argsOf(buildUpSteps(spec(LabTopology::Routed, 50'000'000)), LabStep::Tool::Tc);
    QCOMPARE(tc.size(), 2);
    QStringList expected{QStringLiteral("-n"),    QStringLiteral("tcptune-p-router"),
                         QStringLiteral("qdisc"), QStringLiteral("replace"),
                         QStringLiteral("dev"),   QStringLiteral("tcpt-r1"),
                         QStringLiteral("root"),  QStringLiteral("handle"),
                         QStringLiteral("1:"),    QStringLiteral("tbf"),
                         QStringLiteral("rate"),  QStringLiteral("50000000bit"),
                         QStringLiteral("burst"), QStringLiteral("12500"),
                         QStringLiteral("limit"), QStringLiteral("2097152")};
    QCOMPARE(tc.first(), expected);
    expected[5] = QStringLiteral("tcpt-r0"); // the same limit towards the client, for direction down
    QCOMPARE(tc.at(1), expected);
}

void TestLabPlan::directShapesTheClientsOwnEgress()
{
    const QList<QStringList> tc = argsOf(buildUpSteps(spec(LabTopology::Direct, 1'000'000'000)), LabStep::Tool::Tc);
    QCOMPARE(tc.size(), 2);
    QCOMPARE(tc.first().mid(0, 6),
             (QStringList{QStringLiteral("-n"), QStringLiteral("tcptune-p-client"), QStringLiteral("qdisc"),
                          QStringLiteral("replace"), QStringLiteral("dev"), QStringLiteral("tcpt-c0")}));
    QVERIFY(tc.first().contains(QStringLiteral("1000000000bit")));
    QCOMPARE(tc.at(1).mid(0, 6),
             (QStringList{QStringLiteral("-n"), QStringLiteral("tcptune-p-server"), QStringLiteral("qdisc"),
                          QStringLiteral("replace"), QStringLiteral("dev"), QStringLiteral("tcpt-s0")}));
    QVERIFY(tc.at(1).contains(QStringLiteral("1000000000bit")));
}

void TestLabPlan::unshapedLabHasNoTbf()
{
    QVERIFY(argsOf(buildUpSteps(spec(LabTopology::Routed)), LabStep::Tool::Tc).isEmpty());
}

void TestLabPlan::mtuOnEveryLink_data()
{
    QTest::addColumn<int>("topology");
    QTest::addColumn<int>("links");
    QTest::addRow("routed") << int(LabTopology::Routed) << 4;
    QTest::addRow("direct") << int(LabTopology::Direct) << 2;
}

void TestLabPlan::mtuOnEveryLink()
{
    QFETCH(int, topology);
    int links = 0;
    for (const QStringList &a : argsOf(buildUpSteps(spec(LabTopology(topology), 0, 9000)), LabStep::Tool::Ip)) {
        if (a.contains(QStringLiteral("mtu"))) {
            QCOMPARE(a.last(), QStringLiteral("9000"));
            ++links;
        }
    }
    QTEST(links, "links");
}

void TestLabPlan::delayUsesNetemOnTheReversePath()
{
    const QList<QStringList> tc =
        argsOf(buildUpSteps(spec(LabTopology::Routed, 50'000'000, 1500, 20)), LabStep::Tool::Tc);
    QCOMPARE(tc.size(), 2);
    const QStringList netem = tc.at(1);
    QCOMPARE(netem.value(5), QStringLiteral("tcpt-r0")); // towards the client: away from the bottleneck queue
    QVERIFY(netem.contains(QStringLiteral("netem")));
    QVERIFY(netem.contains(QStringLiteral("20ms")));
    // One root qdisc per link: there netem also holds the lab's rate for direction down.
    QCOMPARE(netem.mid(netem.indexOf(QStringLiteral("rate")), 2),
             (QStringList{QStringLiteral("rate"), QStringLiteral("50000000bit")}));
}

void TestLabPlan::reshapingRemovesWhatTheSpecDropped()
{
    const QList<LabStep> steps = buildConfigureSteps(spec(LabTopology::Routed), true);
    int deletes = 0;
    for (const LabStep &s : steps) {
        if (s.tool == LabStep::Tool::Tc) {
            QVERIFY(s.args.contains(QStringLiteral("del")));
            QVERIFY(s.mayFail); // nothing to delete is fine
            ++deletes;
        }
    }
    QCOMPARE(deletes, 2); // the rate limit and the delay, each link's root
}

void TestLabPlan::routedLabForwardsAndRoutes()
{
    const QList<LabStep> steps = buildUpSteps(spec(LabTopology::Routed));
    const LabStep forward{LabStep::Tool::Sysctl,
                          {QStringLiteral("net.ipv4.ip_forward"), QStringLiteral("1")},
                          QStringLiteral("tcptune-p-router"),
                          false};
    QVERIFY(steps.contains(forward));
    QCOMPARE(steps.last(), forward);
    const QStringList clientRoute{
        QStringLiteral("-n"),          QStringLiteral("tcptune-p-client"), QStringLiteral("route"),
        QStringLiteral("add"),         QStringLiteral("198.18.0.0/15"),    QStringLiteral("via"),
        QStringLiteral("198.18.1.254")};
    QVERIFY(argsOf(steps, LabStep::Tool::Ip).contains(clientRoute));
    QCOMPARE(steps.first().args,
             (QStringList{QStringLiteral("netns"), QStringLiteral("add"), QStringLiteral("tcptune-p-client")}));
}

void TestLabPlan::downDeletesEveryNamespace()
{
    const QList<LabStep> steps = buildDownSteps(QStringLiteral("p"));
    QCOMPARE(steps.size(), 3);
    for (const LabStep &s : steps) {
        QCOMPARE(s.args.mid(0, 2), (QStringList{QStringLiteral("netns"), QStringLiteral("del")}));
        QVERIFY(s.mayFail);
    }
    QCOMPARE(steps.at(1).toString(), QStringLiteral("ip netns del tcptune-p-router"));
}

void TestLabPlan::burst_data()
{
    QTest::addColumn<qint64>("rate");
    QTest::addColumn<int>("mtu");
    QTest::addColumn<qint64>("burst");
    QTest::addRow("50 Mbit/s") << qint64(50'000'000) << 1500 << qint64(12500);
    QTest::addRow("1 Mbit/s: two frames") << qint64(1'000'000) << 1500 << qint64(3028);
    QTest::addRow("jumbo frames") << qint64(10'000'000) << 9000 << qint64(18028);
    QTest::addRow("10 Gbit/s") << qint64(10'000'000'000) << 1500 << qint64(2'500'000);
}

void TestLabPlan::burst()
{
    QFETCH(qint64, rate);
    QFETCH(int, mtu);
    QTEST(qint64(tbfBurstBytes(rate, mtu)), "burst");
}

QTEST_GUILESS_MAIN(TestLabPlan)
#include "tst_lab_plan.moc"

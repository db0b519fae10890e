// SweepPlan: expansion into points and runs, shuffling, duration estimate, and bad plans failing
// before anything runs with the field named.

#include "experiment/spec/sweep_plan.h"

#include <QSet>
#include <QTest>

using namespace tcptune;

class TestSweepPlan final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void oneAxis();
    void twoAxes();
    void rangeAxis();
    void tupleAxis();
    void defaultValueUnsetsKnob();
    void repeatsAndShuffle();
    void expectedDuration();
    void roundTrip();
    void badPlans_data();
    void badPlans();
};

void TestSweepPlan::oneAxis()
{
    auto plan = SweepPlan::fromJsonText(R"({"duration_s": 3, "sweep": {"axes": [{"parameter": "socket.SO_SNDBUF",
        "values": ["64K", "128K", "256K", "384K", "512K", "1M", "2M", "4M"]}]}})");
    QVERIFY2(plan.has_value(), qPrintable(plan ? QString() : plan.error().message));
    const QList<SweepPoint> points = plan->points();
    QCOMPARE(points.size(), 8);
    QCOMPARE(points.first().settings.value(QStringLiteral("socket.SO_SNDBUF")), QStringLiteral("65536"));
    QCOMPARE(points.last().settings.value(QStringLiteral("socket.SO_SNDBUF")), QStringLiteral("4194304"));
    QCOMPARE(plan->specForPoint(5).knobs.value(QStringLiteral("socket.SO_SNDBUF")), QStringLiteral("1048576"));
    QCOMPARE(plan->runs().size(), 8);
}

void TestSweepPlan::twoAxes()
{
    SweepPlan plan{ExperimentSpec{}};
    QVERIFY(plan.addAxis(QStringLiteral("lab.mtu"),
                         {QStringLiteral("1500"), QStringLiteral("9000"), QStringLiteral("32000")})
                .has_value());
    QVERIFY(plan.addAxis(QStringLiteral("net.ipv4.tcp_limit_output_bytes"),
                         {QStringLiteral("128K"), QStringLiteral("640000")})
                .has_value());
    const QList<SweepPoint> points = plan.points();
    QCOMPARE(points.size(), 6);
    // The first axis varies slowest.
    QCOMPARE(points.at(0).settings.value(QStringLiteral("lab.mtu")), QStringLiteral("1500"));
    QCOMPARE(points.at(1).settings.value(QStringLiteral("lab.mtu")), QStringLiteral("1500"));
    QCOMPARE(points.at(1).settings.value(QStringLiteral("net.ipv4.tcp_limit_output_bytes")), QStringLiteral("640000"));
    QCOMPARE(points.at(2).settings.value(QStringLiteral("lab.mtu")), QStringLiteral("9000"));
    QCOMPARE(points.at(5).labels.size(), 2);
}

void TestSweepPlan::rangeAxis()
{
    auto plan = SweepPlan::fromJsonText(
        R"({"sweep": {"axes": [{"parameter": "net.ipv4.tcp_limit_output_bytes", "range": {"from": "64K",
        "to": "1M", "steps": 5, "scale": "log"}}]}})");
    QVERIFY2(plan.has_value(), qPrintable(plan ? QString() : plan.error().message));
    const QList<SweepPoint> points = plan->points();
    QCOMPARE(points.size(), 5);
    QCOMPARE(points.first().settings.value(QStringLiteral("net.ipv4.tcp_limit_output_bytes")), QStringLiteral("65536"));
    QCOMPARE(points.at(2).settings.value(QStringLiteral("net.ipv4.tcp_limit_output_bytes")), QStringLiteral("262144"));
    QCOMPARE(points.last().settings.value(QStringLiteral("net.ipv4.tcp_limit_output_bytes")),
             QStringLiteral("1048576"));
}

void TestSweepPlan::tupleAxis()
{
    auto plan = SweepPlan::fromJsonText(R"({"sweep": {"axes": [{"parameter": "lab.mtu", "values": [1500, 9000]},
        {"parameters": ["net.ipv4.tcp_limit_output_bytes", "workload.streams"], "values": [["128K", 1], ["128K", 2],
        ["640000", 1]]}]}})");
    QVERIFY2(plan.has_value(), qPrintable(plan ? QString() : plan.error().message));
    QCOMPARE(plan->points().size(), 6);
    const ExperimentSpec spec = plan->specForPoint(1);
    QCOMPARE(spec.workload.streams, 2);
    QCOMPARE(spec.knobs.value(QStringLiteral("net.ipv4.tcp_limit_output_bytes")), QStringLiteral("131072"));
    QCOMPARE(spec.knobs.value(QStringLiteral("lab.mtu")), QStringLiteral("1500"));
}

void TestSweepPlan::defaultValueUnsetsKnob()
{
    ExperimentSpec base;
    QVERIFY(base.setParameter(QStringLiteral("socket.SO_SNDBUF"), QStringLiteral("1M")).has_value());
    auto plan = SweepPlan::fromJsonText(R"({"knobs": {"socket.SO_SNDBUF": "1M"}, "sweep": {"axes": [{"parameters":
        ["socket.SO_SNDBUF", "socket.SO_RCVBUF"], "values": [["256K", "256K"], [null, "default"]]}]}})");
    QVERIFY2(plan.has_value(), qPrintable(plan ? QString() : plan.error().message));
    QCOMPARE(plan->specForPoint(0).knobs.value(QStringLiteral("socket.SO_SNDBUF")), QStringLiteral("262144"));
    QVERIFY(!plan->specForPoint(1).knobs.contains(QStringLiteral("socket.SO_SNDBUF")));
    QVERIFY(!plan->specForPoint(1).knobs.contains(QStringLiteral("socket.SO_RCVBUF")));
    QCOMPARE(plan->points().at(1).label(), QStringLiteral("default + default"));
}

void TestSweepPlan::repeatsAndShuffle()
{
    SweepPlan plan{ExperimentSpec{}};
    QVERIFY(plan.addAxis(QStringLiteral("socket.SO_SNDBUF"),
                         {QStringLiteral("64K"), QStringLiteral("128K"), QStringLiteral("256K")})
                .has_value());
    plan.setRepeats(4);
    QList<PlannedRun> inOrder = plan.runs();
    QCOMPARE(inOrder.size(), 12);
    QCOMPARE(inOrder.at(4).point, 1);
    QCOMPARE(inOrder.at(4).repeat, 0);
    plan.setShuffle(true, 42);
    const QList<PlannedRun> shuffled = plan.runs();
    QCOMPARE(shuffled.size(), 12);
    QSet<QPair<int, int>> all;
    bool differs = false;
    for (int i = 0; i < shuffled.size(); ++i) {
        QCOMPARE(shuffled.at(i).index, i);
        all.insert({shuffled.at(i).point, shuffled.at(i).repeat});
        differs |= shuffled.at(i).point != inOrder.at(i).point;
    }
    QCOMPARE(all.size(), 12);
    QVERIFY(differs);
    // The same seed gives the same order (a resumed sweep relies on it).
    const QList<PlannedRun> again = plan.runs();
    for (int i = 0; i < again.size(); ++i)
        QCOMPARE(again.at(i).point, shuffled.at(i).point);
}

void TestSweepPlan::expectedDuration()
{
    ExperimentSpec spec;
    spec.durationS = 3;
    spec.pauseS = 1;
    SweepPlan plan{spec};
    QVERIFY(
        plan.addAxis(QStringLiteral("socket.SO_SNDBUF"), {QStringLiteral("64K"), QStringLiteral("128K")}).has_value());
    plan.setRepeats(2);
    const double expected = 4 * (3 + SweepPlan::kRunOverheadS) + 3 * 1 + SweepPlan::kLabReshapeS;
    QCOMPARE(plan.expectedDurationS(), expected);
    QVERIFY(plan.describe().contains(QStringLiteral("runs: 4")));
}

void TestSweepPlan::roundTrip()
{
    auto plan = SweepPlan::fromJsonText(R"({"name": "x", "repeats": 2, "sweep": {"axes": [{"parameter":
        "socket.SO_SNDBUF", "values": ["64K", "1M"]}], "shuffle": true, "seed": 7}})");
    QVERIFY(plan.has_value());
    auto again = SweepPlan::fromJson(plan->toJson());
    QVERIFY(again.has_value());
    QCOMPARE(again->toJson(), plan->toJson());
    QCOMPARE(again->seed(), 7u);
    QCOMPARE(again->repeats(), 2);
}

void TestSweepPlan::badPlans_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("field");
    QTest::addRow("unknown knob") << QByteArray(R"({"sweep": {"axes": [{"parameter": "net.ipv4.tcp_bogus",
        "values": [1]}]}})") << "sweep.axes[0].parameter";
    QTest::addRow("value out of range") << QByteArray(R"({"sweep": {"axes": [{"parameter": "lab.mtu",
        "values": [1500, 70000]}]}})") << "sweep.axes[0].values[1]";
    QTest::addRow("empty axis") << QByteArray(R"({"sweep": {"axes": [{"parameter": "lab.mtu", "values": []}]}})")
                                << "sweep.axes[0].values";
    QTest::addRow("same knob twice") << QByteArray(R"({"sweep": {"axes": [{"parameter": "lab.mtu",
        "values": [1500]}, {"parameter": "lab.mtu", "values": [9000]}]}})")
                                     << "sweep.axes[1].parameter";
    QTest::addRow("three axes") << QByteArray(R"({"sweep": {"axes": [{"parameter": "lab.mtu", "values": [1500]},
        {"parameter": "lab.rate", "values": ["1mbit"]}, {"parameter": "lab.queue", "values": [2000]}]}})")
                                << "sweep.axes";
    QTest::addRow("duplicate value") << QByteArray(R"({"sweep": {"axes": [{"parameter": "socket.SO_SNDBUF",
        "values": ["64K", 65536]}]}})")
                                     << "sweep.axes[0].values[1]";
    QTest::addRow("bad workload") << QByteArray(R"({"sweep": {"axes": [{"parameter": "workload.colour",
        "values": [1]}]}})") << "sweep.axes[0].parameter";
    QTest::addRow("unknown sweep field") << QByteArray(R"({"sweep": {"axis": []}})") << "sweep.axis";
    QTest::addRow("range steps") << QByteArray(R"({"sweep": {"axes": [{"parameter": "lab.mtu", "range":
        {"from": 1500, "to": 9000, "steps": 1}}]}})")
                                 << "sweep.axes[0].range.steps";
    QTest::addRow("range on enum") << QByteArray(R"({"sweep": {"axes": [{"parameter": "lab.topology", "range":
        {"from": 1, "to": 2, "steps": 2}}]}})")
                                   << "sweep.axes[0].range";
    QTest::addRow("spec field") << QByteArray(R"({"repeat": 2})") << "repeat";
}

void TestSweepPlan::badPlans()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, field);
    auto plan = SweepPlan::fromJsonText(json);
    QVERIFY(!plan.has_value());
    QVERIFY2(plan.error().message.contains(field), qPrintable(plan.error().message));
}

QTEST_GUILESS_MAIN(TestSweepPlan)
#include "tst_sweep_plan.moc"

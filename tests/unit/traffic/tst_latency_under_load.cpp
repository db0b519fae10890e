// Latency under load's figures (latency_under_load.h) from hand-made probes: which are idle and
// which loaded, what counts as lost, the increase, and JSON that reads back to the same figures.

#include "traffic/latency_under_load.h"

#include <QJsonArray>

#include <QTest>

using namespace tcptune;

namespace {

using Kind = ProbeSample::Kind;

// Idle for 2 s at 1 ms, an omitted second, then 4 s loaded at 40 ms with every fourth UDP probe lost.
QList<ProbeSample> probes()
{
    QList<ProbeSample> out;
    for (int i = 0; i < 70; ++i) {
        const double t = i * 0.1;
        const bool idle = t < 2.0;
        const bool lost = !idle && i % 4 == 0;
        out.append({Kind::Udp, t, lost ? -1 : (idle ? 1.0 : 40.0 + i % 3)});
        out.append({Kind::Tcp, t, idle ? 2.0 : 60.0});
    }
    return out;
}

} // namespace

class TestLatencyUnderLoad final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void splitsIdleFromLoaded();
    void jsonReadsBack();
    void emptyHasNoIncrease();
};

void TestLatencyUnderLoad::splitsIdleFromLoaded()
{
    const LatencyUnderLoad u = LatencyUnderLoad::of(probes(), 2.0, 3.0);
    QVERIFY(u.measured);
    QCOMPARE(u.idleMs.count, 20);
    QCOMPARE(u.idleMs.median, 1.0);
    QCOMPARE(u.udpSent, 70);
    QCOMPARE(u.udpLoadedSent, 40); // t = 3.0 .. 6.9
    QCOMPARE(u.udpLoadedLost, 10); // i = 32, 36, ..., 68
    QCOMPARE(u.udpLost, 13);       // and 20, 24, 28 in the omitted second
    QCOMPARE(u.loadedMs.count, 30);
    QCOMPARE(u.loadedMs.median, 41.0);
    QCOMPARE(u.increaseMs(), 40.0);
    QCOMPARE(u.loadedLossShare(), 0.25);
    QCOMPARE(u.tcpIdleMs.median, 2.0);
    QCOMPARE(u.tcpLoadedMs.median, 60.0);
    QCOMPARE(u.tcpLoadedMs.count, 40);
}

void TestLatencyUnderLoad::jsonReadsBack()
{
    const LatencyUnderLoad u = LatencyUnderLoad::of(probes(), 2.0, 3.0);
    const QJsonObject json = u.toJson();
    QCOMPARE(json.value(QStringLiteral("increase_ms")).toDouble(), 40.0);
    QCOMPARE(json.value(QStringLiteral("udp_loaded_lost")).toInt(), 10);
    const LatencyUnderLoad back = LatencyUnderLoad::fromJson(json);
    QCOMPARE(back.probes.size(), u.probes.size());
    QCOMPARE(back.udpLost, u.udpLost);
    QCOMPARE(back.loadedMs.p99, u.loadedMs.p99);
    QCOMPARE(back.tcpIdleMs.median, u.tcpIdleMs.median);
    QVERIFY(json.value(QStringLiteral("probes")).toArray().at(20).toObject().value(QStringLiteral("ms")).isDouble());
}

void TestLatencyUnderLoad::emptyHasNoIncrease()
{
    const LatencyUnderLoad u = LatencyUnderLoad::of({}, 5, 5);
    QCOMPARE(u.increaseMs(), 0.0);
    QCOMPARE(u.loadedLossShare(), 0.0);
    QVERIFY(!LatencyUnderLoad{}.measured);
}

QTEST_GUILESS_MAIN(TestLatencyUnderLoad)
#include "tst_latency_under_load.moc"

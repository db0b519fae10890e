// SeveralEndsResult: the aggregate and Jain's index over the ends, the error of the end that
// failed first, and the JSON of `tcptune run --target A --target B --json` read back whole.

#include "experiment/run/several_ends_result.h"

#include <QJsonArray>
#include <QTest>

using namespace tcptune;

namespace {

TrafficResult end(const QString &target, double bps, double rttMs)
{
    TrafficResult r;
    r.spec.target.kind = TargetKind::Ssh;
    r.spec.target.host = QStringLiteral("198.18.0.2");
    r.spec.direction = Direction::Down;
    r.target = target;
    r.throughputBps = bps;
    r.receiverBytes = std::int64_t(bps / 8 * 3);
    r.senderBytes = r.receiverBytes + 1448;
    r.durationS = 3;
    r.samplesFrom = QStringLiteral("target sender");
    for (int i = 1; i <= 3; ++i) {
        TrafficSample s;
        s.t = i * 0.01;
        s.throughputBps = bps;
        s.rttMs = rttMs + i;
        s.cwnd = 10 * i;
        r.samples.append(s);
    }
    r.rttMs.count = 3;
    r.rttMs.median = rttMs + 2;
    return r;
}

} // namespace

class TestSeveralEndsResult final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void summarise();
    void firstFailureIsTheError();
    void jsonRoundTrip();
    void notAListOfEnds();
};

void TestSeveralEndsResult::summarise()
{
    SeveralEndsResult r;
    r.ends = {end(QStringLiteral("ssh://root@198.18.0.2:2222"), 30e6, 40),
              end(QStringLiteral("ssh://root@198.18.0.2:2223"), 10e6, 60)};
    r.summarise();
    QCOMPARE(r.throughputBps, 40e6);
    QCOMPARE(r.receiverBytes, r.ends.at(0).receiverBytes + r.ends.at(1).receiverBytes);
    QCOMPARE(r.durationS, 3.0);
    // (30 + 10)^2 / (2 * (30^2 + 10^2)) = 1600 / 2000
    QVERIFY(std::abs(r.jainIndex - 0.8) < 1e-12);
    QVERIFY(r.ok());
}

void TestSeveralEndsResult::firstFailureIsTheError()
{
    SeveralEndsResult r;
    r.ends = {end(QStringLiteral("a"), 1e6, 1), end(QStringLiteral("b"), 0, 1), end(QStringLiteral("c"), 0, 1)};
    r.ends[1].cancelled = r.ends[1].interrupted = true; // stopped because of c
    r.ends[1].error = QStringLiteral("The run was cancelled after 0.0 s.");
    r.ends[2].error = QStringLiteral("ssh could not log in");
    r.summarise();
    QCOMPARE(r.error, QStringLiteral("End c: ssh could not log in"));
    QVERIFY(r.interrupted);
    QVERIFY(!r.ok());
}

void TestSeveralEndsResult::jsonRoundTrip()
{
    SeveralEndsResult r;
    r.ends = {end(QStringLiteral("ssh://root@198.18.0.2:2222"), 24e6, 40),
              end(QStringLiteral("ssh://root@198.18.0.2:2223"), 22e6, 45)};
    r.summarise();
    r.startSpreadMs = 1.5;
    const QJsonObject json = r.toJson();
    QCOMPARE(json.value(QStringLiteral("targets")).toArray().size(), 2);
    QVERIFY(std::abs(json.value(QStringLiteral("jain_fairness_index")).toDouble() - 2116.0 / 2120.0) < 1e-12);
    auto back = SeveralEndsResult::fromJson(json);
    QVERIFY2(back.has_value(), qPrintable(back ? QString() : back.error().message));
    QCOMPARE(back->toJson(), json);
    QCOMPARE(back->ends.size(), 2);
    const TrafficResult &second = back->ends.at(1);
    QCOMPARE(second.target, QStringLiteral("ssh://root@198.18.0.2:2223"));
    QCOMPARE(second.samplesFrom, QStringLiteral("target sender"));
    QCOMPARE(second.samples.size(), 3);
    QCOMPARE(second.samples.at(2).rttMs, 48.0);
    QCOMPARE(second.spec.direction, Direction::Down);
    QCOMPARE(back->jainIndex, r.jainIndex);
    QCOMPARE(back->startSpreadMs, 1.5);
}

void TestSeveralEndsResult::notAListOfEnds()
{
    auto back = SeveralEndsResult::fromJson(QJsonObject{{QStringLiteral("throughput_bps"), 1.0}});
    QVERIFY(!back.has_value());
    QVERIFY(back.error().message.contains(QStringLiteral("targets")));
}

QTEST_GUILESS_MAIN(TestSeveralEndsResult)
#include "tst_several_ends_result.moc"

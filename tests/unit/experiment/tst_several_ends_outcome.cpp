// severalEndsOutcome: a run against two ends in the store's terms: the goodput summed, RTT over
// both ends' samples, each sample tagged with its end, a far-end record per end with its own
// knobs, the per-end totals and Jain's index in details, and the verdict that names them.

#include "experiment/diagnosis/run_diagnosis.h"
#include "experiment/record/detail_figures.h"
#include "experiment/run/several_ends_outcome.h"

#include <QJsonArray>
#include <QTest>

using namespace tcptune;

namespace {

TrafficResult end(const QString &target, double bps, double rttMs, const QString &autocorking)
{
    TrafficResult r;
    r.spec.target.kind = TargetKind::Ssh;
    r.spec.direction = Direction::Down;
    r.target = target;
    r.throughputBps = bps;
    r.receiverBytes = std::int64_t(bps / 8);
    r.senderBytes = r.receiverBytes;
    r.durationS = 1;
    r.samplesFrom = QStringLiteral("target sender");
    for (int i = 1; i <= 4; ++i) {
        TrafficSample s;
        s.t = i * 0.25;
        s.throughputBps = bps;
        s.rttMs = rttMs;
        r.samples.append(s);
        r.receiverIntervals.append({s.t, std::int64_t(bps / 32), bps, false});
    }
    r.rttMs.count = 4;
    r.rttMs.min = r.rttMs.median = r.rttMs.p95 = r.rttMs.max = rttMs;
    r.remoteKnobs.insert(QStringLiteral("net.ipv4.tcp_autocorking"), autocorking);
    r.remoteKnobsAfter = r.remoteKnobs;
    return r;
}

} // namespace

class TestSeveralEndsOutcome final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void twoEnds();
    void oneEndSaysNothingMore();
};

void TestSeveralEndsOutcome::twoEnds()
{
    SeveralEndsResult result;
    result.ends = {end(QStringLiteral("ssh://a"), 30e6, 40, QStringLiteral("1")),
                   end(QStringLiteral("ssh://b"), 10e6, 60, QStringLiteral("0"))};
    result.summarise();
    const TrafficOutcome o = severalEndsOutcome(result);
    QCOMPARE(o.figures.status, RunStatus::Ok);
    QCOMPARE(o.figures.throughputBps, 40e6);
    QCOMPARE(o.figures.intervalThroughputBps, (QList<double>{40e6, 40e6, 40e6, 40e6}));
    QCOMPARE(o.figures.rttMinMs, 40.0);
    QCOMPARE(o.figures.rttMaxMs, 60.0);
    QCOMPARE(o.figures.rttMedianMs, 50.0); // 40 40 40 40 60 60 60 60
    QCOMPARE(o.samples.size(), 8);
    QCOMPARE(o.samples.at(0).end, 0);
    QCOMPARE(o.samples.at(7).end, 1);
    // The first end is the run's far end (the store keeps one); every end has its own knobs.
    QCOMPARE(o.figures.ends.size(), 1);
    QCOMPARE(o.figures.ends.at(0).where, QStringLiteral("ssh://a"));
    QCOMPARE(o.remoteKnobs.value(QStringLiteral("net.ipv4.tcp_autocorking")), QStringLiteral("1"));
    const QJsonArray targets = o.figures.details.value(QStringLiteral("targets")).toArray();
    QCOMPARE(targets.size(), 2);
    for (const QString &phase : {QStringLiteral("knobs_before"), QStringLiteral("knobs_after")})
        QCOMPARE(targets.at(1)
                     .toObject()
                     .value(phase)
                     .toObject()
                     .value(QStringLiteral("net.ipv4.tcp_autocorking"))
                     .toString(),
                 QStringLiteral("0"));
    QCOMPARE(targets.at(1).toObject().value(QStringLiteral("throughput_bps")).toDouble(), 10e6);
    QCOMPARE(targets.at(1).toObject().value(QStringLiteral("samples_from")).toString(),
             QStringLiteral("target sender"));
    QVERIFY(std::abs(o.figures.details.value(QStringLiteral("jain_fairness_index")).toDouble() - 0.8) < 1e-12);
    const QString summary = severalEndsSummary(o.figures.details);
    QVERIFY2(summary.contains(QStringLiteral("ssh://a 30.0 Mbit/s")) &&
                 summary.contains(QStringLiteral("Jain's fairness index 0.80")),
             qPrintable(summary));
    RunRecord run = o.figures;
    QVERIFY2(RunDiagnosis::verdictOf(run).contains(summary), qPrintable(RunDiagnosis::verdictOf(run)));
}

void TestSeveralEndsOutcome::oneEndSaysNothingMore()
{
    QCOMPARE(severalEndsSummary(QJsonObject{{QStringLiteral("target"), QStringLiteral("ssh://a")}}), QString());
}

QTEST_GUILESS_MAIN(TestSeveralEndsOutcome)
#include "tst_several_ends_outcome.moc"

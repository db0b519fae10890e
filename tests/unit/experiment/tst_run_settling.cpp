// RunSettling on synthetic series: a flat run is measured from its start, a slow start and a
// queue that fills are cut where they level off, a ramp that lasts the whole run is not settled
// and says which series still rose, jitter of a near-empty path does not delay the cut, and the
// figures of a run keep their settling through JSON.

#include "experiment/record/run_settling.h"

#include <QTest>

#include <cmath>
#include <functional>

using namespace tcptune;

namespace {

// A 10 ms series of LENGTH_S seconds with RTT and throughput (Mbit/s) as functions of t.
QList<RunSample> series(double lengthS, const std::function<double(double)> &rttMs,
                        const std::function<double(double)> &mbps)
{
    QList<RunSample> out;
    for (int i = 1; i * 0.01 <= lengthS + 1e-9; ++i) {
        RunSample s;
        s.t = i * 0.01;
        s.rttMs = rttMs(s.t);
        s.throughputBps = mbps(s.t) * 1e6;
        out << s;
    }
    return out;
}

} // namespace

class TestRunSettling final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }
    void flatRunIsMeasuredFromItsStart();
    void queueFillingIsCutWhereItLevels();
    void slowStartIsCut();
    void rampToTheEndNeverSettled();
    void throughputStillRising();
    void jitterOfAnEmptyPathDoesNotDelay();
    void tooFewSamplesAreNotJudged();
    void jsonRoundTrip();
};

void TestRunSettling::flatRunIsMeasuredFromItsStart()
{
    const RunSettling s = RunSettling::find(series(
        2, [](double) { return 20.0; }, [](double) { return 47.0; }));
    QVERIFY(s.judged);
    QVERIFY(s.settled);
    QCOMPARE(s.cutS, 0.0);
    QVERIFY(s.warning().isEmpty());
}

// Story 5's big windows: the RTT climbs 48 ms a second to 200 ms, then holds (a 6 s run).
void TestRunSettling::queueFillingIsCutWhereItLevels()
{
    const RunSettling s = RunSettling::find(series(
        6, [](double t) { return std::min(8 + 48 * t, 200.0); }, [](double) { return 47.0; }));
    QVERIFY(s.settled);
    // Within 20 % of 200 ms from 160 ms on: t = 3.17 s; the window whose median reaches it starts
    // at most 0.1 s before.
    QVERIFY2(s.cutS >= 3.07 && s.cutS <= 3.22, qPrintable(QString::number(s.cutS)));
}

void TestRunSettling::slowStartIsCut()
{
    // Throughput doubles every 50 ms from 1 to 64 Mbit/s, then holds at 47 with the queue at 30 ms.
    const RunSettling s = RunSettling::find(series(
        2, [](double t) { return t < 0.3 ? 1 + 100 * t : 30.0; },
        [](double t) { return t < 0.3 ? std::pow(2.0, t / 0.05) : 47.0; }));
    QVERIFY(s.settled);
    QVERIFY2(s.cutS >= 0.2 && s.cutS <= 0.31, qPrintable(QString::number(s.cutS)));
}

// The same climb in a 1.5 s run: the RTT was still rising when it ended.
void TestRunSettling::rampToTheEndNeverSettled()
{
    const RunSettling s = RunSettling::find(series(
        1.5, [](double t) { return std::min(8 + 48 * t, 200.0); }, [](double) { return 47.0; }));
    QVERIFY(s.judged);
    QVERIFY(!s.settled);
    QCOMPARE(s.rising, RunSettling::Series::Rtt);
    QCOMPARE(s.advisedS, 3.0);
    QCOMPARE(s.warning(), QStringLiteral("The RTT was still rising when the run ended: run longer than 3 s."));
    // A 4 s run of it is cut late and still rising over what it keeps.
    QVERIFY(!RunSettling::find(series(
                                   4, [](double t) { return 8 + 48 * t; }, [](double) { return 47.0; }))
                 .settled);
}

void TestRunSettling::throughputStillRising()
{
    // Up 30 Mbit/s a second to the end: its level comes in the last half second.
    const RunSettling s = RunSettling::find(series(
        2, [](double) { return 1.0; }, [](double t) { return 2 + 30 * t; }));
    QVERIFY(!s.settled);
    QCOMPARE(s.rising, RunSettling::Series::Throughput);
    QVERIFY(s.warning().startsWith(QStringLiteral("The throughput was still rising")));
}

// An RTT of 0.05-0.3 ms on veths jumps by far more than a fifth: within 1 ms is level.
void TestRunSettling::jitterOfAnEmptyPathDoesNotDelay()
{
    const RunSettling s = RunSettling::find(series(
        2, [](double t) { return 0.05 + 0.25 * (int(t * 100) % 3 == 0); }, [](double) { return 900.0; }));
    QVERIFY(s.settled);
    QCOMPARE(s.cutS, 0.0);
}

void TestRunSettling::tooFewSamplesAreNotJudged()
{
    const RunSettling s = RunSettling::find(series(
        0.4, [](double) { return 1.0; }, [](double) { return 1.0; }));
    QVERIFY(!s.judged);
    QVERIFY(s.warning().isEmpty());
}

void TestRunSettling::jsonRoundTrip()
{
    const RunSettling s = RunSettling::find(series(
        1.5, [](double t) { return 8 + 48 * t; }, [](double) { return 47.0; }));
    RunRecord run;
    run.details.insert(QStringLiteral("settling"), s.toJson());
    const RunSettling back = settlingOf(run);
    QCOMPARE(back.judged, s.judged);
    QCOMPARE(back.cutS, s.cutS);
    QCOMPARE(back.settled, s.settled);
    QCOMPARE(back.rising, s.rising);
    QCOMPARE(back.warning(), s.warning());
    QCOMPARE(back.pathRttMs, 8.48); // the first sample's, at 10 ms
    QVERIFY(!settlingOf(RunRecord{}).judged);
}

QTEST_GUILESS_MAIN(TestRunSettling)
#include "tst_run_settling.moc"

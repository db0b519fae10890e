// Sweep point statistics against figures worked out by hand (and story 2's and story 5's numbers);
// the mean, spread and percentile definitions themselves are tested in tst_statistics.

#include "experiment/tables/sweep_statistics.h"

#include <QTest>

#include <cmath>

using namespace tcptune;

class TestSweepStatistics final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void collapse_data();
    void collapse();
    void storyTwoSpread();
    void rttPooledOrPerRun();
};

void TestSweepStatistics::collapse_data()
{
    QTest::addColumn<QList<double>>("intervals");
    QTest::addColumn<bool>("collapsed");
    // Story 5: "90 MB/s for 4 s, then 3 MB/s".
    QTest::addRow("story 5") << QList<double>{90, 90, 90, 90, 3, 3, 3, 3, 3, 3} << true;
    QTest::addRow("steady") << QList<double>{90, 92, 88, 91, 90, 89} << false;
    QTest::addRow("slow start") << QList<double>{10, 80, 90, 90, 90, 90} << false;
    QTest::addRow("exactly half") << QList<double>{10, 10, 7, 5, 5, 5} << false;
    QTest::addRow("below half") << QList<double>{10, 10, 7, 4.9, 4.9, 4.9} << true;
    QTest::addRow("too short") << QList<double>{90, 1} << false;
    QTest::addRow("zero start") << QList<double>{0, 0, 0} << false;
}

void TestSweepStatistics::collapse()
{
    QFETCH(QList<double>, intervals);
    QFETCH(bool, collapsed);
    QCOMPARE(sweepstats::collapsed(intervals), collapsed);
}

void TestSweepStatistics::storyTwoSpread()
{
    // Story 2's autotuned runs spread from 41,675 to 87,518 KB/s; the fixed ones sit together.
    QList<RunFigures> autotuned;
    for (double v : {41675.0, 87518.0, 65558.0, 52000.0, 80000.0})
        autotuned.append(RunFigures{v, -1, -1, {}, {}});
    const PointStatistics a = sweepstats::summarize(autotuned);
    QCOMPARE(a.runs, 5);
    QCOMPARE(a.values.size(), 5);
    QCOMPARE(a.values.first(), 41675.0);
    QCOMPARE(a.min, 41675.0);
    QCOMPARE(a.max, 87518.0);
    QCOMPARE(a.median, 65558.0);
    QVERIFY(a.highVariance);
    QList<RunFigures> fixed;
    for (double v : {107590.0, 107000.0, 108100.0, 106900.0, 107400.0})
        fixed.append(RunFigures{v, -1, -1, {}, {}});
    const PointStatistics f = sweepstats::summarize(fixed);
    QVERIFY(!f.highVariance);
    QVERIFY(f.cv < 0.01);
    QVERIFY(a.cv > 0.2);
}

void TestSweepStatistics::rttPooledOrPerRun()
{
    QList<RunFigures> runs{RunFigures{1, 10, 20, {}, {}}, RunFigures{1, 30, 40, {}, {}}, RunFigures{1, 20, 90, {}, {}}};
    PointStatistics s = sweepstats::summarize(runs);
    QCOMPARE(s.rttMedianMs, 20.0);
    QCOMPARE(s.rttP95Ms, 40.0);
    runs[0].rttSamplesMs = {1, 2, 3};
    runs[1].rttSamplesMs = {4, 5};
    s = sweepstats::summarize(runs);
    // pooled 1 2 3 4 5: median 3; p95 at h = 4 * 0.95 = 3.8, 4 + 0.8 * (5 - 4)
    QCOMPARE(s.rttMedianMs, 3.0);
    QVERIFY(std::abs(s.rttP95Ms - 4.8) < 1e-9);
    QCOMPARE(sweepstats::summarize({}).runs, 0);
}

QTEST_GUILESS_MAIN(TestSweepStatistics)
#include "tst_sweep_statistics.moc"

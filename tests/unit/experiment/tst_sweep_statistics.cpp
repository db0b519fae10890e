// Sweep statistics against figures worked out by hand (and story 2's and story 5's numbers).

#include "experiment/sweep_statistics.h"

#include <QTest>

#include <cmath>

using namespace tcptune;

class TestSweepStatistics final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void basics_data();
    void basics();
    void percentile_data();
    void percentile();
    void collapse_data();
    void collapse();
    void storyTwoSpread();
    void rttPooledOrPerRun();
};

void TestSweepStatistics::basics_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<double>("mean");
    QTest::addColumn<double>("sd");
    QTest::addColumn<double>("median");
    QTest::addRow("one") << QList<double>{5} << 5.0 << 0.0 << 5.0;
    QTest::addRow("two") << QList<double>{2, 4} << 3.0 << std::sqrt(2.0) << 3.0;
    QTest::addRow("five") << QList<double>{2, 4, 4, 4, 5} << 3.8 << std::sqrt(1.2) << 4.0;
    QTest::addRow("even count") << QList<double>{1, 2, 3, 10} << 4.0 << std::sqrt(50.0 / 3) << 2.5;
}

void TestSweepStatistics::basics()
{
    QFETCH(QList<double>, values);
    QFETCH(double, mean);
    QFETCH(double, sd);
    QFETCH(double, median);
    QCOMPARE(sweepstats::mean(values), mean);
    QVERIFY(std::abs(sweepstats::standardDeviation(values) - sd) < 1e-9);
    QCOMPARE(sweepstats::median(values), median);
}

void TestSweepStatistics::percentile_data()
{
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("expected");
    // numpy.percentile([1..20], p)
    QTest::addRow("p0") << 0.0 << 1.0;
    QTest::addRow("p50") << 50.0 << 10.5;
    QTest::addRow("p95") << 95.0 << 19.05;
    QTest::addRow("p100") << 100.0 << 20.0;
}

void TestSweepStatistics::percentile()
{
    QFETCH(double, p);
    QFETCH(double, expected);
    QList<double> values;
    for (int i = 20; i >= 1; --i)
        values.append(i);
    QVERIFY(std::abs(sweepstats::percentile(values, p) - expected) < 1e-9);
}

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
    QCOMPARE(s.rttMedianMs, 3.0);
    QVERIFY(std::abs(s.rttP95Ms - 4.8) < 1e-9);
    QCOMPARE(sweepstats::summarize({}).runs, 0);
}

QTEST_GUILESS_MAIN(TestSweepStatistics)
#include "tst_sweep_statistics.moc"

// The one statistics module against numpy's default percentile (type 7, "linear"), each
// expected value worked out by hand in the comment beside it: h = (n - 1) * p / 100, then
// x[floor h] + (h - floor h) * (x[floor h + 1] - x[floor h]) over the sorted values.

#include "common/statistics.h"

#include <QList>
#include <QTest>

#include <cmath>

using namespace tcptune;

namespace {

// 20, 19, ..., 1: unsorted on purpose.
QList<double> oneToTwentyReversed()
{
    QList<double> values;
    for (int i = 20; i >= 1; --i)
        values.append(i);
    return values;
}

} // namespace

class TestStatistics final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void percentile_data();
    void percentile();
    void percentileOfSortedNeedsNoCopy();
    void percentileOfRankedReadsTwoValues();
    void emptyIsZero();
    void meanAndStandardDeviation_data();
    void meanAndStandardDeviation();
    void jainFairnessIndex_data();
    void jainFairnessIndex();
    void summary();
};

void TestStatistics::percentile_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("expected");
    const QList<double> twenty = oneToTwentyReversed();
    QTest::addRow("1..20 p0 = min") << twenty << 0.0 << 1.0;
    // h = 19 * 0.25 = 4.75: 5 + 0.75 * (6 - 5)
    QTest::addRow("1..20 p25") << twenty << 25.0 << 5.75;
    // h = 9.5: 10 + 0.5 * (11 - 10); the mean of the two middle values
    QTest::addRow("1..20 p50") << twenty << 50.0 << 10.5;
    // h = 18.05: 19 + 0.05 * (20 - 19); nearest rank would say 19
    QTest::addRow("1..20 p95") << twenty << 95.0 << 19.05;
    // h = 18.81: 19 + 0.81
    QTest::addRow("1..20 p99") << twenty << 99.0 << 19.81;
    QTest::addRow("1..20 p100 = max") << twenty << 100.0 << 20.0;
    // sorted 1, 2, 3; h = 2 * 0.95 = 1.9: 2 + 0.9 * (3 - 2)
    QTest::addRow("3 1 2 p95") << QList<double>{3, 1, 2} << 95.0 << 2.9;
    // h = 3 * 0.95 = 2.85: 3 + 0.85 * (4 - 3)
    QTest::addRow("1..4 p95") << QList<double>{1, 2, 3, 4} << 95.0 << 3.85;
    QTest::addRow("1..4 p50") << QList<double>{4, 3, 2, 1} << 50.0 << 2.5;
    // h = 0.1: 10 + 0.1 * (20 - 10)
    QTest::addRow("two values p10") << QList<double>{20, 10} << 10.0 << 11.0;
    // sorted 5, 5, 5, 7; h = 3 * 0.9 = 2.7: 5 + 0.7 * (7 - 5)
    QTest::addRow("ties p90") << QList<double>{7, 5, 5, 5} << 90.0 << 6.4;
    QTest::addRow("one value") << QList<double>{4} << 95.0 << 4.0;
    QTest::addRow("p below 0 is the min") << QList<double>{2, 9, 4} << -5.0 << 2.0;
    QTest::addRow("p above 100 is the max") << QList<double>{2, 9, 4} << 150.0 << 9.0;
}

void TestStatistics::percentile()
{
    QFETCH(QList<double>, values);
    QFETCH(double, p);
    QFETCH(double, expected);
    const double got = stats::percentile(values, p);
    QVERIFY2(std::abs(got - expected) < 1e-9, qPrintable(QStringLiteral("got %1").arg(got, 0, 'g', 17)));
    if (p == 50.0)
        QCOMPARE(stats::median(values), got);
}

void TestStatistics::percentileOfSortedNeedsNoCopy()
{
    const std::vector<double> sorted = stats::sorted(oneToTwentyReversed());
    QCOMPARE(sorted.front(), 1.0);
    QCOMPARE(sorted.back(), 20.0);
    QVERIFY(std::abs(stats::percentileOfSorted(sorted, 95) - 19.05) < 1e-9);
    QCOMPARE(stats::percentileOfSorted(sorted, 50), 10.5);
}

void TestStatistics::percentileOfRankedReadsTwoValues()
{
    // Values kept as (value, count) runs, as a capture's RTTs are: 1, 1, 1, 5 sorted. p95 at
    // h = 3 * 0.95 = 2.85: 1 + 0.85 * (5 - 1) = 4.4; median at h = 1.5: 1 + 0.5 * (1 - 1) = 1.
    const QList<std::pair<double, std::size_t>> runs{{1.0, 3}, {5.0, 1}};
    int reads = 0;
    const auto valueAt = [&runs, &reads](std::size_t k) {
        ++reads;
        for (const auto &[value, count] : runs) {
            if (k < count)
                return value;
            k -= count;
        }
        return runs.last().first;
    };
    QVERIFY(std::abs(stats::percentileOfRanked(4, 95, valueAt) - 4.4) < 1e-12);
    QCOMPARE(reads, 2);
    QCOMPARE(stats::percentileOfRanked(4, 50, valueAt), 1.0);
    QCOMPARE(stats::percentileOfRanked(0, 50, valueAt), 0.0);
}

void TestStatistics::emptyIsZero()
{
    const QList<double> none;
    QCOMPARE(stats::percentile(none, 95), 0.0);
    QCOMPARE(stats::median(none), 0.0);
    QCOMPARE(stats::mean(none), 0.0);
    QCOMPARE(stats::standardDeviation(none), 0.0);
}

void TestStatistics::meanAndStandardDeviation_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<double>("mean");
    QTest::addColumn<double>("sd");
    QTest::addRow("one value has no spread") << QList<double>{5} << 5.0 << 0.0;
    // deviations -1, 1: (1 + 1) / (2 - 1) = 2
    QTest::addRow("two") << QList<double>{2, 4} << 3.0 << std::sqrt(2.0);
    // mean 5; squared deviations 9 1 1 1 0 0 4 16 = 32; / (8 - 1)
    QTest::addRow("eight") << QList<double>{2, 4, 4, 4, 5, 5, 7, 9} << 5.0 << std::sqrt(32.0 / 7.0);
}

void TestStatistics::meanAndStandardDeviation()
{
    QFETCH(QList<double>, values);
    QFETCH(double, mean);
    QFETCH(double, sd);
    QCOMPARE(stats::mean(values), mean);
    QVERIFY(std::abs(stats::standardDeviation(values) - sd) < 1e-12);
}

void TestStatistics::jainFairnessIndex_data()
{
    QTest::addColumn<QList<double>>("shares");
    QTest::addColumn<double>("index");
    QTest::addRow("no ends") << QList<double>{} << 0.0;
    QTest::addRow("nobody got anything") << QList<double>{0, 0} << 0.0;
    QTest::addRow("one end is fair to itself") << QList<double>{42e6} << 1.0;
    // (25 + 25)^2 / (2 * (625 + 625)) = 2500 / 2500
    QTest::addRow("two equal") << QList<double>{25e6, 25e6} << 1.0;
    // one takes all: 50^2 / (2 * 50^2) = 1/2 = 1/n
    QTest::addRow("one of two takes all") << QList<double>{50e6, 0} << 0.5;
    // (30 + 10)^2 / (2 * (900 + 100)) = 1600 / 2000
    QTest::addRow("30 and 10") << QList<double>{30, 10} << 0.8;
    // (1 + 2 + 3)^2 / (3 * (1 + 4 + 9)) = 36 / 42
    QTest::addRow("1 2 3") << QList<double>{1, 2, 3} << 36.0 / 42.0;
    // (24 + 22)^2 / (2 * (576 + 484)) = 2116 / 2120
    QTest::addRow("24 and 22 Mbit/s") << QList<double>{24e6, 22e6} << 2116.0 / 2120.0;
}

void TestStatistics::jainFairnessIndex()
{
    QFETCH(QList<double>, shares);
    QFETCH(double, index);
    QVERIFY2(std::abs(stats::jainFairnessIndex(shares) - index) < 1e-12,
             qPrintable(QString::number(stats::jainFairnessIndex(shares), 'g', 17)));
}

void TestStatistics::summary()
{
    // sorted 1, 2, 3, 4: mean 2.5, sd sqrt(5/3), median 2.5, p95 3.85 (as above).
    const stats::Summary s = stats::summarize(QList<double>{3, 1, 4, 2});
    QCOMPARE(s.n, std::size_t(4));
    QCOMPARE(s.mean, 2.5);
    QVERIFY(std::abs(s.sd - std::sqrt(5.0 / 3.0)) < 1e-12);
    QCOMPARE(s.min, 1.0);
    QCOMPARE(s.median, 2.5);
    QVERIFY(std::abs(s.p95 - 3.85) < 1e-12);
    QCOMPARE(s.max, 4.0);
    QCOMPARE(stats::summarize(QList<double>{}).n, std::size_t(0));
}

QTEST_GUILESS_MAIN(TestStatistics)
#include "tst_statistics.moc"

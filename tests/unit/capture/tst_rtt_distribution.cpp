// RttDistribution: exact count, min, median, p95 (common/statistics) and max against a plain sort, across
// many merges of its buffer, and memory that follows the distinct values, not the samples.

#include "capture/rtt_distribution.h"
#include "common/statistics.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>

using namespace tcptune;

class TestRttDistribution final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void exactStatistics_data();
    void exactStatistics();
    void memoryFollowsDistinctValues();
};

void TestRttDistribution::exactStatistics_data()
{
    QTest::addColumn<int>("samples");
    QTest::addColumn<int>("distinct"); // values drawn from this many microseconds; 0: any ns
    QTest::addRow("none") << 0 << 10;
    QTest::addRow("one") << 1 << 10;
    QTest::addRow("two (even: mean of the middle)") << 2 << 1000;
    QTest::addRow("many merges, microsecond clock") << 300001 << 5000;
    QTest::addRow("many merges, nanosecond clock") << 200000 << 0;
}

void TestRttDistribution::exactStatistics()
{
    QFETCH(int, samples);
    QFETCH(int, distinct);
    QRandomGenerator random(3);
    RttDistribution d;
    std::vector<double> plain;
    for (int i = 0; i < samples; ++i) {
        const std::int64_t ns =
            distinct ? std::int64_t(1 + random.bounded(distinct)) * 1000 : std::int64_t(random.bounded(1 << 30)) + 1;
        d.add(ns);
        plain.push_back(double(ns) / 1e6);
    }
    const RttStats s = d.stats();
    QCOMPARE(s.count, samples);
    if (samples == 0)
        return;
    std::sort(plain.begin(), plain.end());
    const std::size_t n = plain.size();
    QCOMPARE(s.min_ms, plain.front());
    QCOMPARE(s.max_ms, plain.back());
    QCOMPARE(s.median_ms, n % 2 ? plain[n / 2] : (plain[n / 2 - 1] + plain[n / 2]) / 2.0);
    QCOMPARE(s.p95_ms, stats::percentileOfSorted(plain, 95));
}

void TestRttDistribution::memoryFollowsDistinctValues()
{
    RttDistribution d;
    for (int i = 0; i < 2000000; ++i)
        d.add(std::int64_t(1 + i % 300) * 1000);
    (void)d.stats();
    // 300 runs, not 2 million samples (16 MB as a plain vector).
    QVERIFY2(d.heapBytes() < 600 * 1024, qPrintable(QString::number(d.heapBytes())));
}

QTEST_GUILESS_MAIN(TestRttDistribution)
#include "tst_rtt_distribution.moc"

// BoundedSeries stays within its limit however many points arrive, keeps the newest points exact,
// keeps x ascending and every extreme of the whole history (so a full-range chart still shows
// each peak and dip), and spreads its points over the whole run.

#include "charts/bounded_series.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using tcptune::charts::BoundedSeries;

class TestBoundedSeries final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void underTheLimitKeepsEverything();
    void staysBoundedAndKeepsShape_data();
    void staysBoundedAndKeepsShape();
    void clearStartsOver();
};

namespace {

// A noisy wave with one spike and one dip at known places.
double valueAt(std::size_t i, std::size_t spike, std::size_t dip)
{
    if (i == spike)
        return 1000;
    if (i == dip)
        return -1000;
    return 100 + 20 * std::sin(double(i) * 0.01) + double(i * 7919 % 13);
}

} // namespace

void TestBoundedSeries::underTheLimitKeepsEverything()
{
    BoundedSeries s(1024);
    for (int i = 0; i < 511; ++i)
        s.append(i * 0.01, i);
    QCOMPARE(s.size(), std::size_t(511));
    QCOMPARE(s.bucketWidth(), 0.0);
    for (std::size_t i = 0; i < s.size(); ++i) {
        QCOMPARE(s.x()[i], double(i) * 0.01);
        QCOMPARE(s.y()[i], double(i));
    }
}

void TestBoundedSeries::staysBoundedAndKeepsShape_data()
{
    QTest::addColumn<int>("limit");
    QTest::addColumn<int>("count");
    QTest::addRow("just over") << 1024 << 1200;
    QTest::addRow("10 minutes at 10 ms") << int(BoundedSeries::kDefaultLimit) << 60000;
    QTest::addRow("a day at 10 ms, small limit") << 4096 << 8'640'000;
}

void TestBoundedSeries::staysBoundedAndKeepsShape()
{
    QFETCH(int, limit);
    QFETCH(int, count);
    const std::size_t n = std::size_t(count);
    const std::size_t spike = n / 3;
    const std::size_t dip = n / 5;
    BoundedSeries s{std::size_t(limit)};
    std::size_t largest = 0;
    for (std::size_t i = 0; i < n; ++i) {
        s.append(double(i) * 0.01, valueAt(i, spike, dip));
        largest = std::max(largest, s.size());
    }
    QVERIFY2(largest <= std::size_t(limit), qPrintable(QString::number(largest)));
    QVERIFY(std::is_sorted(s.x().begin(), s.x().end()));
    // The whole run is covered, evenly: a point in the first bucket, the last point, and no gap
    // wider than two buckets.
    QVERIFY(s.bucketWidth() > 0);
    QVERIFY2(s.x().front() < s.bucketWidth(), qPrintable(QString::number(s.x().front())));
    QCOMPARE(s.x().back(), double(n - 1) * 0.01);
    double widest = 0;
    for (std::size_t i = 1; i < s.size(); ++i)
        widest = std::max(widest, s.x()[i] - s.x()[i - 1]);
    QVERIFY2(widest <= 2 * s.bucketWidth() + 0.01, qPrintable(QString::number(widest)));
    // Every extreme survives.
    QCOMPARE(*std::max_element(s.y().begin(), s.y().end()), 1000.0);
    QCOMPARE(*std::min_element(s.y().begin(), s.y().end()), -1000.0);
    // The newest quarter of the limit is exact.
    const std::size_t exact = std::size_t(limit) / 4;
    for (std::size_t k = 1; k <= exact; ++k) {
        const std::size_t i = n - k;
        QCOMPARE(s.x()[s.size() - k], double(i) * 0.01);
        QCOMPARE(s.y()[s.size() - k], valueAt(i, spike, dip));
    }
}

void TestBoundedSeries::clearStartsOver()
{
    BoundedSeries s(256);
    for (int i = 0; i < 10000; ++i)
        s.append(i, i % 7);
    QVERIFY(s.bucketWidth() > 0);
    s.clear();
    QVERIFY(s.empty());
    QCOMPARE(s.bucketWidth(), 0.0);
    s.append(1, 2);
    QCOMPARE(s.size(), std::size_t(1));
}

QTEST_GUILESS_MAIN(TestBoundedSeries)
#include "tst_bounded_series.moc"

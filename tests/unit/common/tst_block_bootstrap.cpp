// The moving-block bootstrap of one run's interval series (common/block_bootstrap): the block
// length follows the series' autocorrelation, the interval is reproducible, and on correlated
// series with a known mean it covers that mean about as often as it claims, where resampling
// single values (block length 1) would not.

#include "common/block_bootstrap.h"
#include "common/statistics.h"

#include <QTest>

#include <cmath>
#include <random>
#include <vector>

using namespace tcptune;

namespace {

// An AR(1) series x(t) = phi x(t - 1) + e(t), e standard normal, started from its stationary
// distribution; its mean is 0 and its autocorrelation at lag k phi^k.
std::vector<double> autoregressive(double phi, std::size_t n, std::uint64_t seed)
{
    std::mt19937_64 random(seed);
    std::normal_distribution<double> noise;
    std::vector<double> out;
    double x = noise(random) / std::sqrt(1 - phi * phi);
    for (std::size_t i = 0; i < n; ++i) {
        out.push_back(x);
        x = phi * x + noise(random);
    }
    return out;
}

} // namespace

class TestBlockBootstrap final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void blockLengthFollowsAutocorrelation();
    void sameSeriesSameInterval();
    void correlatedSeriesGetWiderIntervals();
    void coversTheMeanAsOftenAsItClaims();
    void seriesWithoutSpread();
    void tooShortHasNoInterval();
    void otherStatistics();
};

void TestBlockBootstrap::blockLengthFollowsAutocorrelation()
{
    // White noise needs no blocks; AR(0.9) (correlation 0.35 at lag 10) needs long ones; the
    // longer the memory, the longer the block.
    const std::size_t white = stats::politisWhiteBlockLength(autoregressive(0, 400, 1));
    const std::size_t mild = stats::politisWhiteBlockLength(autoregressive(0.5, 400, 1));
    const std::size_t strong = stats::politisWhiteBlockLength(autoregressive(0.9, 400, 1));
    QVERIFY2(white <= 3, qPrintable(QString::number(white)));
    QVERIFY2(mild > white && strong > mild, qPrintable(QStringLiteral("%1 %2 %3").arg(white).arg(mild).arg(strong)));
    QVERIFY2(strong >= 10 && strong <= 60, qPrintable(QString::number(strong))); // cap: 3 sqrt(400) = 60
    QCOMPARE(stats::politisWhiteBlockLength(std::vector<double>{1, 2, 3}), std::size_t(1));
}

void TestBlockBootstrap::sameSeriesSameInterval()
{
    const std::vector<double> series = autoregressive(0.7, 300, 7);
    const stats::BootstrapInterval a = stats::movingBlockBootstrap(series);
    const stats::BootstrapInterval b = stats::movingBlockBootstrap(series);
    QCOMPARE(a.low, b.low);
    QCOMPARE(a.high, b.high);
    QCOMPARE(a.standardError, b.standardError);
    QCOMPARE(a.resamples, stats::kDefaultBootstrapResamples);
    QCOMPARE(a.estimate, stats::mean(series));
    QVERIFY(a.low < a.estimate && a.estimate < a.high);
    // Another seed draws other blocks.
    const stats::BootstrapInterval c = stats::movingBlockBootstrap(series, 0.95, {}, 0, 2000, 12345);
    QVERIFY(c.low != a.low);
}

void TestBlockBootstrap::correlatedSeriesGetWiderIntervals()
{
    // For AR(0.9) the standard error of the mean is sqrt((1 + phi) / (1 - phi)) = 4.4 times the
    // one independent values would give; the block bootstrap must see a good part of that.
    const std::vector<double> series = autoregressive(0.9, 600, 3);
    const stats::BootstrapInterval blocks = stats::movingBlockBootstrap(series);
    const stats::BootstrapInterval single = stats::movingBlockBootstrap(series, 0.95, {}, 1);
    QCOMPARE(single.blockLength, std::size_t(1));
    const double ratio = blocks.standardError / single.standardError;
    QVERIFY2(ratio > 2.5, qPrintable(QString::number(ratio)));
}

void TestBlockBootstrap::coversTheMeanAsOftenAsItClaims()
{
    // 150 AR(0.6) series of 300 values (true mean 0): the 95 % interval must cover 0 in roughly
    // 95 % of them. Single values (no blocks) cover it in about 60 %: the check can fail.
    int covered = 0;
    int coveredWithoutBlocks = 0;
    const int series = 150;
    for (int s = 0; s < series; ++s) {
        const std::vector<double> x = autoregressive(0.6, 300, 1000 + std::uint64_t(s));
        const stats::BootstrapInterval b = stats::movingBlockBootstrap(x, 0.95, {}, 0, 500);
        const stats::BootstrapInterval iid = stats::movingBlockBootstrap(x, 0.95, {}, 1, 500);
        covered += (b.low <= 0 && 0 <= b.high) ? 1 : 0;
        coveredWithoutBlocks += (iid.low <= 0 && 0 <= iid.high) ? 1 : 0;
    }
    const double coverage = double(covered) / series;
    const double naive = double(coveredWithoutBlocks) / series;
    QVERIFY2(coverage >= 0.85 && coverage <= 0.995, qPrintable(QString::number(coverage)));
    QVERIFY2(naive < coverage - 0.1, qPrintable(QStringLiteral("%1 vs %2").arg(naive).arg(coverage)));
}

void TestBlockBootstrap::seriesWithoutSpread()
{
    const std::vector<double> flat(50, 47.1);
    const stats::BootstrapInterval b = stats::movingBlockBootstrap(flat);
    QVERIFY(b.hasInterval());
    QCOMPARE(b.blockLength, std::size_t(1));
    QCOMPARE(b.low, 47.1);
    QCOMPARE(b.high, 47.1);
    QCOMPARE(b.standardError, 0.0);
}

void TestBlockBootstrap::tooShortHasNoInterval()
{
    const stats::BootstrapInterval one = stats::movingBlockBootstrap(std::vector<double>{3.0});
    QVERIFY(!one.hasInterval());
    QCOMPARE(one.estimate, 3.0);
    QVERIFY(std::isnan(one.low) && std::isnan(one.high));
    const stats::BootstrapInterval none = stats::movingBlockBootstrap(std::vector<double>{});
    QVERIFY(!none.hasInterval());
    QVERIFY(std::isnan(none.estimate));
}

void TestBlockBootstrap::otherStatistics()
{
    // The median of an RTT series: the estimate is the series' own median, inside its interval.
    std::vector<double> rtt = autoregressive(0.8, 200, 9);
    for (double &v : rtt)
        v = 20 + std::abs(v);
    const stats::BootstrapInterval b =
        stats::movingBlockBootstrap(rtt, 0.95, [](std::span<const double> v) { return stats::median(v); });
    QCOMPARE(b.estimate, stats::median(rtt));
    QVERIFY(b.low <= b.estimate && b.estimate <= b.high);
    QVERIFY(b.high > b.low);
}

QTEST_GUILESS_MAIN(TestBlockBootstrap)
#include "tst_block_bootstrap.moc"

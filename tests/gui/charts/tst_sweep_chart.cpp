// SweepChart's error bars: each point's bar is the 95 % confidence interval of its mean over the
// runs (Student's t, the interval the sweep table prints), drawn where the chart maps it; a point
// of one run measured no spread and has no bar. The interval is worked out here by hand from
// t(0.975; 2) = 4.302652729911275 (any t table), not by the statistics module the widgets use.

#include "charts/chart_renderer.h"
#include "charts/sweep_chart.h"
#include "experiment/tables/sweep_statistics.h"
#include "history/mean_interval_text.h"
#include "screenshot.h"

#include <QChart>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLineSeries>
#include <QTest>

#include <cmath>

using namespace tcptune;

namespace {

// The point as the Sweep tab and the report make it from a point's statistics.
SweepChartPoint chartPoint(const QString &label, const QList<double> &runsMbps)
{
    QList<RunFigures> runs;
    for (double mbps : runsMbps)
        runs.append(RunFigures{mbps * 1e6, 5.0, 6.0, {}, {}, false});
    const PointStatistics s = sweepstats::summarize(runs);
    const stats::MeanInterval interval = throughputInterval(s);
    SweepChartPoint p;
    p.label = label;
    p.throughputMbps = s.mean / 1e6;
    if (interval.hasInterval()) {
        p.ciLowMbps = interval.low / 1e6;
        p.ciHighMbps = interval.high / 1e6;
    }
    p.rttMedianMs = s.rttMedianMs;
    return p;
}

bool isThroughputBlue(QRgb c)
{
    return std::abs(qRed(c) - 31) < 40 && std::abs(qGreen(c) - 119) < 40 && std::abs(qBlue(c) - 180) < 40;
}

// Throughput-blue pixels in a column +-2 px around X from Y_TOP to Y_BOTTOM.
int bluePixels(const QImage &image, int x, int yTop, int yBottom)
{
    int count = 0;
    for (int y = yTop; y <= yBottom; ++y)
        for (int dx = -2; dx <= 2; ++dx)
            if (image.rect().contains(x + dx, y) && isThroughputBlue(image.pixel(x + dx, y)))
                ++count;
    return count;
}

} // namespace

class TestSweepChart final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void barIsTheIntervalOfTheMean();
    void oneRunHasNoBar();
    void barsAreDrawnWhereTheyBelong();
    void narrowPlotLabelsEveryFewValuesWhole();
};

void TestSweepChart::barIsTheIntervalOfTheMean()
{
    SweepChart chart;
    chart.setPoints({chartPoint(QStringLiteral("64K"), {44.0, 46.0, 48.0})});
    // mean 46, s = 2, half-width t(0.975; 2) * 2 / sqrt(3).
    const double half = 4.302652729911275 * 2.0 / std::sqrt(3.0);
    const auto bar = chart.errorBarOf(0);
    QVERIFY(bar);
    QVERIFY2(std::abs(bar->first - (46.0 - half)) < 1e-9, qPrintable(QString::number(bar->first)));
    QVERIFY2(std::abs(bar->second - (46.0 + half)) < 1e-9, qPrintable(QString::number(bar->second)));
    // Not the old mean +- sd (44..48): the interval of three runs is more than twice as wide.
    QVERIFY(bar->second - bar->first > 2 * 4.0);
    // The value axis makes room for the bar's top.
    QVERIFY(chart.valueTickLabels().last().toDouble() >= 46.0 + half);
}

void TestSweepChart::oneRunHasNoBar()
{
    SweepChart chart;
    chart.setPoints({chartPoint(QStringLiteral("64K"), {40.0, 42.0}), chartPoint(QStringLiteral("1M"), {47.1})});
    QVERIFY(chart.errorBarOf(0));
    QVERIFY(!chart.errorBarOf(1));
    QCOMPARE(chart.errorBarSeries().size(), 1);
    QCOMPARE(chart.plottedThroughputPoints(), 2);
    // Points change as runs finish: the bars follow, none is left behind.
    chart.setPoints({chartPoint(QStringLiteral("64K"), {40.0}), chartPoint(QStringLiteral("1M"), {47.1})});
    QCOMPARE(chart.errorBarSeries().size(), 0);
    QCOMPARE(chart.qchart()->series().size(), 3);
}

void TestSweepChart::barsAreDrawnWhereTheyBelong()
{
    SweepChart chart;
    chart.resize(640, 420);
    chart.setPoints({chartPoint(QStringLiteral("64K"), {30.0, 36.0, 33.0}), chartPoint(QStringLiteral("1M"), {40.0})});
    const QImage image = test::saveScreenshot(&chart, QStringLiteral("sweep_chart_error_bars"));
    QChart *c = chart.qchart();
    QLineSeries *bar = chart.errorBarSeries().value(0);
    QVERIFY(bar);
    const auto [low, high] = *chart.errorBarOf(0);
    // The stem between the mark and the bar's top is drawn in the throughput's colour.
    const QPointF mark0 = c->mapToPosition(QPointF(0, 33.0), bar);
    const QPointF top0 = c->mapToPosition(QPointF(0, high), bar);
    QVERIFY2(mark0.y() - top0.y() > 20, "the bar is too short to see");
    QVERIFY(bluePixels(image, qRound(mark0.x()), qRound(top0.y()) + 2, qRound(mark0.y()) - 8) > 10);
    // Above the single run's mark, at the same height as the other bar's top, nothing is drawn.
    const QPointF mark1 = c->mapToPosition(QPointF(1, 40.0), bar);
    QCOMPARE(bluePixels(image, qRound(mark1.x()), qRound(mark1.y()) - 40, qRound(mark1.y()) - 8), 0);
    QVERIFY(low < 33.0);
}

// Issue 37, walkthrough: 12 slanted values in the Sweep tab's chart (a plot of about 240 px at
// 1280x800, 150 px at 1024x700) were each cut to "...". Narrow, every few values are labelled,
// whole, from the first on; wide, all of them.
void TestSweepChart::narrowPlotLabelsEveryFewValuesWhole()
{
    const QStringList values = QStringLiteral("16K 24K 32K 48K 64K 96K 128K 192K 256K 384K 512K 1M").split(u' ');
    QList<SweepChartPoint> points;
    for (const QString &value : values)
        points.append(chartPoint(value, {47.5}));
    SweepChart chart;
    chart.setPoints(points);
    chart.resize(300, 220);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QTest::qWait(50);
    const QStringList narrow = chart.pointLabels();
    QVERIFY2(narrow.size() >= 3 && narrow.size() < values.size(), qPrintable(narrow.join(u' ')));
    QCOMPARE(narrow.first(), values.first());
    QStringList drawn;
    for (QGraphicsItem *item : chart.qchart()->scene()->items())
        if (const auto *text = dynamic_cast<QGraphicsTextItem *>(item); text && text->isVisible())
            drawn << text->toPlainText().remove(QChar(0x200B));
    for (const QString &label : narrow)
        QVERIFY2(drawn.contains(label), qPrintable(label + QStringLiteral(" not whole in: ") + drawn.join(u'|')));
    test::saveScreenshot(&chart, QStringLiteral("sweep_chart_twelve_narrow"));
    chart.resize(1400, 300);
    QTest::qWait(50);
    QCOMPARE(chart.pointLabels(), values);
}

QTEST_MAIN(TestSweepChart)
#include "tst_sweep_chart.moc"

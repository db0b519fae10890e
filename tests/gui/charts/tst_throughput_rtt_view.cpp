// ThroughputRttView: appended samples reach both charts after the replot timer, the time axes
// move together on zoom and pan, the crosshair reports each run's value, extra series appear on
// demand, and the view renders off screen to an image and to SVG.

#include "charts/chart_renderer.h"
#include "test_paths.h"
#include "charts/synced_chart_view.h"
#include "charts/throughput_rtt_view.h"
#include "screenshot.h"

#include <QChartView>
#include <QDir>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QListWidget>
#include <QLocale>
#include <QSet>
#include <QSignalSpy>
#include <QTest>
#include <QValueAxis>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

using namespace tcptune;

namespace {

QList<ChartSample> ramp(int count, double step, double scale)
{
    QList<ChartSample> samples;
    for (int i = 0; i < count; ++i) {
        ChartSample s;
        s.t = i * step;
        s.throughputMbps = scale * (1 + std::sin(i * 0.05));
        s.rttMs = 1 + i % 17;
        s.cwnd = 10 + i % 50;
        samples.append(s);
    }
    return samples;
}

QPair<double, double> timeRange(QChartView *view)
{
    const auto axes = view->chart()->axes(Qt::Horizontal);
    auto *axis = qobject_cast<QValueAxis *>(axes.first());
    return {axis->min(), axis->max()};
}

} // namespace

class TestThroughputRttView final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void samplesArriveAfterTimer_data();
    void samplesArriveAfterTimer();
    void zoomAndPanMoveBothCharts();
    void crosshairShowsValues();
    void extraMetricSeries();
    void rendersOffscreen();
    void tickLabelsHaveSiPrefixes();
    void zoomedTicksAreRound();
    void runs100xApartGetALogScale();
    void manyRunsNeverRepeatALook();
    void longLabelsAreElidedInTheMiddle();
    void crosshairLabelStaysInsideThePlot();
    void clearUnpinnedKeepsPinnedRuns();
    void tickLabelsHaveRoomOnALowChart();
    void timeLabelsHaveRoomOnANarrowChart_data();
    void timeLabelsHaveRoomOnANarrowChart();
    void goodputSpikesAreNotPlottedAboveTheLink();
    void rttOfZeroIsNoSample();
    void timeAxisEndsAtTheRunWithExactLabels();
    void logarithmicRttAxisShowsNumbers();
    void twelveRunsOfASweepAreNamedWhole_data();
    void twelveRunsOfASweepAreNamedWhole();
};

// Issue 18, point 10: SI prefixes, never "4e+04".
void TestThroughputRttView::tickLabelsHaveSiPrefixes()
{
    ThroughputRttView view;
    view.resize(900, 400);
    const int run = view.addRun(QStringLiteral("fast"));
    view.appendSamples(run, ramp(100, 0.1, 20000)); // up to 40000 Mbit/s
    view.replotNow();
    const QStringList labels = view.valueTickLabels(ChartMetric::Throughput);
    QVERIFY(labels.size() >= 3);
    for (const QString &label : labels)
        QVERIFY2(!label.contains(QLatin1Char('e')), qPrintable(labels.join(QLatin1Char('|'))));
    QVERIFY2(labels.last().endsWith(QStringLiteral(" k")), qPrintable(labels.join(QLatin1Char('|'))));
}

// Issue 18, point 10: a zoomed time axis reads round values (5.2, 5.4), not 5.133.
void TestThroughputRttView::zoomedTicksAreRound()
{
    ThroughputRttView view;
    view.resize(900, 400);
    const int run = view.addRun(QStringLiteral("run"));
    view.appendSamples(run, ramp(200, 0.05, 100));
    view.setXRange(5.133, 6.377);
    view.replotNow();
    const QStringList labels = view.timeTickLabels();
    QVERIFY(labels.size() >= 3);
    QList<double> values;
    for (const QString &label : labels) {
        bool ok = false;
        values.append(QLocale().toDouble(label, &ok));
        QVERIFY2(ok, qPrintable(label));
        // Round steps need at most two decimals (0.25); 5.133 would need three.
        QVERIFY2(std::fabs(values.last() * 100 - std::round(values.last() * 100)) < 1e-6,
                 qPrintable(labels.join(QLatin1Char('|'))));
    }
    for (int i = 2; i < values.size(); ++i)
        QVERIFY(std::fabs((values[i] - values[i - 1]) - (values[1] - values[0])) < 1e-9);
    QVERIFY(values.first() >= 5.133 && values.last() <= 6.377);
}

// Issue 18, point 6: a 0.09 ms RTT beside a 170 ms one is not flattened: log scale.
void TestThroughputRttView::runs100xApartGetALogScale()
{
    ThroughputRttView view;
    view.resize(900, 400);
    auto flat = [](double rtt) {
        QList<ChartSample> samples;
        for (int i = 0; i < 50; ++i) {
            ChartSample s;
            s.t = i * 0.1;
            s.throughputMbps = 50;
            s.rttMs = rtt;
            samples.append(s);
        }
        return samples;
    };
    const int near = view.addRun(QStringLiteral("loopback"));
    view.appendSamples(near, flat(0.09));
    // 55x apart: still one linear axis.
    const int far = view.addRun(QStringLiteral("lan"));
    view.appendSamples(far, flat(5));
    view.replotNow();
    QVERIFY(!view.isLogarithmic(ChartMetric::Rtt));
    view.removeRun(far);
    const int farther = view.addRun(QStringLiteral("geostationary"));
    view.appendSamples(farther, flat(170));
    view.replotNow();
    QVERIFY(view.isLogarithmic(ChartMetric::Rtt));
    QVERIFY(!view.isLogarithmic(ChartMetric::Throughput));
    QVERIFY(view.plottedPointCount(near, ChartMetric::Rtt) > 0);
}

// Issue 18, point 6: beyond 8 series the colours repeat with another dash style.
void TestThroughputRttView::manyRunsNeverRepeatALook()
{
    ThroughputRttView view;
    QSet<QString> looks;
    for (int i = 0; i < 20; ++i) {
        const int run = view.addRun(QStringLiteral("run %1").arg(i));
        looks.insert(QStringLiteral("%1/%2").arg(view.runColour(run).name()).arg(int(view.runDash(run))));
    }
    QCOMPARE(looks.size(), 20);
}

// Issue 18, point 6: legends keep both ends of a long label; the tooltip has it whole.
void TestThroughputRttView::longLabelsAreElidedInTheMiddle()
{
    ThroughputRttView view;
    view.resize(700, 400);
    const QString label = QStringLiteral("#1234 · net.ipv4.tcp_limit_output_bytes=131072 · repeat 3 · the end");
    const int run = view.addRun(label);
    for (int i = 0; i < 5; ++i)
        view.addRun(QStringLiteral("#%1 · other").arg(i));
    view.setRunToolTip(run, QStringLiteral("changed: tcp_limit_output_bytes=128K"));
    view.replotNow();
    const QString shown = view.legendText(run);
    QVERIFY2(shown.contains(QChar(0x2026)), qPrintable(shown));
    QVERIFY2(shown.startsWith(QStringLiteral("#1234")), qPrintable(shown));
    QVERIFY2(shown.endsWith(QStringLiteral("end")), qPrintable(shown));
    QCOMPARE(view.runLabel(run), label);
    QCOMPARE(view.runToolTip(run), QStringLiteral("changed: tcp_limit_output_bytes=128K"));
}

// Issue 18, point 12: the crosshair's values stay inside the plot at its left edge too.
void TestThroughputRttView::crosshairLabelStaysInsideThePlot()
{
    ThroughputRttView view;
    view.resize(520, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (int i = 0; i < 4; ++i) {
        const int run = view.addRun(QStringLiteral("#%1 · a rather long label for a run").arg(i));
        view.appendSamples(run, ramp(100, 0.1, 100 + i));
    }
    view.replotNow();
    view.showCrosshairAt(0.05);
    for (auto *chart : view.findChildren<SyncedChartView *>()) {
        const QRectF label = chart->crosshairLabelRect();
        QVERIFY(!label.isEmpty());
        QVERIFY2(label.left() >= chart->plotArea().left(),
                 qPrintable(QStringLiteral("%1 < %2").arg(label.left()).arg(chart->plotArea().left())));
    }
}

// Issue 18, point 6: a new sweep clears the charts, runs pinned (ticked in History) stay.
void TestThroughputRttView::clearUnpinnedKeepsPinnedRuns()
{
    ThroughputRttView view;
    QSignalSpy removed(&view, &ThroughputRttView::runRemoved);
    const int pinned = view.addRun(QStringLiteral("#1"));
    view.setRunPinned(pinned, true);
    view.addRun(QStringLiteral("#2"));
    view.addRun(QStringLiteral("#3"));
    view.clearUnpinned();
    QCOMPARE(view.runIds(), QList<int>{pinned});
    QCOMPARE(removed.size(), 2);
}

// On a chart as low as the workbench's at 1280x800, the value axis gets no more ticks than it has
// room for, two lines between labels: QtCharts drew the RTT axis's six labels (0 to 50 ms), 19 px
// apart, as "...".
void TestThroughputRttView::tickLabelsHaveRoomOnALowChart()
{
    ThroughputRttView view;
    view.resize(900, 230);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (int i = 0; i < 2; ++i) {
        const int run = view.addRun(QStringLiteral("#%1").arg(i + 1));
        QList<ChartSample> samples = ramp(60, 0.05, 47);
        for (ChartSample &sample : samples)
            sample.rttMs = 5 + (int(sample.t * 20) % 10) * 4.4; // 5 to 45 ms
        view.appendSamples(run, samples);
    }
    view.replotNow();
    QTest::qWait(50);
    view.replotNow(); // with the plot area the first layout gave
    auto *rtt = view.findChild<SyncedChartView *>(QStringLiteral("rttChart"));
    QVERIFY(rtt);
    const QStringList labels = view.valueTickLabels(ChartMetric::Rtt);
    QVERIFY2(labels.size() >= 3, qPrintable(labels.join(QLatin1Char('|'))));
    const double room = rtt->chart()->plotArea().height() / double(labels.size() - 1);
    const int line = QFontMetrics(rtt->chart()->axes(Qt::Vertical).first()->labelsFont()).height();
    // ... and its legend on the right, leaving the height to the plot and the time axis.
    QCOMPARE(rtt->chart()->legend()->alignment(), Qt::AlignRight);
    QVERIFY2(room >= 2 * line, qPrintable(QStringLiteral("%1 labels (%2), %3 px apart, a line is %4 px")
                                              .arg(labels.size())
                                              .arg(labels.join(QLatin1Char('|')))
                                              .arg(room)
                                              .arg(line)));
}

void TestThroughputRttView::timeLabelsHaveRoomOnANarrowChart_data()
{
    QTest::addColumn<int>("width");
    QTest::addRow("360 px wide: a 130 px plot, as at 1024x700") << 360;
    QTest::addRow("300 px wide") << 300;
    QTest::addRow("560 px wide") << 560;
    QTest::addRow("1000 px wide") << 1000;
}

// Issue 37: at 1024x700 the charts are about 150 px wide, and QtCharts drew a 2 s run's five
// time ticks (0.5 s apart) as "0 ... ... ... ...". What the scene draws is the oracle.
void TestThroughputRttView::timeLabelsHaveRoomOnANarrowChart()
{
    QFETCH(int, width);
    ThroughputRttView view;
    view.resize(width, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const int run = view.addRun(QStringLiteral("#1"));
    view.appendSamples(run, ramp(42, 0.05, 47)); // 2.1 s
    view.replotNow();
    QTest::qWait(50);
    view.replotNow(); // with the plot area the first layout gave
    const QStringList labels = view.timeTickLabels();
    QVERIFY2(labels.size() >= 2, qPrintable(labels.join(QLatin1Char('|'))));
    auto *chart = view.findChild<SyncedChartView *>(QStringLiteral("rttChart"));
    QVERIFY(chart);
    QStringList elided;
    int texts = 0; // the scene's texts looked at: without any, nothing could be found elided
    for (QGraphicsItem *item : chart->scene()->items()) {
        const auto *text = dynamic_cast<QGraphicsTextItem *>(item);
        if (!text || !text->isVisible())
            continue;
        ++texts;
        // QtCharts cuts with "...".
        if (!text->toPlainText().contains(QLatin1String("...")))
            continue;
        const QString kept = text->toPlainText().remove(QLatin1String("..."));
        if (std::any_of(labels.begin(), labels.end(), [&](const QString &l) { return l.startsWith(kept); }))
            elided.append(text->toPlainText());
    }
    QVERIFY(texts > 0);
    QVERIFY2(elided.isEmpty(), qPrintable(QStringLiteral("ticks %1 drawn as %2 at %3 px")
                                              .arg(labels.join(QLatin1Char('|')), elided.join(QLatin1Char('|')))
                                              .arg(chart->chart()->plotArea().width())));
}

void TestThroughputRttView::samplesArriveAfterTimer_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("runs");
    QTest::addRow("one short run") << 50 << 1;
    QTest::addRow("two runs") << 300 << 2;
    QTest::addRow("long run is decimated") << 200000 << 1;
}

void TestThroughputRttView::samplesArriveAfterTimer()
{
    QFETCH(int, count);
    QFETCH(int, runs);
    ThroughputRttView view;
    view.resize(1000, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QList<int> ids;
    for (int r = 0; r < runs; ++r) {
        ids.append(view.addRun(QStringLiteral("run %1").arg(r + 1)));
        view.appendSamples(ids.last(), ramp(count, 0.01, 10 * (r + 1)));
    }
    QCOMPARE(view.plottedPointCount(ids.first(), ChartMetric::Throughput), 0);
    QSignalSpy replotted(&view, &ThroughputRttView::replotted);
    QVERIFY(replotted.wait(1000));
    for (int id : ids) {
        // Live history is bounded: beyond the limit older samples are held as min/max buckets.
        const auto held = std::min<qsizetype>(count, qsizetype(charts::BoundedSeries::kDefaultLimit));
        if (count < qsizetype(charts::BoundedSeries::kDefaultLimit) / 2)
            QCOMPARE(view.pointCount(id, ChartMetric::Throughput), count);
        else
            QVERIFY(view.pointCount(id, ChartMetric::Throughput) <= held);
        const qsizetype plotted = view.plottedPointCount(id, ChartMetric::Throughput);
        QVERIFY(plotted > 0);
        QVERIFY(view.plottedPointCount(id, ChartMetric::Rtt) > 0);
        QVERIFY2(plotted <= std::min<qsizetype>(count, 2 * 1000 + 2), qPrintable(QString::number(plotted)));
    }
    // Following the data: the time axis ends where the data ends.
    QVERIFY(view.xRange().y() >= (count - 1) * 0.01);
    QVERIFY(view.xRange().y() <= std::max(1.0, (count - 1) * 0.01) * 1.3);
}

void TestThroughputRttView::zoomAndPanMoveBothCharts()
{
    ThroughputRttView view;
    view.resize(1000, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const int id = view.addRun(QStringLiteral("run"));
    view.appendSamples(id, ramp(1000, 0.01, 50));
    view.replotNow();
    auto *throughput = view.findChild<QChartView *>(QStringLiteral("throughputChart"));
    auto *rtt = view.findChild<QChartView *>(QStringLiteral("rttChart"));
    QVERIFY(throughput && rtt);
    const auto before = timeRange(rtt);

    // Wheel up over the throughput chart zooms in; the RTT chart follows.
    const QPointF centre = throughput->rect().center();
    QWheelEvent wheel(centre, throughput->mapToGlobal(centre), QPoint(), QPoint(0, 240), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(throughput->viewport(), &wheel);
    QVERIFY(!view.isFollowing());
    const auto zoomed = timeRange(rtt);
    QVERIFY(zoomed.second - zoomed.first < (before.second - before.first) * 0.7);
    QCOMPARE(timeRange(throughput), zoomed);

    // Dragging the RTT chart to the left pans both to later times.
    QTest::mousePress(rtt->viewport(), Qt::LeftButton, {}, rtt->rect().center());
    QTest::mouseMove(rtt->viewport(), rtt->rect().center() - QPoint(100, 0));
    QTest::mouseRelease(rtt->viewport(), Qt::LeftButton, {}, rtt->rect().center() - QPoint(100, 0));
    const auto panned = timeRange(throughput);
    QVERIFY(panned.first > zoomed.first);
    QCOMPARE(timeRange(rtt), panned);

    // Double-click goes back to following all the data.
    QTest::mouseDClick(throughput->viewport(), Qt::LeftButton, {}, throughput->rect().center());
    QVERIFY(view.isFollowing());
    view.replotNow();
    QVERIFY(timeRange(rtt).second >= 9.99);
    QCOMPARE(timeRange(rtt), timeRange(throughput));
}

void TestThroughputRttView::crosshairShowsValues()
{
    ThroughputRttView view;
    view.resize(1000, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const int a = view.addRun(QStringLiteral("alpha"));
    const int b = view.addRun(QStringLiteral("beta"));
    view.appendSamples(a, {{0, 10, 1}, {1, 20, 2}, {2, 30, 3}});
    view.appendSamples(b, {{0, 5, 1}, {1, 6, 2}, {2, 7, 3}});
    view.replotNow();
    const QString text = view.showCrosshairAt(1.1);
    QVERIFY2(text.contains(QStringLiteral("alpha: 20 Mbit/s")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("beta: 6 Mbit/s")), qPrintable(text));
    view.setRunVisible(b, false);
    QVERIFY(!view.showCrosshairAt(1.1).contains(QStringLiteral("beta")));
}

void TestThroughputRttView::extraMetricSeries()
{
    ThroughputRttView view;
    view.resize(1000, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const int id = view.addRun(QStringLiteral("run"));
    view.appendSamples(id, ramp(100, 0.01, 10));
    view.replotNow();
    QCOMPARE(view.plottedPointCount(id, ChartMetric::Cwnd), 0);
    view.setExtraMetric(ChartMetric::Cwnd);
    view.replotNow();
    QVERIFY(view.plottedPointCount(id, ChartMetric::Cwnd) > 0);
    view.setExtraMetric(std::nullopt);
    view.replotNow();
    QCOMPARE(view.plottedPointCount(id, ChartMetric::Cwnd), 0);
}

void TestThroughputRttView::rendersOffscreen()
{
    // Never shown: a report renders the charts from data alone.
    ThroughputRttView view;
    const int id = view.addRun(QStringLiteral("run"));
    view.appendSamples(id, ramp(2000, 0.005, 40));
    const ChartPainterFunction draw = [&view](QPainter *painter, const QRectF &target) {
        view.render(painter, target);
    };
    const QImage image = ChartRenderer::toImage(draw, QSize(1200, 450));
    QCOMPARE(image.size(), QSize(1200, 450));
    QVERIFY(test::looksDrawn(image));
    QDir().mkpath(tcptune::test::screenshotPath());
    QVERIFY(image.save(tcptune::test::screenshotPath(QStringLiteral("throughput_rtt_view_offscreen.png"))));
    const QByteArray svg = ChartRenderer::toSvg(draw, QSize(800, 300), QStringLiteral("run"));
    QVERIFY(svg.startsWith("<?xml"));
    QVERIFY(svg.contains("<svg"));
    QVERIFY(svg.contains("Throughput"));
}

namespace {

// Whether LABEL is drawn whole and in view somewhere in ROOT: in a list beside the charts, or as
// a chart legend's entry inside the legend (QtCharts scrolls the entries a legend has no room for
// out of it, and elides a long one).
bool shownWhole(QWidget *root, const QString &label)
{
    for (const QListWidget *list : root->findChildren<QListWidget *>()) {
        if (!list->isVisible())
            continue;
        for (int i = 0; i < list->count(); ++i) {
            const QRect rect = list->visualItemRect(list->item(i));
            if (list->item(i)->text() == label && list->viewport()->rect().contains(rect) &&
                list->fontMetrics().horizontalAdvance(label) + list->iconSize().width() + 8 <= rect.width())
                return true;
        }
    }
    for (const QChartView *view : root->findChildren<QChartView *>()) {
        const QLegend *legend = view->chart()->legend();
        if (!legend->isVisible())
            continue;
        const auto items = view->scene()->items();
        for (const QGraphicsItem *item : items)
            if (const auto *text = dynamic_cast<const QGraphicsTextItem *>(item);
                text && text->isVisible() && text->toPlainText() == label &&
                legend->sceneBoundingRect().contains(text->sceneBoundingRect()))
                return true;
    }
    return false;
}

} // namespace

void TestThroughputRttView::twelveRunsOfASweepAreNamedWhole_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("charts at 1280x800") << QSize(1000, 260);
    QTest::newRow("charts at 1024x700") << QSize(760, 200);
}

// Issue 37, point 12: the legends of a sweep of 12 points read "…" and showed runs #2-#8 of 12:
// the runs could not be told apart. Every run's name is shown whole, in view, at the size the
// charts have in the window.
void TestThroughputRttView::twelveRunsOfASweepAreNamedWhole()
{
    QFETCH(QSize, size);
    ThroughputRttView view;
    view.resize(size);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QStringList labels;
    for (const QString &value : QStringLiteral("16K 24K 32K 48K 64K 96K 128K 192K 256K 384K 512K 1M").split(u' ')) {
        labels << QStringLiteral("SO_SNDBUF %1").arg(value);
        const int run = view.addRun(labels.last());
        view.appendSamples(run, ramp(100, 0.1, 40 + labels.size()));
    }
    view.replotNow();
    QTest::qWait(50);
    view.replotNow();
    for (const QString &label : std::as_const(labels))
        QVERIFY2(shownWhole(&view, label), qPrintable(label));
    test::saveScreenshot(&view, QStringLiteral("chart_legend_twelve_runs_%1").arg(size.width()));
}

QTEST_MAIN(TestThroughputRttView)
#include "tst_throughput_rtt_view.moc"

// Issue 37, item 6: 10 ms samples of a 50 Mbit/s link where ACK compression makes one interval in
// five read 140 Mbit/s (the others 27.5): the line is goodput as received, over 100 ms, never
// above the link, the bytes it stands for are the bytes received, and the axis stays near 50.
void TestThroughputRttView::goodputSpikesAreNotPlottedAboveTheLink()
{
    constexpr double link = 50;
    ThroughputRttView view;
    view.resize(1000, 400);
    const int run = view.addRun(QStringLiteral("compressed ACKs"));
    QList<ChartSample> samples;
    double received = 0; // Mbit
    for (int i = 1; i <= 1000; ++i) {
        ChartSample s;
        s.t = i * 0.01;
        s.throughputMbps = i % 5 == 0 ? 140 : (5 * link - 140) / 4;
        s.rttMs = 20;
        received += s.throughputMbps * 0.01;
        samples.append(s);
    }
    view.appendSamples(run, samples);
    view.replotNow();
    const QList<QPointF> plotted = view.series(run, ChartMetric::Throughput);
    QCOMPARE(plotted.size(), samples.size());
    double top = 0;
    double integral = 0;
    double previous = 0;
    for (const QPointF &p : plotted) {
        top = std::max(top, p.y());
        integral += p.y() * (p.x() - previous);
        previous = p.x();
    }
    QVERIFY2(top <= link * 1.1, qPrintable(QString::number(top)));
    QVERIFY2(std::fabs(integral - received) <= received * 0.02,
             qPrintable(QStringLiteral("%1 against %2").arg(integral).arg(received)));
    const QStringList labels = view.valueTickLabels(ChartMetric::Throughput);
    bool ok = false;
    const double axisTop = QLocale().toDouble(labels.last(), &ok);
    QVERIFY2(ok && axisTop >= link && axisTop <= 2 * link, qPrintable(labels.join(QLatin1Char('|'))));
    // What the line is averaged over is said.
    auto *chart = view.findChild<QChartView *>(QStringLiteral("throughputChart"));
    QVERIFY2(chart->chart()->title().contains(QStringLiteral("100 ms")), qPrintable(chart->chart()->title()));
}

// Issue 37, item 6: an RTT of 0 is the kernel's "no sample yet"; drawn, the split-write line
// ramped up from 0 ms.
void TestThroughputRttView::rttOfZeroIsNoSample()
{
    ThroughputRttView view;
    view.resize(1000, 400);
    const int live = view.addRun(QStringLiteral("split writes"));
    QList<ChartSample> samples;
    for (int i = 0; i < 100; ++i) {
        ChartSample s;
        s.t = i * 0.01;
        s.throughputMbps = 40;
        s.rttMs = i < 20 ? 0 : 4 + (i % 3) * 0.1;
        samples.append(s);
    }
    view.appendSamples(live, samples);
    const int capture = view.addRun(QStringLiteral("capture"));
    view.setSeries(capture, ChartMetric::Rtt, {{0.0, 0.0}, {0.5, 5.0}, {1.0, 6.0}});
    view.replotNow();
    for (int run : {live, capture}) {
        const QList<QPointF> rtt = view.series(run, ChartMetric::Rtt);
        QVERIFY(!rtt.isEmpty());
        for (const QPointF &p : rtt)
            QVERIFY2(p.y() > 0, qPrintable(QStringLiteral("%1 ms at %2 s").arg(p.y()).arg(p.x())));
    }
    QCOMPARE(view.series(live, ChartMetric::Rtt).first().x(), 0.2);
}

// Issue 37, item 6: ticks 2.5 s apart read 2.5 and 7.5 (not "3", "8"), and a 10 s run's axis
// ends at its end, not at 12.5 s.
void TestThroughputRttView::timeAxisEndsAtTheRunWithExactLabels()
{
    ThroughputRttView view;
    view.resize(1000, 400);
    const int run = view.addRun(QStringLiteral("10 s"));
    QList<ChartSample> samples;
    for (int i = 1; i <= 1000; ++i) {
        ChartSample s;
        s.t = i * 0.01 + 0.003; // the sampler's ticks come a little late
        s.throughputMbps = 50;
        s.rttMs = 10;
        samples.append(s);
    }
    view.appendSamples(run, samples);
    view.replotNow();
    QVERIFY2(view.xRange().y() <= samples.last().t + 1e-9, qPrintable(QString::number(view.xRange().y())));
    QVERIFY(view.xRange().y() >= samples.last().t - 1e-9);
    const QLocale locale;
    const QStringList expected{QStringLiteral("0"), locale.toString(2.5, 'f', 1), locale.toString(5.0, 'f', 1),
                               locale.toString(7.5, 'f', 1), locale.toString(10.0, 'f', 1)};
    QCOMPARE(view.timeTickLabels(), expected);
}

// Issue 37, item 6: RTTs 100x apart get a logarithmic axis, and it is numbered (it drew no
// numbers at all).
void TestThroughputRttView::logarithmicRttAxisShowsNumbers()
{
    ThroughputRttView view;
    view.resize(1000, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (double rtt : {0.09, 170.0}) {
        const int run = view.addRun(QStringLiteral("%1 ms").arg(rtt));
        QList<ChartSample> samples;
        for (int i = 0; i < 50; ++i)
            samples.append(ChartSample{i * 0.1, 50, rtt});
        view.appendSamples(run, samples);
    }
    view.replotNow();
    QVERIFY(view.isLogarithmic(ChartMetric::Rtt));
    QCoreApplication::processEvents();
    auto *rtt = view.findChild<QChartView *>(QStringLiteral("rttChart"));
    // The value axis's labels: the texts left of the plot area (the time axis's are below it).
    const QRectF plot = rtt->chart()->mapRectToScene(rtt->chart()->plotArea());
    QStringList labels;
    QList<double> values;
    for (QGraphicsItem *item : rtt->scene()->items()) {
        auto *text = dynamic_cast<QGraphicsTextItem *>(item);
        if (!text || !text->isVisible() || text->sceneBoundingRect().right() > plot.left() + 1)
            continue;
        labels.append(text->toPlainText());
        bool ok = false;
        if (const double v = QLocale().toDouble(labels.last(), &ok); ok)
            values.append(v);
    }
    QVERIFY2(values.size() >= 3, qPrintable(labels.join(QLatin1Char('|'))));
    // Decades up to 1000 for 0.09 and 170 ms, each label a power of ten.
    std::sort(values.begin(), values.end());
    QVERIFY2(values.first() <= 1 && values.last() >= 170, qPrintable(labels.join(QLatin1Char('|'))));
    for (double v : values)
        QVERIFY2(std::fabs(std::log10(v) - std::round(std::log10(v))) < 1e-9,
                 qPrintable(labels.join(QLatin1Char('|'))));
}

#pragma once
// The one place a chart becomes an image, SVG or PDF: reports, `tcptune chart`, File > Export and
// the chart context menus all draw through it. A chart is given as a function that paints it
// into a rectangle (ThroughputRttView::render, SweepChart::render). White background,
// antialiased, exactly the asked pixel size; DPI / 96 scales text and lines, and is stored in
// PNG files; a PDF is one page of the chart's size.

#include <QByteArray>
#include <QImage>
#include <QRectF>
#include <QSize>
#include <QString>

#include <functional>

class QChart;
class QPainter;

namespace tcptune {

using ChartPainterFunction = std::function<void(QPainter *painter, const QRectF &target)>;

class ChartRenderer final {
public:
    static constexpr int kDefaultDpi = 96;

    static QImage toImage(const ChartPainterFunction &draw, const QSize &pixels, int dpi = kDefaultDpi);
    static QByteArray toPng(const ChartPainterFunction &draw, const QSize &pixels, int dpi = kDefaultDpi);
    static QByteArray toSvg(const ChartPainterFunction &draw, const QSize &size, const QString &title);
    // SIZE in pixels at DPI; the page is that big (in points: size * 72 / dpi).
    static QByteArray toPdf(const ChartPainterFunction &draw, const QSize &size, const QString &title,
                            int dpi = kDefaultDpi);
    // Paints CHART laid out at TARGET's size into TARGET, then lays it out as it was: the
    // render() of a view with one chart.
    static void paintChart(QChart *chart, QPainter *painter, const QRectF &target);
};

} // namespace tcptune

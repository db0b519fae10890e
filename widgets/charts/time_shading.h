#pragma once
// TimeShading: spans of a chart's x axis (time) shaded in light translucent colours over the whole
// height of its plot area, behind the series, as the stream graphs mark the spans a limiter held
// the sender back. A graphics item on the chart, as IntervalBars, so the interactive view and
// ChartRenderer's export draw it alike. The spans are few (merged, short ones left out), so every
// one is kept and drawn clipped to the plot area.

#include <QColor>
#include <QGraphicsItem>

#include <vector>

class QChart;
class QValueAxis;

namespace tcptune::charts {

class TimeShading final : public QGraphicsItem {
public:
    struct Span {
        double x0;
        double x1;
        QColor colour;
    };
    // SPANS on CHART's X_AXIS; the item becomes a child of CHART.
    TimeShading(QChart *chart, QValueAxis *xAxis, std::vector<Span> spans);

    // The plot area moved or the axes changed: draw again there.
    void plotAreaChanged();
    // The spans drawn (tests).
    const std::vector<Span> &spans() const { return m_spans; }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QChart *m_chart;
    QValueAxis *m_xAxis;
    std::vector<Span> m_spans;
};

} // namespace tcptune::charts

#pragma once
// IntervalBars: vertical bars from LO to HI at X on a chart's plot area, as tcptrace draws a TCP
// segment (from its sequence number to sequence number + length) or a SACK block. QtCharts has no
// series of this shape, so the bars are a graphics item on the chart: the interactive view and
// ChartRenderer's export draw them alike. rebuild() thins them to the visible x range: bars of one
// pixel column that overlap or touch within a pixel merge, so a drawing costs what the plot's width
// costs, while a zoomed view shows each segment alone (with tcptrace's end ticks when there is room).

#include <QGraphicsItem>
#include <QPen>

#include <vector>

class QChart;
class QValueAxis;

namespace tcptune::charts {

class IntervalBars final : public QGraphicsItem {
public:
    // X ascending, LO[i] <= HI[i]; the axes are CHART's. The item becomes a child of CHART.
    IntervalBars(QChart *chart, QValueAxis *xAxis, QValueAxis *yAxis, std::vector<double> x, std::vector<double> lo,
                 std::vector<double> hi, const QPen &pen);

    // The bars inside [X_MIN, X_MAX] on COLUMNS pixel columns, merged within Y_TOLERANCE (in y units).
    void rebuild(double xMin, double xMax, int columns, double yTolerance);
    // The plot area moved or the axes changed: draw again there.
    void plotAreaChanged();
    // Bars drawn after the last rebuild (tests).
    std::size_t shownBars() const { return m_shown.size(); }
    std::size_t size() const { return m_x.size(); }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    struct Bar {
        double x;
        double lo;
        double hi;
    };
    void mergeInto(std::vector<Bar> &column, const Bar &bar, double yTolerance) const;

    QChart *m_chart;
    QValueAxis *m_xAxis;
    QValueAxis *m_yAxis;
    std::vector<double> m_x;
    std::vector<double> m_lo;
    std::vector<double> m_hi;
    QPen m_pen;
    std::vector<Bar> m_shown;
    bool m_endTicks = false; // every visible bar drawn alone, with room for tcptrace's end ticks
};

} // namespace tcptune::charts

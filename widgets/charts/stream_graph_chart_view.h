#pragma once
// StreamGraphChartView: a TCP stream graph (StreamGraphPlot) to explore with the mouse and keys:
// drag a rectangle to zoom (QtCharts' rubber band), drag with the right or middle button or press
// the arrow keys to pan, double-click or Home to see the whole graph again, a crosshair with the
// time and value under the pointer, and a click on a segment to ask for its packet. When the
// visible range changes, the series are thinned again from the full arrays for that range, on a
// short single-shot timer (PlotJuggler's replot timer) so a drag costs one refill, not one per event.

#include "charts/stream_graph_plot.h"

#include <QChartView>

#include <memory>

class QGraphicsLineItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QTimer;

namespace tcptune {

class StreamGraphChartView final : public QChartView {
    Q_OBJECT
public:
    explicit StreamGraphChartView(QWidget *parent = nullptr);
    ~StreamGraphChartView() override;

    // Draws KIND of GRAPH, the whole graph in view; WINDOW_S: the throughput graph's average.
    void showGraph(const StreamGraph &graph, StreamGraphKind kind, double windowS = 1.0);
    // Draws nothing (while a graph is read, or after it failed).
    void clearGraph();
    // The whole graph in view again.
    void resetZoom();

    const StreamGraphPlot *plot() const { return m_plot.get(); }
    // A refill is waiting on the timer (tests wait until it ran).
    bool refillPending() const;
    // The crosshair's text, empty when hidden (tests).
    QString crosshairText() const;

Q_SIGNALS:
    // A click at a segment: its index in the graph's segments.
    void segmentClicked(std::size_t segment);
    // A click that hit no segment.
    void missed();

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void newChart();
    void refill();
    void click(const QPoint &position);
    void showCrosshair(const QPoint &position);
    void hideCrosshair();
    QPointF chartPoint(const QPoint &position) const;

    std::unique_ptr<StreamGraphPlot> m_plot;
    QTimer *m_refill;
    QGraphicsLineItem *m_vertical = nullptr;
    QGraphicsLineItem *m_horizontal = nullptr;
    QGraphicsRectItem *m_labelBack = nullptr;
    QGraphicsSimpleTextItem *m_label = nullptr;
    QPoint m_pressedAt;
    QPoint m_pointer; // where the pointer last moved, in the viewport
    QPoint m_panFrom;
    bool m_panning = false;
};

} // namespace tcptune

#pragma once
// StreamGraphChart: one of the TCP stream graphs of a flow (capture/stream_graph.h) as a chart
// that ChartRenderer draws into PNG, SVG or PDF, through the renderer the interactive view uses
// (StreamGraphPlot): the time-sequence graph as tcptrace draws it (segments as bars, ACK line,
// receive window, SACK blocks, marks), bytes in flight, RTT per acknowledged segment, or
// throughput over an averaging window. Long series are thinned to their minimum and maximum per
// pixel column, so a drawing costs the same for any capture.

#include "charts/stream_graph_plot.h"

#include <QRectF>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class QChart;
class QGraphicsScene;
class QPainter;

namespace tcptune {

class StreamGraphChart final {
public:
    // WINDOW_S: the throughput graph's averaging window in seconds.
    StreamGraphChart(const StreamGraph &graph, StreamGraphKind kind, double windowS = 1.0);
    ~StreamGraphChart();
    StreamGraphChart(const StreamGraphChart &) = delete;
    StreamGraphChart &operator=(const StreamGraphChart &) = delete;

    void render(QPainter *painter, const QRectF &target);
    // Thins the series again for a plot COLUMNS pixels wide and ROWS high (the constructor's:
    // wider than any PNG export), for a chart that is drawn smaller (reports).
    void thinTo(int columns, int rows);
    // "Time-sequence (tcptrace): 10.0.0.1:4711 -> 10.0.0.2:80".
    QString title() const { return m_plot->title(); }
    QChart *qchart() const { return m_chart; }
    const StreamGraphPlot &plot() const { return *m_plot; }

    // The names --graph takes: tcptrace, inflight, rtt, throughput.
    static std::optional<StreamGraphKind> kindFromName(const QString &name);
    static QStringList kindNames();

private:
    // ChartRenderer draws a chart through its scene; the scene owns the chart.
    std::unique_ptr<QGraphicsScene> m_scene;
    QChart *m_chart;
    std::unique_ptr<StreamGraphPlot> m_plot;
};

} // namespace tcptune

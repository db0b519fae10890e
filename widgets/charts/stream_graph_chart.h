#pragma once
// StreamGraphChart: one of the TCP stream graphs of a flow (capture/stream_graph.h) as a chart
// that ChartRenderer draws into PNG, SVG or PDF: the time-sequence graph as tcptrace draws it
// (segments, ACK line, receive window, SACK blocks, marks), bytes in flight, RTT per
// acknowledged segment, or throughput over an averaging window. Long series are thinned to
// their minimum and maximum per pixel column, so a drawing costs the same for any capture.

#include "capture/stream_graph.h"

#include <QColor>
#include <QCoreApplication>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <span>

class QChart;
class QGraphicsScene;
class QPainter;
class QXYSeries;

namespace tcptune {

enum class StreamGraphKind { TimeSequence, BytesInFlight, Rtt, Throughput };

class StreamGraphChart final {
    Q_DECLARE_TR_FUNCTIONS(StreamGraphChart)
public:
    // WINDOW_S: the throughput graph's averaging window in seconds.
    StreamGraphChart(const StreamGraph &graph, StreamGraphKind kind, double windowS = 1.0);
    ~StreamGraphChart();
    StreamGraphChart(const StreamGraphChart &) = delete;
    StreamGraphChart &operator=(const StreamGraphChart &) = delete;

    void render(QPainter *painter, const QRectF &target);
    // "Time-sequence (tcptrace): 10.0.0.1:4711 -> 10.0.0.2:80".
    QString title() const { return m_title; }
    QChart *qchart() const { return m_chart; }

    // The names --graph takes: tcptrace, inflight, rtt, throughput.
    static std::optional<StreamGraphKind> kindFromName(const QString &name);
    static QStringList kindNames();

private:
    void addTimeSequence(const StreamGraph &graph);
    void addBytesInFlight(const StreamGraph &graph);
    void addRtt(const StreamGraph &graph);
    void addThroughput(const StreamGraph &graph, double windowS);
    void addLine(const QString &name, std::span<const double> x, std::span<const double> y, const QColor &color);
    void addPoints(const QString &name, std::span<const double> x, std::span<const double> y, const QColor &color,
                   double size);
    void addSeries(QXYSeries *series, const QString &name, std::span<const double> x, std::span<const double> y,
                   const QColor &color);
    void setAxes(const QString &yTitle);

    // ChartRenderer draws a chart through its scene; the scene owns the chart.
    std::unique_ptr<QGraphicsScene> m_scene;
    QChart *m_chart;
    QString m_title;
    double m_xMin = 0;
    double m_xMax = 0;
    double m_yMin = 0;
    double m_yMax = 0;
    bool m_empty = true;
};

} // namespace tcptune

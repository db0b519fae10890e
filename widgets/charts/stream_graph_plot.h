#pragma once
// StreamGraphPlot: one TCP stream graph of a flow (capture/stream_graph.h) drawn on a QChart, the
// one renderer of the export (StreamGraphChart) and the interactive view (StreamGraphChartView):
// the time-sequence graph as tcptrace draws it (segments as bars from seq to seq + len, the ACK
// line, the receive window, SACK blocks as bars, the analyser's marks), bytes in flight, RTT per
// acknowledged segment, or throughput over an averaging window. The bytes in flight graph of a
// capture a stored run recorded also draws the run's TCP_INFO (StreamGraph::tcp_info) as lines:
// snd_cwnd × MSS and unacked × MSS; every graph of such a capture shades the spans a limiter held
// the run's sender back (TcpInfoOverlay::limiter_spans), light behind the segments, with a legend
// entry per limiter. It keeps the full arrays and
// refills the series from them for the range the axes show, min/max per pixel column, so a
// zoomed graph shows every segment and a whole one costs what its width costs.

#include "capture/stream_graph.h"

#include <QColor>
#include <QCoreApplication>
#include <QPointF>
#include <QString>

#include <optional>
#include <span>
#include <vector>

class QCategoryAxis;
class QChart;
class QXYSeries;

namespace tcptune {

enum class StreamGraphKind { TimeSequence, BytesInFlight, Rtt, Throughput };

namespace charts {
class IntervalBars;
class TimeShading;
} // namespace charts

// A range of a graph's values.
struct GraphRange {
    double xMin = 0;
    double xMax = 1;
    double yMin = 0;
    double yMax = 1;
};

class StreamGraphPlot final {
    Q_DECLARE_TR_FUNCTIONS(StreamGraphPlot)
public:
    // Adds the series, bars and axes of KIND to CHART (which owns them); WINDOW_S: the throughput
    // graph's averaging window in seconds.
    StreamGraphPlot(QChart *chart, const StreamGraph &graph, StreamGraphKind kind, double windowS = 1.0);
    ~StreamGraphPlot();
    StreamGraphPlot(const StreamGraphPlot &) = delete;
    StreamGraphPlot &operator=(const StreamGraphPlot &) = delete;

    // "Time-sequence (tcptrace): 10.0.0.1:4711 -> 10.0.0.2:80".
    QString title() const { return m_title; }
    StreamGraphKind kind() const { return m_kind; }
    QCategoryAxis *xAxis() const { return m_xAxis; }
    QCategoryAxis *yAxis() const { return m_yAxis; }

    // Everything the graph holds, y from 0 (or below, where values are negative).
    GraphRange fullRange() const;
    // Puts RANGE on the axes: widened to round ends (the whole graph), or EXACT (a zoom) with the
    // round values inside it as ticks.
    void showRange(const GraphRange &range, bool exact);
    // Refills every series and bar from the full arrays for the axes' present range, on a plot
    // COLUMNS pixels wide and ROWS high.
    void refill(int columns, int rows);

    // The segment (index into the graph's segments) drawn nearest to CHART_POINT (the chart's
    // coordinates), no farther than TOLERANCE_PX; none in the RTT graph, whose points are ACKs.
    std::optional<std::size_t> segmentAt(QPointF chartPoint, double tolerancePx) const;
    // The value at a point of the plot as the crosshair shows it: "12.345678 s, seq 1,234,567 B".
    QString valueText(QPointF value) const;
    // Points in the series and bars drawn after the last refill (tests).
    qsizetype shownPoints() const;
    // Segment bars drawn after the last refill: each visible segment alone once few are visible,
    // fewer (merged) when they crowd; 0 outside the time-sequence graph (tests).
    std::size_t shownSegmentBars() const;
    // The spans shaded by the limiter that held the sender back; null without any (tests).
    const charts::TimeShading *limiterShading() const { return m_shading; }
    // The shade of LIMITER's spans: its colour of the limiter chart, light and translucent.
    static QColor limiterShade(SpanLimiter limiter);

private:
    struct Layer {
        QXYSeries *series;
        std::vector<double> x;
        std::vector<double> y;
        bool sorted;
    };
    // What a click can hit: each segment's x and its extent in y.
    struct Targets {
        std::vector<double> x;
        std::vector<double> lo;
        std::vector<double> hi;
        std::vector<std::size_t> segment;
    };
    void addTimeSequence(const StreamGraph &graph);
    void addTimeSequenceMarks(const StreamGraph &graph, const std::vector<double> &tops,
                              const std::vector<double> &acks);
    void addBytesInFlight(const StreamGraph &graph);
    void addTcpInfo(const TcpInfoOverlay &overlay);
    void addLimiterShading(const std::vector<LimiterSpan> &spans);
    void addRtt(const StreamGraph &graph);
    void addThroughput(const StreamGraph &graph, double windowS);
    void addLine(const QString &name, std::vector<double> x, std::vector<double> y, const QColor &color);
    void addPoints(const QString &name, std::vector<double> x, std::vector<double> y, const QColor &color, double size);
    void addLayer(QXYSeries *series, const QString &name, std::vector<double> x, std::vector<double> y,
                  const QColor &color);
    void addBars(const QString &name, std::vector<double> x, std::vector<double> lo, std::vector<double> hi,
                 const QColor &color);
    void attachAxes();

    QChart *m_chart;
    StreamGraphKind m_kind;
    QString m_title;
    QString m_yFormat; // %1: the y value
    QCategoryAxis *m_xAxis;
    QCategoryAxis *m_yAxis;
    std::vector<Layer> m_layers;
    std::vector<charts::IntervalBars *> m_bars;
    charts::TimeShading *m_shading = nullptr;
    Targets m_targets;
    GraphRange m_full;
    bool m_empty = true;
};

} // namespace tcptune

#include "charts/stream_graph_plot.h"

#include "charts/chart_axis.h"
#include "charts/interval_bars.h"
#include "charts/limiter_colours.h"
#include "charts/min_max_decimator.h"
#include "charts/time_shading.h"

#include <QCategoryAxis>
#include <QChart>
#include <QLineSeries>
#include <QLocale>
#include <QPen>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>

namespace tcptune {
namespace {

const QColor kSegmentColor(0x1f, 0x77, 0xb4);
const QColor kSackColor(0x94, 0x67, 0xbd);
// The run's TCP_INFO over the capture's bytes in flight: set apart from the blue of the capture.
const QColor kCwndColor(0xd6, 0x27, 0x28);
const QColor kUnackedColor(0xff, 0x7f, 0x0e);

// Scatter points thinned only beyond this many per column of the plot: thinning a cloud to its
// minimum and maximum per column hides its middle, which a line does not have.
constexpr int kScatterColumns = 4096;

std::vector<double> asDouble(const std::vector<std::uint32_t> &values)
{
    return {values.begin(), values.end()};
}

// The points (X[i], Y[i]) whose MARKS carry MARK.
void marked(std::span<const double> x, std::span<const double> y, const std::vector<std::uint8_t> &marks,
            std::uint8_t mark, std::vector<double> &outX, std::vector<double> &outY)
{
    for (std::size_t i = 0; i < marks.size(); ++i) {
        if (marks[i] & mark) {
            outX.push_back(x[i]);
            outY.push_back(y[i]);
        }
    }
}

void widen(GraphRange &range, bool &empty, double x, double y)
{
    range.xMin = empty ? x : std::min(range.xMin, x);
    range.xMax = empty ? x : std::max(range.xMax, x);
    range.yMin = empty ? y : std::min(range.yMin, y);
    range.yMax = empty ? y : std::max(range.yMax, y);
    empty = false;
}

} // namespace

StreamGraphPlot::StreamGraphPlot(QChart *chart, const StreamGraph &graph, StreamGraphKind kind, double windowS)
    : m_chart(chart)
    , m_kind(kind)
    , m_xAxis(new QCategoryAxis)
    , m_yAxis(new QCategoryAxis)
{
    const bool c2s = graph.direction == StreamDirection::ClientToServer;
    const QString from = (c2s ? graph.flow.client : graph.flow.server).toString();
    const QString to = (c2s ? graph.flow.server : graph.flow.client).toString();
    m_xAxis->setTitleText(tr("Time (s)"));
    for (QCategoryAxis *axis : {m_xAxis, m_yAxis})
        axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_chart->addAxis(m_xAxis, Qt::AlignBottom);
    m_chart->addAxis(m_yAxis, Qt::AlignLeft);
    switch (kind) {
    case StreamGraphKind::TimeSequence:
        m_title = tr("Time-sequence (tcptrace): %1 -> %2").arg(from, to);
        m_yAxis->setTitleText(tr("Sequence number (B)"));
        m_yFormat = tr("seq %1 B");
        addTimeSequence(graph);
        break;
    case StreamGraphKind::BytesInFlight:
        m_title = tr("Bytes in flight: %1 -> %2").arg(from, to);
        m_yAxis->setTitleText(tr("Bytes in flight (B)"));
        m_yFormat = tr("%1 B in flight");
        addBytesInFlight(graph);
        break;
    case StreamGraphKind::Rtt:
        m_title = tr("RTT per acknowledged segment: %1 -> %2").arg(from, to);
        m_yAxis->setTitleText(tr("RTT (ms)"));
        m_yFormat = tr("RTT %1 ms");
        addRtt(graph);
        break;
    case StreamGraphKind::Throughput:
        m_title = tr("Throughput, %1 s average: %2 -> %3").arg(windowS).arg(from, to);
        m_yAxis->setTitleText(tr("Throughput (Mbit/s)"));
        m_yFormat = tr("%1 Mbit/s");
        addThroughput(graph, windowS);
        break;
    }
    if (graph.tcp_info)
        addLimiterShading(graph.tcp_info->limiter_spans);
    attachAxes();
}

StreamGraphPlot::~StreamGraphPlot() = default;

void StreamGraphPlot::addTimeSequence(const StreamGraph &graph)
{
    const StreamSegments &s = graph.segments;
    std::vector<double> tops(s.size());
    for (std::size_t i = 0; i < s.size(); ++i)
        tops[i] = double(s.seq[i]) + double(s.len[i]);
    m_targets.x = s.time_s;
    m_targets.lo = asDouble(s.seq);
    m_targets.hi = tops;
    m_targets.segment.resize(s.size());
    for (std::size_t i = 0; i < s.size(); ++i)
        m_targets.segment[i] = i;
    addBars(tr("Segments"), s.time_s, asDouble(s.seq), tops, kSegmentColor);
    const std::vector<double> acks = asDouble(graph.acks.ack);
    addLine(tr("ACK"), graph.acks.time_s, acks, QColor(0x2c, 0xa0, 0x2c));
    addLine(tr("Receive window"), graph.acks.time_s, asDouble(graph.acks.window_edge), QColor(0x8c, 0x8c, 0x00));
    if (graph.sacks.size() > 0)
        addBars(tr("SACK blocks"), graph.sacks.time_s, asDouble(graph.sacks.left), asDouble(graph.sacks.right),
                kSackColor);
    addTimeSequenceMarks(graph, tops, acks);
}

void StreamGraphPlot::addTimeSequenceMarks(const StreamGraph &graph, const std::vector<double> &tops,
                                           const std::vector<double> &acks)
{
    const struct {
        QString name;
        std::uint8_t mark;
        bool onAcks;
        QColor color;
        double size;
    } marks[] = {
        // The ACKs' marks first: a retransmission often sits at the duplicate ACKs' height, and
        // the series added last is drawn on top.
        {tr("Duplicate ACKs"), streammark::DupAck, true, QColor(0xe3, 0x77, 0xc2), 6},
        {tr("Zero window"), streammark::ZeroWindow, true, QColor(0x17, 0x17, 0x17), 8},
        {tr("Window full"), streammark::WindowFull, false, QColor(0xff, 0x7f, 0x0e), 8},
        {tr("Retransmissions"), streammark::Retransmission, false, QColor(0xd6, 0x27, 0x28), 9},
    };
    for (const auto &m : marks) {
        std::vector<double> x;
        std::vector<double> y;
        if (m.onAcks)
            marked(graph.acks.time_s, acks, graph.acks.marks, m.mark, x, y);
        else
            marked(graph.segments.time_s, tops, graph.segments.marks, m.mark, x, y);
        if (!x.empty())
            addPoints(m.name, std::move(x), std::move(y), m.color, m.size);
    }
}

void StreamGraphPlot::addBytesInFlight(const StreamGraph &graph)
{
    const StreamSegments &s = graph.segments;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!(s.marks[i] & streammark::BytesInFlight))
            continue;
        m_targets.x.push_back(s.time_s[i]);
        m_targets.lo.push_back(double(s.bytes_in_flight[i]));
        m_targets.segment.push_back(i);
    }
    m_targets.hi = m_targets.lo;
    addLine(tr("Bytes in flight"), m_targets.x, m_targets.lo, kSegmentColor);
    if (graph.tcp_info)
        addTcpInfo(*graph.tcp_info);
}

// What the sender's kernel said beside what the capture saw: its window and its unacknowledged
// segments, in bytes, on the capture's time (drawn on top of the capture's line).
void StreamGraphPlot::addTcpInfo(const TcpInfoOverlay &overlay)
{
    const QString mss = QLocale().toString(overlay.mss);
    addLine(tr("TCP_INFO snd_cwnd × MSS (%1 B)").arg(mss), overlay.time_s, overlay.cwnd_bytes, kCwndColor);
    addLine(tr("TCP_INFO unacked × MSS (%1 B)").arg(mss), overlay.time_s, overlay.unacked_bytes, kUnackedColor);
}

QColor StreamGraphPlot::limiterShade(SpanLimiter limiter)
{
    const charts::LimiterPart part = limiter == SpanLimiter::ReceiveWindow ? charts::LimiterPart::ReceiveWindow
                                     : limiter == SpanLimiter::SendBuffer  ? charts::LimiterPart::SendBuffer
                                                                           : charts::LimiterPart::CongestionWindow;
    QColor shade = charts::limiterColour(part);
    shade.setAlpha(56);
    return shade;
}

// The cause behind the segments: each span in its limiter's shade, and a legend entry for each
// limiter shown (a series of no points in its shade, as the bars' entries).
void StreamGraphPlot::addLimiterShading(const std::vector<LimiterSpan> &spans)
{
    if (spans.empty())
        return;
    // Short, as the verdict and limiter_breakdown.h name them: the legend row is full already.
    const std::pair<SpanLimiter, QString> names[] = {
        {SpanLimiter::ReceiveWindow, tr("rwnd-limited")},
        {SpanLimiter::SendBuffer, tr("sndbuf-limited")},
        {SpanLimiter::CongestionWindow, tr("cwnd-limited")},
    };
    for (const auto &[limiter, name] : names) {
        const bool shown = std::any_of(spans.begin(), spans.end(),
                                       [limiter = limiter](const LimiterSpan &s) { return s.limiter == limiter; });
        if (!shown)
            continue;
        auto *legendEntry = new QLineSeries;
        legendEntry->setName(name);
        legendEntry->setPen(QPen(limiterShade(limiter), 2));
        m_chart->addSeries(legendEntry);
    }
    std::vector<charts::TimeShading::Span> shaded;
    shaded.reserve(spans.size());
    for (const LimiterSpan &s : spans)
        shaded.push_back({s.t0_s, s.t1_s, limiterShade(s.limiter)});
    m_shading = new charts::TimeShading(m_chart, m_xAxis, std::move(shaded));
}

void StreamGraphPlot::addRtt(const StreamGraph &graph)
{
    std::vector<double> ms(graph.rtts.rtt_s.size());
    std::transform(graph.rtts.rtt_s.begin(), graph.rtts.rtt_s.end(), ms.begin(), [](double s) { return s * 1e3; });
    addPoints(tr("RTT"), graph.rtts.time_s, std::move(ms), kSegmentColor, 4);
}

void StreamGraphPlot::addThroughput(const StreamGraph &graph, double windowS)
{
    ThroughputSeries t = streamThroughput(graph.segments, windowS);
    for (double &v : t.bits_per_s)
        v /= 1e6;
    m_targets.x = t.time_s;
    m_targets.lo = t.bits_per_s;
    m_targets.hi = t.bits_per_s;
    m_targets.segment.resize(t.time_s.size());
    for (std::size_t i = 0; i < t.time_s.size(); ++i)
        m_targets.segment[i] = i;
    addLine(tr("Throughput"), std::move(t.time_s), std::move(t.bits_per_s), kSegmentColor);
}

void StreamGraphPlot::addLine(const QString &name, std::vector<double> x, std::vector<double> y, const QColor &color)
{
    addLayer(new QLineSeries, name, std::move(x), std::move(y), color);
}

void StreamGraphPlot::addPoints(const QString &name, std::vector<double> x, std::vector<double> y, const QColor &color,
                                double size)
{
    auto *scatter = new QScatterSeries;
    scatter->setBorderColor(color);
    scatter->setMarkerSize(size);
    addLayer(scatter, name, std::move(x), std::move(y), color);
}

void StreamGraphPlot::addLayer(QXYSeries *series, const QString &name, std::vector<double> x, std::vector<double> y,
                               const QColor &color)
{
    series->setName(name);
    series->setColor(color);
    m_chart->addSeries(series);
    for (std::size_t i = 0; i < x.size(); ++i)
        widen(m_full, m_empty, x[i], y[i]);
    const bool sorted = std::is_sorted(x.begin(), x.end());
    m_layers.push_back({series, std::move(x), std::move(y), sorted});
}

// Bars are a graphics item, not a series: the legend names them through a series of no points in
// their colour (QtCharts' legend lists series only).
void StreamGraphPlot::addBars(const QString &name, std::vector<double> x, std::vector<double> lo,
                              std::vector<double> hi, const QColor &color)
{
    for (std::size_t i = 0; i < x.size(); ++i) {
        widen(m_full, m_empty, x[i], lo[i]);
        widen(m_full, m_empty, x[i], hi[i]);
    }
    auto *legendEntry = new QLineSeries;
    legendEntry->setName(name);
    legendEntry->setPen(QPen(color, 2));
    m_chart->addSeries(legendEntry);
    m_bars.push_back(new charts::IntervalBars(m_chart, m_xAxis, m_yAxis, std::move(x), std::move(lo), std::move(hi),
                                              QPen(color, 1)));
}

void StreamGraphPlot::attachAxes()
{
    for (QAbstractSeries *series : m_chart->series()) {
        series->attachAxis(m_xAxis);
        series->attachAxis(m_yAxis);
    }
    QObject::connect(m_chart, &QChart::plotAreaChanged, m_chart, [bars = m_bars, shading = m_shading] {
        for (charts::IntervalBars *b : bars)
            b->plotAreaChanged();
        if (shading)
            shading->plotAreaChanged();
    });
}

GraphRange StreamGraphPlot::fullRange() const
{
    GraphRange r = m_full;
    if (m_empty)
        return GraphRange{};
    r.yMin = std::min(0.0, r.yMin);
    if (r.xMax <= r.xMin)
        r.xMax = r.xMin + 1;
    if (r.yMax <= r.yMin)
        r.yMax = r.yMin + 1;
    return r;
}

void StreamGraphPlot::showRange(const GraphRange &range, bool exact)
{
    setRoundTicks(m_xAxis, range.xMin, range.xMax, 5, exact);
    setRoundTicks(m_yAxis, range.yMin, exact ? range.yMax : range.yMax * 1.02, 5, exact);
}

void StreamGraphPlot::refill(int columns, int rows)
{
    const double xMin = m_xAxis->min();
    const double xMax = m_xAxis->max();
    columns = std::max(columns, 1);
    for (Layer &layer : m_layers) {
        const bool scatter = layer.series->type() == QAbstractSeries::SeriesTypeScatter;
        if (layer.sorted) {
            layer.series->replace(
                charts::decimateMinMax(layer.x, layer.y, xMin, xMax, scatter ? kScatterColumns : columns));
            continue;
        }
        // Time running backwards (a broken capture): every point, as the file holds them.
        QList<QPointF> points;
        points.reserve(qsizetype(layer.x.size()));
        for (std::size_t i = 0; i < layer.x.size(); ++i)
            points.append(QPointF(layer.x[i], layer.y[i]));
        layer.series->replace(points);
    }
    const double yPerPixel = (m_yAxis->max() - m_yAxis->min()) / double(std::max(rows, 1));
    for (charts::IntervalBars *bars : m_bars)
        bars->rebuild(xMin, xMax, columns, yPerPixel);
    if (m_shading)
        m_shading->update(); // the axes moved under it
}

std::optional<std::size_t> StreamGraphPlot::segmentAt(QPointF chartPoint, double tolerancePx) const
{
    const QRectF area = m_chart->plotArea();
    const double xSpan = m_xAxis->max() - m_xAxis->min();
    const double ySpan = m_yAxis->max() - m_yAxis->min();
    if (m_targets.x.empty() || area.isEmpty() || !(xSpan > 0) || !(ySpan > 0))
        return std::nullopt;
    const auto px = [&](double x) { return area.left() + (x - m_xAxis->min()) / xSpan * area.width(); };
    const auto py = [&](double y) { return area.bottom() - (y - m_yAxis->min()) / ySpan * area.height(); };
    const double x = m_xAxis->min() + (chartPoint.x() - area.left()) / area.width() * xSpan;
    const double reach = tolerancePx / area.width() * xSpan;
    const auto &xs = m_targets.x;
    // Times of a broken capture may run backwards: then every segment is a candidate.
    const bool sorted = std::is_sorted(xs.begin(), xs.end());
    const auto begin = sorted ? std::size_t(std::lower_bound(xs.begin(), xs.end(), x - reach) - xs.begin()) : 0;
    const auto end = sorted ? std::size_t(std::upper_bound(xs.begin(), xs.end(), x + reach) - xs.begin()) : xs.size();
    std::optional<std::size_t> best;
    double bestDistance = tolerancePx;
    double bestDx = HUGE_VAL;
    for (std::size_t i = begin; i < end; ++i) {
        const double dx = std::abs(px(xs[i]) - chartPoint.x());
        const double top = py(m_targets.hi[i]);
        const double bottom = py(m_targets.lo[i]);
        const double dy = std::max({0.0, top - chartPoint.y(), chartPoint.y() - bottom});
        const double distance = std::hypot(dx, dy);
        // Inside several bars: the one nearest in time.
        if (distance < bestDistance || (distance == bestDistance && best && dx < bestDx)) {
            bestDistance = distance;
            bestDx = dx;
            best = m_targets.segment[i];
        }
    }
    return best;
}

QString StreamGraphPlot::valueText(QPointF value) const
{
    const QLocale locale;
    const int decimals = m_kind == StreamGraphKind::TimeSequence || m_kind == StreamGraphKind::BytesInFlight ? 0 : 3;
    return tr("%1 s, %2")
        .arg(locale.toString(value.x(), 'f', 6), m_yFormat.arg(locale.toString(value.y(), 'f', decimals)));
}

std::size_t StreamGraphPlot::shownSegmentBars() const
{
    // The segments' bars are the first the time-sequence graph adds.
    return m_kind == StreamGraphKind::TimeSequence && !m_bars.empty() ? m_bars.front()->shownBars() : 0;
}

qsizetype StreamGraphPlot::shownPoints() const
{
    qsizetype n = 0;
    for (const Layer &layer : m_layers)
        n += layer.series->count();
    for (const charts::IntervalBars *bars : m_bars)
        n += qsizetype(bars->shownBars());
    return n;
}

} // namespace tcptune

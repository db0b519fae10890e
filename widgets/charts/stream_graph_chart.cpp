#include "charts/stream_graph_chart.h"

#include "charts/chart_axis.h"
#include "charts/chart_renderer.h"
#include "charts/min_max_decimator.h"

#include <QCategoryAxis>
#include <QChart>
#include <QGraphicsScene>
#include <QLineSeries>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>

namespace tcptune {
namespace {

// Pixel columns the long series are thinned to: wider than any export (a 4K PNG has 3840).
constexpr int kColumns = 4096;

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

QList<QPointF> thinned(std::span<const double> x, std::span<const double> y, std::size_t keepBelow)
{
    if (x.size() > keepBelow && std::is_sorted(x.begin(), x.end()))
        return charts::decimateMinMax(x, y, x.front(), x.back(), kColumns);
    QList<QPointF> points;
    points.reserve(qsizetype(x.size()));
    for (std::size_t i = 0; i < x.size(); ++i)
        points.append(QPointF(x[i], y[i]));
    return points;
}

} // namespace

StreamGraphChart::StreamGraphChart(const StreamGraph &graph, StreamGraphKind kind, double windowS)
    : m_scene(std::make_unique<QGraphicsScene>())
    , m_chart(new QChart)
{
    m_scene->addItem(m_chart);
    const bool c2s = graph.direction == StreamDirection::ClientToServer;
    const QString from = (c2s ? graph.flow.client : graph.flow.server).toString();
    const QString to = (c2s ? graph.flow.server : graph.flow.client).toString();
    switch (kind) {
    case StreamGraphKind::TimeSequence:
        m_title = tr("Time-sequence (tcptrace): %1 -> %2").arg(from, to);
        addTimeSequence(graph);
        setAxes(tr("Sequence number (B)"));
        break;
    case StreamGraphKind::BytesInFlight:
        m_title = tr("Bytes in flight: %1 -> %2").arg(from, to);
        addBytesInFlight(graph);
        setAxes(tr("Bytes in flight (B)"));
        break;
    case StreamGraphKind::Rtt:
        m_title = tr("RTT per acknowledged segment: %1 -> %2").arg(from, to);
        addRtt(graph);
        setAxes(tr("RTT (ms)"));
        break;
    case StreamGraphKind::Throughput:
        m_title = tr("Throughput, %1 s average: %2 -> %3").arg(windowS).arg(from, to);
        addThroughput(graph, windowS);
        setAxes(tr("Throughput (Mbit/s)"));
        break;
    }
    m_chart->setTitle(m_title);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
}

StreamGraphChart::~StreamGraphChart() = default;

void StreamGraphChart::addTimeSequence(const StreamGraph &graph)
{
    const StreamSegments &s = graph.segments;
    std::vector<double> tops(s.size());
    for (std::size_t i = 0; i < s.size(); ++i)
        tops[i] = double(s.seq[i]) + double(s.len[i]);
    addPoints(tr("Segments"), s.time_s, tops, QColor(0x1f, 0x77, 0xb4), 3);
    const std::vector<double> acks = asDouble(graph.acks.ack);
    addLine(tr("ACK"), graph.acks.time_s, acks, QColor(0x2c, 0xa0, 0x2c));
    addLine(tr("Receive window"), graph.acks.time_s, asDouble(graph.acks.window_edge), QColor(0x8c, 0x8c, 0x00));
    std::vector<double> sackX = graph.sacks.time_s;
    std::vector<double> sackY = asDouble(graph.sacks.right);
    addPoints(tr("SACK blocks"), sackX, sackY, QColor(0x94, 0x67, 0xbd), 5);
    const struct {
        QString name;
        std::uint8_t mark;
        bool onAcks;
        QColor color;
    } marks[] = {
        {tr("Retransmissions"), streammark::Retransmission, false, QColor(0xd6, 0x27, 0x28)},
        {tr("Window full"), streammark::WindowFull, false, QColor(0xff, 0x7f, 0x0e)},
        {tr("Duplicate ACKs"), streammark::DupAck, true, QColor(0xe3, 0x77, 0xc2)},
        {tr("Zero window"), streammark::ZeroWindow, true, QColor(0x17, 0x17, 0x17)},
    };
    for (const auto &m : marks) {
        std::vector<double> x;
        std::vector<double> y;
        if (m.onAcks)
            marked(graph.acks.time_s, acks, graph.acks.marks, m.mark, x, y);
        else
            marked(s.time_s, tops, s.marks, m.mark, x, y);
        if (!x.empty())
            addPoints(m.name, x, y, m.color, 8);
    }
}

void StreamGraphChart::addBytesInFlight(const StreamGraph &graph)
{
    const StreamSegments &s = graph.segments;
    std::vector<double> x;
    std::vector<double> y;
    marked(s.time_s, asDouble(s.bytes_in_flight), s.marks, streammark::BytesInFlight, x, y);
    addLine(tr("Bytes in flight"), x, y, QColor(0x1f, 0x77, 0xb4));
}

void StreamGraphChart::addRtt(const StreamGraph &graph)
{
    std::vector<double> ms(graph.rtts.rtt_s.size());
    std::transform(graph.rtts.rtt_s.begin(), graph.rtts.rtt_s.end(), ms.begin(), [](double s) { return s * 1e3; });
    addPoints(tr("RTT"), graph.rtts.time_s, ms, QColor(0x1f, 0x77, 0xb4), 4);
}

void StreamGraphChart::addThroughput(const StreamGraph &graph, double windowS)
{
    ThroughputSeries t = streamThroughput(graph.segments, windowS);
    for (double &v : t.bits_per_s)
        v /= 1e6;
    addLine(tr("Throughput"), t.time_s, t.bits_per_s, QColor(0x1f, 0x77, 0xb4));
}

void StreamGraphChart::addLine(const QString &name, std::span<const double> x, std::span<const double> y,
                               const QColor &color)
{
    addSeries(new QLineSeries, name, x, y, color);
}

void StreamGraphChart::addPoints(const QString &name, std::span<const double> x, std::span<const double> y,
                                 const QColor &color, double size)
{
    auto *scatter = new QScatterSeries;
    scatter->setBorderColor(color);
    scatter->setMarkerSize(size);
    addSeries(scatter, name, x, y, color);
}

void StreamGraphChart::addSeries(QXYSeries *series, const QString &name, std::span<const double> x,
                                 std::span<const double> y, const QColor &color)
{
    series->setName(name);
    series->setColor(color);
    series->replace(thinned(x, y, 2 * kColumns));
    m_chart->addSeries(series);
    for (const QPointF &p : series->points()) {
        m_xMin = m_empty ? p.x() : std::min(m_xMin, p.x());
        m_xMax = m_empty ? p.x() : std::max(m_xMax, p.x());
        m_yMin = m_empty ? p.y() : std::min(m_yMin, p.y());
        m_yMax = m_empty ? p.y() : std::max(m_yMax, p.y());
        m_empty = false;
    }
}

void StreamGraphChart::setAxes(const QString &yTitle)
{
    auto *x = new QCategoryAxis;
    auto *y = new QCategoryAxis;
    x->setTitleText(tr("Time (s)"));
    y->setTitleText(yTitle);
    for (QCategoryAxis *axis : {x, y}) {
        axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    }
    m_chart->addAxis(x, Qt::AlignBottom);
    m_chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries *series : m_chart->series()) {
        series->attachAxis(x);
        series->attachAxis(y);
    }
    const double xMax = m_empty || m_xMax <= m_xMin ? m_xMin + 1 : m_xMax;
    const double yMax = m_empty || m_yMax <= m_yMin ? m_yMin + 1 : m_yMax;
    setRoundTicks(x, m_empty ? 0 : m_xMin, xMax, 5);
    setRoundTicks(y, m_empty ? 0 : std::min(0.0, m_yMin), yMax * 1.02, 5);
}

void StreamGraphChart::render(QPainter *painter, const QRectF &target)
{
    ChartRenderer::paintChart(m_chart, painter, target);
}

std::optional<StreamGraphKind> StreamGraphChart::kindFromName(const QString &name)
{
    const QStringList names = kindNames();
    const qsizetype index = names.indexOf(name.toLower());
    if (index < 0)
        return std::nullopt;
    return StreamGraphKind(index);
}

QStringList StreamGraphChart::kindNames()
{
    // In the order of StreamGraphKind.
    return {QStringLiteral("tcptrace"), QStringLiteral("inflight"), QStringLiteral("rtt"),
            QStringLiteral("throughput")};
}

} // namespace tcptune

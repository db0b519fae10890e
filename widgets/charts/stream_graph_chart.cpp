#include "charts/stream_graph_chart.h"

#include "charts/chart_renderer.h"

#include <QChart>
#include <QGraphicsScene>

namespace tcptune {
namespace {

// Pixel columns the long series are thinned to: wider than any export (a 4K PNG has 3840).
constexpr int kColumns = 4096;

} // namespace

StreamGraphChart::StreamGraphChart(const StreamGraph &graph, StreamGraphKind kind, double windowS)
    : m_scene(std::make_unique<QGraphicsScene>())
    , m_chart(new QChart)
{
    m_scene->addItem(m_chart);
    m_plot = std::make_unique<StreamGraphPlot>(m_chart, graph, kind, windowS);
    m_plot->showRange(m_plot->fullRange(), false);
    m_plot->refill(kColumns, kColumns);
    m_chart->setTitle(m_plot->title());
    m_chart->legend()->setAlignment(Qt::AlignBottom);
}

StreamGraphChart::~StreamGraphChart() = default;

void StreamGraphChart::render(QPainter *painter, const QRectF &target)
{
    ChartRenderer::paintChart(m_chart, painter, target);
}

void StreamGraphChart::thinTo(int columns, int rows)
{
    m_plot->refill(columns, rows);
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

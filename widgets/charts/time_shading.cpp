#include "charts/time_shading.h"

#include <QChart>
#include <QPainter>
#include <QValueAxis>

#include <algorithm>

namespace tcptune::charts {

TimeShading::TimeShading(QChart *chart, QValueAxis *xAxis, std::vector<Span> spans)
    : QGraphicsItem(chart)
    , m_chart(chart)
    , m_xAxis(xAxis)
    , m_spans(std::move(spans))
{
    // Above the chart's background, below the grid (z 2 in QtCharts' presenter) and the series:
    // the cause is seen behind the segments, not over them.
    setZValue(1.5);
}

void TimeShading::plotAreaChanged()
{
    prepareGeometryChange();
    update();
}

QRectF TimeShading::boundingRect() const
{
    return m_chart->plotArea();
}

void TimeShading::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    const QRectF area = m_chart->plotArea();
    const double xSpan = m_xAxis->max() - m_xAxis->min();
    if (m_spans.empty() || !(xSpan > 0))
        return;
    painter->save();
    painter->setClipRect(area);
    painter->setPen(Qt::NoPen);
    const auto px = [&](double x) { return area.left() + (x - m_xAxis->min()) / xSpan * area.width(); };
    for (const Span &s : m_spans) {
        const double left = std::max(px(s.x0), area.left() - 1);
        const double right = std::min(px(s.x1), area.right() + 1);
        if (right > left)
            painter->fillRect(QRectF(left, area.top(), right - left, area.height()), s.colour);
    }
    painter->restore();
}

} // namespace tcptune::charts

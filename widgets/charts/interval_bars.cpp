#include "charts/interval_bars.h"

#include <QChart>
#include <QLineF>
#include <QList>
#include <QPainter>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tcptune::charts {
namespace {

// Bars of one pixel column kept apart at most; more merge into the nearest (a column holding
// a retransmission and new data keeps both, a column of noise does not grow without bound).
constexpr std::size_t kBarsPerColumn = 8;

} // namespace

IntervalBars::IntervalBars(QChart *chart, QValueAxis *xAxis, QValueAxis *yAxis, std::vector<double> x,
                           std::vector<double> lo, std::vector<double> hi, const QPen &pen)
    : QGraphicsItem(chart)
    , m_chart(chart)
    , m_xAxis(xAxis)
    , m_yAxis(yAxis)
    , m_x(std::move(x))
    , m_lo(std::move(lo))
    , m_hi(std::move(hi))
    , m_pen(pen)
{
    // Above the grid, below the series' lines and marks (QtCharts draws series at z 4 and up).
    setZValue(3.5);
    m_pen.setCosmetic(true);
}

void IntervalBars::mergeInto(std::vector<Bar> &column, const Bar &bar, double yTolerance) const
{
    Bar *nearest = nullptr;
    double nearestGap = HUGE_VAL;
    for (Bar &b : column) {
        const double gap = std::max({0.0, bar.lo - b.hi, b.lo - bar.hi});
        if (gap < nearestGap) {
            nearestGap = gap;
            nearest = &b;
        }
    }
    if (nearest && (nearestGap <= yTolerance || column.size() >= kBarsPerColumn)) {
        nearest->lo = std::min(nearest->lo, bar.lo);
        nearest->hi = std::max(nearest->hi, bar.hi);
        return;
    }
    column.push_back(bar);
}

void IntervalBars::rebuild(double xMin, double xMax, int columns, double yTolerance)
{
    m_shown.clear();
    const auto begin = std::size_t(std::lower_bound(m_x.begin(), m_x.end(), xMin) - m_x.begin());
    const auto end = std::size_t(std::upper_bound(m_x.begin(), m_x.end(), xMax) - m_x.begin());
    if (columns <= 0 || !(xMax > xMin) || begin >= end) {
        update();
        return;
    }
    // Few bars: each alone, none merged.
    m_endTicks = end - begin <= std::size_t(columns) / 4;
    const double width = (xMax - xMin) / double(columns);
    std::vector<Bar> column;
    int current = -1;
    for (std::size_t i = begin; i < end; ++i) {
        const int c = std::clamp(int((m_x[i] - xMin) / width), 0, columns - 1);
        if (c != current) {
            m_shown.insert(m_shown.end(), column.begin(), column.end());
            column.clear();
            current = c;
        }
        const Bar bar{m_x[i], m_lo[i], m_hi[i]};
        if (m_endTicks)
            column.push_back(bar);
        else
            mergeInto(column, bar, yTolerance);
    }
    m_shown.insert(m_shown.end(), column.begin(), column.end());
    update();
}

void IntervalBars::plotAreaChanged()
{
    prepareGeometryChange();
    update();
}

QRectF IntervalBars::boundingRect() const
{
    return m_chart->plotArea();
}

void IntervalBars::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    const QRectF area = m_chart->plotArea();
    const double xSpan = m_xAxis->max() - m_xAxis->min();
    const double ySpan = m_yAxis->max() - m_yAxis->min();
    if (m_shown.empty() || !(xSpan > 0) || !(ySpan > 0))
        return;
    painter->save();
    painter->setClipRect(area);
    painter->setPen(m_pen);
    const auto px = [&](double x) { return area.left() + (x - m_xAxis->min()) / xSpan * area.width(); };
    const auto py = [&](double y) { return area.bottom() - (y - m_yAxis->min()) / ySpan * area.height(); };
    QList<QLineF> lines;
    lines.reserve(qsizetype(m_shown.size()) * (m_endTicks ? 3 : 1));
    for (const Bar &b : m_shown) {
        const double x = px(b.x);
        const double top = py(b.hi);
        const double bottom = py(b.lo);
        // A bar shorter than a pixel still shows as one.
        lines.append(QLineF(x, bottom, x, std::min(top, bottom - 1)));
        if (m_endTicks && bottom - top >= 4) {
            lines.append(QLineF(x - 2, top, x + 2, top));
            lines.append(QLineF(x - 2, bottom, x + 2, bottom));
        }
    }
    painter->drawLines(lines);
    painter->restore();
}

} // namespace tcptune::charts

#include "charts/synced_chart_view.h"

#include "charts/crosshair_look.h"

#include <QBrush>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QMouseEvent>
#include <QPen>
#include <QValueAxis>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace tcptune {

SyncedChartView::SyncedChartView(QChart *chart, QValueAxis *timeAxis, QWidget *parent)
    : QChartView(chart, parent)
    , m_timeAxis(timeAxis)
    , m_line(new QGraphicsLineItem(chart))
    , m_labelBack(new QGraphicsRectItem(chart))
    , m_label(new QGraphicsSimpleTextItem(m_labelBack))
{
    setRenderHint(QPainter::Antialiasing, false);
    setMouseTracking(true);
    setRubberBand(QChartView::NoRubberBand);
    charts::styleCrosshairLine(m_line);
    charts::styleCrosshairLabel(m_labelBack);
    hideCrosshair();
}

double SyncedChartView::timeAt(double widgetX) const
{
    const QRectF area = chart()->plotArea();
    const QPointF scenePoint = mapToScene(QPoint(int(widgetX), 0));
    const QPointF chartPoint = chart()->mapFromScene(scenePoint);
    const double share = area.width() > 0 ? (chartPoint.x() - area.left()) / area.width() : 0.0;
    return m_timeAxis->min() + share * (m_timeAxis->max() - m_timeAxis->min());
}

void SyncedChartView::showCrosshair(double x, const QString &text)
{
    const QRectF area = chart()->plotArea();
    const double span = m_timeAxis->max() - m_timeAxis->min();
    if (span <= 0 || x < m_timeAxis->min() || x > m_timeAxis->max()) {
        hideCrosshair();
        return;
    }
    const double px = area.left() + (x - m_timeAxis->min()) / span * area.width();
    m_line->setLine(px, area.top(), px, area.bottom());
    const QSizeF back = charts::fitCrosshairLabel(m_labelBack, m_label, text);
    // Keep the label inside the plot: right of the line, or left of it near the right border,
    // and never past the left border (where a narrow plot has no room on either side).
    double left = px + 6;
    if (left + back.width() > area.right())
        left = px - 6 - back.width();
    left = std::max(left, area.left() + 2);
    m_labelBack->setPos(left, area.top() + 4);
    m_line->show();
    m_labelBack->show();
}

QRectF SyncedChartView::crosshairLabelRect() const
{
    return m_labelBack->isVisible() ? m_labelBack->mapRectToScene(m_labelBack->rect()) : QRectF();
}

void SyncedChartView::hideCrosshair()
{
    m_line->hide();
    m_labelBack->hide();
}

void SyncedChartView::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) {
        event->ignore();
        return;
    }
    Q_EMIT zoomRequested(std::pow(0.8, steps), timeAt(event->position().x()));
    event->accept();
}

void SyncedChartView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton &&
        chart()->plotArea().contains(chart()->mapFromScene(mapToScene(event->pos()))))
        m_dragFrom = timeAt(event->position().x());
    QChartView::mousePressEvent(event);
}

void SyncedChartView::mouseMoveEvent(QMouseEvent *event)
{
    const double t = timeAt(event->position().x());
    if (m_dragFrom && (event->buttons() & Qt::LeftButton)) {
        // Pan by the distance the pointer moved in time units; the axis moves under the pointer.
        Q_EMIT panRequested(*m_dragFrom - t);
    } else {
        Q_EMIT hovered(t);
    }
    QChartView::mouseMoveEvent(event);
}

void SyncedChartView::mouseReleaseEvent(QMouseEvent *event)
{
    m_dragFrom.reset();
    QChartView::mouseReleaseEvent(event);
}

void SyncedChartView::mouseDoubleClickEvent(QMouseEvent *event)
{
    Q_EMIT resetRequested();
    event->accept();
}

void SyncedChartView::leaveEvent(QEvent *event)
{
    Q_EMIT left();
    QChartView::leaveEvent(event);
}

void SyncedChartView::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    Q_EMIT resized();
}

} // namespace tcptune

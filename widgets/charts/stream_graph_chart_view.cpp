#include "charts/stream_graph_chart_view.h"

#include "charts/crosshair_look.h"

#include <QCategoryAxis>
#include <QChart>
#include <QGraphicsLayout>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPen>
#include <QRubberBand>
#include <QTimer>

#include <algorithm>

namespace tcptune {
namespace {

// A press and release closer than this (in pixels) is a click, not a rectangle to zoom into.
constexpr int kClickSlop = 4;
// How far from a segment's bar a click still picks it, in pixels.
constexpr double kPickTolerance = 8;
// One refill after a burst of range changes (a drag, a held arrow key): shorter than a frame
// apart to the eye, long enough to skip the intermediate ranges.
constexpr int kRefillDelayMs = 30;

} // namespace

StreamGraphChartView::StreamGraphChartView(QWidget *parent)
    : QChartView(parent)
    , m_refill(new QTimer(this))
{
    setObjectName(QStringLiteral("streamGraphChart"));
    setRenderHint(QPainter::Antialiasing, false);
    setMouseTracking(true);
    // The crosshair follows the pointer with no button held: the viewport gets the moves.
    viewport()->setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setRubberBand(QChartView::RectangleRubberBand);
    m_refill->setSingleShot(true);
    m_refill->setInterval(kRefillDelayMs);
    connect(m_refill, &QTimer::timeout, this, &StreamGraphChartView::refill);
    newChart();
}

StreamGraphChartView::~StreamGraphChartView()
{
    // The plot refers to the chart's series and axes: it goes first.
    m_plot.reset();
}

void StreamGraphChartView::newChart()
{
    m_plot.reset();
    QChart *old = chart();
    auto *fresh = new QChart;
    fresh->legend()->setAlignment(Qt::AlignBottom);
    setChart(fresh);
    delete old;
    m_vertical = new QGraphicsLineItem(fresh);
    m_horizontal = new QGraphicsLineItem(fresh);
    m_labelBack = new QGraphicsRectItem(fresh);
    m_label = new QGraphicsSimpleTextItem(m_labelBack);
    charts::styleCrosshairLine(m_vertical);
    charts::styleCrosshairLine(m_horizontal);
    charts::styleCrosshairLabel(m_labelBack);
    hideCrosshair();
}

void StreamGraphChartView::showGraph(const StreamGraph &graph, StreamGraphKind kind, double windowS)
{
    newChart();
    m_plot = std::make_unique<StreamGraphPlot>(chart(), graph, kind, windowS);
    chart()->setTitle(m_plot->title());
    for (QCategoryAxis *axis : {m_plot->xAxis(), m_plot->yAxis()})
        connect(axis, &QValueAxis::rangeChanged, m_refill, qOverload<>(&QTimer::start));
    resetZoom();
    // The title, legend and axes' labels take their room now, so the refill thins for the plot
    // area the graph has, not for the whole chart, and no label is drawn cut to "..." at first.
    chart()->layout()->activate();
    refill();
}

void StreamGraphChartView::clearGraph()
{
    newChart();
}

void StreamGraphChartView::resetZoom()
{
    if (!m_plot)
        return;
    m_plot->showRange(m_plot->fullRange(), false);
    refill();
}

bool StreamGraphChartView::refillPending() const
{
    return m_refill->isActive();
}

QString StreamGraphChartView::crosshairText() const
{
    return m_labelBack->isVisible() ? m_label->text() : QString();
}

// The visible range's series from the full arrays, and round ticks inside the range.
void StreamGraphChartView::refill()
{
    m_refill->stop();
    if (!m_plot)
        return;
    const QCategoryAxis *x = m_plot->xAxis();
    const QCategoryAxis *y = m_plot->yAxis();
    m_plot->showRange({x->min(), x->max(), y->min(), y->max()}, true);
    const QRectF area = chart()->plotArea();
    m_plot->refill(std::max(1, int(area.width())), std::max(1, int(area.height())));
    // showRange may have moved the axes again: that refill is done.
    m_refill->stop();
    // The values under a resting pointer changed with the range.
    if (m_labelBack->isVisible())
        showCrosshair(m_pointer);
}

QPointF StreamGraphChartView::chartPoint(const QPoint &position) const
{
    return chart()->mapFromScene(mapToScene(position));
}

void StreamGraphChartView::click(const QPoint &position)
{
    const auto segment = m_plot ? m_plot->segmentAt(chartPoint(position), kPickTolerance) : std::nullopt;
    if (segment)
        Q_EMIT segmentClicked(*segment);
    else
        Q_EMIT missed();
}

void StreamGraphChartView::showCrosshair(const QPoint &position)
{
    const QRectF area = chart()->plotArea();
    const QPointF p = chartPoint(position);
    if (!m_plot || !area.contains(p)) {
        hideCrosshair();
        return;
    }
    m_vertical->setLine(p.x(), area.top(), p.x(), area.bottom());
    m_horizontal->setLine(area.left(), p.y(), area.right(), p.y());
    const QSizeF back = charts::fitCrosshairLabel(m_labelBack, m_label, m_plot->valueText(chart()->mapToValue(p)));
    // Beside the pointer, turned to the other side near the plot's right and bottom borders.
    double left = p.x() + 12;
    if (left + back.width() > area.right())
        left = p.x() - 12 - back.width();
    double top = p.y() + 12;
    if (top + back.height() > area.bottom())
        top = p.y() - 12 - back.height();
    m_labelBack->setPos(std::max(left, area.left()), std::max(top, area.top()));
    m_vertical->show();
    m_horizontal->show();
    m_labelBack->show();
}

void StreamGraphChartView::hideCrosshair()
{
    m_vertical->hide();
    m_horizontal->hide();
    m_labelBack->hide();
}

void StreamGraphChartView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::RightButton || event->button() == Qt::MiddleButton) {
        m_panning = true;
        m_panFrom = event->position().toPoint();
        event->accept();
        return;
    }
    if (event->button() == Qt::LeftButton)
        m_pressedAt = event->position().toPoint();
    QChartView::mousePressEvent(event);
}

void StreamGraphChartView::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint position = event->position().toPoint();
    m_pointer = position;
    if (m_panning) {
        // The graph follows the pointer: the visible range moves the other way.
        const QPoint delta = position - m_panFrom;
        m_panFrom = position;
        chart()->scroll(-delta.x(), delta.y());
    }
    showCrosshair(position);
    QChartView::mouseMoveEvent(event);
}

void StreamGraphChartView::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::RightButton || event->button() == Qt::MiddleButton) {
        // Not QChartView's: it zooms out on a right-button release.
        m_panning = false;
        event->accept();
        return;
    }
    const QPoint position = event->position().toPoint();
    if (event->button() == Qt::LeftButton && (position - m_pressedAt).manhattanLength() < kClickSlop) {
        // A click: no zoom into a rectangle of nothing.
        if (auto *band = findChild<QRubberBand *>(QString(), Qt::FindDirectChildrenOnly))
            band->hide();
        click(position);
        event->accept();
        return;
    }
    QChartView::mouseReleaseEvent(event);
}

void StreamGraphChartView::mouseDoubleClickEvent(QMouseEvent *event)
{
    resetZoom();
    event->accept();
}

void StreamGraphChartView::keyPressEvent(QKeyEvent *event)
{
    const QRectF area = chart()->plotArea();
    const double stepX = area.width() / 10;
    const double stepY = area.height() / 10;
    switch (event->key()) {
    case Qt::Key_Left: chart()->scroll(-stepX, 0); break;
    case Qt::Key_Right: chart()->scroll(stepX, 0); break;
    case Qt::Key_Up: chart()->scroll(0, stepY); break;
    case Qt::Key_Down: chart()->scroll(0, -stepY); break;
    case Qt::Key_Plus:
    case Qt::Key_Equal: chart()->zoom(1.5); break;
    case Qt::Key_Minus: chart()->zoom(1 / 1.5); break;
    case Qt::Key_Home: resetZoom(); break;
    default: QChartView::keyPressEvent(event); return;
    }
    event->accept();
}

void StreamGraphChartView::leaveEvent(QEvent *event)
{
    hideCrosshair();
    QChartView::leaveEvent(event);
}

void StreamGraphChartView::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    m_refill->start();
}

} // namespace tcptune

#include "charts/throughput_rtt_view.h"

#include "charts/run_legend.h"
#include "charts/synced_chart_view.h"

#include <QCategoryAxis>
#include <QChart>
#include <QCursor>
#include <QElapsedTimer>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QLegendMarker>
#include <QLocale>
#include <QPainter>
#include <QTimer>
#include <QToolTip>

#include <algorithm>

namespace tcptune {

namespace {

constexpr int replotDelayMs = 40;

QString formatValue(double v)
{
    return QLocale().toString(v, 'g', 4);
}

// The value axis METRIC is read on: the RTT chart's, or the throughput chart's left one.
charts::Line axisOf(ChartMetric metric)
{
    return metric == ChartMetric::Rtt ? charts::Line::Rtt : charts::Line::Throughput;
}

} // namespace

ThroughputRttView::ThroughputRttView(QWidget *parent)
    : QWidget(parent)
    // Goodput as received: a 10 ms sample that an ACK burst made read 140 Mbit/s on a 50 Mbit/s
    // link is no goodput; the title says over what the line is averaged (charts::GoodputWindow).
    // At 1024x700 a chart is about 160 px wide: its title is then the short one.
    , m_charts(this, {{tr("Throughput (mean over 100 ms)"), tr("Throughput")},
                      {tr("Round-trip time"), tr("RTT")},
                      tr("Time (s)"),
                      m_model.throughputUnit().label(),
                      QStringLiteral("ms")})
    , m_legend(new RunLegend(this))
    , m_replotTimer(new QTimer(this))
    , m_throughputView(new SyncedChartView(m_charts.throughputChart(), m_charts.throughputTime(), this))
    , m_rttView(new SyncedChartView(m_charts.rttChart(), m_charts.rttTime(), this))
{
    m_throughputView->setObjectName(QStringLiteral("throughputChart"));
    m_rttView->setObjectName(QStringLiteral("rttChart"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_throughputView, 1);
    layout->addWidget(m_rttView, 1);
    layout->addWidget(m_legend);
    m_legend->hide();

    m_replotTimer->setSingleShot(true);
    m_replotTimer->setInterval(replotDelayMs);
    connect(m_replotTimer, &QTimer::timeout, this, &ThroughputRttView::replotNow);

    for (SyncedChartView *view : {m_throughputView, m_rttView}) {
        connect(view, &SyncedChartView::zoomRequested, this, &ThroughputRttView::zoom);
        connect(view, &SyncedChartView::panRequested, this, &ThroughputRttView::pan);
        connect(view, &SyncedChartView::resetRequested, this, &ThroughputRttView::resetZoom);
        connect(view, &SyncedChartView::hovered, this, &ThroughputRttView::updateCrosshair);
        connect(view, &SyncedChartView::left, this, &ThroughputRttView::hideCrosshair);
        connect(view, &SyncedChartView::resized, this, &ThroughputRttView::scheduleReplot);
    }
    m_charts.showRange(m_model.xRange());
    // Low enough that, with the verdict under it and the tabs, the window fits 1280x800.
    setMinimumSize(400, 170);
}

ThroughputRttView::~ThroughputRttView() = default;

int ThroughputRttView::addRun(const QString &label, const QColor &colour)
{
    const int id = m_model.addRun(label, colour);
    const charts::ChartRun &run = *m_model.run(id);
    m_charts.addRun(id, run);
    m_charts.setExtraLine(id, run, extraName());
    setUpLegend(id);
    scheduleReplot();
    return id;
}

QString ThroughputRttView::extraName() const
{
    const std::optional<ChartMetric> extra = m_model.extraMetric();
    return extra ? metricName(*extra) : QString();
}

void ThroughputRttView::removeRun(int id)
{
    if (!m_model.removeRun(id))
        return;
    m_charts.removeRun(id);
    scheduleReplot();
    Q_EMIT runRemoved(id);
}

void ThroughputRttView::clear()
{
    while (m_model.runCount() > 0)
        removeRun(m_model.runIds().constFirst());
    m_model.restartLooks();
    resetZoom();
}

void ThroughputRttView::clearUnpinned()
{
    for (int id : m_model.unpinnedRuns())
        removeRun(id);
    if (m_model.runCount() == 0)
        m_model.restartLooks();
    resetZoom();
}

void ThroughputRttView::setRunPinned(int id, bool pinned)
{
    if (charts::ChartRun *run = m_model.run(id))
        run->pinned = pinned;
}

void ThroughputRttView::setRunTag(int id, qint64 storedRunId)
{
    if (charts::ChartRun *run = m_model.run(id))
        run->tag = storedRunId;
}

void ThroughputRttView::setRunToolTip(int id, const QString &text)
{
    if (charts::ChartRun *run = m_model.run(id))
        run->toolTip = text;
}

QString ThroughputRttView::legendText(int id) const
{
    if (!m_model.run(id))
        return {};
    if (!m_legend->isHidden())
        return m_legend->rowText(int(m_model.runIds().indexOf(id)));
    const QList<QLegendMarker *> markers = m_charts.legendMarkers(id);
    return markers.isEmpty() ? QString() : markers.first()->label();
}

QString ThroughputRttView::legendToolTip(int id) const
{
    const charts::ChartRun *r = m_model.run(id);
    if (!r)
        return {};
    return r->toolTip.isEmpty() ? r->label : r->label + QLatin1Char('\n') + r->toolTip;
}

void ThroughputRttView::setUpLegend(int id)
{
    // The entry shows the label elided in the middle; hovering it shows the whole label and
    // what the run ran with.
    for (QLegendMarker *marker : m_charts.legendMarkers(id)) {
        // Connected once per marker: a renamed run keeps its marker.
        disconnect(marker, &QLegendMarker::hovered, this, nullptr);
        connect(marker, &QLegendMarker::hovered, this, [this, id](bool on) {
            if (!on) {
                QToolTip::hideText();
                return;
            }
            if (m_model.run(id))
                QToolTip::showText(QCursor::pos(), legendToolTip(id));
        });
    }
}

bool ThroughputRttView::useSharedLegend()
{
    // Reports draw the charts alone (render()): they keep their own legends.
    const bool shared = m_columnsOverride == 0 && m_model.runCount() > 4;
    m_charts.setLegendsVisible(!shared);
    if (!shared) {
        m_legend->hide();
        return false;
    }
    QList<RunLegendEntry> entries;
    for (int id : m_model.runIds()) {
        const charts::ChartRun &run = *m_model.run(id);
        entries.append({run.label, run.colour, run.dash, run.toolTip});
    }
    m_legend->setEntries(entries);
    m_legend->show();
    return true;
}

void ThroughputRttView::elideLegends(double chartWidth)
{
    if (useSharedLegend())
        return;
    std::map<int, QString> labels;
    for (int id : m_model.runIds())
        labels[id] = m_model.run(id)->label;
    const int runs = int(labels.size());
    m_charts.elideLegends(labels, runs + (m_model.extraMetric() ? runs : 0), chartWidth);
}

bool ThroughputRttView::isLogarithmic(ChartMetric metric) const
{
    return m_charts.isLogarithmic(axisOf(metric));
}

QStringList ThroughputRttView::valueTickLabels(ChartMetric metric) const
{
    return m_charts.valueTickLabels(axisOf(metric));
}

void ThroughputRttView::setRunLabel(int id, const QString &label)
{
    charts::ChartRun *run = m_model.run(id);
    if (!run)
        return;
    run->label = label;
    m_charts.setRunNames(id, label, extraName());
    setUpLegend(id);
    scheduleReplot();
}

bool ThroughputRttView::isRunVisible(int id) const
{
    const charts::ChartRun *run = m_model.run(id);
    return run && run->visible;
}

void ThroughputRttView::setRunVisible(int id, bool visible)
{
    charts::ChartRun *run = m_model.run(id);
    if (!run)
        return;
    run->visible = visible;
    m_charts.setRunVisible(id, visible);
    scheduleReplot();
}

void ThroughputRttView::appendSamples(int id, const QList<ChartSample> &samples)
{
    if (!m_model.run(id) || samples.isEmpty())
        return;
    m_model.appendSamples(id, samples);
    scheduleReplot();
}

void ThroughputRttView::setSeries(int id, ChartMetric metric, const QList<QPointF> &points)
{
    if (!m_model.run(id))
        return;
    m_model.setSeries(id, metric, points);
    scheduleReplot();
}

void ThroughputRttView::restoreSeries(int id, ChartMetric metric, const QList<QPointF> &points)
{
    if (!m_model.run(id))
        return;
    m_model.setSeries(id, metric, points, true);
    scheduleReplot();
}

qsizetype ThroughputRttView::plottedPointCount(int id, ChartMetric metric) const
{
    switch (metric) {
    case ChartMetric::Throughput: return m_charts.pointCount(id, charts::Line::Throughput);
    case ChartMetric::Rtt: return m_charts.pointCount(id, charts::Line::Rtt);
    default: return m_model.extraMetric() == metric ? m_charts.pointCount(id, charts::Line::Extra) : 0;
    }
}

void ThroughputRttView::setThroughputUnit(ThroughputUnit unit)
{
    if (!m_model.setThroughputUnit(unit))
        return;
    m_charts.setThroughputUnit(unit.label());
    replotNow();
}

QString ThroughputRttView::valueAxisTitle(ChartMetric metric) const
{
    return m_charts.valueAxisTitle(axisOf(metric));
}

void ThroughputRttView::setExtraMetric(std::optional<ChartMetric> metric)
{
    m_model.setExtraMetric(metric);
    for (int id : m_model.runIds())
        m_charts.setExtraLine(id, *m_model.run(id), extraName());
    m_charts.setExtraAxis(m_model.extraMetric().has_value(), extraName());
    scheduleReplot();
}

QString ThroughputRttView::metricName(ChartMetric metric)
{
    switch (metric) {
    case ChartMetric::Throughput: return tr("Throughput (Mbit/s)");
    case ChartMetric::Rtt: return tr("RTT (ms)");
    case ChartMetric::Cwnd: return tr("cwnd (segments)");
    case ChartMetric::Retransmits: return tr("Retransmits");
    case ChartMetric::BytesInFlight: return tr("Bytes in flight");
    case ChartMetric::SndbufLimited: return tr("send-buffer limited (%)");
    case ChartMetric::RwndLimited: return tr("receive-window limited (%)");
    case ChartMetric::CwndLimited: return tr("cwnd limited (%)");
    case ChartMetric::AppLimited: return tr("application-limited (%)");
    case ChartMetric::QueueBacklog: return tr("bottleneck queue (KB)");
    }
    return {};
}

void ThroughputRttView::setXRange(double min, double max)
{
    if (!m_model.setXRange(min, max))
        return;
    m_charts.showRange(m_model.xRange());
    scheduleReplot();
}

void ThroughputRttView::resetZoom()
{
    m_model.follow();
    scheduleReplot();
}

void ThroughputRttView::zoom(double factor, double anchor)
{
    if (const std::optional<QPointF> range = m_model.zoomed(factor, anchor))
        setXRange(range->x(), range->y());
}

void ThroughputRttView::pan(double delta)
{
    const QPointF range = m_model.xRange();
    setXRange(range.x() + delta, range.y() + delta);
}

void ThroughputRttView::scheduleReplot()
{
    if (!m_replotTimer->isActive())
        m_replotTimer->start();
}

void ThroughputRttView::replotNow()
{
    m_replotTimer->stop();
    QElapsedTimer clock;
    clock.start();
    m_model.followData();
    m_charts.showRange(m_model.xRange()); // zoomed, a resize changes how many ticks fit
    const auto columnsOf = [this](const QChart *chart) {
        if (m_columnsOverride > 0)
            return m_columnsOverride;
        return std::max(50, int(chart->plotArea().width()));
    };
    // Decimate everything first, then set the axes once, then hand the points over.
    const charts::Replot replot = m_model.replot(columnsOf(m_charts.throughputChart()), columnsOf(m_charts.rttChart()));
    m_charts.showAxes(replot, m_model.extraMetric().has_value());
    elideLegends(m_charts.throughputChart()->size().width());
    m_charts.showLines(replot.updates);
    m_lastReplotNs = clock.nsecsElapsed();
    Q_EMIT replotted();
}

QString ThroughputRttView::valuesAt(double t, ChartMetric metric, const QString &unit, double scale) const
{
    QStringList lines{tr("t = %1 s").arg(formatValue(t))};
    for (const charts::RunValue &value : m_model.valuesAt(t, metric))
        lines.append(QStringLiteral("%1: %2 %3").arg(value.label, formatValue(value.value * scale), unit));
    return lines.join(QLatin1Char('\n'));
}

QString ThroughputRttView::showCrosshairAt(double t)
{
    updateCrosshair(t);
    return valuesAt(t, ChartMetric::Throughput, m_model.throughputUnit().label(), m_model.throughputScale());
}

void ThroughputRttView::updateCrosshair(double t)
{
    m_throughputView->showCrosshair(
        t, valuesAt(t, ChartMetric::Throughput, m_model.throughputUnit().label(), m_model.throughputScale()));
    m_rttView->showCrosshair(t, valuesAt(t, ChartMetric::Rtt, tr("ms")));
}

void ThroughputRttView::hideCrosshair()
{
    m_throughputView->hideCrosshair();
    m_rttView->hideCrosshair();
}

void ThroughputRttView::render(QPainter *painter, const QRectF &target)
{
    hideCrosshair();
    const QSizeF half(target.width() / 2.0, target.height());
    QChart *throughput = m_charts.throughputChart();
    QChart *rtt = m_charts.rttChart();
    const QSizeF oldThroughput = throughput->size();
    const QSizeF oldRtt = rtt->size();
    for (QChart *chart : {throughput, rtt}) {
        chart->resize(half);
        chart->layout()->activate();
    }
    m_columnsOverride = std::max(50, int(throughput->plotArea().width()));
    replotNow();
    // The replot gave the charts back their own legends (the shared list beside them is not in
    // the picture): lay them out before drawing, or they are drawn with no room at all.
    for (QChart *chart : {throughput, rtt})
        chart->layout()->activate();
    throughput->scene()->render(painter, QRectF(target.topLeft(), half), QRectF(throughput->scenePos(), half));
    rtt->scene()->render(painter, QRectF(target.topLeft() + QPointF(half.width(), 0), half),
                         QRectF(rtt->scenePos(), half));
    m_columnsOverride = 0;
    throughput->resize(oldThroughput);
    rtt->resize(oldRtt);
    for (QChart *chart : {throughput, rtt})
        chart->layout()->activate();
    replotNow();
}

} // namespace tcptune

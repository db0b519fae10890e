#include "charts/throughput_rtt_view.h"

#include "charts/min_max_decimator.h"
#include "charts/synced_chart_view.h"

#include <QChart>
#include <QElapsedTimer>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QTimer>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tcptune {

namespace {

constexpr int replotDelayMs = 40;

QColor paletteColour(int index)
{
    static const std::array<QColor, 10> colours{
        QColor(31, 119, 180), QColor(214, 39, 40),   QColor(44, 160, 44),   QColor(255, 127, 14), QColor(148, 103, 189),
        QColor(140, 86, 75),  QColor(227, 119, 194), QColor(127, 127, 127), QColor(188, 189, 34), QColor(23, 190, 207)};
    return colours[size_t(index) % colours.size()];
}

QChart *makeChart(const QString &title)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setAnimationOptions(QChart::NoAnimation);
    return chart;
}

QValueAxis *makeAxis(const QString &title)
{
    auto *axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setLabelFormat(QStringLiteral("%.4g"));
    axis->setRange(0, 1);
    return axis;
}

// A round top at or above V (m x 10^k for m in a short list) and the tick count that divides
// it into round steps: labels read 0, 0.5, 1, 1.5 rather than 0, 0.37, 0.74.
struct NiceTop {
    double top;
    int ticks;
};

NiceTop niceTop(double v)
{
    if (!(v > 0))
        return {1, 5};
    const double magnitude = std::pow(10.0, std::floor(std::log10(v)));
    static constexpr std::array<std::pair<double, int>, 11> steps{
        {{1, 5}, {1.2, 7}, {1.5, 4}, {2, 5}, {2.5, 6}, {3, 4}, {4, 5}, {5, 6}, {6, 4}, {8, 5}, {10, 6}}};
    for (const auto &[step, ticks] : steps)
        if (step * magnitude >= v * (1 - 1e-9))
            return {step * magnitude, ticks};
    return {10 * magnitude, 6};
}

double maxY(const QList<QPointF> &points)
{
    double top = 0;
    for (const QPointF &p : points)
        top = std::max(top, p.y());
    return top;
}

// Changing an axis makes every attached series recompute its geometry: only touch it on change.
void setRangeIfChanged(QValueAxis *axis, double min, double max)
{
    if (axis->min() != min || axis->max() != max)
        axis->setRange(min, max);
}

void setNiceRange(QValueAxis *axis, double top)
{
    const NiceTop nice = niceTop(top);
    if (axis->tickCount() != nice.ticks)
        axis->setTickCount(nice.ticks);
    setRangeIfChanged(axis, 0, nice.top);
}

QString formatValue(double v)
{
    return QString::number(v, 'g', 4);
}

} // namespace

ThroughputRttView::ThroughputRttView(QWidget *parent)
    : QWidget(parent)
    , m_throughputChart(makeChart(tr("Throughput")))
    , m_rttChart(makeChart(tr("Round-trip time")))
    , m_throughputTime(makeAxis(tr("Time (s)")))
    , m_rttTime(makeAxis(tr("Time (s)")))
    , m_throughputAxis(makeAxis(tr("Throughput (Mbit/s)")))
    , m_rttAxis(makeAxis(tr("RTT (ms)")))
    , m_extraAxis(makeAxis(QString()))
    , m_throughputView(nullptr)
    , m_rttView(nullptr)
    , m_replotTimer(new QTimer(this))
{
    m_throughputChart->addAxis(m_throughputTime, Qt::AlignBottom);
    m_throughputChart->addAxis(m_throughputAxis, Qt::AlignLeft);
    m_throughputChart->addAxis(m_extraAxis, Qt::AlignRight);
    m_extraAxis->hide();
    m_rttChart->addAxis(m_rttTime, Qt::AlignBottom);
    m_rttChart->addAxis(m_rttAxis, Qt::AlignLeft);

    m_throughputView = new SyncedChartView(m_throughputChart, m_throughputTime, this);
    m_throughputView->setObjectName(QStringLiteral("throughputChart"));
    m_rttView = new SyncedChartView(m_rttChart, m_rttTime, this);
    m_rttView->setObjectName(QStringLiteral("rttChart"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_throughputView, 1);
    layout->addWidget(m_rttView, 1);

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
    applyRange(0, 10);
    setMinimumSize(400, 220);
}

ThroughputRttView::~ThroughputRttView() = default;

int ThroughputRttView::addRun(const QString &label, const QColor &colour)
{
    const int id = m_nextRun++;
    Run &run = m_runs[id];
    run.label = label;
    run.colour = colour.isValid() ? colour : paletteColour(m_nextColour++);

    run.throughput = new QLineSeries(this);
    run.throughput->setName(label);
    run.rtt = new QLineSeries(this);
    run.rtt->setName(label);
    // One pixel: the raster engine draws such lines on its fast path; wider pens are stroked
    // join by join, which for a busy live series costs tens of ms per paint.
    for (QLineSeries *series : {run.throughput, run.rtt})
        series->setPen(QPen(run.colour, 1.0));
    m_throughputChart->addSeries(run.throughput);
    run.throughput->attachAxis(m_throughputTime);
    run.throughput->attachAxis(m_throughputAxis);
    m_rttChart->addSeries(run.rtt);
    run.rtt->attachAxis(m_rttTime);
    run.rtt->attachAxis(m_rttAxis);
    attachExtra(run);
    scheduleReplot();
    return id;
}

void ThroughputRttView::attachExtra(Run &run)
{
    if (run.extra) {
        m_throughputChart->removeSeries(run.extra);
        delete run.extra;
        run.extra = nullptr;
    }
    if (!m_extra)
        return;
    run.extra = new QLineSeries(this);
    run.extra->setName(QStringLiteral("%1 %2").arg(run.label, metricName(*m_extra)));
    // Lighter and thinner than the run's own line, but solid: a dashed pen is stroked dash by dash
    // along the whole path, and a busy live series (cwnd sawtooth, thousands of points) then
    // takes the GUI thread for most of a second per paint (bench/charts/bench_live_chart).
    QColor extraColour = run.colour.lighter(140);
    extraColour.setAlpha(200);
    run.extra->setPen(QPen(extraColour, 1.0));
    run.extra->setVisible(run.visible);
    m_throughputChart->addSeries(run.extra);
    run.extra->attachAxis(m_throughputTime);
    run.extra->attachAxis(m_extraAxis);
}

void ThroughputRttView::removeRun(int id)
{
    auto it = m_runs.find(id);
    if (it == m_runs.end())
        return;
    Run &run = it->second;
    m_throughputChart->removeSeries(run.throughput);
    m_rttChart->removeSeries(run.rtt);
    delete run.throughput;
    delete run.rtt;
    if (run.extra) {
        m_throughputChart->removeSeries(run.extra);
        delete run.extra;
    }
    m_runs.erase(it);
    scheduleReplot();
}

void ThroughputRttView::clear()
{
    while (!m_runs.empty())
        removeRun(m_runs.begin()->first);
    m_nextColour = 0;
    resetZoom();
}

QList<int> ThroughputRttView::runIds() const
{
    QList<int> ids;
    for (const auto &[id, run] : m_runs)
        ids.append(id);
    return ids;
}

QString ThroughputRttView::runLabel(int run) const
{
    auto it = m_runs.find(run);
    return it == m_runs.end() ? QString() : it->second.label;
}

QColor ThroughputRttView::runColour(int run) const
{
    auto it = m_runs.find(run);
    return it == m_runs.end() ? QColor() : it->second.colour;
}

void ThroughputRttView::setRunVisible(int id, bool visible)
{
    auto it = m_runs.find(id);
    if (it == m_runs.end())
        return;
    Run &run = it->second;
    run.visible = visible;
    run.throughput->setVisible(visible);
    run.rtt->setVisible(visible);
    if (run.extra)
        run.extra->setVisible(visible);
    scheduleReplot();
}

void ThroughputRttView::appendSamples(int id, const QList<ChartSample> &samples)
{
    auto it = m_runs.find(id);
    if (it == m_runs.end() || samples.isEmpty())
        return;
    for (int m = 0; m < chartMetricCount; ++m) {
        Column &column = it->second.columns[size_t(m)];
        for (const ChartSample &s : samples) {
            const double v = s.value(ChartMetric(m));
            if (std::isnan(v))
                continue;
            // Out-of-order samples would break the binary searches: drop them.
            if (!column.empty() && s.t < column.lastX())
                continue;
            column.append(s.t, v);
        }
    }
    scheduleReplot();
}

void ThroughputRttView::setSeries(int id, ChartMetric metric, const QList<QPointF> &points)
{
    auto it = m_runs.find(id);
    if (it == m_runs.end())
        return;
    Column &column = it->second.columns[size_t(metric)];
    // A finished series (a capture's): every point kept, however many.
    column.reset(std::numeric_limits<std::size_t>::max());
    for (const QPointF &p : points) {
        if (!column.empty() && p.x() < column.lastX())
            continue;
        column.append(p.x(), p.y());
    }
    scheduleReplot();
}

QList<QPointF> ThroughputRttView::series(int run, ChartMetric metric) const
{
    QList<QPointF> points;
    auto it = m_runs.find(run);
    if (it == m_runs.end())
        return points;
    const Column &c = it->second.columns[size_t(metric)];
    points.reserve(qsizetype(c.size()));
    for (size_t i = 0; i < c.size(); ++i)
        points.append(QPointF(c.x()[i], c.y()[i]));
    return points;
}

qsizetype ThroughputRttView::pointCount(int run, ChartMetric metric) const
{
    auto it = m_runs.find(run);
    return it == m_runs.end() ? 0 : qsizetype(it->second.columns[size_t(metric)].size());
}

qsizetype ThroughputRttView::plottedPointCount(int id, ChartMetric metric) const
{
    auto it = m_runs.find(id);
    if (it == m_runs.end())
        return 0;
    const Run &run = it->second;
    switch (metric) {
    case ChartMetric::Throughput: return run.throughput->count();
    case ChartMetric::Rtt: return run.rtt->count();
    default: return (m_extra == metric && run.extra) ? run.extra->count() : 0;
    }
}

void ThroughputRttView::setExtraMetric(std::optional<ChartMetric> metric)
{
    if (metric == ChartMetric::Throughput || metric == ChartMetric::Rtt)
        metric.reset();
    m_extra = metric;
    for (auto &[id, run] : m_runs)
        attachExtra(run);
    m_extraAxis->setVisible(m_extra.has_value());
    m_extraAxis->setTitleText(m_extra ? metricName(*m_extra) : QString());
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
    if (!(max > min))
        return;
    m_following = false;
    applyRange(min, max);
    scheduleReplot();
}

void ThroughputRttView::resetZoom()
{
    m_following = true;
    scheduleReplot();
}

QPointF ThroughputRttView::xRange() const
{
    return {m_min, m_max};
}

void ThroughputRttView::applyRange(double min, double max)
{
    m_min = min;
    m_max = max;
    setRangeIfChanged(m_throughputTime, min, max);
    setRangeIfChanged(m_rttTime, min, max);
}

void ThroughputRttView::zoom(double factor, double anchor)
{
    const double min = anchor - (anchor - m_min) * factor;
    const double max = anchor + (m_max - anchor) * factor;
    if (max - min < 1e-4)
        return;
    setXRange(min, max);
}

void ThroughputRttView::pan(double delta)
{
    setXRange(m_min + delta, m_max + delta);
}

double ThroughputRttView::dataEnd() const
{
    double end = 0;
    for (const auto &[id, run] : m_runs) {
        if (!run.visible)
            continue;
        for (const Column &c : run.columns)
            if (!c.empty())
                end = std::max(end, c.lastX());
    }
    return end;
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
    if (m_following) {
        setNiceRange(m_throughputTime, std::max(dataEnd(), 1.0));
        setNiceRange(m_rttTime, std::max(dataEnd(), 1.0));
        applyRange(m_throughputTime->min(), m_throughputTime->max());
    }

    // Decimate everything first, then set the axes once, then hand the points over: each axis
    // change or replace() makes Qt Charts recompute the series' geometry.
    const auto columnsOf = [this](const QChart *chart) {
        if (m_columnsOverride > 0)
            return m_columnsOverride;
        return std::max(50, int(chart->plotArea().width()));
    };
    const int throughputColumns = columnsOf(m_throughputChart);
    const int rttColumns = columnsOf(m_rttChart);
    std::vector<Pending> pending;
    double throughputTop = 0;
    double rttTop = 0;
    double extraTop = 0;
    for (auto &[id, run] : m_runs) {
        const double throughput = plot(run.throughput, run.columns[size_t(ChartMetric::Throughput)], throughputColumns,
                                       run.drawn[0], pending);
        const double rtt = plot(run.rtt, run.columns[size_t(ChartMetric::Rtt)], rttColumns, run.drawn[1], pending);
        const double extra = m_extra && run.extra ? plot(run.extra, run.columns[size_t(*m_extra)], throughputColumns,
                                                         run.drawn[2], pending)
                                                  : 0;
        if (run.visible) {
            throughputTop = std::max(throughputTop, throughput);
            rttTop = std::max(rttTop, rtt);
            extraTop = std::max(extraTop, extra);
        }
    }
    setNiceRange(m_throughputAxis, throughputTop * 1.05);
    setNiceRange(m_rttAxis, rttTop * 1.05);
    if (m_extra)
        setNiceRange(m_extraAxis, extraTop * 1.05);
    for (Pending &p : pending)
        p.series->replace(p.points);
    m_lastReplotNs = clock.nsecsElapsed();
    Q_EMIT replotted();
}

double ThroughputRttView::plot(QLineSeries *series, const Column &column, int columns, Drawn &drawn,
                               std::vector<Pending> &pending)
{
    // A series made anew (the extra metric switched) has no points: draw it whatever the cache says.
    if (drawn.revision == column.revision() && drawn.min == m_min && drawn.max == m_max && drawn.columns == columns &&
        (series->count() > 0 || column.empty()))
        return drawn.top;
    QList<QPointF> points = charts::decimateMinMax(column.x(), column.y(), m_min, m_max, columns);
    drawn = {column.revision(), m_min, m_max, columns, maxY(points)};
    pending.push_back({series, std::move(points)});
    return drawn.top;
}

QString ThroughputRttView::valuesAt(double t, ChartMetric metric, const QString &unit) const
{
    QStringList lines{tr("t = %1 s").arg(formatValue(t))};
    for (const auto &[id, run] : m_runs) {
        if (!run.visible)
            continue;
        const Column &c = run.columns[size_t(metric)];
        if (c.empty())
            continue;
        auto it = std::lower_bound(c.x().begin(), c.x().end(), t);
        size_t i = size_t(it - c.x().begin());
        if (i == c.size() || (i > 0 && t - c.x()[i - 1] < c.x()[i] - t))
            i = i == 0 ? 0 : i - 1;
        lines.append(QStringLiteral("%1: %2 %3").arg(run.label, formatValue(c.y()[i]), unit));
    }
    return lines.join(QLatin1Char('\n'));
}

QString ThroughputRttView::showCrosshairAt(double t)
{
    updateCrosshair(t);
    return valuesAt(t, ChartMetric::Throughput, tr("Mbit/s"));
}

void ThroughputRttView::updateCrosshair(double t)
{
    m_throughputView->showCrosshair(t, valuesAt(t, ChartMetric::Throughput, tr("Mbit/s")));
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
    const QSizeF oldThroughput = m_throughputChart->size();
    const QSizeF oldRtt = m_rttChart->size();
    for (QChart *chart : {m_throughputChart, m_rttChart}) {
        chart->resize(half);
        chart->layout()->activate();
    }
    m_columnsOverride = std::max(50, int(m_throughputChart->plotArea().width()));
    replotNow();
    m_throughputChart->scene()->render(painter, QRectF(target.topLeft(), half),
                                       QRectF(m_throughputChart->scenePos(), half));
    m_rttChart->scene()->render(painter, QRectF(target.topLeft() + QPointF(half.width(), 0), half),
                                QRectF(m_rttChart->scenePos(), half));
    m_columnsOverride = 0;
    m_throughputChart->resize(oldThroughput);
    m_rttChart->resize(oldRtt);
    for (QChart *chart : {m_throughputChart, m_rttChart})
        chart->layout()->activate();
    replotNow();
}

} // namespace tcptune

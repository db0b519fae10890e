#include "charts/throughput_rtt_view.h"

#include "charts/run_legend.h"

#include "charts/chart_axis.h"
#include "charts/chart_fit.h"
#include "charts/goodput_window.h"
#include "charts/series_style.h"
#include "charts/min_max_decimator.h"
#include "charts/synced_chart_view.h"

#include <QCategoryAxis>
#include <QChart>
#include <QCursor>
#include <QFontMetrics>
#include <QToolTip>
#include <QLocale>
#include <QElapsedTimer>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPainter>
#include <QTimer>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tcptune {

namespace {

constexpr int replotDelayMs = 40;

QChart *makeChart(const QString &title)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setLocalizeNumbers(true);
    // "1000 ms" on the log axis, not "1,000" (which reads as 1 in German).
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    chart->setLocale(locale);
    return chart;
}

QCategoryAxis *makeTimeAxis(const QString &title)
{
    auto *axis = new QCategoryAxis;
    axis->setTitleText(title);
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    setRoundTicks(axis, 0, 10);
    return axis;
}

// LABEL in at most ROOM px for a legend entry: whole when it fits; else what tells the run apart,
// its id and value ("#4 · 64 KiB", the first two parts), whole and the rest elided in the middle;
// only when even those do not fit, the whole label elided in the middle. The entry's tooltip has
// it whole.
QString legendLabel(const QString &label, const QFontMetrics &metrics, int room)
{
    if (metrics.horizontalAdvance(label) <= room)
        return label;
    const QString separator = QStringLiteral(" · ");
    const QStringList parts = label.split(separator);
    if (parts.size() > 2) {
        const QString head = parts.mid(0, 2).join(separator) + separator;
        const int left = room - metrics.horizontalAdvance(head);
        if (left >= metrics.horizontalAdvance(QStringLiteral("Ww…2")))
            return head + metrics.elidedText(parts.mid(2).join(separator), Qt::ElideMiddle, left);
        if (const QString shortened = parts.mid(0, 2).join(separator) + QStringLiteral(" …");
            metrics.horizontalAdvance(shortened) <= room)
            return shortened;
    }
    return metrics.elidedText(label, Qt::ElideMiddle, room);
}

double maxY(const QList<QPointF> &points)
{
    double top = 0;
    for (const QPointF &p : points)
        top = std::max(top, p.y());
    return top;
}

// The value a run mostly has (median of what is plotted), to tell runs 100x apart.
double typicalY(QList<QPointF> points)
{
    points.removeIf([](const QPointF &p) { return !(p.y() > 0); });
    if (points.isEmpty())
        return 0;
    auto middle = points.begin() + points.size() / 2;
    std::nth_element(points.begin(), middle, points.end(),
                     [](const QPointF &a, const QPointF &b) { return a.y() < b.y(); });
    return middle->y();
}

// Typical values of the visible runs: wide when the largest is 100x the smallest.
struct Spread {
    double lowest = 0;
    double highest = 0;
    void add(double v)
    {
        if (v > 0) {
            lowest = lowest > 0 ? std::min(lowest, v) : v;
            highest = std::max(highest, v);
        }
    }
    bool wide() const { return lowest > 0 && highest / lowest >= ChartValueAxis::kWideRatio; }
};

// Whether V of METRIC is a value to draw: NaN is "not measured", and so is an RTT of 0 (the
// kernel's "no sample yet"; drawn, it made a line ramp up from 0 ms).
bool isPlotted(ChartMetric metric, double v)
{
    return !std::isnan(v) && (metric != ChartMetric::Rtt || v > 0);
}

QString formatValue(double v)
{
    return QLocale().toString(v, 'g', 4);
}

} // namespace

ThroughputRttView::ThroughputRttView(QWidget *parent)
    : QWidget(parent)
    // Goodput as received: a 10 ms sample that an ACK burst made read 140 Mbit/s on a 50 Mbit/s
    // link is no goodput; the title says over what the line is averaged (charts::GoodputWindow).
    , m_throughputChart(makeChart(tr("Throughput (mean over 100 ms)")))
    , m_rttChart(makeChart(tr("Round-trip time")))
    , m_throughputTime(makeTimeAxis(tr("Time (s)")))
    , m_rttTime(makeTimeAxis(tr("Time (s)")))
    , m_throughputView(nullptr)
    , m_rttView(nullptr)
    , m_legend(new RunLegend(this))
    , m_replotTimer(new QTimer(this))
{
    // At 1024x700 a chart is about 160 px wide: its title is then the short one.
    charts::keepTitleFitting(m_throughputChart, {tr("Throughput (mean over 100 ms)"), tr("Throughput")});
    charts::keepTitleFitting(m_rttChart, {tr("Round-trip time"), tr("RTT")});
    m_throughputChart->addAxis(m_throughputTime, Qt::AlignBottom);
    // The charts' titles name what they show; their value axes, the units (a title such as
    // "Durchsatz (Mbit/s)" was longer than the chart is high at 1280x800).
    m_throughputAxis = std::make_unique<ChartValueAxis>(m_throughputChart, m_throughputUnit.label(), Qt::AlignLeft);
    m_extraAxis = std::make_unique<ChartValueAxis>(m_throughputChart, QString(), Qt::AlignRight);
    m_extraAxis->setVisible(false);
    m_rttChart->addAxis(m_rttTime, Qt::AlignBottom);
    m_rttAxis = std::make_unique<ChartValueAxis>(m_rttChart, QStringLiteral("ms"), Qt::AlignLeft);

    m_throughputView = new SyncedChartView(m_throughputChart, m_throughputTime, this);
    m_throughputView->setObjectName(QStringLiteral("throughputChart"));
    m_rttView = new SyncedChartView(m_rttChart, m_rttTime, this);
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
    applyRange(0, 10);
    // Low enough that, with the verdict under it and the tabs, the window fits 1280x800.
    setMinimumSize(400, 170);
}

ThroughputRttView::~ThroughputRttView() = default;

int ThroughputRttView::addRun(const QString &label, const QColor &colour)
{
    const int id = m_nextRun++;
    Run &run = m_runs[id];
    run.label = label;
    const int look = m_nextColour++;
    run.colour = colour.isValid() ? colour : seriesColour(look);
    run.dash = seriesDash(look);

    run.throughput = new QLineSeries(this);
    run.throughput->setName(label);
    run.rtt = new QLineSeries(this);
    run.rtt->setName(label);
    // One pixel: the raster engine draws such lines on its fast path; wider pens are stroked
    // join by join, which for a busy live series costs tens of ms per paint. Only runs beyond the
    // palette's eight colours are dashed.
    for (QLineSeries *series : {run.throughput, run.rtt})
        series->setPen(QPen(run.colour, 1.0, run.dash));
    m_throughputChart->addSeries(run.throughput);
    run.throughput->attachAxis(m_throughputTime);
    m_throughputAxis->attach(run.throughput);
    m_rttChart->addSeries(run.rtt);
    run.rtt->attachAxis(m_rttTime);
    m_rttAxis->attach(run.rtt);
    attachExtra(run);
    setUpLegend(run);
    scheduleReplot();
    return id;
}

void ThroughputRttView::attachExtra(Run &run)
{
    if (run.extra) {
        m_extraAxis->detach(run.extra);
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
    m_extraAxis->attach(run.extra);
}

void ThroughputRttView::removeRun(int id)
{
    auto it = m_runs.find(id);
    if (it == m_runs.end())
        return;
    Run &run = it->second;
    m_throughputAxis->detach(run.throughput);
    m_rttAxis->detach(run.rtt);
    m_throughputChart->removeSeries(run.throughput);
    m_rttChart->removeSeries(run.rtt);
    delete run.throughput;
    delete run.rtt;
    if (run.extra) {
        m_extraAxis->detach(run.extra);
        m_throughputChart->removeSeries(run.extra);
        delete run.extra;
    }
    m_runs.erase(it);
    scheduleReplot();
    Q_EMIT runRemoved(id);
}

void ThroughputRttView::clear()
{
    while (!m_runs.empty())
        removeRun(m_runs.begin()->first);
    m_nextColour = 0;
    resetZoom();
}

void ThroughputRttView::clearUnpinned()
{
    QList<int> drop;
    for (const auto &[id, run] : m_runs)
        if (!run.pinned)
            drop.append(id);
    for (int id : drop)
        removeRun(id);
    if (m_runs.empty())
        m_nextColour = 0;
    resetZoom();
}

void ThroughputRttView::setRunPinned(int id, bool pinned)
{
    if (auto it = m_runs.find(id); it != m_runs.end())
        it->second.pinned = pinned;
}

bool ThroughputRttView::isRunPinned(int id) const
{
    auto it = m_runs.find(id);
    return it != m_runs.end() && it->second.pinned;
}

void ThroughputRttView::setRunTag(int id, qint64 storedRunId)
{
    if (auto it = m_runs.find(id); it != m_runs.end())
        it->second.tag = storedRunId;
}

qint64 ThroughputRttView::runTag(int id) const
{
    const auto it = m_runs.find(id);
    return it == m_runs.end() ? 0 : it->second.tag;
}

int ThroughputRttView::runTagged(qint64 storedRunId) const
{
    for (const auto &[id, run] : m_runs)
        if (storedRunId > 0 && run.tag == storedRunId)
            return id;
    return -1;
}

void ThroughputRttView::setRunToolTip(int id, const QString &text)
{
    if (auto it = m_runs.find(id); it != m_runs.end())
        it->second.toolTip = text;
}

QString ThroughputRttView::runToolTip(int id) const
{
    auto it = m_runs.find(id);
    return it == m_runs.end() ? QString() : it->second.toolTip;
}

QString ThroughputRttView::legendText(int id) const
{
    auto it = m_runs.find(id);
    if (it == m_runs.end())
        return {};
    if (!m_legend->isHidden()) {
        const auto row = std::distance(m_runs.begin(), it);
        return m_legend->rowText(int(row));
    }
    const QList<QLegendMarker *> markers = m_throughputChart->legend()->markers(it->second.throughput);
    return markers.isEmpty() ? QString() : markers.first()->label();
}

QString ThroughputRttView::legendToolTip(int id) const
{
    auto it = m_runs.find(id);
    if (it == m_runs.end())
        return {};
    const Run &r = it->second;
    return r.toolTip.isEmpty() ? r.label : r.label + QLatin1Char('\n') + r.toolTip;
}

void ThroughputRttView::setUpLegend(Run &run)
{
    // The entry shows the label elided in the middle; hovering it shows the whole label and
    // what the run ran with.
    for (QLineSeries *series : {run.throughput, run.rtt}) {
        for (QLegendMarker *marker : series->chart()->legend()->markers(series)) {
            // Connected once per marker: a renamed run keeps its marker.
            disconnect(marker, &QLegendMarker::hovered, this, nullptr);
            connect(marker, &QLegendMarker::hovered, this, [this, series](bool on) {
                if (!on) {
                    QToolTip::hideText();
                    return;
                }
                for (const auto &[id, r] : m_runs)
                    if (r.throughput == series || r.rtt == series)
                        QToolTip::showText(QCursor::pos(), legendToolTip(id));
            });
        }
    }
}

bool ThroughputRttView::useSharedLegend()
{
    // Reports draw the charts alone (render()): they keep their own legends.
    const bool shared = m_columnsOverride == 0 && m_runs.size() > 4;
    for (QChart *chart : {m_throughputChart, m_rttChart})
        chart->legend()->setVisible(!shared);
    if (!shared) {
        m_legend->hide();
        return false;
    }
    QList<RunLegendEntry> entries;
    for (const auto &[id, run] : m_runs)
        entries.append({run.label, run.colour, run.dash, run.toolTip});
    m_legend->setEntries(entries);
    m_legend->show();
    return true;
}

void ThroughputRttView::elideLegends(double chartWidth)
{
    if (useSharedLegend())
        return;
    const int entries = int(m_runs.size()) + (m_extra ? int(m_runs.size()) : 0);
    // Many runs: one per line on the right, where each label has room; few: below the chart,
    // unless the chart is low (1280x800 with the verdict and the tabs): a legend below took the
    // height the time axis needed, and QtCharts drew its labels and title as "...".
    const bool side = entries > 4 || m_throughputChart->size().height() < 260;
    for (QChart *chart : {m_throughputChart, m_rttChart}) {
        chart->legend()->setAlignment(side ? Qt::AlignRight : Qt::AlignBottom);
        const QFontMetrics metrics(chart->legend()->font());
        // QtCharts gives a legend beside the plot at most 0.4 of the chart's width and cuts what
        // is wider to "..." at the right ("#4 · 64 KiB …ederh..."); each entry's colour mark and
        // spacing take about two lines' height of that. A label never takes more than 170 px.
        const double fit = 0.4 * (chartWidth - 8) - 2 * metrics.height() - 12;
        const double sideRoom = chartWidth > 0 ? std::clamp(fit, 40.0, 170.0) : 170.0; // 0: not laid out
        const double room = side ? sideRoom : std::max(80.0, (chartWidth - 40) / std::max(1, entries) - 30);
        for (const auto &[id, run] : m_runs)
            for (QLineSeries *series : {run.throughput, run.rtt})
                for (QLegendMarker *marker : chart->legend()->markers(series))
                    marker->setLabel(legendLabel(run.label, metrics, int(room)));
    }
}

Qt::PenStyle ThroughputRttView::runDash(int id) const
{
    auto it = m_runs.find(id);
    return it == m_runs.end() ? Qt::SolidLine : it->second.dash;
}

bool ThroughputRttView::isLogarithmic(ChartMetric metric) const
{
    return metric == ChartMetric::Rtt ? m_rttAxis->isLogarithmic() : m_throughputAxis->isLogarithmic();
}

QStringList ThroughputRttView::valueTickLabels(ChartMetric metric) const
{
    return tickLabels(metric == ChartMetric::Rtt ? m_rttAxis->linear() : m_throughputAxis->linear());
}

QStringList ThroughputRttView::timeTickLabels() const
{
    return tickLabels(m_throughputTime);
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

void ThroughputRttView::setRunLabel(int id, const QString &label)
{
    auto it = m_runs.find(id);
    if (it == m_runs.end())
        return;
    Run &run = it->second;
    run.label = label;
    run.throughput->setName(label);
    run.rtt->setName(label);
    if (run.extra)
        run.extra->setName(QStringLiteral("%1 %2").arg(label, metricName(*m_extra)));
    setUpLegend(run);
    scheduleReplot();
}

QColor ThroughputRttView::runColour(int run) const
{
    auto it = m_runs.find(run);
    return it == m_runs.end() ? QColor() : it->second.colour;
}

bool ThroughputRttView::isRunVisible(int id) const
{
    auto it = m_runs.find(id);
    return it != m_runs.end() && it->second.visible;
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
    Run &run = it->second;
    for (int m = 0; m < chartMetricCount; ++m) {
        const auto metric = ChartMetric(m);
        Column &column = run.columns[size_t(m)];
        for (const ChartSample &s : samples) {
            const double v = s.value(metric);
            if (!isPlotted(metric, v))
                continue;
            // Out-of-order samples would break the binary searches: drop them.
            if (!column.empty() && s.t < column.lastX())
                continue;
            column.append(s.t, metric == ChartMetric::Throughput ? run.goodput.add(s.t, v) : v);
        }
    }
    scheduleReplot();
}

void ThroughputRttView::setSeries(int id, ChartMetric metric, const QList<QPointF> &points)
{
    replaceSeries(id, metric, metric == ChartMetric::Throughput ? charts::GoodputWindow::smooth(points) : points);
}

void ThroughputRttView::restoreSeries(int id, ChartMetric metric, const QList<QPointF> &points)
{
    replaceSeries(id, metric, points);
}

void ThroughputRttView::replaceSeries(int id, ChartMetric metric, const QList<QPointF> &plotted)
{
    auto it = m_runs.find(id);
    if (it == m_runs.end())
        return;
    Column &column = it->second.columns[size_t(metric)];
    // A finished series (a capture's): every point kept, however many.
    column.reset(std::numeric_limits<std::size_t>::max());
    for (const QPointF &p : plotted) {
        if (!isPlotted(metric, p.y()))
            continue;
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

void ThroughputRttView::setThroughputUnit(ThroughputUnit unit)
{
    if (unit == m_throughputUnit)
        return;
    m_throughputUnit = unit;
    m_throughputAxis->setTitle(unit.label());
    // Every goodput line is drawn again in the new unit, whatever it was drawn from.
    for (auto &[id, run] : m_runs)
        run.drawn[0].revision = ~std::uint64_t(0);
    replotNow();
}

QString ThroughputRttView::valueAxisTitle(ChartMetric metric) const
{
    const ChartValueAxis &axis = metric == ChartMetric::Rtt ? *m_rttAxis : *m_throughputAxis;
    return axis.isLogarithmic() ? axis.logarithmic()->titleText() : axis.linear()->titleText();
}

void ThroughputRttView::setExtraMetric(std::optional<ChartMetric> metric)
{
    if (metric == ChartMetric::Throughput || metric == ChartMetric::Rtt)
        metric.reset();
    m_extra = metric;
    for (auto &[id, run] : m_runs)
        attachExtra(run);
    m_extraAxis->setVisible(m_extra.has_value());
    m_extraAxis->setTitle(m_extra ? metricName(*m_extra) : QString());
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
    // Round ticks inside the range, so a zoomed axis reads 5.1, 5.2 and not 5.133.
    setRoundTicks(m_throughputTime, min, max, timeTickTarget(m_throughputChart, m_throughputTime), true);
    setRoundTicks(m_rttTime, min, max, timeTickTarget(m_rttChart, m_rttTime), true);
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
    // Following, the axis ends where the data does (a 10 s run at 10 s, not at a round 12.5).
    if (m_following)
        applyRange(0, std::max(dataEnd(), 1.0));
    else
        applyRange(m_min, m_max); // a resize changes how many ticks fit

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
    Spread throughputSpread;
    Spread rttSpread;
    for (auto &[id, run] : m_runs) {
        const Drawn &throughput = plot(run.throughput, run.columns[size_t(ChartMetric::Throughput)], throughputColumns,
                                       run.drawn[0], m_throughputAxis.get(), pending, throughputScale());
        const Drawn &rtt =
            plot(run.rtt, run.columns[size_t(ChartMetric::Rtt)], rttColumns, run.drawn[1], m_rttAxis.get(), pending);
        if (run.visible) {
            throughputTop = std::max(throughputTop, throughput.top);
            rttTop = std::max(rttTop, rtt.top);
            throughputSpread.add(throughput.typical);
            rttSpread.add(rtt.typical);
        }
        if (m_extra && run.extra) {
            const Drawn &extra = plot(run.extra, run.columns[size_t(*m_extra)], throughputColumns, run.drawn[2],
                                      m_extraAxis.get(), pending);
            if (run.visible)
                extraTop = std::max(extraTop, extra.top);
        }
    }
    m_throughputAxis->show(throughputTop * 1.05, throughputSpread.lowest, throughputSpread.wide());
    m_rttAxis->show(rttTop * 1.05, rttSpread.lowest, rttSpread.wide());
    if (m_extra)
        m_extraAxis->show(extraTop * 1.05, 0, false);
    redrawOnScaleChange(pending);
    elideLegends(m_throughputChart->size().width());
    for (Pending &p : pending) {
        // A logarithmic axis has no place for 0: those points are left out, not drawn at the bottom.
        p.drawn->logarithmic = p.axis->isLogarithmic();
        if (p.drawn->logarithmic)
            p.points.removeIf([](const QPointF &q) { return !(q.y() > 0); });
        p.series->replace(p.points);
    }
    m_lastReplotNs = clock.nsecsElapsed();
    Q_EMIT replotted();
}

const ThroughputRttView::Drawn &ThroughputRttView::plot(QLineSeries *series, const Column &column, int columns,
                                                        Drawn &drawn, const ChartValueAxis *axis,
                                                        std::vector<Pending> &pending, double scale)
{
    // A series made anew (the extra metric switched) has no points: draw it whatever the cache says.
    if (drawn.revision == column.revision() && drawn.min == m_min && drawn.max == m_max && drawn.columns == columns &&
        (series->count() > 0 || column.empty()))
        return drawn;
    QList<QPointF> points = charts::decimateMinMax(column.x(), column.y(), m_min, m_max, columns);
    if (scale != 1.0)
        for (QPointF &p : points)
            p.setY(p.y() * scale);
    drawn = {column.revision(), m_min, m_max, columns, maxY(points), typicalY(points), drawn.logarithmic};
    pending.push_back({series, std::move(points), axis, &drawn});
    return drawn;
}

// A series drawn as it stands was left as it was, but when its axis turned logarithmic (or back)
// its zeros must go (or come back): decimate it again.
void ThroughputRttView::redrawOnScaleChange(std::vector<Pending> &pending)
{
    const auto redraw = [&](QLineSeries *series, const Column &column, Drawn &drawn, const ChartValueAxis *axis,
                            double scale = 1.0) {
        if (!series || drawn.logarithmic == axis->isLogarithmic())
            return;
        if (std::any_of(pending.begin(), pending.end(), [&](const Pending &p) { return p.series == series; }))
            return;
        QList<QPointF> points = charts::decimateMinMax(column.x(), column.y(), drawn.min, drawn.max, drawn.columns);
        for (QPointF &p : points)
            p.setY(p.y() * scale);
        pending.push_back({series, std::move(points), axis, &drawn});
    };
    for (auto &[id, run] : m_runs) {
        redraw(run.throughput, run.columns[size_t(ChartMetric::Throughput)], run.drawn[0], m_throughputAxis.get(),
               throughputScale());
        redraw(run.rtt, run.columns[size_t(ChartMetric::Rtt)], run.drawn[1], m_rttAxis.get());
        if (m_extra)
            redraw(run.extra, run.columns[size_t(*m_extra)], run.drawn[2], m_extraAxis.get());
    }
}

QString ThroughputRttView::valuesAt(double t, ChartMetric metric, const QString &unit, double scale) const
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
        lines.append(QStringLiteral("%1: %2 %3").arg(run.label, formatValue(c.y()[i] * scale), unit));
    }
    return lines.join(QLatin1Char('\n'));
}

QString ThroughputRttView::showCrosshairAt(double t)
{
    updateCrosshair(t);
    return valuesAt(t, ChartMetric::Throughput, m_throughputUnit.label(), throughputScale());
}

void ThroughputRttView::updateCrosshair(double t)
{
    m_throughputView->showCrosshair(t,
                                    valuesAt(t, ChartMetric::Throughput, m_throughputUnit.label(), throughputScale()));
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
    // The replot gave the charts back their own legends (the shared list beside them is not in
    // the picture): lay them out before drawing, or they are drawn with no room at all.
    for (QChart *chart : {m_throughputChart, m_rttChart})
        chart->layout()->activate();
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

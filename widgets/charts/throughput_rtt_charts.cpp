#include "charts/throughput_rtt_charts.h"

#include "charts/chart_axis.h"
#include "charts/chart_fit.h"

#include <QCategoryAxis>
#include <QChart>
#include <QFontMetrics>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>

#include <algorithm>

namespace tcptune::charts {

namespace {

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

} // namespace

ThroughputRttCharts::ThroughputRttCharts(QObject *owner, const Titles &titles)
    : m_owner(owner)
    , m_throughputChart(makeChart(titles.throughput.value(0)))
    , m_rttChart(makeChart(titles.rtt.value(0)))
    , m_throughputTime(makeTimeAxis(titles.time))
    , m_rttTime(makeTimeAxis(titles.time))
{
    // At 1024x700 a chart is about 160 px wide: its title is then the short one.
    keepTitleFitting(m_throughputChart, titles.throughput);
    keepTitleFitting(m_rttChart, titles.rtt);
    m_throughputChart->addAxis(m_throughputTime, Qt::AlignBottom);
    // The charts' titles name what they show; their value axes, the units (a title such as
    // "Durchsatz (Mbit/s)" was longer than the chart is high at 1280x800).
    m_throughputAxis = std::make_unique<ChartValueAxis>(m_throughputChart, titles.throughputUnit, Qt::AlignLeft);
    m_extraAxis = std::make_unique<ChartValueAxis>(m_throughputChart, QString(), Qt::AlignRight);
    m_extraAxis->setVisible(false);
    m_rttChart->addAxis(m_rttTime, Qt::AlignBottom);
    m_rttAxis = std::make_unique<ChartValueAxis>(m_rttChart, titles.rttUnit, Qt::AlignLeft);
}

ThroughputRttCharts::~ThroughputRttCharts() = default;

void ThroughputRttCharts::addRun(int id, const ChartRun &run)
{
    RunLines &lines = m_lines[id];
    lines.throughput = new QLineSeries(m_owner);
    lines.throughput->setName(run.label);
    lines.rtt = new QLineSeries(m_owner);
    lines.rtt->setName(run.label);
    // One pixel: the raster engine draws such lines on its fast path; wider pens are stroked
    // join by join, which for a busy live series costs tens of ms per paint. Only runs beyond the
    // palette's eight colours are dashed.
    for (QLineSeries *series : {lines.throughput, lines.rtt})
        series->setPen(QPen(run.colour, 1.0, run.dash));
    m_throughputChart->addSeries(lines.throughput);
    lines.throughput->attachAxis(m_throughputTime);
    m_throughputAxis->attach(lines.throughput);
    m_rttChart->addSeries(lines.rtt);
    lines.rtt->attachAxis(m_rttTime);
    m_rttAxis->attach(lines.rtt);
}

void ThroughputRttCharts::setExtraLine(int id, const ChartRun &run, const QString &extraName)
{
    RunLines &lines = m_lines.at(id);
    if (lines.extra) {
        m_extraAxis->detach(lines.extra);
        m_throughputChart->removeSeries(lines.extra);
        delete lines.extra;
        lines.extra = nullptr;
    }
    if (extraName.isEmpty())
        return;
    lines.extra = new QLineSeries(m_owner);
    lines.extra->setName(QStringLiteral("%1 %2").arg(run.label, extraName));
    // Lighter and thinner than the run's own line, but solid: a dashed pen is stroked dash by dash
    // along the whole path, and a busy live series (cwnd sawtooth, thousands of points) then
    // takes the GUI thread for most of a second per paint (bench/charts/bench_live_chart).
    QColor extraColour = run.colour.lighter(140);
    extraColour.setAlpha(200);
    lines.extra->setPen(QPen(extraColour, 1.0));
    lines.extra->setVisible(run.visible);
    m_throughputChart->addSeries(lines.extra);
    lines.extra->attachAxis(m_throughputTime);
    m_extraAxis->attach(lines.extra);
}

void ThroughputRttCharts::removeRun(int id)
{
    auto it = m_lines.find(id);
    if (it == m_lines.end())
        return;
    RunLines &lines = it->second;
    m_throughputAxis->detach(lines.throughput);
    m_rttAxis->detach(lines.rtt);
    m_throughputChart->removeSeries(lines.throughput);
    m_rttChart->removeSeries(lines.rtt);
    delete lines.throughput;
    delete lines.rtt;
    if (lines.extra) {
        m_extraAxis->detach(lines.extra);
        m_throughputChart->removeSeries(lines.extra);
        delete lines.extra;
    }
    m_lines.erase(it);
}

void ThroughputRttCharts::setRunNames(int id, const QString &label, const QString &extraName)
{
    const RunLines &lines = m_lines.at(id);
    lines.throughput->setName(label);
    lines.rtt->setName(label);
    if (lines.extra)
        lines.extra->setName(QStringLiteral("%1 %2").arg(label, extraName));
}

void ThroughputRttCharts::setRunVisible(int id, bool visible)
{
    const RunLines &lines = m_lines.at(id);
    lines.throughput->setVisible(visible);
    lines.rtt->setVisible(visible);
    if (lines.extra)
        lines.extra->setVisible(visible);
}

QLineSeries *ThroughputRttCharts::RunLines::line(Line which) const
{
    switch (which) {
    case Line::Throughput: return throughput;
    case Line::Rtt: return rtt;
    case Line::Extra: break;
    }
    return extra;
}

qsizetype ThroughputRttCharts::pointCount(int id, Line line) const
{
    auto it = m_lines.find(id);
    if (it == m_lines.end())
        return 0;
    const QLineSeries *series = it->second.line(line);
    return series ? series->count() : 0;
}

QList<QLegendMarker *> ThroughputRttCharts::legendMarkers(int id) const
{
    QList<QLegendMarker *> markers;
    auto it = m_lines.find(id);
    if (it == m_lines.end())
        return markers;
    markers.append(m_throughputChart->legend()->markers(it->second.throughput));
    markers.append(m_rttChart->legend()->markers(it->second.rtt));
    return markers;
}

void ThroughputRttCharts::setThroughputUnit(const QString &unit)
{
    m_throughputAxis->setTitle(unit);
}

void ThroughputRttCharts::setExtraAxis(bool shown, const QString &title)
{
    m_extraAxis->setVisible(shown);
    m_extraAxis->setTitle(title);
}

void ThroughputRttCharts::showRange(QPointF range)
{
    // Round ticks inside the range, so a zoomed axis reads 5.1, 5.2 and not 5.133.
    setRoundTicks(m_throughputTime, range.x(), range.y(), timeTickTarget(m_throughputChart, m_throughputTime), true);
    setRoundTicks(m_rttTime, range.x(), range.y(), timeTickTarget(m_rttChart, m_rttTime), true);
}

void ThroughputRttCharts::showAxes(const Replot &replot, bool extra)
{
    const AxisExtent &throughput = replot.axis(Line::Throughput);
    const AxisExtent &rtt = replot.axis(Line::Rtt);
    m_throughputAxis->show(throughput.top, throughput.lowest, throughput.wide);
    m_rttAxis->show(rtt.top, rtt.lowest, rtt.wide);
    if (extra)
        m_extraAxis->show(replot.axis(Line::Extra).top, 0, false);
}

void ThroughputRttCharts::showLines(const std::vector<LineUpdate> &updates)
{
    for (const LineUpdate &update : updates)
        m_lines.at(update.run).line(update.line)->replace(update.points);
}

void ThroughputRttCharts::setLegendsVisible(bool visible)
{
    for (QChart *chart : {m_throughputChart, m_rttChart})
        chart->legend()->setVisible(visible);
}

void ThroughputRttCharts::elideLegends(const std::map<int, QString> &labels, int entries, double chartWidth)
{
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
        for (const auto &[id, lines] : m_lines)
            for (QLineSeries *series : {lines.throughput, lines.rtt})
                for (QLegendMarker *marker : chart->legend()->markers(series))
                    marker->setLabel(legendLabel(labels.at(id), metrics, int(room)));
    }
}

const ChartValueAxis &ThroughputRttCharts::valueAxis(Line line) const
{
    switch (line) {
    case Line::Throughput: return *m_throughputAxis;
    case Line::Rtt: return *m_rttAxis;
    case Line::Extra: break;
    }
    return *m_extraAxis;
}

bool ThroughputRttCharts::isLogarithmic(Line line) const
{
    return valueAxis(line).isLogarithmic();
}

QStringList ThroughputRttCharts::valueTickLabels(Line line) const
{
    return tickLabels(valueAxis(line).linear());
}

QStringList ThroughputRttCharts::timeTickLabels() const
{
    return tickLabels(m_throughputTime);
}

QString ThroughputRttCharts::valueAxisTitle(Line line) const
{
    const ChartValueAxis &axis = valueAxis(line);
    return axis.isLogarithmic() ? axis.logarithmic()->titleText() : axis.linear()->titleText();
}

} // namespace tcptune::charts

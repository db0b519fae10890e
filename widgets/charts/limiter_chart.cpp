#include "charts/limiter_chart.h"

#include "charts/chart_fit.h"
#include "charts/chart_renderer.h"
#include "charts/limiter_colours.h"
#include "experiment/diagnosis/limiter_breakdown.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLocale>
#include <QPainter>
#include <QScrollArea>
#include <QVBoxLayout>
#include <QValueAxis>

namespace tcptune {

LimiterChart::LimiterChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_view(new QChartView(m_chart, this))
    , m_scroll(new QScrollArea(this))
    , m_series(new QHorizontalStackedBarSeries(this))
    , m_categories(new QBarCategoryAxis)
    , m_share(new QValueAxis)
    , m_partNames{tr("receive window"), tr("send buffer"), tr("congestion window"), tr("other sending"), tr("idle")}
    , m_partShortNames{tr("rwnd"), tr("sndbuf"), tr("cwnd"), tr("other"), tr("idle")}
{
    m_chart->setTitle(tr("What held the sender back (share of its time)"));
    m_chart->setBackgroundRoundness(0);
    // No margin above and below: under the charts at 1280x800 each pixel of height counts.
    m_chart->setMargins(QMargins(4, 0, 4, 0));
    m_chart->setAnimationOptions(QChart::NoAnimation);
    // The five parts in one row under the bars: one per line beside them needed a chart higher
    // than there is room for under the charts at 1280x800 with a message in the banner ("idle"
    // was cut at the bottom), and took the width the run's name beside its bar needed. Little
    // space above and below the row (9 px each by default).
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    if (QGraphicsLayout *legendLayout = m_chart->legend()->layout()) {
        qreal left = 0, top = 0, right = 0, bottom = 0;
        legendLayout->getContentsMargins(&left, &top, &right, &bottom);
        legendLayout->setContentsMargins(left, 2, right, 2);
    }
    for (int i = 0; i < m_partNames.size(); ++i) {
        auto *set = new QBarSet(m_partNames.at(i), m_series);
        const QColor colour = charts::limiterColour(charts::LimiterPart(i));
        set->setColor(colour);
        set->setBorderColor(colour);
        m_series->append(set);
    }
    m_chart->addSeries(m_series);
    m_share->setRange(0, 100);
    // The ticks say "%"; an axis title would take the height the bars need under the charts.
    m_share->setLabelFormat(QStringLiteral("%d %"));
    m_share->setTickCount(5);
    m_chart->addAxis(m_categories, Qt::AlignLeft);
    m_chart->addAxis(m_share, Qt::AlignBottom);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_share);
    // What each share means, and over a bar that bar's shares in figures.
    m_view->setToolTip(partsHelp());
    connect(m_series, &QHorizontalStackedBarSeries::hovered, this,
            [this](bool over, int bar) { m_view->setToolTip(over ? barToolTip(bar) : partsHelp()); });
    m_view->setObjectName(QStringLiteral("limiterChartView"));
    charts::onResize(m_chart, [this] { fitLegend(); });
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFrameShape(QFrame::NoFrame); // the chart's background is its frame
    // The chart is as high as its rows need (fitToRows); where that is more than the room under
    // the charts, it scrolls.
    m_scroll->setObjectName(QStringLiteral("limiterChartScroll"));
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setWidget(m_view);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_scroll);
    // Low enough that, under the charts after a run, the window still fits 1280x800.
    setMinimumSize(320, 120);
}

void LimiterChart::setBars(const QList<LimiterChartBar> &bars)
{
    m_bars = bars;
    rebuild();
}

void LimiterChart::addBar(const LimiterChartBar &bar)
{
    m_bars.append(bar);
    rebuild();
}

void LimiterChart::rebuild()
{
    const QList<QBarSet *> sets = m_series->barSets();
    for (QBarSet *set : sets)
        set->remove(0, set->count());
    QStringList labels;
    for (int i = 0; i < m_bars.size(); ++i) {
        const LimiterChartBar &bar = m_bars.at(i);
        const LimiterPartition p = partitionOf(bar.limiters, bar.alwaysHasData);
        const double parts[] = {p.rwnd, p.sndbuf, p.cwnd, p.otherBusy, p.idle};
        for (int k = 0; k < sets.size(); ++k)
            sets.at(k)->append(parts[k] * 100);
        QString label = bar.label;
        if (!p.known)
            label = tr("%1 (not measured)").arg(label);
        else if (bar.limiters.applicationLimited >= 0 && !bar.alwaysHasData)
            label = tr("%1 (app-limited %2 %)")
                        .arg(label, QLocale().toString(qRound(bar.limiters.applicationLimited * 100)));
        // Category labels must be unique; a zero-width space keeps repeated labels apart.
        labels << label + QString(i, QChar(0x200B));
    }
    m_categories->setCategories(labels);
    fitToRows();
}

// QtCharts shares the plot's height among the bars and elides a category label to "..." once
// its band is lower than a line of text (from two bars on under the charts at 1280x800): the
// chart gets a line and a half per bar, plus its title, value axis and legend.
void LimiterChart::fitToRows()
{
    const QFontMetrics labels(m_categories->labelsFont());
    const QFontMetrics title(m_chart->titleFont());
    const QFontMetrics legend(m_chart->legend()->font());
    // One bar has the whole plot: it fits without scrolling (whose bar would take the labels' width).
    const int rows = m_bars.size() < 2 ? 0 : int(m_bars.size()) * (labels.height() * 3 / 2 + 2);
    const int around = title.height() + 2 * labels.height() + legend.height() + 40;
    m_view->setMinimumHeight(rows > 0 ? rows + around : 0);
}

// The five parts' names in one row under the bars need about 560 px; a narrower chart (the
// window at 1024x700) cut them to "receive w...": there the row names them as the kernel's
// counters do, and the tooltip has them whole.
void LimiterChart::fitLegend()
{
    const QStringList &labels =
        charts::legendRowWidth(m_chart->legend()->font(), m_partNames) <= charts::textRoom(m_chart) ? m_partNames
                                                                                                    : m_partShortNames;
    const QList<QBarSet *> sets = m_series->barSets();
    for (int part = 0; part < sets.size(); ++part)
        if (sets.at(part)->label() != labels.at(part))
            sets.at(part)->setLabel(labels.at(part));
}

QString LimiterChart::partsHelp()
{
    return tr("Each bar is one run's sender time, in parts that add up to 100 %:\n"
              "receive window: the receiver's advertised window was full (tcpi_rwnd_limited);\n"
              "send buffer: the socket's send buffer held the writer back (tcpi_sndbuf_limited);\n"
              "congestion window: the data in flight filled cwnd, so congestion control set the pace;\n"
              "other sending: sending, held back by none of these;\n"
              "idle: the sender had nothing to send.\n"
              "\"app-limited\" beside a run: the share of its delivery-rate samples the application limited.");
}

QString LimiterChart::barToolTip(int bar) const
{
    if (bar < 0 || bar >= m_bars.size())
        return partsHelp();
    const QList<QBarSet *> sets = m_series->barSets();
    QStringList lines{m_bars.at(bar).label};
    for (int part = 0; part < sets.size(); ++part)
        if (bar < sets.at(part)->count())
            lines.append(tr("%1: %2 %").arg(m_partNames.at(part), QLocale().toString(sets.at(part)->at(bar), 'f', 1)));
    return lines.join(QLatin1Char('\n'));
}

QString LimiterChart::hoverText() const
{
    return m_view->toolTip();
}

QStringList LimiterChart::categories() const
{
    return m_categories->categories();
}

double LimiterChart::partPercent(int bar, int part) const
{
    const QList<QBarSet *> sets = m_series->barSets();
    if (part < 0 || part >= sets.size() || bar < 0 || bar >= sets.at(part)->count())
        return -1;
    return sets.at(part)->at(bar);
}

void LimiterChart::render(QPainter *painter, const QRectF &target)
{
    ChartRenderer::paintChart(m_chart, painter, target);
}

} // namespace tcptune

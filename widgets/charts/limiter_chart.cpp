#include "charts/limiter_chart.h"

#include "charts/chart_renderer.h"
#include "experiment/limiter_breakdown.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLocale>
#include <QPainter>
#include <QVBoxLayout>
#include <QValueAxis>

namespace tcptune {

namespace {

// Limits in warm colours, ordinary sending in cool ones, idle grey.
const QColor kPartColours[] = {QColor(214, 39, 40), QColor(255, 127, 14), QColor(31, 119, 180), QColor(44, 160, 44),
                               QColor(199, 199, 199)};

} // namespace

LimiterChart::LimiterChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_view(new QChartView(m_chart, this))
    , m_series(new QHorizontalStackedBarSeries(this))
    , m_categories(new QBarCategoryAxis)
    , m_share(new QValueAxis)
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
    const QStringList parts = {tr("receive window"), tr("send buffer"), tr("congestion window"), tr("other sending"),
                               tr("idle")};
    for (int i = 0; i < parts.size(); ++i) {
        auto *set = new QBarSet(parts.at(i), m_series);
        set->setColor(kPartColours[i]);
        set->setBorderColor(kPartColours[i]);
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
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFrameShape(QFrame::NoFrame); // the chart's background is its frame
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
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
    for (QBarSet *set : sets)
        if (bar < set->count())
            lines.append(tr("%1: %2 %").arg(set->label(), QLocale().toString(set->at(bar), 'f', 1)));
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

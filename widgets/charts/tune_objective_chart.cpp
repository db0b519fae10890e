#include "charts/tune_objective_chart.h"

#include "charts/chart_axis.h"
#include "charts/chart_fit.h"
#include "charts/series_style.h"

#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLineSeries>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tcptune {
namespace {

bool kept(TuneTrial::Outcome outcome)
{
    return outcome == TuneTrial::Outcome::Baseline || outcome == TuneTrial::Outcome::Accepted;
}

QScatterSeries *runSeries(const QString &name, const QColor &colour, QObject *parent)
{
    auto *series = new QScatterSeries(parent);
    series->setName(name);
    series->setColor(colour);
    series->setBorderColor(colour.darker(130));
    series->setMarkerSize(9);
    return series;
}

} // namespace

TuneObjectiveChart::TuneObjectiveChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_view(new QChartView(m_chart, this))
    , m_x(new QValueAxis)
    , m_running(runSeries(tr("Runs"), seriesColour(0), this))
    , m_kept(runSeries(tr("Kept"), seriesColour(2), this))
    , m_dropped(runSeries(tr("Dropped"), seriesColour(5), this))
    , m_incumbent(new QLineSeries(this))
{
    charts::keepTitleFitting(m_chart, {tr("The objective of each run"), tr("Objective")});
    m_chart->setBackgroundRoundness(0);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    // Three entries share the chart's width, narrow beside the table: a smaller font keeps their
    // names whole ("Verworfen" was cut at 1280x800).
    QFont legendFont = m_chart->legend()->font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.9);
    m_chart->legend()->setFont(legendFont);
    m_x->setTitleText(tr("Run"));
    m_x->setLabelFormat(QStringLiteral("%d"));
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_y = std::make_unique<ChartValueAxis>(m_chart, QString(), Qt::AlignLeft);
    m_incumbent->setName(tr("Incumbent"));
    m_incumbent->setPen(seriesPen(1, 2));
    for (QAbstractSeries *s : {static_cast<QAbstractSeries *>(m_incumbent), static_cast<QAbstractSeries *>(m_running),
                               static_cast<QAbstractSeries *>(m_kept), static_cast<QAbstractSeries *>(m_dropped)}) {
        m_chart->addSeries(s);
        s->attachAxis(m_x);
        m_y->attach(s);
    }
    m_view->setRenderHint(QPainter::Antialiasing);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    // Narrower, QtCharts elides its axes' numbers; taller, the tab made the window scroll at 1024x700.
    setMinimumSize(220, 150);
    redraw();
}

TuneObjectiveChart::~TuneObjectiveChart() = default;

void TuneObjectiveChart::setObjectiveAxis(const QString &title, double divisor)
{
    m_y->setTitle(title);
    m_divisor = divisor > 0 ? divisor : 1;
    redraw();
}

void TuneObjectiveChart::clear()
{
    m_runs.clear();
    m_outcomes.clear();
    redraw();
}

void TuneObjectiveChart::addRun(int trial, double value)
{
    m_runs.append(RunPoint{trial, value});
    redraw();
}

void TuneObjectiveChart::showOutcomes(const QMap<int, TuneTrial::Outcome> &outcomes)
{
    m_outcomes = outcomes;
    redraw();
}

// Every point again on the series its trial's outcome chooses, the axes fitted around them.
void TuneObjectiveChart::redraw()
{
    for (QScatterSeries *s : {m_running, m_kept, m_dropped})
        s->clear();
    double top = 0;
    double lowest = 0;
    for (int i = 0; i < m_runs.size(); ++i) {
        const double y = m_runs.at(i).value / m_divisor;
        if (!std::isfinite(y))
            continue;
        QScatterSeries *series = m_running;
        if (!m_outcomes.isEmpty())
            series = kept(m_outcomes.value(m_runs.at(i).trial, TuneTrial::Outcome::Failed)) ? m_kept : m_dropped;
        series->append(i + 1, y);
        top = std::max(top, y);
        lowest = lowest > 0 ? std::min(lowest, y) : y;
    }
    m_running->setVisible(m_outcomes.isEmpty());
    m_kept->setVisible(!m_outcomes.isEmpty());
    m_dropped->setVisible(!m_outcomes.isEmpty());
    drawIncumbent();
    // Whole run numbers on the ticks, about five of them.
    const int last = int(std::max<qsizetype>(5, m_runs.size() + 1));
    m_x->setRange(0, last);
    m_x->setTickType(QValueAxis::TicksDynamic);
    m_x->setTickAnchor(0);
    m_x->setTickInterval(std::max(1, (last + 4) / 5));
    m_y->show(top > 0 ? top * 1.1 : 1, lowest > 0 ? lowest : 1, false);
}

// The incumbent's mean from the run that completed it until the run that completed the next
// accepted candidate: the baseline's, then each accepted one's.
void TuneObjectiveChart::drawIncumbent()
{
    m_incumbent->clear();
    if (m_outcomes.isEmpty())
        return;
    QMap<int, QPair<double, int>> sums; // trial -> sum, count
    QMap<int, int> lastRun;             // trial -> its last run's number
    for (int i = 0; i < m_runs.size(); ++i) {
        lastRun[m_runs.at(i).trial] = i + 1;
        if (std::isfinite(m_runs.at(i).value)) {
            sums[m_runs.at(i).trial].first += m_runs.at(i).value / m_divisor;
            ++sums[m_runs.at(i).trial].second;
        }
    }
    // The baseline is the incumbent from the first run on.
    double incumbent = sums.value(0).second > 0 ? sums.value(0).first / sums.value(0).second : std::nan("");
    for (int i = 0; i < m_runs.size(); ++i) {
        const int trial = m_runs.at(i).trial;
        if (trial != 0 && lastRun.value(trial) == i + 1 &&
            m_outcomes.value(trial, TuneTrial::Outcome::Failed) == TuneTrial::Outcome::Accepted &&
            sums.value(trial).second > 0) {
            const double mean = sums.value(trial).first / sums.value(trial).second;
            if (std::isfinite(incumbent))
                m_incumbent->append(i + 1, incumbent); // the step
            incumbent = mean;
        }
        if (std::isfinite(incumbent))
            m_incumbent->append(i + 1, incumbent);
    }
}

int TuneObjectiveChart::plottedRunPoints() const
{
    return int(m_running->count() + m_kept->count() + m_dropped->count());
}

int TuneObjectiveChart::incumbentPoints() const
{
    return int(m_incumbent->count());
}

} // namespace tcptune

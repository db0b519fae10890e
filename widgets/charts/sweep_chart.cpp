#include "charts/sweep_chart.h"

#include "charts/chart_axis.h"
#include "charts/chart_fit.h"
#include "charts/chart_renderer.h"

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tcptune {

namespace {

const QColor throughputColour(31, 119, 180);
const QColor rttColour(214, 39, 40);

} // namespace

SweepChart::SweepChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_view(new QChartView(m_chart, this))
    , m_x(new QCategoryAxis)
    , m_throughputAxis(new QCategoryAxis)
    , m_rttAxis(new QCategoryAxis)
    , m_throughput(new QLineSeries(this))
    , m_throughputMarks(new QScatterSeries(this))
    , m_rtt(new QLineSeries(this))
{
    charts::keepTitleFitting(m_chart, {tr("Throughput and RTT against the swept value"), tr("Throughput and RTT")});
    m_chart->setBackgroundRoundness(0);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    // The value axes are titled with their units, in their series' colours: a longer title
    // ("Durchsatz (Mbit/s), Mittelwert ± Sd") did not fit the chart's height at 1280x800; the
    // legend names the series.
    m_throughputAxis->setTitleText(m_unit.label());
    m_rttAxis->setTitleText(QStringLiteral("ms"));
    m_throughputAxis->setTitleBrush(throughputColour);
    m_throughputAxis->setLabelsColor(throughputColour);
    m_rttAxis->setTitleBrush(rttColour);
    m_rttAxis->setLabelsColor(rttColour);
    for (QCategoryAxis *axis : {m_throughputAxis, m_rttAxis})
        axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_throughputAxis, Qt::AlignLeft);
    m_chart->addAxis(m_rttAxis, Qt::AlignRight);

    m_throughput->setName(tr("Throughput, mean and 95 % CI"));
    m_throughput->setPen(QPen(throughputColour, 2));
    m_throughputMarks->setColor(throughputColour);
    m_throughputMarks->setMarkerSize(8);
    m_rtt->setName(tr("RTT median"));
    m_rtt->setPen(QPen(rttColour, 2, Qt::DashLine));
    m_rtt->setPointsVisible(true);
    m_chart->addSeries(m_throughput);
    m_chart->addSeries(m_throughputMarks);
    m_chart->addSeries(m_rtt);
    for (QAbstractSeries *s :
         {static_cast<QAbstractSeries *>(m_throughput), static_cast<QAbstractSeries *>(m_throughputMarks)}) {
        s->attachAxis(m_x);
        s->attachAxis(m_throughputAxis);
    }
    m_rtt->attachAxis(m_x);
    m_rtt->attachAxis(m_rttAxis);
    m_chart->legend()->markers(m_throughputMarks).first()->setVisible(false);

    m_view->setRenderHint(QPainter::Antialiasing);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    // Low enough that the Sweep tab lets the window fit 1280x800 (title bar, menu, status bar).
    setMinimumSize(360, 170);
    // A lower or higher plot (the tab resized) gets fewer or more ticks (only its height counts).
    connect(m_chart, &QChart::plotAreaChanged, this, [this] {
        setValueTicks();
        labelPoints();
    });
    charts::onResize(m_chart, [this] { fitLegend(); });
    rebuild();
}

void SweepChart::setAxisTitle(const QString &title)
{
    m_x->setTitleText(title);
}

void SweepChart::setThroughputUnit(ThroughputUnit unit)
{
    m_unit = unit;
    m_throughputAxis->setTitleText(unit.label());
    rebuild();
}

QString SweepChart::throughputAxisTitle() const
{
    return m_throughputAxis->titleText();
}

void SweepChart::setPoints(const QList<SweepChartPoint> &points)
{
    m_points = points;
    rebuild();
}

void SweepChart::rebuild()
{
    for (QLineSeries *bar : std::as_const(m_errorBars)) {
        m_chart->removeSeries(bar);
        delete bar;
    }
    m_errorBars.clear();
    m_errorBarPoints.clear();
    QList<QPointF> throughput;
    QList<QPointF> rtt;
    double throughputTop = 0;
    double rttTop = 0;
    const double scale = m_unit.fromBitsPerSecond(1e6); // the points are in Mbit/s
    for (int i = 0; i < m_points.size(); ++i) {
        SweepChartPoint p = m_points[i];
        p.throughputMbps *= scale;
        p.ciLowMbps *= scale;
        p.ciHighMbps *= scale;
        if (p.throughputMbps >= 0) {
            throughput.append(QPointF(i, p.throughputMbps));
            throughputTop =
                std::max(throughputTop, p.hasInterval() ? std::max(p.throughputMbps, p.ciHighMbps) : p.throughputMbps);
            if (p.hasInterval())
                addErrorBar(i, std::max(0.0, p.ciLowMbps), p.ciHighMbps);
        }
        if (p.rttMedianMs >= 0) {
            rtt.append(QPointF(i, p.rttMedianMs));
            rttTop = std::max(rttTop, p.rttMedianMs);
        }
    }
    m_throughput->replace(throughput);
    m_throughputMarks->replace(throughput);
    m_rtt->replace(rtt);
    // Many values side by side: slanted labels, so "64K 128K 256K" is not cut to "64... 12...".
    m_x->setLabelsAngle(m_points.size() > 5 ? -45 : 0);
    m_throughputTop = throughputTop;
    m_rttTop = rttTop;
    setValueTicks();
    m_labelStep = 0;
    labelPoints();
}

// QtCharts shares the plot's width among the value labels and cuts one that is wider to "..."
// (12 slanted values in a 240 px plot at 1280x800 all read "..."): when they do not fit, every
// second (third, ...) value is labelled, whole; the table beside the chart names them all.
void SweepChart::labelPoints()
{
    const int step = labelStep();
    if (step == m_labelStep)
        return;
    m_labelStep = step;
    for (const QString &label : m_x->categoriesLabels())
        m_x->remove(label);
    for (int i = 0; i < m_points.size(); i += step)
        // Category labels must be unique; a zero-width space keeps repeated labels apart.
        m_x->append(m_points.at(i).label + QString(i, QChar(0x200B)), i);
    m_x->setRange(-0.5, std::max(0.5, m_points.size() - 0.5));
    m_x->setStartValue(-0.5);
}

int SweepChart::labelStep() const
{
    const int n = int(m_points.size());
    const double width = m_chart->plotArea().width();
    if (n < 2 || width <= 0)
        return 1;
    const QFontMetrics metrics(m_x->labelsFont());
    int widest = 0;
    for (const SweepChartPoint &p : m_points)
        widest = std::max(widest, metrics.horizontalAdvance(p.label));
    // A label slanted by 45 degrees is (width + height) / sqrt(2) wide; QtCharts keeps about
    // 5 px each side and counts one place more than there are labels.
    const double need = (n > 5 ? (widest + metrics.height()) * M_SQRT1_2 : widest) + 12;
    int step = 1;
    while (step < n && width / ((n + step - 1) / step + 1) < need)
        ++step;
    return step;
}

// Under a low chart (the Sweep tab at 1024x700) QtCharts leaves no room for the legend and
// draws it cut; the axes' titles and labels, in their series' colours, then say which is which.
void SweepChart::fitLegend()
{
    QLegend *legend = m_chart->legend();
    const QStringList labels{m_throughput->name(), m_rtt->name()};
    legend->setVisible(m_chart->size().height() >= kLowestWithLegend &&
                       charts::legendRowWidth(legend->font(), labels) <= charts::textRoom(m_chart));
}

// QtCharts has no error-bar series: a bar is a line series drawn as |-| (caps, then the stem).
void SweepChart::addErrorBar(int index, double low, double high)
{
    constexpr double w = 0.08;
    const double x = index;
    auto *bar = new QLineSeries(this);
    bar->append({{x - w, low}, {x + w, low}, {x, low}, {x, high}, {x - w, high}, {x + w, high}});
    bar->setPen(QPen(throughputColour, 1.5));
    m_chart->addSeries(bar);
    bar->attachAxis(m_x);
    bar->attachAxis(m_throughputAxis);
    m_chart->legend()->markers(bar).first()->setVisible(false);
    m_errorBars.append(bar);
    m_errorBarPoints.append(index);
}

std::optional<std::pair<double, double>> SweepChart::errorBarOf(int index) const
{
    const qsizetype bar = m_errorBarPoints.indexOf(index);
    if (bar < 0)
        return std::nullopt;
    const QLineSeries *series = m_errorBars.at(bar);
    return std::pair{series->at(0).y(), series->at(3).y()};
}

void SweepChart::setValueTicks()
{
    setRoundTicks(m_throughputAxis, 0, m_throughputTop > 0 ? m_throughputTop * 1.05 : 1,
                  valueTickTarget(m_chart, m_throughputAxis));
    setRoundTicks(m_rttAxis, 0, m_rttTop > 0 ? m_rttTop * 1.05 : 1, valueTickTarget(m_chart, m_rttAxis));
}

QStringList SweepChart::valueTickLabels() const
{
    return tickLabels(m_throughputAxis);
}

QStringList SweepChart::pointLabels() const
{
    QStringList labels;
    for (const QString &label : m_x->categoriesLabels())
        labels.append(QString(label).remove(QChar(0x200B)));
    return labels;
}

int SweepChart::plottedThroughputPoints() const
{
    return m_throughput->count();
}

int SweepChart::plottedRttPoints() const
{
    return m_rtt->count();
}

void SweepChart::render(QPainter *painter, const QRectF &target)
{
    ChartRenderer::paintChart(m_chart, painter, target);
}

} // namespace tcptune

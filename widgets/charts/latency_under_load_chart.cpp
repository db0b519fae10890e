#include "charts/latency_under_load_chart.h"

#include "charts/axis_scale.h"
#include "charts/chart_renderer.h"
#include "charts/run_samples.h"
#include "charts/series_style.h"
#include "charts/time_shading.h"
#include "history/under_load_summary.h"

#include <QChart>
#include <QGraphicsScene>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tcptune {
namespace {

// Lost probes: small black squares on the top edge, where a lost probe's round trip (longer than
// anything drawn) would be; black stays apart from every series colour.
const QColor kLostColour(0, 0, 0);
const QColor kIdleShade(0, 0, 0, 22);

// An axis from 0 to a round top at or above MAX, ticks at round steps.
void setNiceRange(QValueAxis *axis, double max)
{
    const axisscale::Scale scale = axisscale::niceScale(0, std::max(max, 1e-3));
    axis->setRange(scale.min, scale.max);
    axis->setTickCount(int(std::lround((scale.max - scale.min) / scale.step)) + 1);
    axis->setLabelFormat(QStringLiteral("%g"));
}

QLineSeries *lineSeries(const QString &name, const QPen &pen)
{
    auto *series = new QLineSeries;
    series->setName(name);
    series->setPen(pen);
    return series;
}

// The UDP round trips answered, sorted, from the probes sent in [FROM_S, TO_S).
QList<double> udpRoundTrips(const LatencyUnderLoad &result, double fromS, double toS)
{
    QList<double> ms;
    for (const ProbeSample &p : result.probes)
        if (p.kind == ProbeSample::Kind::Udp && p.ms >= 0 && p.t >= fromS && p.t < toS)
            ms.append(p.ms);
    std::sort(ms.begin(), ms.end());
    return ms;
}

} // namespace

LatencyUnderLoadChart::LatencyUnderLoadChart(const LatencyUnderLoad &result, const QList<RunSample> &samples, Kind kind)
    : m_scene(std::make_unique<QGraphicsScene>())
    , m_chart(new QChart)
{
    m_scene->addItem(m_chart);
    m_chart->setBackgroundRoundness(0);
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    if (kind == Kind::TimeSeries)
        addTimeSeries(result, samples);
    else
        addCdf(result);
}

LatencyUnderLoadChart::~LatencyUnderLoadChart() = default;

void LatencyUnderLoadChart::render(QPainter *painter, const QRectF &target)
{
    ChartRenderer::paintChart(m_chart, painter, target);
}

QString LatencyUnderLoadChart::title() const
{
    return m_chart->title();
}

QXYSeries *LatencyUnderLoadChart::series(Role role) const
{
    for (const auto &[r, s] : m_series)
        if (r == role)
            return s;
    return nullptr;
}

void LatencyUnderLoadChart::addTimeSeries(const LatencyUnderLoad &result, const QList<RunSample> &samples)
{
    m_chart->setTitle(tr("Latency under load: round trips and throughput over the run"));
    // Short names: six entries share one row of the legend under a chart half the window wide.
    auto *udp = lineSeries(tr("UDP echo"), seriesPen(0));
    auto *tcp = lineSeries(tr("TCP probe"), seriesPen(1));
    auto *lost = new QScatterSeries;
    lost->setName(tr("lost"));
    lost->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    lost->setMarkerSize(6);
    lost->setColor(kLostColour);
    lost->setBorderColor(kLostColour);
    double endS = 0;
    double maxMs = 0;
    QList<double> lostAt;
    for (const ProbeSample &p : result.probes) {
        endS = std::max(endS, p.t);
        maxMs = std::max(maxMs, p.ms);
        if (p.kind == ProbeSample::Kind::Tcp)
            tcp->append(p.t, p.ms);
        else if (p.ms < 0)
            lostAt.append(p.t);
        else
            udp->append(p.t, p.ms);
    }
    for (const RunSample &s : samples)
        endS = std::max(endS, s.t);
    // The time axis ends with the run, its ticks at round seconds (a round top past 3.02 s was 4).
    auto *time = new QValueAxis;
    time->setTitleText(tr("Time (s)"));
    time->setRange(0, std::max(endS, 0.1));
    time->setTickType(QValueAxis::TicksDynamic);
    time->setTickAnchor(0);
    time->setTickInterval(axisscale::niceStep(std::max(endS, 0.1)));
    time->setLabelFormat(QStringLiteral("%g"));
    auto *latency = new QValueAxis;
    // The units alone, as the workbench's charts title their axes: the chart is narrow there.
    latency->setTitleText(tr("ms"));
    setNiceRange(latency, maxMs);
    for (const double t : lostAt)
        lost->append(t, latency->max());
    m_chart->addAxis(time, Qt::AlignBottom);
    m_chart->addAxis(latency, Qt::AlignLeft);
    const QList<QPair<Role, QXYSeries *>> probes{
        {Role::UdpProbes, udp}, {Role::TcpProbes, tcp}, {Role::LostProbes, lost}};
    for (const auto &[role, series] : probes) {
        m_chart->addSeries(series);
        series->attachAxis(time);
        series->attachAxis(latency);
        m_series.append({role, series});
    }
    addThroughput(samples, time->max());
    // The idle phase shaded, named in the legend by a line of its shade.
    auto *idleEntry = lineSeries(tr("idle"), QPen(QColor(0, 0, 0, 60), 6));
    m_chart->addSeries(idleEntry);
    auto *shading = new charts::TimeShading(m_chart, time, {{0, result.idleS, kIdleShade}});
    QObject::connect(m_chart, &QChart::plotAreaChanged, m_chart, [shading] { shading->plotAreaChanged(); });
}

// One line per sender on an axis of its own at the right: this host's sending is "up", the
// target's "down".
void LatencyUnderLoadChart::addThroughput(const QList<RunSample> &samples, double endS)
{
    if (samples.isEmpty())
        return;
    auto *rate = new QValueAxis;
    rate->setTitleText(tr("Mbit/s"));
    double maxMbps = 0;
    QList<QPair<Role, QLineSeries *>> lines;
    for (const QList<RunSample> &sender : samplesBySender(samples)) {
        const bool down = sender.first().farSender;
        auto *line = lineSeries(down ? tr("down") : tr("up"), seriesPen(down ? 3 : 2, 1));
        for (const ChartSample &c : chartSamplesOf(sender)) {
            if (std::isnan(c.throughputMbps) || c.t > endS)
                continue;
            line->append(c.t, c.throughputMbps);
            maxMbps = std::max(maxMbps, c.throughputMbps);
        }
        lines.append({down ? Role::ThroughputDown : Role::ThroughputUp, line});
    }
    setNiceRange(rate, maxMbps);
    m_chart->addAxis(rate, Qt::AlignRight);
    for (const auto &[role, line] : lines) {
        m_chart->addSeries(line);
        line->attachAxis(m_chart->axes(Qt::Horizontal).first());
        line->attachAxis(rate);
        m_series.append({role, line});
    }
}

void LatencyUnderLoadChart::addCdf(const LatencyUnderLoad &result)
{
    const double increase = result.increaseMs();
    m_chart->setTitle(tr("UDP round trips: %1 ms under load")
                          .arg((increase >= 0 ? QStringLiteral("+") : QString()) + UnderLoadSummary::ms(increase)));
    const QList<double> idle = udpRoundTrips(result, 0, result.idleS);
    const QList<double> loaded = udpRoundTrips(result, result.loadFromS, std::numeric_limits<double>::infinity());
    double lo = std::numeric_limits<double>::infinity();
    double hi = 0;
    for (const QList<double> *values : {&idle, &loaded})
        if (!values->isEmpty()) {
            lo = std::min(lo, values->first());
            hi = std::max(hi, values->last());
        }
    // Idle round trips of 0.05 ms beside loaded ones of 300 ms: on a linear axis the idle curve
    // would be a vertical line at 0.
    const bool logScale = lo > 0 && hi / lo > 100;
    QAbstractAxis *x = nullptr;
    if (logScale) {
        auto *axis = new QLogValueAxis;
        axis->setBase(10);
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setRange(std::pow(10, std::floor(std::log10(lo))), std::pow(10, std::ceil(std::log10(hi))));
        axis->setMinorTickCount(8);
        axis->setMinorGridLineVisible(false); // nine lines a decade hid the curves

        x = axis;
    } else {
        auto *axis = new QValueAxis;
        setNiceRange(axis, hi);
        x = axis;
    }
    x->setTitleText(logScale ? tr("round trip, ms (log scale)") : tr("round trip, ms"));
    auto *share = new QValueAxis;
    share->setTitleText(tr("share"));
    share->setRange(0, 1);
    share->setTickCount(6);
    share->setLabelFormat(QStringLiteral("%.1f"));
    m_chart->addAxis(x, Qt::AlignBottom);
    m_chart->addAxis(share, Qt::AlignLeft);
    const QList<std::tuple<Role, const QList<double> *, QString>> curves{
        {Role::IdleCdf, &idle, tr("idle, median %1 ms").arg(UnderLoadSummary::ms(result.idleMs.median))},
        {Role::LoadedCdf, &loaded, tr("loaded, median %1 ms").arg(UnderLoadSummary::ms(result.loadedMs.median))}};
    int colour = 0;
    for (const auto &[role, values, name] : curves) {
        auto *line = lineSeries(name, seriesPen(colour++, 2));
        for (qsizetype i = 0; i < values->size(); ++i)
            line->append(values->at(i), double(i + 1) / double(values->size()));
        m_chart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(share);
        m_series.append({role, line});
    }
}

} // namespace tcptune

#include "export/report_chart_renderer.h"

#include "charts/latency_under_load_chart.h"
#include "charts/limiter_chart.h"
#include "charts/run_samples.h"
#include "charts/stream_graph_chart.h"
#include "charts/sweep_chart.h"
#include "charts/throughput_rtt_view.h"
#include "experiment/diagnosis/limiter_breakdown.h"
#include "experiment/record/detail_figures.h"
#include "history/mean_interval_text.h"
#include "history/run_stream_graph.h"
#include "history/stored_run_names.h"

#include <QCoreApplication>

#include <cmath>
#include <memory>

namespace tcptune {
namespace {

constexpr int kMaxLines = 12; // more lines than this are unreadable in one chart
// Stream graphs in one report at most: each reads its capture again, and a sweep's points look
// alike past a few.
constexpr int kMaxStreamGraphs = 6;
// The pixel columns a report's stream graph is thinned to (min/max per column): twice the
// default width, sharp on a high-density screen and in the PDF, while its SVG stays small.
constexpr int kStreamGraphColumns = 2 * ReportChartRenderer::kDefaultSize.width();
const QString kStreamGraphPrefix = QStringLiteral("stream-graph-");
// Latency under load: the time series and the CDF of each point's first run that measured it, a
// few at most (a sweep's points look alike past a few).
constexpr int kMaxUnderLoadRuns = 4;
const QString kUnderLoadPrefix = QStringLiteral("latency-under-load-");
const QString kUnderLoadCdfPrefix = QStringLiteral("latency-cdf-");

struct RunLine {
    QString name;
    QList<ChartSample> samples;
};

QString runName(const RunRecord &run)
{
    return run.pointLabel.isEmpty() ? ReportChartRenderer::tr("run %1").arg(run.runIndex + 1) : run.pointLabel;
}

// The run's lines: its samples (a run in direction both a line per sender, named after it), or
// its per-interval throughput when no samples were kept; none when it has neither.
QList<RunLine> runLines(const ReportModel &model, const RunRecord &run)
{
    QList<RunLine> out;
    const QList<QList<RunSample>> bySender = samplesBySender(model.samples.value(run.id));
    for (const QList<RunSample> &samples : bySender)
        if (QList<ChartSample> line = chartSamplesOf(samples); !line.isEmpty())
            out << RunLine{bySender.size() > 1 ? senderLineName(runName(run), samples.first().farSender) : runName(run),
                           line};
    if (out.isEmpty() && run.intervalS > 0) {
        RunLine line{runName(run), {}};
        for (int i = 0; i < run.intervalThroughputBps.size(); ++i) {
            ChartSample c;
            c.t = (i + 1) * run.intervalS;
            c.throughputMbps = run.intervalThroughputBps.at(i) / 1e6;
            line.samples << c;
        }
        out << line;
    }
    return out;
}

// One run per point: its first finished run with data, while the lines stay readable.
QList<const RunRecord *> timeSeriesRuns(const ReportModel &model)
{
    QList<const RunRecord *> out;
    QList<int> points;
    qsizetype lines = 0;
    for (const RunRecord *r : model.runs()) {
        if (r->status != RunStatus::Ok || points.contains(r->pointIndex))
            continue;
        const qsizetype more = runLines(model, *r).size();
        if (more == 0)
            continue;
        if (lines > 0 && lines + more > kMaxLines)
            break;
        points << r->pointIndex;
        out << r;
        lines += more;
    }
    return out;
}

// The Ok runs whose sender's limiters were measured, at most kMaxBars of them.
QList<const RunRecord *> limiterRuns(const ReportModel &model)
{
    constexpr int kMaxBars = 24;
    QList<const RunRecord *> out;
    for (const RunRecord *r : model.runs())
        if (r->status == RunStatus::Ok && r->limiters.busy >= 0 && out.size() < kMaxBars)
            out << r;
    return out;
}

// The first Ok run of each point that recorded a capture still there, at most kMaxStreamGraphs.
QList<const RunRecord *> streamGraphRuns(const ReportModel &model)
{
    QList<const RunRecord *> out;
    QList<int> points;
    for (const RunRecord *r : model.runs()) {
        if (out.size() >= kMaxStreamGraphs)
            break;
        if (r->status != RunStatus::Ok || points.contains(r->pointIndex) || RunStreamGraph::captureOf(*r).isEmpty())
            continue;
        points << r->pointIndex;
        out << r;
    }
    return out;
}

QString streamGraphId(const RunRecord &run)
{
    return kStreamGraphPrefix + QString::number(run.runIndex + 1);
}

const RunRecord *streamGraphRun(const ReportModel &model, const QString &id)
{
    for (const RunRecord *r : streamGraphRuns(model))
        if (streamGraphId(*r) == id)
            return r;
    return nullptr;
}

// The time-sequence graph of RUN's main flow, drawn by the stream graph's one renderer.
Result<ChartPainterFunction> streamGraphPainter(const ReportModel &model, const RunRecord &run)
{
    auto graph = RunStreamGraph::mainFlow(run, model.samples.value(run.id));
    if (!graph)
        return fail(graph.error().message);
    auto chart = std::make_shared<StreamGraphChart>(*graph, StreamGraphKind::TimeSequence);
    chart->thinTo(kStreamGraphColumns, kStreamGraphColumns);
    return ChartPainterFunction([chart](QPainter *p, const QRectF &r) { chart->render(p, r); });
}

QList<const RunRecord *> underLoadRuns(const ReportModel &model)
{
    QList<const RunRecord *> out;
    QList<int> points;
    for (const RunRecord *r : model.runs()) {
        if (out.size() >= kMaxUnderLoadRuns)
            break;
        if (r->status != RunStatus::Ok || points.contains(r->pointIndex) || !r->underLoad().measured)
            continue;
        points << r->pointIndex;
        out << r;
    }
    return out;
}

// The run of chart ID "latency-under-load-N" or "latency-cdf-N"; nullptr for another chart.
const RunRecord *underLoadRun(const ReportModel &model, const QString &id)
{
    for (const RunRecord *r : underLoadRuns(model)) {
        const QString n = QString::number(r->runIndex + 1);
        if (id == kUnderLoadPrefix + n || id == kUnderLoadCdfPrefix + n)
            return r;
    }
    return nullptr;
}

Result<ChartPainterFunction> underLoadPainter(const ReportModel &model, const RunRecord &run, const QString &id)
{
    const auto kind =
        id.startsWith(kUnderLoadCdfPrefix) ? LatencyUnderLoadChart::Kind::Cdf : LatencyUnderLoadChart::Kind::TimeSeries;
    auto chart = std::make_shared<LatencyUnderLoadChart>(run.underLoad(), model.samples.value(run.id), kind);
    return ChartPainterFunction([chart](QPainter *p, const QRectF &r) { chart->render(p, r); });
}

// A point of the sweep chart: its mean with the 95 % interval as its bar (none for one run); a
// point without a finished run has no mark and a cross by its label (the table says why).
SweepChartPoint sweepChartPoint(const ReportModel &model, const PointResult &p)
{
    SweepChartPoint out;
    out.label = p.hasResult() ? model.pointLabel(p) : model.pointLabel(p) + QStringLiteral(" \u2717");
    out.throughputMbps = p.hasResult() ? p.stats.mean / 1e6 : -1.0;
    if (const stats::MeanInterval interval = throughputInterval(p.stats); interval.hasInterval()) {
        out.ciLowMbps = interval.low / 1e6;
        out.ciHighMbps = interval.high / 1e6;
    }
    out.rttMedianMs = p.stats.rttMedianMs;
    return out;
}

} // namespace

QStringList ReportChartRenderer::availableCharts(const ReportModel &model)
{
    QStringList out;
    if (!timeSeriesRuns(model).isEmpty())
        out << QStringLiteral("throughput-rtt");
    const QList<PointResult> &points = model.results.points;
    const bool anyResult =
        std::any_of(points.cbegin(), points.cend(), [](const PointResult &p) { return p.hasResult(); });
    if (points.size() > 1 && anyResult)
        out << QStringLiteral("sweep");
    if (!limiterRuns(model).isEmpty())
        out << QStringLiteral("limiters");
    for (const RunRecord *r : streamGraphRuns(model))
        out << streamGraphId(*r);
    for (const RunRecord *r : underLoadRuns(model))
        out << kUnderLoadPrefix + QString::number(r->runIndex + 1)
            << kUnderLoadCdfPrefix + QString::number(r->runIndex + 1);
    return out;
}

QString ReportChartRenderer::chartTitle(const ReportModel &model, const QString &id)
{
    if (id == QLatin1String("sweep"))
        return tr("Throughput (mean, 95 % CI) and RTT median by %1").arg(model.axisName);
    if (id == QLatin1String("limiters"))
        return tr("What held the sender back, run by run");
    if (const RunRecord *run = streamGraphRun(model, id))
        return tr("Time-sequence graph of the main flow of %1").arg(runName(*run));
    if (const RunRecord *run = underLoadRun(model, id))
        return id.startsWith(kUnderLoadCdfPrefix)
                   ? tr("Latency under load of %1: UDP round trips idle against loaded (CDF)").arg(runName(*run))
                   : tr("Latency under load of %1: round trips and throughput over the run").arg(runName(*run));
    return tr("Throughput and RTT over time (first finished run of each point)");
}

Result<ChartPainterFunction> ReportChartRenderer::painterFor(const ReportModel &model, const QString &id)
{
    if (!availableCharts(model).contains(id))
        return fail(tr("This result has no '%1' chart; it has: %2.")
                        .arg(id, availableCharts(model).isEmpty() ? tr("none (no samples, one point)")
                                                                  : availableCharts(model).join(QStringLiteral(", "))));
    if (id == QLatin1String("sweep")) {
        // The sweep tab's own chart; a point without a finished run has no mark (the table says why).
        auto sweep = std::make_shared<SweepChart>();
        sweep->setAttribute(Qt::WA_DontShowOnScreen);
        sweep->setAxisTitle(model.axisName);
        sweep->setThroughputUnit(model.throughputUnit);
        QList<SweepChartPoint> points;
        for (const PointResult &p : model.results.points)
            points << sweepChartPoint(model, p);
        sweep->setPoints(points);
        return ChartPainterFunction([sweep](QPainter *p, const QRectF &r) { sweep->render(p, r); });
    }
    if (const RunRecord *run = streamGraphRun(model, id))
        return streamGraphPainter(model, *run);
    if (const RunRecord *run = underLoadRun(model, id))
        return underLoadPainter(model, *run, id);
    if (id == QLatin1String("limiters")) {
        auto chart = std::make_shared<LimiterChart>();
        chart->setAttribute(Qt::WA_DontShowOnScreen);
        QList<LimiterChartBar> bars;
        for (const RunRecord *run : limiterRuns(model)) {
            QString label = model.pointLabel(*run);
            if (run->repeat > 0)
                label += QStringLiteral(" #%1").arg(run->repeat + 1);
            // Direction both: the verdict's limiters are this host's sending.
            if (directionFigures(*run).size() == 2)
                label = senderLineName(label, false);
            bars << LimiterChartBar{label, run->limiters, writerAlwaysHasData(*run)};
        }
        chart->setBars(bars);
        return ChartPainterFunction([chart](QPainter *p, const QRectF &r) { chart->render(p, r); });
    }
    auto view = std::make_shared<ThroughputRttView>();
    view->setAttribute(Qt::WA_DontShowOnScreen);
    view->resize(kDefaultSize);
    view->setThroughputUnit(model.throughputUnit);
    for (const RunRecord *run : timeSeriesRuns(model))
        for (const RunLine &line : runLines(model, *run))
            view->appendSamples(view->addRun(line.name), line.samples);
    view->replotNow();
    return ChartPainterFunction([view](QPainter *p, const QRectF &r) { view->render(p, r); });
}

void ReportChartRenderer::attachCharts(ReportModel &model, const QSize &size)
{
    for (const QString &id : availableCharts(model)) {
        auto draw = painterFor(model, id);
        if (!draw)
            continue;
        ReportChart chart;
        chart.id = id;
        chart.title = chartTitle(model, id);
        chart.svg = ChartRenderer::toSvg(*draw, size, chart.title);
        chart.png = ChartRenderer::toPng(*draw, size);
        model.charts << chart;
    }
}

} // namespace tcptune

#include "export/report_chart_renderer.h"

#include "charts/limiter_chart.h"
#include "charts/run_samples.h"
#include "charts/sweep_chart.h"
#include "charts/throughput_rtt_view.h"

#include <QCoreApplication>

#include <cmath>
#include <memory>

namespace tcptune {
namespace {

constexpr int kMaxLines = 12; // more lines than this are unreadable in one chart

// The run's samples, or its per-interval throughput when no samples were kept.
QList<ChartSample> chartSamples(const ReportModel &model, const RunRecord &run)
{
    QList<ChartSample> out = chartSamplesOf(model.samples.value(run.id));
    if (out.isEmpty() && run.intervalS > 0) {
        for (int i = 0; i < run.intervalThroughputBps.size(); ++i) {
            ChartSample c;
            c.t = (i + 1) * run.intervalS;
            c.throughputMbps = run.intervalThroughputBps.at(i) / 1e6;
            out << c;
        }
    }
    return out;
}

// One run per point: its first finished run with data.
QList<const RunRecord *> timeSeriesRuns(const ReportModel &model)
{
    QList<const RunRecord *> out;
    QList<int> points;
    for (const RunRecord *r : model.runs()) {
        if (r->status != RunStatus::Ok || points.contains(r->pointIndex) || chartSamples(model, *r).isEmpty())
            continue;
        points << r->pointIndex;
        out << r;
        if (out.size() == kMaxLines)
            break;
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
    return out;
}

QString ReportChartRenderer::chartTitle(const ReportModel &model, const QString &id)
{
    if (id == QLatin1String("sweep"))
        return tr("Throughput (mean ± sd) and RTT median by %1").arg(model.axisName);
    if (id == QLatin1String("limiters"))
        return tr("What held the sender back, run by run");
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
        QList<SweepChartPoint> points;
        for (const PointResult &p : model.results.points)
            points << SweepChartPoint{p.hasResult() ? model.pointLabel(p)
                                                    : model.pointLabel(p) + QStringLiteral(" \u2717"),
                                      p.hasResult() ? p.stats.mean / 1e6 : -1.0, p.stats.sd / 1e6, p.stats.rttMedianMs};
        sweep->setPoints(points);
        return ChartPainterFunction([sweep](QPainter *p, const QRectF &r) { sweep->render(p, r); });
    }
    if (id == QLatin1String("limiters")) {
        auto chart = std::make_shared<LimiterChart>();
        chart->setAttribute(Qt::WA_DontShowOnScreen);
        QList<LimiterChartBar> bars;
        for (const RunRecord *run : limiterRuns(model)) {
            QString label = model.pointLabel(*run);
            if (run->repeat > 0)
                label += QStringLiteral(" #%1").arg(run->repeat + 1);
            bars << LimiterChartBar{label, run->limiters};
        }
        chart->setBars(bars);
        return ChartPainterFunction([chart](QPainter *p, const QRectF &r) { chart->render(p, r); });
    }
    auto view = std::make_shared<ThroughputRttView>();
    view->setAttribute(Qt::WA_DontShowOnScreen);
    view->resize(kDefaultSize);
    for (const RunRecord *run : timeSeriesRuns(model)) {
        const int line =
            view->addRun(run->pointLabel.isEmpty() ? tr("run %1").arg(run->runIndex + 1) : run->pointLabel);
        view->appendSamples(line, chartSamples(model, *run));
    }
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

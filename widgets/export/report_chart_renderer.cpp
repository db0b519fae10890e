#include "export/report_chart_renderer.h"

#include "charts/sweep_chart.h"
#include "charts/throughput_rtt_view.h"

#include <QCoreApplication>

#include <cmath>
#include <memory>

namespace tcptune {
namespace {

constexpr int kMaxLines = 12; // more lines than this are unreadable in one chart

QList<ChartSample> chartSamples(const ReportRun &run)
{
    QList<ChartSample> out;
    bool haveTotal = false;
    for (const RunSample &s : run.samples)
        haveTotal = haveTotal || s.stream < 0;
    for (const RunSample &s : run.samples) {
        if (haveTotal && s.stream >= 0)
            continue;
        ChartSample c;
        c.t = s.t;
        c.throughputMbps = s.throughputBps / 1e6;
        c.rttMs = s.rttMs > 0 ? s.rttMs : ChartSample::none;
        c.cwnd = s.cwnd >= 0 ? double(s.cwnd) : ChartSample::none;
        c.retransmits = double(s.retransmits);
        out << c;
    }
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
QList<const ReportRun *> timeSeriesRuns(const ReportModel &model)
{
    QList<const ReportRun *> out;
    QList<int> points;
    for (const ReportRun &r : model.runs) {
        if (r.status != runStatusName(RunStatus::Ok) || points.contains(r.pointIndex) || chartSamples(r).isEmpty())
            continue;
        points << r.pointIndex;
        out << &r;
        if (out.size() == kMaxLines)
            break;
    }
    return out;
}

} // namespace

QStringList ReportChartRenderer::availableCharts(const ReportModel &model)
{
    QStringList out;
    if (!timeSeriesRuns(model).isEmpty())
        out << QStringLiteral("throughput-rtt");
    const bool anyResult =
        std::any_of(model.rows.cbegin(), model.rows.cend(), [](const ReportRow &r) { return r.okRuns > 0; });
    if (model.rows.size() > 1 && anyResult)
        out << QStringLiteral("sweep");
    return out;
}

QString ReportChartRenderer::chartTitle(const ReportModel &model, const QString &id)
{
    if (id == QLatin1String("sweep"))
        return tr("Throughput (mean ± sd) and RTT median by %1").arg(model.axisName);
    return tr("Throughput and RTT over time (first finished run of each point)");
}

Result<ChartPainterFunction> ReportChartRenderer::painterFor(const ReportModel &model, const QString &id)
{
    if (!availableCharts(model).contains(id))
        return fail(tr("This result has no '%1' chart; it has: %2.")
                        .arg(id, availableCharts(model).isEmpty() ? tr("none (no samples, one point)")
                                                                  : availableCharts(model).join(", ")));
    if (id == QLatin1String("sweep")) {
        // The sweep tab's own chart; a point without a finished run has no mark (the table says why).
        auto sweep = std::make_shared<SweepChart>();
        sweep->setAttribute(Qt::WA_DontShowOnScreen);
        sweep->setAxisTitle(model.axisName);
        QList<SweepChartPoint> points;
        for (const ReportRow &row : model.rows)
            points << SweepChartPoint{row.okRuns > 0 ? row.value : row.value + QStringLiteral(" \u2717"),
                                      row.okRuns > 0 ? row.meanBps / 1e6 : -1.0, row.sdBps / 1e6, row.rttMedianMs};
        sweep->setPoints(points);
        return ChartPainterFunction([sweep](QPainter *p, const QRectF &r) { sweep->render(p, r); });
    }
    auto view = std::make_shared<ThroughputRttView>();
    view->setAttribute(Qt::WA_DontShowOnScreen);
    view->resize(kDefaultSize);
    for (const ReportRun *run : timeSeriesRuns(model)) {
        const int line = view->addRun(run->point.isEmpty() ? tr("run %1").arg(run->runIndex + 1) : run->point);
        view->appendSamples(line, chartSamples(*run));
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
        chart.svg = ChartExporter::toSvg(*draw, size, chart.title);
        chart.png = ChartExporter::toPng(*draw, size);
        model.charts << chart;
    }
}

} // namespace tcptune

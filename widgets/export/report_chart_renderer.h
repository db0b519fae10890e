#pragma once
// Renders a report's charts with the workbench's own chart code and attaches them to the model
// as SVG and PNG: throughput and RTT over time side by side (one line per point, its first
// finished run; a run in direction both a line per direction), for a sweep the throughput/RTT-by-
// value chart, one limiter bar per run, and the time-sequence graph of the main flow of each
// point's first run that recorded a capture (StreamGraphChart, with the run's limiter shading),
// and for each point's first latency-under-load run its time series and CDF (LatencyUnderLoadChart).

#include "charts/chart_renderer.h"
#include "common/error.h"
#include "report/report_model.h"

#include <QCoreApplication>

namespace tcptune {

class ReportChartRenderer final {
    Q_DECLARE_TR_FUNCTIONS(ReportChartRenderer)
public:
    static constexpr QSize kDefaultSize{900, 380};

    // The charts a model has data for: "throughput-rtt" (when any run has samples), "sweep" (more
    // than one point), "limiters" (when any run's sender limiters were measured), "stream-graph-N"
    // (run N, the first of its point with a capture still there; a few at most), "latency-under-load-N"
    // and "latency-cdf-N" (run N, the first of its point that measured latency under load).
    static QStringList availableCharts(const ReportModel &model);
    // Draws chart ID of MODEL into a rectangle: the function stays valid while MODEL lives.
    [[nodiscard]] static Result<ChartPainterFunction> painterFor(const ReportModel &model, const QString &id);
    static QString chartTitle(const ReportModel &model, const QString &id);
    // Adds every available chart to MODEL.charts (SVG and PNG at SIZE).
    static void attachCharts(ReportModel &model, const QSize &size = kDefaultSize);
};

} // namespace tcptune

#pragma once
// LatencyUnderLoadView: a latency-under-load run on screen, its two charts side by side
// (LatencyUnderLoadChart: the time series and the CDF) over its one-line summary
// (UnderLoadSummary). The workbench shows it under the charts after an rrul run, History for a
// selected stored rrul run; the charts export through ChartRenderer from the context menu's owner.

#include "experiment/record/run_record.h"
#include "traffic/latency_under_load.h"

#include <QWidget>

#include <memory>

class QChartView;
class QHBoxLayout;
class QLabel;

namespace tcptune {

class LatencyUnderLoadChart;

class LatencyUnderLoadView final : public QWidget {
    Q_OBJECT
public:
    explicit LatencyUnderLoadView(QWidget *parent = nullptr);
    ~LatencyUnderLoadView() override;

    // Draws RESULT with the run's SAMPLES (the throughput each way); a result not measured hides
    // the view.
    void setRun(const LatencyUnderLoad &result, const QList<RunSample> &samples);
    void clear();

    // The charts shown, nullptr before setRun() (tests, export).
    LatencyUnderLoadChart *timeSeries() const { return m_timeSeries.get(); }
    LatencyUnderLoadChart *cdf() const { return m_cdf.get(); }
    QString summaryText() const;

private:
    QChartView *viewOf(LatencyUnderLoadChart &chart, const QString &name);

    QHBoxLayout *m_charts;
    QLabel *m_summary;
    // Each chart's view took the chart into its scene; the views go first (declared after).
    std::unique_ptr<LatencyUnderLoadChart> m_timeSeries;
    std::unique_ptr<LatencyUnderLoadChart> m_cdf;
    QChartView *m_timeSeriesView = nullptr;
    QChartView *m_cdfView = nullptr;
};

} // namespace tcptune

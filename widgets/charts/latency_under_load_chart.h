#pragma once
// LatencyUnderLoadChart: a latency-under-load run (workload rrul, traffic/latency_under_load.h) as
// one of two charts, for the workbench, History and reports alike (ChartRenderer draws it into
// PNG, SVG or PDF; a QChartView shows it):
// - the time series: the UDP echo's and the TCP probe's round trips over the run, the UDP probes
//   lost as marks on the time axis, the idle phase shaded, and the throughput each way (the run's
//   samples, one line per sender) on a second axis;
// - the CDF: idle against loaded UDP round trips (a log axis when they span more than a hundred
//   times), their medians in the legend and the increase in the title.

#include "experiment/record/run_record.h"
#include "traffic/latency_under_load.h"

#include <QCoreApplication>
#include <QList>
#include <QRectF>
#include <QString>

#include <memory>

class QChart;
class QGraphicsScene;
class QPainter;
class QXYSeries;

namespace tcptune {

class LatencyUnderLoadChart final {
    Q_DECLARE_TR_FUNCTIONS(LatencyUnderLoadChart)
public:
    enum class Kind { TimeSeries, Cdf };
    // The series by what they draw (tests read their points); nullptr when the kind has none.
    enum class Role { UdpProbes, TcpProbes, LostProbes, ThroughputUp, ThroughputDown, IdleCdf, LoadedCdf };

    // SAMPLES: the run's TCP_INFO samples (RunSample::t on the probes' clock, the idle phase
    // included), for the throughput lines; the time series only.
    LatencyUnderLoadChart(const LatencyUnderLoad &result, const QList<RunSample> &samples, Kind kind);
    ~LatencyUnderLoadChart();
    LatencyUnderLoadChart(const LatencyUnderLoadChart &) = delete;
    LatencyUnderLoadChart &operator=(const LatencyUnderLoadChart &) = delete;

    void render(QPainter *painter, const QRectF &target);
    QString title() const;
    // The chart. A QChartView given it takes it into its own scene, which then owns it: the view
    // must live as long as this object is used (LatencyUnderLoadView holds both).
    QChart *qchart() const { return m_chart; }
    QXYSeries *series(Role role) const;

private:
    void addTimeSeries(const LatencyUnderLoad &result, const QList<RunSample> &samples);
    void addThroughput(const QList<RunSample> &samples, double endS);
    void addCdf(const LatencyUnderLoad &result);

    // ChartRenderer draws a chart through its scene; the scene owns the chart.
    std::unique_ptr<QGraphicsScene> m_scene;
    QChart *m_chart;
    QList<QPair<Role, QXYSeries *>> m_series;
};

} // namespace tcptune

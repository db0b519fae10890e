#pragma once
// Throughput (Mbit/s, Gbit/s or MB/s: setThroughputUnit) and RTT (ms) of one or more runs as two charts side by side on
// one time axis: zoom (wheel) and pan (drag) on either moves both, double-click returns to following the data, a
// crosshair shows every run's values. Samples are buffered and replotted on a single-shot 40 ms timer from data
// decimated to min/max per pixel column, so appending is cheap and a million-point series replots in milliseconds. Live
// samples are held in bounded series (the newest at full resolution, older history as min/max buckets): memory stays
// flat however long a run lasts. Series set whole (setSeries, a capture's) keep every point. Renders off screen for
// reports (render(), drawn by ChartRenderer). The throughput line is goodput over 100 ms
// (charts::GoodputWindow: ACK bursts are not plotted above the link), and an RTT of 0 (no
// sample yet) is not drawn. The runs' data, the time range and the axes' scale are
// charts::ThroughputRttModel's; this widget draws what it decides and handles the mouse.

#include "charts/chart_sample.h"
#include "charts/throughput_rtt_charts.h"
#include "charts/throughput_rtt_model.h"
#include "common/throughput_unit.h"

#include <QColor>
#include <QList>
#include <QPointF>
#include <QWidget>

#include <optional>

class QPainter;
class QTimer;

namespace tcptune {

class RunLegend;
class SyncedChartView;

class ThroughputRttView final : public QWidget {
    Q_OBJECT
public:
    explicit ThroughputRttView(QWidget *parent = nullptr);
    ~ThroughputRttView() override;

    // A run (or a capture's flow) gets one look (colour and dash) and one legend entry in each
    // chart; a long label is elided in the middle there, whole in the entry's tooltip.
    int addRun(const QString &label, const QColor &colour = {});
    void removeRun(int run);
    void clear();
    // Removes every run that is not pinned (a new sweep starts on clean charts).
    void clearUnpinned();
    // A pinned run stays when a sweep clears the charts (runs ticked in History, captures).
    void setRunPinned(int run, bool pinned);
    bool isRunPinned(int run) const { return m_model.runOrNone(run).pinned; }
    // The stored run (its id in the result store) a series shows, so it is never drawn twice.
    void setRunTag(int run, qint64 storedRunId);
    int runTagged(qint64 storedRunId) const { return m_model.runTagged(storedRunId); }
    qint64 runTag(int run) const { return m_model.runOrNone(run).tag; } // 0: not a stored run
    // What the legend entry's tooltip says beside the full label (the run's configuration).
    void setRunToolTip(int run, const QString &text);
    QString runToolTip(int run) const { return m_model.runOrNone(run).toolTip; }
    // The legend text of RUN as drawn (elided in the middle when long).
    QString legendText(int run) const;
    // What hovering RUN's legend entry shows: its whole label and what it ran with.
    QString legendToolTip(int run) const;
    // The legend both charts share when they draw more runs than their own legends show whole
    // (hidden otherwise).
    const RunLegend *sharedLegend() const { return m_legend; }
    QList<int> runIds() const { return m_model.runIds(); }
    QString runLabel(int run) const { return m_model.runOrNone(run).label; }
    // Renames RUN (the legend and the crosshair follow).
    void setRunLabel(int run, const QString &label);
    QColor runColour(int run) const { return m_model.runOrNone(run).colour; }
    Qt::PenStyle runDash(int run) const { return m_model.runOrNone(run).dash; }
    void setRunVisible(int run, bool visible);
    bool isRunVisible(int run) const;

    // Appends live samples (t ascending); they appear at the next replot, within ~40 ms.
    void appendSamples(int run, const QList<ChartSample> &samples);
    // Replaces one metric of a run with POINTS (x = seconds, ascending), e.g. a capture's RTT.
    void setSeries(int run, ChartMetric metric, const QList<QPointF> &points);
    // Puts back POINTS exactly as series() gave them (a saved session): no goodput window again.
    void restoreSeries(int run, ChartMetric metric, const QList<QPointF> &points);

    // Every point held for METRIC of RUN (live history beyond BoundedSeries::kDefaultLimit points
    // held as min/max buckets), for reports and tests.
    QList<QPointF> series(int run, ChartMetric metric) const { return m_model.series(run, metric); }
    // Points held (all of them) and points currently handed to the chart (after decimation).
    qsizetype pointCount(int run, ChartMetric metric) const { return m_model.pointCount(run, metric); }
    qsizetype plottedPointCount(int run, ChartMetric metric) const;

    // Whether the throughput or RTT axis is logarithmic now (series 100x apart).
    bool isLogarithmic(ChartMetric metric) const;
    // The tick labels of a chart's value axis, as drawn (tests).
    QStringList valueTickLabels(ChartMetric metric) const;
    QStringList timeTickLabels() const { return m_charts.timeTickLabels(); }

    // The unit the goodput axis, its values and the crosshair read in (series stay in Mbit/s).
    void setThroughputUnit(ThroughputUnit unit);
    ThroughputUnit throughputUnit() const { return m_model.throughputUnit(); }
    // The title of a chart's value axis, as drawn (tests).
    QString valueAxisTitle(ChartMetric metric) const;

    // Extra metric drawn dashed on a right-hand axis of the throughput chart (cwnd, ...).
    void setExtraMetric(std::optional<ChartMetric> metric);
    std::optional<ChartMetric> extraMetric() const { return m_model.extraMetric(); }

    void setXRange(double min, double max);             // stops following the data
    void resetZoom();                                   // follows the data again
    QPointF xRange() const { return m_model.xRange(); } // (min, max)
    bool isFollowing() const { return m_model.isFollowing(); }

    // Decimates and hands every series to the charts now, instead of at the next timer tick.
    void replotNow();
    qint64 lastReplotNanoseconds() const { return m_lastReplotNs; }

    // Shows the crosshair at time T (as hovering does); returns its text for the throughput chart.
    QString showCrosshairAt(double t);

    // Off-screen rendering for reports: both charts side by side into TARGET, at TARGET's size.
    void render(QPainter *painter, const QRectF &target);

    static QString metricName(ChartMetric metric);

Q_SIGNALS:
    void replotted();
    // RUN left the charts (removed, cleared): whoever ticked it unticks it.
    void runRemoved(int run);

private:
    void scheduleReplot();
    void zoom(double factor, double anchor);
    void pan(double delta);
    void updateCrosshair(double t);
    void hideCrosshair();
    // The extra metric's name, as its lines and axis are titled ("" when none is drawn).
    QString extraName() const;
    QString valuesAt(double t, ChartMetric metric, const QString &unit, double scale = 1.0) const;
    void setUpLegend(int run);
    void elideLegends(double chartWidth);
    // Many runs on screen: one list of them beside both charts instead of the charts' legends.
    bool useSharedLegend();

    charts::ThroughputRttModel m_model;
    charts::ThroughputRttCharts m_charts;
    RunLegend *m_legend; // both charts' legend when they draw many runs
    QTimer *m_replotTimer;
    SyncedChartView *m_throughputView;
    SyncedChartView *m_rttView;
    int m_columnsOverride = 0;
    qint64 m_lastReplotNs = 0;
};

} // namespace tcptune

#pragma once
// Throughput (Mbit/s, Gbit/s or MB/s: setThroughputUnit) and RTT (ms) of one or more runs as two charts side by side on
// one time axis: zoom (wheel) and pan (drag) on either moves both, double-click returns to following the data, a
// crosshair shows every run's values. Samples are buffered and replotted on a single-shot 40 ms timer from data
// decimated to min/max per pixel column, so appending is cheap and a million-point series replots in milliseconds. Live
// samples are held in bounded series (the newest at full resolution, older history as min/max buckets): memory stays
// flat however long a run lasts. Series set whole (setSeries, a capture's) keep every point. Renders off screen for
// reports (render(), drawn by ChartRenderer). The throughput line is goodput over 100 ms
// (charts::GoodputWindow: ACK bursts are not plotted above the link), and an RTT of 0 (no
// sample yet) is not drawn.

#include "charts/bounded_series.h"
#include "charts/chart_sample.h"
#include "charts/goodput_window.h"
#include "common/throughput_unit.h"

#include <QColor>
#include <QList>
#include <QPointF>
#include <QWidget>

#include <array>
#include <optional>
#include <map>
#include <memory>
#include <vector>

class QCategoryAxis;
class QChart;
class QLabel;
class QLineSeries;
class QPainter;
class QTimer;

namespace tcptune {

class ChartValueAxis;
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
    bool isRunPinned(int run) const;
    // The stored run (its id in the result store) a series shows, so it is never drawn twice.
    void setRunTag(int run, qint64 storedRunId);
    int runTagged(qint64 storedRunId) const;
    qint64 runTag(int run) const; // 0: not a stored run
    // What the legend entry's tooltip says beside the full label (the run's configuration).
    void setRunToolTip(int run, const QString &text);
    QString runToolTip(int run) const;
    // The legend text of RUN as drawn (elided in the middle when long).
    QString legendText(int run) const;
    // What hovering RUN's legend entry shows: its whole label and what it ran with.
    QString legendToolTip(int run) const;
    // The legend both charts share when they draw more runs than their own legends show whole
    // (hidden otherwise).
    const RunLegend *sharedLegend() const { return m_legend; }
    QList<int> runIds() const;
    QString runLabel(int run) const;
    // Renames RUN (the legend and the crosshair follow).
    void setRunLabel(int run, const QString &label);
    QColor runColour(int run) const;
    Qt::PenStyle runDash(int run) const;
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
    QList<QPointF> series(int run, ChartMetric metric) const;
    // Points held (all of them) and points currently handed to the chart (after decimation).
    qsizetype pointCount(int run, ChartMetric metric) const;
    qsizetype plottedPointCount(int run, ChartMetric metric) const;

    // Whether the throughput or RTT axis is logarithmic now (series 100x apart).
    bool isLogarithmic(ChartMetric metric) const;
    // The tick labels of a chart's value axis, as drawn (tests).
    QStringList valueTickLabels(ChartMetric metric) const;
    QStringList timeTickLabels() const;

    // The unit the goodput axis, its values and the crosshair read in (series stay in Mbit/s).
    void setThroughputUnit(ThroughputUnit unit);
    ThroughputUnit throughputUnit() const { return m_throughputUnit; }
    // The title of a chart's value axis, as drawn (tests).
    QString valueAxisTitle(ChartMetric metric) const;

    // Extra metric drawn dashed on a right-hand axis of the throughput chart (cwnd, ...).
    void setExtraMetric(std::optional<ChartMetric> metric);
    std::optional<ChartMetric> extraMetric() const { return m_extra; }

    void setXRange(double min, double max); // stops following the data
    void resetZoom();                       // follows the data again
    QPointF xRange() const;                 // (min, max)
    bool isFollowing() const { return m_following; }

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
    // Live samples: bounded, older history kept as min/max buckets (charts::BoundedSeries).
    using Column = charts::BoundedSeries;
    // What a series was last drawn from: the same again needs no new points (a finished run of a
    // sweep stays as it is while the live one grows).
    struct Drawn {
        std::uint64_t revision = ~std::uint64_t(0);
        double min = 0;
        double max = 0;
        int columns = 0;
        double top = 0;           // highest y drawn
        double typical = 0;       // median y drawn (to tell runs 100x apart)
        bool logarithmic = false; // drawn for a logarithmic axis (zeros left out)
    };
    struct Run {
        QString label;
        QColor colour;
        Qt::PenStyle dash = Qt::SolidLine;
        QString toolTip;
        qint64 tag = 0;
        bool pinned = false;
        bool visible = true;
        std::array<Column, chartMetricCount> columns;
        charts::GoodputWindow goodput; // what the throughput column is fed through
        QLineSeries *throughput = nullptr;
        QLineSeries *rtt = nullptr;
        QLineSeries *extra = nullptr;
        std::array<Drawn, 3> drawn; // throughput, rtt, extra
    };
    struct Pending {
        QLineSeries *series;
        QList<QPointF> points;
        const ChartValueAxis *axis;
        Drawn *drawn;
    };

    void scheduleReplot();
    void replaceSeries(int run, ChartMetric metric, const QList<QPointF> &points);
    // Decimates COLUMN for SERIES into PENDING unless it is drawn as it stands; returns what it
    // is drawn from (top and typical value).
    // SCALE multiplies the values drawn (the goodput axis's unit).
    const Drawn &plot(QLineSeries *series, const Column &column, int columns, Drawn &drawn, const ChartValueAxis *axis,
                      std::vector<Pending> &pending, double scale = 1.0);
    // What one Mbit/s of a stored series reads in the goodput axis's unit.
    double throughputScale() const { return m_throughputUnit.fromBitsPerSecond(1e6); }
    void redrawOnScaleChange(std::vector<Pending> &pending);
    void applyRange(double min, double max);
    void zoom(double factor, double anchor);
    void pan(double delta);
    void updateCrosshair(double t);
    void hideCrosshair();
    double dataEnd() const;
    void attachExtra(Run &run);
    QString valuesAt(double t, ChartMetric metric, const QString &unit, double scale = 1.0) const;
    void setUpLegend(Run &run);
    void elideLegends(double chartWidth);
    // Many runs on screen: one list of them beside both charts instead of the charts' legends.
    bool useSharedLegend();
    void showRanges(double throughputTop, double rttTop, double extraTop);

    QChart *m_throughputChart;
    QChart *m_rttChart;
    QCategoryAxis *m_throughputTime;
    QCategoryAxis *m_rttTime;
    std::unique_ptr<ChartValueAxis> m_throughputAxis;
    std::unique_ptr<ChartValueAxis> m_rttAxis;
    std::unique_ptr<ChartValueAxis> m_extraAxis;
    SyncedChartView *m_throughputView;
    SyncedChartView *m_rttView;
    RunLegend *m_legend; // both charts' legend when they draw many runs
    QTimer *m_replotTimer;
    std::map<int, Run> m_runs;
    int m_nextRun = 1;
    int m_nextColour = 0;
    std::optional<ChartMetric> m_extra;
    ThroughputUnit m_throughputUnit;
    bool m_following = true;
    double m_min = 0;
    double m_max = 10;
    int m_columnsOverride = 0;
    qint64 m_lastReplotNs = 0;
};

} // namespace tcptune

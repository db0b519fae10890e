#pragma once
// Throughput (Mbit/s) and RTT (ms) of one or more runs as two charts side by side on one time
// axis: zoom (wheel) and pan (drag) on either moves both, double-click returns to following the
// data, a crosshair shows every run's values. Samples are buffered and replotted on a single-shot
// 40 ms timer from data decimated to min/max per pixel column, so appending is cheap and a
// million-point series replots in milliseconds. Live samples are held in bounded series (the
// newest at full resolution, older history as min/max buckets): memory stays flat however long
// a run lasts. Series set whole (setSeries, a capture's) keep every point. Renders off screen for
// reports (render(), drawn by ChartRenderer).

#include "charts/bounded_series.h"
#include "charts/chart_sample.h"

#include <QColor>
#include <QList>
#include <QPointF>
#include <QWidget>

#include <array>
#include <optional>
#include <map>
#include <vector>

class QChart;
class QLabel;
class QLineSeries;
class QPainter;
class QTimer;
class QValueAxis;

namespace tcptune {

class SyncedChartView;

class ThroughputRttView final : public QWidget {
    Q_OBJECT
public:
    explicit ThroughputRttView(QWidget *parent = nullptr);
    ~ThroughputRttView() override;

    // A run (or a capture's flow) gets one colour and one legend entry in each chart.
    int addRun(const QString &label, const QColor &colour = {});
    void removeRun(int run);
    void clear();
    QList<int> runIds() const;
    QString runLabel(int run) const;
    QColor runColour(int run) const;
    void setRunVisible(int run, bool visible);

    // Appends live samples (t ascending); they appear at the next replot, within ~40 ms.
    void appendSamples(int run, const QList<ChartSample> &samples);
    // Replaces one metric of a run with POINTS (x = seconds, ascending), e.g. a capture's RTT.
    void setSeries(int run, ChartMetric metric, const QList<QPointF> &points);

    // Every point held for METRIC of RUN (live history beyond BoundedSeries::kDefaultLimit points
    // held as min/max buckets), for reports and tests.
    QList<QPointF> series(int run, ChartMetric metric) const;
    // Points held (all of them) and points currently handed to the chart (after decimation).
    qsizetype pointCount(int run, ChartMetric metric) const;
    qsizetype plottedPointCount(int run, ChartMetric metric) const;

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
        double top = 0; // highest y drawn
    };
    struct Run {
        QString label;
        QColor colour;
        bool visible = true;
        std::array<Column, chartMetricCount> columns;
        QLineSeries *throughput = nullptr;
        QLineSeries *rtt = nullptr;
        QLineSeries *extra = nullptr;
        std::array<Drawn, 3> drawn; // throughput, rtt, extra
    };
    struct Pending {
        QLineSeries *series;
        QList<QPointF> points;
    };

    void scheduleReplot();
    // Decimates COLUMN for SERIES into PENDING unless it is drawn as it stands; returns its top.
    double plot(QLineSeries *series, const Column &column, int columns, Drawn &drawn, std::vector<Pending> &pending);
    void applyRange(double min, double max);
    void zoom(double factor, double anchor);
    void pan(double delta);
    void updateCrosshair(double t);
    void hideCrosshair();
    double dataEnd() const;
    void attachExtra(Run &run);
    QString valuesAt(double t, ChartMetric metric, const QString &unit) const;

    QChart *m_throughputChart;
    QChart *m_rttChart;
    QValueAxis *m_throughputTime;
    QValueAxis *m_rttTime;
    QValueAxis *m_throughputAxis;
    QValueAxis *m_rttAxis;
    QValueAxis *m_extraAxis;
    SyncedChartView *m_throughputView;
    SyncedChartView *m_rttView;
    QTimer *m_replotTimer;
    std::map<int, Run> m_runs;
    int m_nextRun = 1;
    int m_nextColour = 0;
    std::optional<ChartMetric> m_extra;
    bool m_following = true;
    double m_min = 0;
    double m_max = 10;
    int m_columnsOverride = 0;
    qint64 m_lastReplotNs = 0;
};

} // namespace tcptune

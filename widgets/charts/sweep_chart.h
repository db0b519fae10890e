#pragma once
// Throughput and RTT against the swept value: one position per sweep point (labelled with the
// value), throughput mean with the 95 % confidence interval of the mean as an error bar on the
// left axis (a point of one run measured no spread and has no bar), RTT median on the right.
// Renders off screen for reports (render(), drawn by ChartRenderer) like ThroughputRttView.

#include "common/throughput_unit.h"

#include <QList>
#include <QString>
#include <QWidget>

#include <cmath>
#include <limits>
#include <optional>
#include <utility>

class QCategoryAxis;
class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;

namespace tcptune {

struct SweepChartPoint {
    QString label;              // the swept value as people read it ("256 KiB")
    double throughputMbps = -1; // mean; < 0: no run finished yet
    // The 95 % interval of the mean; NaN without one (fewer than two runs): no bar.
    double ciLowMbps = std::numeric_limits<double>::quiet_NaN();
    double ciHighMbps = std::numeric_limits<double>::quiet_NaN();
    double rttMedianMs = -1;

    bool hasInterval() const { return std::isfinite(ciLowMbps) && std::isfinite(ciHighMbps); }
};

class SweepChart final : public QWidget {
    Q_OBJECT
public:
    explicit SweepChart(QWidget *parent = nullptr);

    void setAxisTitle(const QString &title);
    // The unit the throughput axis reads in; points stay in Mbit/s.
    void setThroughputUnit(ThroughputUnit unit);
    QString throughputAxisTitle() const;
    void setPoints(const QList<SweepChartPoint> &points);
    const QList<SweepChartPoint> &points() const { return m_points; }
    // The labels on the axes, as drawn (tests): a value may be left unlabelled where they do not fit.
    QStringList valueTickLabels() const;
    QStringList pointLabels() const;
    // Points drawn on each series (for tests).
    int plottedThroughputPoints() const;
    int plottedRttPoints() const;
    // The error bar drawn at point INDEX as {low, high} in the axis's unit; none without one (tests).
    std::optional<std::pair<double, double>> errorBarOf(int index) const;
    // The error bars' series, e.g. to find where one is drawn (tests).
    QList<QLineSeries *> errorBarSeries() const { return m_errorBars; }

    void render(QPainter *painter, const QRectF &target);
    // The chart itself (tests read its axes and legend).
    QChart *qchart() const { return m_chart; }

private:
    void rebuild();
    // Round ticks up to the tops drawn, as many as the plot's height has room for.
    void setValueTicks();
    void addErrorBar(int index, double low, double high);
    // The values on the x axis: every one, or every STEP-th where the plot is too narrow.
    void labelPoints();
    int labelStep() const;
    void fitLegend();

    // Lower than this, the chart shows no legend (its plot would have no height left).
    static constexpr int kLowestWithLegend = 200;

    QChart *m_chart;
    QChartView *m_view;
    QCategoryAxis *m_x;
    QCategoryAxis *m_throughputAxis;
    QCategoryAxis *m_rttAxis;
    QLineSeries *m_throughput;
    QScatterSeries *m_throughputMarks;
    QLineSeries *m_rtt;
    QList<QLineSeries *> m_errorBars;
    QList<int> m_errorBarPoints; // the point of each error bar
    QList<SweepChartPoint> m_points;
    double m_throughputTop = 0;
    double m_rttTop = 0;
    int m_labelStep = 0; // 0: the values are to be labelled again
    ThroughputUnit m_unit;
};

} // namespace tcptune

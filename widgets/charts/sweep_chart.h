#pragma once
// Throughput and RTT against the swept value: one position per sweep point (labelled with the
// value), throughput mean with +-1 sd error bars on the left axis, RTT median on the right.
// Renders off screen for reports (render(), drawn by ChartRenderer) like ThroughputRttView.

#include <QList>
#include <QString>
#include <QWidget>

class QCategoryAxis;
class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;

namespace tcptune {

struct SweepChartPoint {
    QString label;              // the swept value as people read it ("256 KiB")
    double throughputMbps = -1; // mean; < 0: no run finished yet
    double throughputSdMbps = 0;
    double rttMedianMs = -1;
};

class SweepChart final : public QWidget {
    Q_OBJECT
public:
    explicit SweepChart(QWidget *parent = nullptr);

    void setAxisTitle(const QString &title);
    void setPoints(const QList<SweepChartPoint> &points);
    const QList<SweepChartPoint> &points() const { return m_points; }
    // The labels on the axes, as drawn (tests).
    QStringList valueTickLabels() const;
    QStringList pointLabels() const;
    // Points drawn on each series (for tests).
    int plottedThroughputPoints() const;
    int plottedRttPoints() const;

    void render(QPainter *painter, const QRectF &target);
    // The chart itself (tests read its axes and legend).
    QChart *qchart() const { return m_chart; }

private:
    void rebuild();
    // Round ticks up to the tops drawn, as many as the plot's height has room for.
    void setValueTicks();

    QChart *m_chart;
    QChartView *m_view;
    QCategoryAxis *m_x;
    QCategoryAxis *m_throughputAxis;
    QCategoryAxis *m_rttAxis;
    QLineSeries *m_throughput;
    QScatterSeries *m_throughputMarks;
    QLineSeries *m_rtt;
    QList<QLineSeries *> m_errorBars;
    QList<SweepChartPoint> m_points;
    double m_throughputTop = 0;
    double m_rttTop = 0;
};

} // namespace tcptune

#pragma once
// The value axes of the workbench charts. A linear axis is a QCategoryAxis whose labels sit on
// round ticks and read with SI prefixes in the user's locale ("40 k", "1,5"), never "4e+04".
// A value axis can switch to a logarithmic one when the series on it differ by 100x or more
// (a 0.09 ms RTT beside a 170 ms one), moving its series over; the title says "(log)", short:
// it runs along the chart's height, and "ms, logarithmisch" was cut at 1280x800.

#include <QList>
#include <QString>

class QAbstractSeries;
class QCategoryAxis;
class QChart;
class QLogValueAxis;

namespace tcptune {

// Puts round ticks with SI labels on AXIS for [MIN, MAX] (about TICKS intervals): the range
// grows to round ends, or, with EXACT_RANGE (a zoomed time axis), stays [MIN, MAX] with the round
// values inside it as ticks. Does nothing when the range is unchanged.
void setRoundTicks(QCategoryAxis *axis, double min, double max, int ticks = 5, bool exactRange = false);
// The labels on AXIS, in order (tests).
QStringList tickLabels(QCategoryAxis *axis);
// How many intervals a value axis of CHART gets for the chart's plot height now: QtCharts draws
// a label taller than the room between two ticks as "...", so two lines per interval, 2 to 5.
int valueTickTarget(const QChart *chart, const QCategoryAxis *axis);
// The same for a time axis across the plot's width: a label wider than its interval is drawn as
// "..." (at 1024x700 the charts are 150 px wide and read "0 ... ... ..."), so each interval has
// room for two labels such as "12.5", 2 to 5.
int timeTickTarget(const QChart *chart, const QCategoryAxis *axis);

class ChartValueAxis final {
public:
    ChartValueAxis(QChart *chart, const QString &title, Qt::Alignment side);

    void attach(QAbstractSeries *series);
    void detach(QAbstractSeries *series);
    // From 0 to a round top above TOP; logarithmic from LOWEST when WIDE.
    void show(double top, double lowest, bool wide);
    bool isLogarithmic() const { return m_logarithmic; }
    QCategoryAxis *linear() const { return m_linear; }
    QLogValueAxis *logarithmic() const { return m_log; }
    void setVisible(bool visible);
    void setTitle(const QString &title);

    // Ratio between the largest and smallest typical values at which the axis turns logarithmic.
    static constexpr double kWideRatio = 100;

private:
    void setLogarithmic(bool on);
    // How many intervals the linear axis gets for the chart's height now.
    int tickTarget() const;

    QChart *m_chart;
    QCategoryAxis *m_linear;
    QLogValueAxis *m_log;
    QString m_title;
    bool m_logarithmic = false;
    bool m_visible = true;
    QList<QAbstractSeries *> m_series;
};

} // namespace tcptune

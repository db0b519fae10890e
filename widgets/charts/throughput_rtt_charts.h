#pragma once
// The two QtCharts scenes of ThroughputRttView: the throughput chart (goodput on the left axis,
// the extra metric on a right-hand one) and the RTT chart, their time and value axes, each run's
// lines on them and the charts' own legends. It draws what ThroughputRttModel decided; the widget
// around it lays the charts out and handles the mouse.

#include "charts/throughput_rtt_model.h"

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <map>
#include <memory>
#include <vector>

class QCategoryAxis;
class QChart;
class QLegendMarker;
class QLineSeries;
class QObject;

namespace tcptune {
class ChartValueAxis;
}

namespace tcptune::charts {

class ThroughputRttCharts final {
public:
    // The charts' texts, translated by the view (they are filed under its tr() context).
    struct Titles {
        QStringList throughput; // longest first: the longest that fits is shown
        QStringList rtt;
        QString time;
        QString throughputUnit;
        QString rttUnit;
    };
    // Lines are made as children of OWNER.
    ThroughputRttCharts(QObject *owner, const Titles &titles);
    ~ThroughputRttCharts();

    QChart *throughputChart() const { return m_throughputChart; }
    QChart *rttChart() const { return m_rttChart; }
    QCategoryAxis *throughputTime() const { return m_throughputTime; }
    QCategoryAxis *rttTime() const { return m_rttTime; }

    // Run ID's throughput and RTT lines, in RUN's colour and dash.
    void addRun(int id, const ChartRun &run);
    void removeRun(int id);
    // Run ID's extra line made anew and named EXTRA_NAME; none when EXTRA_NAME is empty.
    void setExtraLine(int id, const ChartRun &run, const QString &extraName);
    void setRunNames(int id, const QString &label, const QString &extraName);
    void setRunVisible(int id, bool visible);
    // Points handed to the chart for run ID's LINE.
    qsizetype pointCount(int id, Line line) const;
    // Run ID's entries in the charts' own legends (the throughput chart's first).
    QList<QLegendMarker *> legendMarkers(int id) const;

    void setThroughputUnit(const QString &unit);
    void setExtraAxis(bool shown, const QString &title);
    // The time axes over RANGE (min, max), with round ticks inside it.
    void showRange(QPointF range);
    // The axes first and once, then the points: each axis change or replace() makes Qt Charts
    // recompute the series' geometry.
    void showAxes(const Replot &replot, bool extra);
    void showLines(const std::vector<LineUpdate> &updates);
    void setLegendsVisible(bool visible);
    // Lays the charts' legends out for ENTRIES entries in charts CHART_WIDTH wide, each run's
    // label (LABELS, by run) elided to the room an entry has there.
    void elideLegends(const std::map<int, QString> &labels, int entries, double chartWidth);

    bool isLogarithmic(Line line) const;
    QStringList valueTickLabels(Line line) const;
    QStringList timeTickLabels() const;
    QString valueAxisTitle(Line line) const;

private:
    struct RunLines {
        QLineSeries *throughput = nullptr;
        QLineSeries *rtt = nullptr;
        QLineSeries *extra = nullptr; // none while no extra metric is drawn
        QLineSeries *line(Line which) const;
    };
    const ChartValueAxis &valueAxis(Line line) const;

    QObject *m_owner;
    QChart *m_throughputChart;
    QChart *m_rttChart;
    QCategoryAxis *m_throughputTime;
    QCategoryAxis *m_rttTime;
    std::unique_ptr<ChartValueAxis> m_throughputAxis;
    std::unique_ptr<ChartValueAxis> m_rttAxis;
    std::unique_ptr<ChartValueAxis> m_extraAxis;
    std::map<int, RunLines> m_lines;
};

} // namespace tcptune::charts

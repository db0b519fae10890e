#pragma once
// What held each run's sender back, one stacked bar per run: the parts of its time limited by
// the receive window, the send buffer and the congestion window, other sending and idle (from
// partitionOf(), experiment/diagnosis/limiter_breakdown.h, as the verdict reads them); the application-
// limited share is named in the bar's label where it overlaps the parts (a writer that does not
// always have data; for a bulk writer it is the send buffer's part). Renders off screen for
// reports like SweepChart.

#include "experiment/record/run_record.h"

#include <QList>
#include <QString>
#include <QWidget>

class QBarCategoryAxis;
class QChart;
class QChartView;
class QHorizontalStackedBarSeries;
class QScrollArea;
class QValueAxis;

namespace tcptune {

struct LimiterChartBar {
    QString label; // "64 KiB", "run 3"
    LimiterBreakdown limiters;
    bool alwaysHasData = false; // the run's writer: writerAlwaysHasData()
};

class LimiterChart final : public QWidget {
    Q_OBJECT
public:
    explicit LimiterChart(QWidget *parent = nullptr);

    void setBars(const QList<LimiterChartBar> &bars);
    void addBar(const LimiterChartBar &bar);
    const QList<LimiterChartBar> &bars() const { return m_bars; }
    // The labels on the category axis, as drawn (for tests).
    QStringList categories() const;
    // The value of part PART (0 receive window .. 4 idle) of bar BAR in %, as drawn (for tests).
    double partPercent(int bar, int part) const;

    void render(QPainter *painter, const QRectF &target);
    // What hovering the chart shows: what each share means, over a bar that bar's shares.
    QString hoverText() const;
    QString barToolTip(int bar) const;
    static QString partsHelp();
    // The chart itself (tests read its axes and legend).
    QChart *qchart() const { return m_chart; }

private:
    void rebuild();
    void fitToRows();
    // The legend's row names the parts whole where it has the room, else by short names.
    void fitLegend();

    QChart *m_chart;
    QChartView *m_view;
    QScrollArea *m_scroll;
    QHorizontalStackedBarSeries *m_series;
    QBarCategoryAxis *m_categories;
    QValueAxis *m_share;
    const QStringList m_partNames;
    const QStringList m_partShortNames;
    QList<LimiterChartBar> m_bars;
};

} // namespace tcptune

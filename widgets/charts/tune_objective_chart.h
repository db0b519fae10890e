#pragma once
// The Tune tab's chart: the objective of every run of a tune against the run's number, each run
// a point. While the tune runs the points are one colour; when it ends they are coloured by their
// trial's outcome (kept: the baseline and accepted candidates; dropped: the others) and a step
// line shows the incumbent's mean, stepping each time a candidate was accepted.

#include "experiment/tune/tuner_search.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QWidget>

#include <memory>

class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace tcptune {

class ChartValueAxis;

class TuneObjectiveChart final : public QWidget {
    Q_OBJECT
public:
    explicit TuneObjectiveChart(QWidget *parent = nullptr);
    ~TuneObjectiveChart() override;

    // The objective's axis: its title (with the unit) and how a value is shown in it (value /
    // DIVISOR: bit/s in Mbit/s); the points already drawn follow.
    void setObjectiveAxis(const QString &title, double divisor);
    // A new tune: no points.
    void clear();
    // Run number N+1 of the tune, of trial TRIAL, measured VALUE (NaN: nothing, not drawn).
    void addRun(int trial, double value);
    // The tune ended: each trial's outcome colours its runs and gives the incumbent's line.
    void showOutcomes(const QMap<int, TuneTrial::Outcome> &outcomes);

    // Points drawn on the run series together, and on the incumbent's line (tests).
    int plottedRunPoints() const;
    int incumbentPoints() const;
    QChart *chart() const { return m_chart; }

private:
    struct RunPoint {
        int trial = 0;
        double value = 0;
    };
    void redraw();
    void drawIncumbent();

    QChart *m_chart;
    QChartView *m_view;
    QValueAxis *m_x;
    std::unique_ptr<ChartValueAxis> m_y;
    QScatterSeries *m_running;
    QScatterSeries *m_kept;
    QScatterSeries *m_dropped;
    QLineSeries *m_incumbent;
    double m_divisor = 1;
    QList<RunPoint> m_runs;
    QMap<int, TuneTrial::Outcome> m_outcomes; // empty while the tune runs
};

} // namespace tcptune

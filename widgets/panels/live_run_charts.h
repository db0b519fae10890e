#pragma once
// Puts the runs of the runner's plan on the workbench charts as they happen: a series per run
// (a run in direction both has two, this host's sending and the target's; a run against several
// ends one per end, the end in its legend), its samples as they come (and the run's
// share to the progress bar), and when it ends its name as everywhere else ("#12 · 256 KiB", its id in the result
// store; a sweep's run by its point, "wmem 64K", so a legend of many tells them apart), its
// configuration as the legend's tooltip, and a line for the status bar. A failed or cancelled run says so;
// it is never summarised as 0 Mbit/s.

#include "experiment/record/run_record.h"

#include <QHash>
#include <QObject>

namespace tcptune {

class RunControlPanel;
class RunnerThread;
class ThroughputRttView;

class LiveRunCharts final : public QObject {
    Q_OBJECT
public:
    // Every argument must outlive the object.
    LiveRunCharts(RunnerThread *runner, ThroughputRttView *chart, RunControlPanel *progress, QObject *parent = nullptr);

    // The chart run of the plan's run RUN_INDEX, -1 when it has none (any more).
    int chartRunOf(int runIndex) const;

Q_SIGNALS:
    // One line about a finished run for the status bar ("Run #12: 94.1 Mbit/s, ...").
    void runSummary(const QString &text);
    // A run failed or was cancelled: what happened, for the banner.
    void runProblem(const QString &text, bool failed);

private:
    void onRunStarted(int runIndex, int point, int repeat, const QString &pointLabel);
    void onSamples(int runIndex, const QList<tcptune::RunSample> &samples);
    void onRunFinished(const tcptune::RunRecord &run);
    void nameRun(int runIndex, const QString &name, qint64 runId);
    // The plan has more than one point: its runs are named by their point (sweepPointName).
    bool isSweep() const;
    // The chart run of END of the plan's run RUN_INDEX, -1 when it has none.
    int chartRunOf(int runIndex, int end) const;

    RunnerThread *m_runner;
    ThroughputRttView *m_chart;
    RunControlPanel *m_progress;
    QHash<int, int> m_chartRunOf;       // the plan's run index -> the chart's run id
    QHash<int, int> m_farRunOf;         // direction both: the plan's run index -> the target's sending
    QHash<int, QList<int>> m_otherEnds; // several ends: the plan's run index -> the other ends' chart runs
    QStringList m_endNames;             // several ends: each end's name, in the spec's order
    QHash<int, QString> m_pointLabels;
    QHash<int, int> m_repeats;
    QHash<int, QString> m_sweepNames; // a sweep: the plan's run index -> its point's name
    double m_runLength = 10;
};

} // namespace tcptune

#pragma once
// In the workbench's tab of its own after a latency-under-load run (workload rrul): its two charts and
// summary (LatencyUnderLoadView), from the run's record and the samples the runner sent while it
// ran, so the throughput each way is drawn without reading the store again. Each run's samples are
// kept until it finishes; a new plan, or the charts cleared, clears the view.

#include "experiment/record/run_record.h"

#include <QHash>
#include <QObject>

namespace tcptune {

class LatencyUnderLoadView;
class RunEvents;

class LiveUnderLoad final : public QObject {
    Q_OBJECT
public:
    // RUNNER and VIEW must outlive the object.
    LiveUnderLoad(RunEvents *runner, LatencyUnderLoadView *view, QObject *parent = nullptr);

public Q_SLOTS:
    void clear();

Q_SIGNALS:
    // The view got a run to show (true), or was cleared (false).
    void shownChanged(bool shown);

private:
    void onRunFinished(const tcptune::RunRecord &run);

    LatencyUnderLoadView *m_view;
    QHash<int, QList<RunSample>> m_samples; // the plan's run index -> its samples so far
};

} // namespace tcptune

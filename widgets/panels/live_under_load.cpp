#include "panels/live_under_load.h"

#include "charts/latency_under_load_view.h"
#include "experiment/run/run_events.h"

namespace tcptune {

LiveUnderLoad::LiveUnderLoad(RunEvents *runner, LatencyUnderLoadView *view, QObject *parent)
    : QObject(parent)
    , m_view(view)
{
    connect(runner, &RunEvents::samplesReady, this,
            [this](int runIndex, const QList<RunSample> &samples) { m_samples[runIndex] += samples; });
    connect(runner, &RunEvents::runFinished, this, &LiveUnderLoad::onRunFinished);
}

void LiveUnderLoad::clear()
{
    m_samples.clear();
    m_view->clear();
    Q_EMIT shownChanged(false);
}

void LiveUnderLoad::onRunFinished(const RunRecord &run)
{
    const QList<RunSample> samples = m_samples.take(run.runIndex);
    const LatencyUnderLoad underLoad = run.underLoad();
    // A failed or cancelled run has no figures to draw (and is never drawn as 0).
    if (run.status == RunStatus::Ok && underLoad.measured) {
        m_view->setRun(underLoad, samples);
        Q_EMIT shownChanged(true);
    }
}

} // namespace tcptune

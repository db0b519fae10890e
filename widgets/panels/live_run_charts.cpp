#include "panels/live_run_charts.h"

#include "charts/run_samples.h"
#include "charts/throughput_rtt_view.h"
#include "experiment/record/run_configuration.h"
#include "experiment/run/runner_thread.h"
#include "experiment/store/result_store.h"
#include "experiment/store/stored_run_details.h"
#include "history/stored_run_names.h"
#include "panels/run_control_panel.h"

#include <QLocale>

namespace tcptune {
LiveRunCharts::LiveRunCharts(RunnerThread *runner, ThroughputRttView *chart, RunControlPanel *progress, QObject *parent)
    : QObject(parent)
    , m_runner(runner)
    , m_chart(chart)
    , m_progress(progress)
{
    connect(m_runner, &RunnerThread::started, this, [this] {
        const ExperimentSpec &spec = m_runner->plan().spec();
        m_runLength = spec.durationS + spec.omitS;
        m_endNames.clear();
        if (spec.severalEnds())
            for (const TargetSpec &end : spec.targets())
                m_endNames << end.describe();
    });
    connect(m_runner, &RunnerThread::runStarted, this, &LiveRunCharts::onRunStarted);
    connect(m_runner, &RunnerThread::runStored, this, [this](int runIndex, qint64 runId) {
        // From now on the run has the name it has everywhere: "#12 · 256 KiB"; a sweep's runs
        // keep their point's name, which tells them apart in a legend of many.
        RunRecord run;
        run.id = runId;
        run.pointLabel = m_pointLabels.value(runIndex);
        run.repeat = m_repeats.value(runIndex);
        nameRun(runIndex, isSweep() ? m_sweepNames.value(runIndex) : storedRunName(run), runId);
    });
    connect(m_runner, &RunnerThread::samplesReady, this, &LiveRunCharts::onSamples);
    connect(m_runner, &RunnerThread::runFinished, this, &LiveRunCharts::onRunFinished);
    connect(m_chart, &ThroughputRttView::runRemoved, this, [this](int chartRun) {
        for (QHash<int, int> *runs : {&m_chartRunOf, &m_farRunOf})
            for (auto it = runs->begin(); it != runs->end();)
                it = it.value() == chartRun ? runs->erase(it) : std::next(it);
        for (QList<int> &ends : m_otherEnds)
            if (const qsizetype at = ends.indexOf(chartRun); at >= 0)
                ends[at] = -1;
    });
}

int LiveRunCharts::chartRunOf(int runIndex, int end) const
{
    return end == 0 ? chartRunOf(runIndex) : m_otherEnds.value(runIndex).value(end - 1, -1);
}

// The chart's series of the plan's run RUN_INDEX get NAME (in direction both each says whose
// sending it draws) and, once stored (RUN_ID > 0), the stored run's id.
void LiveRunCharts::nameRun(int runIndex, const QString &name, qint64 runId)
{
    // Several ends: each end's series says which end it draws.
    const auto ofEnd = [this, &name](qsizetype end) {
        return m_endNames.isEmpty() ? name : name + QStringLiteral(" · ") + m_endNames.value(end);
    };
    const QList<int> others = m_otherEnds.value(runIndex);
    for (qsizetype end = 1; end <= others.size(); ++end)
        if (others.at(end - 1) >= 0)
            m_chart->setRunLabel(others.at(end - 1), ofEnd(end));
    const int far = m_farRunOf.value(runIndex, -1);
    if (const int id = m_chartRunOf.value(runIndex, -1); id >= 0) {
        m_chart->setRunLabel(id, far >= 0 ? senderLineName(ofEnd(0), false) : ofEnd(0));
        if (runId > 0)
            m_chart->setRunTag(id, runId);
    }
    if (far >= 0)
        m_chart->setRunLabel(far, senderLineName(name, true));
}

int LiveRunCharts::chartRunOf(int runIndex) const
{
    return m_chartRunOf.value(runIndex, -1);
}

bool LiveRunCharts::isSweep() const
{
    return m_runner->plan().points().size() > 1;
}

void LiveRunCharts::onRunStarted(int runIndex, int point, int repeat, const QString &pointLabel)
{
    // Until the store has given the run its id, it is named by its place in the plan; a sweep's
    // run by its point ("wmem 64K"), from the start to the end.
    QStringList parts{tr("run %1 of %2").arg(runIndex + 1).arg(m_runner->plan().runs().size())};
    if (!pointLabel.isEmpty())
        parts.append(pointLabel);
    if (repeat > 0)
        parts.append(tr("repeat %1").arg(repeat + 1));
    if (isSweep())
        m_sweepNames.insert(runIndex, sweepPointName(m_runner->plan(), point, repeat));
    const QString name = isSweep() ? m_sweepNames.value(runIndex) : parts.join(QStringLiteral(" · "));
    m_chartRunOf.insert(runIndex, m_chart->addRun(name));
    QList<int> others; // several ends: a series for each of the others
    for (qsizetype end = 1; end < m_endNames.size(); ++end)
        others.append(m_chart->addRun(name));
    m_otherEnds.insert(runIndex, others);
    nameRun(runIndex, name, 0);
    // Direction both: the two directions are two series, each with its sender's samples.
    if (m_runner->plan().spec().workload.direction == QLatin1String("both")) {
        m_farRunOf.insert(runIndex, m_chart->addRun(name));
        nameRun(runIndex, name, 0);
    }
    m_pointLabels.insert(runIndex, pointLabel);
    m_repeats.insert(runIndex, repeat);
}

void LiveRunCharts::onSamples(int runIndex, const QList<RunSample> &samples)
{
    // One batch comes from one end (several ends each send their own).
    const int end = samples.isEmpty() ? 0 : samples.front().end;
    const int id = chartRunOf(runIndex, end);
    if (id < 0)
        return;
    const int far = end == 0 ? m_farRunOf.value(runIndex, -1) : -1;
    for (const QList<RunSample> &line : samplesBySender(samples)) {
        const QList<ChartSample> converted = chartSamplesOf(line);
        if (far >= 0 && !line.isEmpty() && line.first().farSender) {
            m_chart->appendSamples(far, converted);
            continue;
        }
        m_chart->appendSamples(id, converted);
        if (!converted.isEmpty() && m_runLength > 0)
            m_progress->setRunFraction(converted.last().t / m_runLength, m_runLength);
    }
}

void LiveRunCharts::onRunFinished(const RunRecord &run)
{
    const QString name = isSweep() ? m_sweepNames.value(run.runIndex) : storedRunName(run);
    nameRun(run.runIndex, name, run.id);
    if (const int id = m_chartRunOf.value(run.runIndex, -1); id >= 0) {
        ResultStore store;
        const QString path = m_runner->options().storePath;
        // A sweep's run is named by its point: its tooltip says which run of the store it is.
        const QString stored = isSweep() ? storedRunName(run) + QLatin1Char('\n') : QString();
        if (store.open(path.isEmpty() ? ResultStore::defaultPath() : path))
            m_chart->setRunToolTip(id,
                                   stored + configurationToolTip(storedConfiguration(store, m_runner->plan(), run)));
    }
    if (run.status == RunStatus::Failed || run.status == RunStatus::Cancelled) {
        const bool failed = run.status == RunStatus::Failed;
        Q_EMIT runProblem(failed ? tr("Run %1 failed: %2").arg(runIdText(run.id), run.error)
                                 : tr("Run %1 was cancelled; it has no result.").arg(runIdText(run.id)),
                          failed);
        return;
    }
    const QLocale locale;
    const ThroughputUnit unit = m_chart->throughputUnit();
    Q_EMIT runSummary(tr("Run %1: %2 %3, RTT median %4 ms")
                          .arg(runIdText(run.id), throughputText(run, 1, unit), unit.label(),
                               locale.toString(run.rttMedianMs, 'f', 2)));
}

} // namespace tcptune

#include "experiment/tune/tune_runner.h"

#include "experiment/tune/tune_run_record.h"

namespace tcptune {

TuneRunner::TuneRunner(Runner &runner, ExperimentSpec base, TuneReplay replay)
    : m_runner(runner)
    , m_base(std::move(base))
    , m_replay(std::move(replay))
{
}

TrialRun TuneRunner::measure(const TuneConfig &config, int trial, const QString &label)
{
    const SweepPoint point = TuneRunRecord::pointFor(m_base, config, trial, label);
    const int repeat = m_repeats.value(trial);
    m_repeats.insert(trial, repeat + 1);
    if (const auto stored = m_replay.take(trial, point.settings)) {
        if (m_listener)
            m_listener(*stored, true);
        return TuneRunRecord::trialRunOf(*stored, config);
    }
    if (!m_clock.isValid())
        m_clock.start();
    RunRecord record;
    if (auto spec = TuneRunRecord::specFor(m_base, config)) {
        record = m_runner.runConfigured(*spec, point, repeat);
    } else {
        // A value the catalogue refuses never reaches the helper: the trial fails.
        record.pointIndex = trial;
        record.repeat = repeat;
        record.pointLabel = point.label();
        record.settings = point.settings;
        record.status = RunStatus::Failed;
        record.error = spec.error().message;
    }
    if (m_listener)
        m_listener(record, false);
    return TuneRunRecord::trialRunOf(record, config);
}

double TuneRunner::elapsedS() const
{
    return m_replay.replayedS() + (m_clock.isValid() ? double(m_clock.elapsed()) / 1000.0 : 0.0);
}

} // namespace tcptune

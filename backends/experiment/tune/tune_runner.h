#pragma once
// TuneRunner: the search's TrialSource in real use. Each configuration the search asks for is
// run through an open Runner session (runner.h: openSession) as one more run of the tune's
// experiment, stored under the trial's number and label; a resumed tune first answers from the
// runs stored before (TuneReplay). Lives on the runner's worker thread, as the search does.

#include "experiment/run/runner.h"
#include "experiment/spec/experiment_spec.h"
#include "experiment/tune/tune_replay.h"
#include "experiment/tune/tune_trial.h"

#include <QElapsedTimer>
#include <QMap>

#include <functional>

namespace tcptune {

class TuneRunner final : public TrialSource {
public:
    // RUNNER must have a session open (and outlive this); BASE is the tune's base spec.
    TuneRunner(Runner &runner, ExperimentSpec base, TuneReplay replay = {});

    TrialRun measure(const TuneConfig &config, int trial, const QString &label) override;
    bool cancelled() const override { return m_runner.isCancelled(); }
    double elapsedS() const override;
    void trialEnded(const TuneTrial &trial) override
    {
        if (m_trialListener)
            m_trialListener(trial);
    }

    // Told of each run as the search gets it: REPLAYED when it came from the store.
    void setRunListener(std::function<void(const RunRecord &, bool replayed)> listener)
    {
        m_listener = std::move(listener);
    }
    // Told of each trial once the search has judged it.
    void setTrialListener(std::function<void(const TuneTrial &)> listener) { m_trialListener = std::move(listener); }
    int replayedRuns() const { return m_replay.replayed(); }

private:
    Runner &m_runner;
    ExperimentSpec m_base;
    TuneReplay m_replay;
    QMap<int, int> m_repeats; // trial -> runs of it so far
    QElapsedTimer m_clock;    // started at the first new run
    std::function<void(const RunRecord &, bool)> m_listener;
    std::function<void(const TuneTrial &)> m_trialListener;
};

} // namespace tcptune

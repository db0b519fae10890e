#pragma once
// One search's state and its race (private to the tune floor): the runs it may still make, the
// configurations it measured, and racing a candidate against the incumbent with Welch's test
// until it is significantly better or worse, infeasible, or has its most runs.

#include "experiment/tune/tuner_search.h"

#include <QList>
#include <QMap>

#include <optional>

namespace tcptune {

// The configuration to beat and the runs that measured it.
struct TuneIncumbent {
    int trial = 0;
    TuneConfig config;
    QList<TrialRun> runs;
};

class TuneSession final {
public:
    TuneSession(const TuneSpec &spec, const TuneEnvironment &environment, TrialSource &source, TuneAnswer &answer);

    const TuneSpec &spec() const { return m_spec; }
    const TuneEnvironment &environment() const { return m_environment; }
    TuneAnswer &answer() { return m_answer; }
    const TuneAnswer &answer() const { return m_answer; }

    // Why the search may not make another run (cancelled, budget spent); nullopt: it may.
    std::optional<TuneAnswer::Stop> mustStop() const;
    // Runs CONFIG once for trial TRIAL, counted in the answer.
    TrialRun measure(const TuneConfig &config, int trial, const QString &label);
    // Appends a judged TRIAL to the answer and tells the source.
    void addTrial(const TuneTrial &trial);
    // Whether CONFIG was measured before: the search never measures a configuration twice.
    bool measured(const TuneConfig &config) const;
    // The best mean throughput of any configuration measured so far (the latency goal's bar).
    double bestThroughput() const;

    // The finding that pointed at each trial's knob, by trial index.
    QMap<int, Finding::Rule> ruleOfTrial;
    // Set when a race stopped for the budget or a cancel: the search ends with it.
    std::optional<TuneAnswer::Stop> stop;

private:
    const TuneSpec &m_spec;
    const TuneEnvironment &m_environment;
    TrialSource &m_source;
    TuneAnswer &m_answer;
};

// The goal's figures of the runs that measured them.
QList<double> tuneObjectives(const QList<TrialRun> &runs, TuneGoal goal);
// Mean throughput of the runs that measured it; -1 for none.
double tuneMeanThroughput(const QList<TrialRun> &runs);

// Races CANDIDATE (config, knob, from, to, label set) against INCUMBENT and appends it to the
// answer's trials; returns its outcome. A stop in the race sets session.stop and leaves the trial
// with the runs it had (no difference); a race that made no run appends nothing.
TuneTrial::Outcome tuneRace(TuneSession &session, const TuneIncumbent &incumbent, TuneTrial candidate);

} // namespace tcptune

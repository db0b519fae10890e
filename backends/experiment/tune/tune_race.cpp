#include "experiment/tune/tune_race.h"

#include "common/hypothesis_tests.h"
#include "common/statistics.h"

#include <algorithm>
#include <cmath>

namespace tcptune {

TuneSession::TuneSession(const TuneSpec &spec, const TuneEnvironment &environment, TrialSource &source,
                         TuneAnswer &answer)
    : m_spec(spec)
    , m_environment(environment)
    , m_source(source)
    , m_answer(answer)
{
}

std::optional<TuneAnswer::Stop> TuneSession::mustStop() const
{
    if (m_source.cancelled())
        return TuneAnswer::Stop::Cancelled;
    if (m_answer.runs >= m_spec.budgetRuns)
        return TuneAnswer::Stop::Budget;
    if (m_spec.budgetS > 0 && m_source.elapsedS() >= m_spec.budgetS)
        return TuneAnswer::Stop::Budget;
    return std::nullopt;
}

TrialRun TuneSession::measure(const TuneConfig &config, int trial, const QString &label)
{
    ++m_answer.runs;
    return m_source.measure(config, trial, label);
}

void TuneSession::addTrial(const TuneTrial &trial)
{
    m_answer.trials.append(trial);
    m_source.trialEnded(trial);
}

bool TuneSession::measured(const TuneConfig &config) const
{
    return std::any_of(m_answer.trials.cbegin(), m_answer.trials.cend(),
                       [&](const TuneTrial &t) { return t.config == config; });
}

double TuneSession::bestThroughput() const
{
    double best = -1;
    for (const TuneTrial &t : m_answer.trials)
        best = std::max(best, tuneMeanThroughput(t.runs));
    return best;
}

QList<double> tuneObjectives(const QList<TrialRun> &runs, TuneGoal goal)
{
    QList<double> values;
    for (const TrialRun &run : runs) {
        const double v = tuneObjective(run, goal);
        if (run.ok && !std::isnan(v))
            values.append(v);
    }
    return values;
}

double tuneMeanThroughput(const QList<TrialRun> &runs)
{
    const QList<double> values = tuneObjectives(runs, TuneGoal::Throughput);
    return values.isEmpty() ? -1 : stats::mean(values);
}

namespace {

// The latency goal keeps a share of the best throughput seen, the candidate's own included.
bool infeasible(const TuneSession &session, const TuneTrial &trial)
{
    if (session.spec().goal != TuneGoal::Latency)
        return false;
    const double mean = tuneMeanThroughput(trial.runs);
    const double best = std::max(session.bestThroughput(), mean);
    return mean < session.spec().keepThroughputPct / 100.0 * best;
}

// The outcome once TRIAL's runs settle it (LAST: it has its most runs), nullopt: one more run.
std::optional<TuneTrial::Outcome> judge(const TuneSession &session, TuneTrial &trial,
                                        const QList<double> &incumbentValues, bool last)
{
    const TuneSpec &spec = session.spec();
    const QList<double> values = tuneObjectives(trial.runs, spec.goal);
    if (values.isEmpty())
        return TuneTrial::Outcome::Failed;
    if (infeasible(session, trial))
        return TuneTrial::Outcome::Infeasible;
    const stats::WelchTest w = stats::welchTTest(values, incumbentValues);
    if (w.defined) {
        trial.difference = w.difference;
        trial.ciLow = w.ciLow;
        trial.ciHigh = w.ciHigh;
        trial.p = w.p;
    }
    if (w.defined && w.p < spec.alpha) {
        const bool better = tuneMinimises(spec.goal) ? w.difference < 0 : w.difference > 0;
        if (!better)
            return TuneTrial::Outcome::Worse;
        // A winner becomes the incumbent that every later candidate is raced against: with as
        // many runs as the baseline, not two, so that those races have the baseline's power
        // (Welch's test against two runs has about one degree of freedom).
        if (int(values.size()) >= std::min(spec.baselineRepeats, spec.maxRepeats) || last)
            return TuneTrial::Outcome::Accepted;
        return std::nullopt;
    }
    if (last)
        return TuneTrial::Outcome::NoDifference;
    return std::nullopt;
}

} // namespace

TuneTrial::Outcome tuneRace(TuneSession &session, const TuneIncumbent &incumbent, TuneTrial candidate)
{
    const TuneSpec &spec = session.spec();
    const QList<double> incumbentValues = tuneObjectives(incumbent.runs, spec.goal);
    candidate.index = int(session.answer().trials.size());
    candidate.outcome = TuneTrial::Outcome::NoDifference;
    for (int n = 1; n <= spec.maxRepeats; ++n) {
        if (const auto stop = session.mustStop()) {
            session.stop = stop;
            break;
        }
        candidate.runs.append(session.measure(candidate.config, candidate.index, candidate.label));
        if (n < spec.minRepeats)
            continue;
        if (const auto outcome = judge(session, candidate, incumbentValues, n == spec.maxRepeats)) {
            candidate.outcome = *outcome;
            break;
        }
    }
    if (candidate.runs.isEmpty())
        return TuneTrial::Outcome::NoDifference;
    session.addTrial(candidate);
    return candidate.outcome;
}

} // namespace tcptune

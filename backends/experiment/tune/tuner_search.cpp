#include "experiment/tune/tuner_search.h"

#include "common/hypothesis_tests.h"
#include "common/statistics.h"
#include "experiment/tune/tune_candidates.h"
#include "experiment/tune/tune_explore.h"
#include "experiment/tune/tune_race.h"
#include "experiment/tune/tune_verdict.h"

#include <algorithm>

namespace tcptune {

namespace {

// The starting configuration, BASELINEREPEATS times. False when the search cannot go on.
bool measureBaseline(TuneSession &session, TuneIncumbent &incumbent)
{
    TuneTrial baseline;
    baseline.config = incumbent.config;
    baseline.label = TunerSearch::tr("baseline");
    baseline.outcome = TuneTrial::Outcome::Baseline;
    for (int i = 0; i < session.spec().baselineRepeats; ++i) {
        if ((session.stop = session.mustStop()))
            break;
        baseline.runs.append(session.measure(baseline.config, 0, baseline.label));
    }
    session.addTrial(baseline);
    incumbent.runs = baseline.runs;
    if (session.stop) {
        session.answer().stop = *session.stop;
        return false;
    }
    if (tuneObjectives(baseline.runs, session.spec().goal).isEmpty()) {
        session.answer().stop = TuneAnswer::Stop::BaselineFailed;
        return false;
    }
    return true;
}

// MOVES, then those of EARLIER whose key MOVES does not have.
QList<ResolvedMove> withEarlier(QList<ResolvedMove> moves, const QList<ResolvedMove> &earlier)
{
    for (const ResolvedMove &move : earlier)
        if (std::none_of(moves.cbegin(), moves.cend(), [&](const ResolvedMove &m) { return m.key == move.key; }))
            moves.append(move);
    return moves;
}

// Rounds until one wins nothing: read the incumbent's verdict, try its moves in order, and after
// a move that won something read the verdict again (the limiter may have moved on). The moves an
// earlier verdict pointed at that were not tried (the round ended on a win before them) follow the
// new verdict's: a queue drained by a smaller window is still raced against another congestion
// control, so the answer is whichever the data shows.
TuneAnswer::Stop searchRounds(TuneSession &session, TuneIncumbent &incumbent)
{
    const TuneSpec &spec = session.spec();
    QList<ResolvedMove> untried;
    for (;;) {
        const QList<Finding> verdict = tuneVerdict(incumbent.runs);
        if (spec.goal == TuneGoal::Throughput && RunDiagnosis::filledPath(verdict))
            return TuneAnswer::Stop::PathFull;
        const QList<ResolvedMove> moves = withEarlier(tuneCandidates(verdict, spec, session.environment()), untried);
        if (moves.isEmpty())
            return TuneAnswer::Stop::NothingToTry;
        untried.clear();
        bool won = false;
        for (const ResolvedMove &move : moves) {
            if (won) {
                untried.append(move);
                continue;
            }
            won = tuneExplore(session, incumbent, move);
            if (session.stop)
                return *session.stop;
        }
        if (!won)
            return TuneAnswer::Stop::NoImprovement;
    }
}

void setEffect(TuneChange &change, const QList<double> &after, const QList<double> &before)
{
    const stats::WelchTest w = stats::welchTTest(after, before);
    if (!w.defined)
        return;
    change.difference = w.difference;
    change.ciLow = w.ciLow;
    change.ciHigh = w.ciHigh;
    change.p = w.p;
}

// One change per knob the recommendation sets differently from the baseline, in the order they
// were first accepted; its effect: the incumbent that took its last value against the one its
// first accepted step raced.
QList<TuneChange> changesOf(const TuneSession &session)
{
    const TuneAnswer &answer = session.answer();
    QList<TuneChange> changes;
    QMap<QString, int> firstIncumbent; // knob -> the trial its first accepted step raced
    QMap<QString, int> lastAccepted;
    int incumbent = 0;
    for (const TuneTrial &t : answer.trials) {
        if (t.outcome != TuneTrial::Outcome::Accepted)
            continue;
        if (!firstIncumbent.contains(t.knob)) {
            firstIncumbent.insert(t.knob, incumbent);
            TuneChange change;
            change.knob = t.knob;
            change.from = answer.baseline.value(t.knob);
            change.rule = session.ruleOfTrial.value(t.index);
            changes.append(change);
        }
        lastAccepted.insert(t.knob, t.index);
        incumbent = t.index;
    }
    QList<TuneChange> kept;
    for (TuneChange &change : changes) {
        change.to = answer.recommended.value(change.knob);
        if (change.to == change.from)
            continue;
        setEffect(change, tuneObjectives(answer.trials.at(lastAccepted.value(change.knob)).runs, answer.goal),
                  tuneObjectives(answer.trials.at(firstIncumbent.value(change.knob)).runs, answer.goal));
        kept.append(change);
    }
    return kept;
}

void finish(TuneSession &session, const TuneIncumbent &incumbent)
{
    TuneAnswer &answer = session.answer();
    answer.recommended = incumbent.config;
    answer.findingsAfter = tuneVerdict(incumbent.runs);
    const QList<double> before = tuneObjectives(answer.trials.constFirst().runs, answer.goal);
    const QList<double> after = tuneObjectives(incumbent.runs, answer.goal);
    answer.baselineObjective = stats::mean(before);
    answer.recommendedObjective = stats::mean(after);
    if (incumbent.trial != 0) {
        const stats::WelchTest w = stats::welchTTest(after, before);
        if (w.defined) {
            answer.gainCiLow = w.ciLow;
            answer.gainCiHigh = w.ciHigh;
            answer.gainP = w.p;
        }
    }
    answer.changes = changesOf(session);
}

} // namespace

TunerSearch::TunerSearch(TuneSpec spec, TuneConfig base, TuneEnvironment environment)
    : m_spec(std::move(spec))
    , m_base(std::move(base))
    , m_environment(std::move(environment))
{
}

TuneAnswer TunerSearch::run(TrialSource &source)
{
    TuneAnswer answer;
    answer.goal = m_spec.goal;
    answer.baseline = m_base;
    answer.recommended = m_base;
    TuneSession session(m_spec, m_environment, source, answer);
    TuneIncumbent incumbent{0, m_base, {}};
    const bool baselineMeasured = measureBaseline(session, incumbent);
    answer.findingsBefore = tuneVerdict(incumbent.runs);
    if (baselineMeasured)
        answer.stop = searchRounds(session, incumbent);
    finish(session, incumbent);
    return answer;
}

} // namespace tcptune

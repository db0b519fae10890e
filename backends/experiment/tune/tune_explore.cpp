#include "experiment/tune/tune_explore.h"

#include "experiment/diagnosis/run_diagnosis.h"
#include "experiment/tune/tune_verdict.h"
#include "knobs/knob_value.h"

#include <algorithm>
#include <optional>

namespace tcptune {

namespace {

// Races INCUMBENT with MOVE's key set to VALUE; the incumbent takes it when it is accepted. A
// configuration measured before is not measured again: it lost then (or is an earlier
// incumbent), so it counts as refused without a new trial.
TuneTrial::Outcome tryValue(TuneSession &session, TuneIncumbent &incumbent, const ResolvedMove &move,
                            const QString &value, const QString &label)
{
    TuneConfig config = incumbent.config;
    config.insert(move.key, value);
    if (session.measured(config))
        return TuneTrial::Outcome::NoDifference;
    TuneTrial trial;
    trial.config = config;
    trial.knob = move.key;
    trial.from = incumbent.config.value(move.key);
    trial.to = value;
    trial.label = label;
    session.ruleOfTrial.insert(int(session.answer().trials.size()), move.rule);
    const TuneTrial::Outcome outcome = tuneRace(session, incumbent, trial);
    if (outcome == TuneTrial::Outcome::Accepted) {
        const TuneTrial &accepted = session.answer().trials.constLast();
        incumbent = TuneIncumbent{accepted.index, accepted.config, accepted.runs};
    }
    return outcome;
}

QString numberLabel(const ResolvedMove &move, qint64 n)
{
    const QString shown = knobvalue::formatInteger(n, move.knob->unit);
    if (move.knob->type == ValueType::Triple)
        return TunerSearch::tr("%1 max %2").arg(move.key, shown);
    return QStringLiteral("%1 %2").arg(move.key, shown);
}

// After an accepted step: whether MOVE goes on. It does while the new incumbent's verdict still
// points where it came from, or names no other limiter the search could follow: a receive buffer
// past the point where the kernel's counters stop calling the window the limit ("no limiter" on a
// veth) still won in the lab, and the race says whether the next step does. It stops when the path
// is full (throughput) or the verdict points elsewhere: the search reads the new verdict.
bool stillPointsHere(const TuneSession &session, const TuneIncumbent &incumbent, const ResolvedMove &move)
{
    const QList<Finding> verdict = tuneVerdict(incumbent.runs);
    if (session.spec().goal == TuneGoal::Throughput && RunDiagnosis::filledPath(verdict))
        return false;
    if (std::any_of(verdict.cbegin(), verdict.cend(), [&](const Finding &f) { return f.rule == move.rule; }))
        return true;
    return tuneCandidates(verdict, session.spec(), session.environment()).isEmpty();
}

TuneTrial::Outcome tryNumber(TuneSession &session, TuneIncumbent &incumbent, const ResolvedMove &move, qint64 n)
{
    const QString value = tuneNumberValue(move, n, incumbent.config, incumbent.runs);
    return tryValue(session, incumbent, move, value, numberLabel(move, n));
}

// Whether NEXT is a step of MOVE's way from CURRENT inside BOUNDS (a range can clamp a doubling
// back below where it started).
bool advances(const ResolvedMove &move, qint64 current, qint64 next, const NumberBounds &bounds)
{
    if (next < bounds.low || next > bounds.high)
        return false;
    if (current < 0)
        return true;
    return move.move.kind == MoveKind::Down ? next < current : next > current;
}

// N inside BOUNDS (a range whose high end lies below its low one keeps the low end).
qint64 clampedTo(const NumberBounds &bounds, qint64 n)
{
    return std::clamp(n, bounds.low, std::max(bounds.low, bounds.high));
}

// A step that made no significant difference is tried further from the incumbent, first at
// twice its distance, then at six times (in doublings or halvings): a gain that flattens into
// +5 % a doubling, or a staircase, stands out from the noise of short runs only over a distance.
// The second leap goes far because a near one costs as many runs and tells as little. Returns the
// value accepted, nullopt when none was (or the search must stop).
std::optional<qint64> leapFurther(TuneSession &session, TuneIncumbent &incumbent, const ResolvedMove &move, qint64 step,
                                  const NumberBounds &bounds)
{
    qint64 tried = step;
    qint64 far = step;
    for (const int doublings : {1, 4}) {
        for (int i = 0; i < doublings; ++i)
            far = tuneNextNumber(move, far);
        far = clampedTo(bounds, far);
        if (!advances(move, tried, far, bounds))
            return std::nullopt;
        const TuneTrial::Outcome outcome = tryNumber(session, incumbent, move, far);
        if (outcome == TuneTrial::Outcome::Accepted)
            return far;
        if (outcome != TuneTrial::Outcome::NoDifference || session.stop)
            return std::nullopt;
        tried = far;
    }
    return std::nullopt;
}

bool exploreNumber(TuneSession &session, TuneIncumbent &incumbent, const ResolvedMove &move)
{
    const auto start = tuneNumberStart(move, incumbent.config, incumbent.runs, session.environment());
    if (!start)
        return false;
    const NumberBounds bounds = tuneNumberBounds(move, session.spec(), incumbent.config, incumbent.runs);
    qint64 current = start->from;
    qint64 next = clampedTo(bounds, start->first);
    int accepted = 0;
    bool leapt = false;
    while (advances(move, current, next, bounds)) {
        TuneTrial::Outcome outcome = tryNumber(session, incumbent, move, next);
        if (session.stop)
            break;
        if (outcome == TuneTrial::Outcome::NoDifference && !leapt) {
            leapt = true;
            if (const auto far = leapFurther(session, incumbent, move, next, bounds)) {
                outcome = TuneTrial::Outcome::Accepted;
                next = *far;
            }
            if (session.stop)
                break;
        }
        if (outcome != TuneTrial::Outcome::Accepted) {
            // Doubling overshot (the step was worse, infeasible or failed): once between the
            // last good value and the refused one, only after a step was accepted (before it,
            // CURRENT may be unset, -1). A step that made no difference has nothing between.
            if (accepted > 0 && outcome != TuneTrial::Outcome::NoDifference) {
                const qint64 mid = tuneBisect(move, current, next);
                if (mid != next && advances(move, current, mid, bounds) &&
                    tryNumber(session, incumbent, move, mid) == TuneTrial::Outcome::Accepted)
                    ++accepted;
            }
            break;
        }
        ++accepted;
        current = next;
        if (!stillPointsHere(session, incumbent, move))
            break;
        next = clampedTo(bounds, tuneNextNumber(move, current));
    }
    return accepted > 0;
}

bool exploreChoice(TuneSession &session, TuneIncumbent &incumbent, const ResolvedMove &move)
{
    bool accepted = false;
    for (const QString &value : tuneChoiceValues(move, session.environment())) {
        const QString current = tuneCurrentValue(move.key, incumbent.config, incumbent.runs);
        if (knobvalue::sameValue(value, current))
            continue;
        const QString label = QStringLiteral("%1 %2").arg(move.key, value);
        if (tryValue(session, incumbent, move, value, label) == TuneTrial::Outcome::Accepted)
            accepted = true;
        if (session.stop)
            break;
    }
    return accepted;
}

} // namespace

bool tuneExplore(TuneSession &session, TuneIncumbent &incumbent, const ResolvedMove &move)
{
    if (move.move.kind == MoveKind::Choice)
        return exploreChoice(session, incumbent, move);
    return exploreNumber(session, incumbent, move);
}

} // namespace tcptune

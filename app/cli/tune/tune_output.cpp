#include "cli/tune/tune_output.h"

#include "common/json_schema_version.h"
#include "experiment/tune/tune_moves.h"
#include "knobs/knob_snapshot_json.h"

#include <QJsonArray>
#include <QStringList>

#include <cmath>

namespace tcptune::cli {
namespace {

const QString kRemote = QString(ExperimentSpec::kRemotePrefix);

QString signedNumber(double value, int decimals)
{
    return (value >= 0 ? QStringLiteral("+") : QString()) + QString::number(value, 'f', decimals);
}

// VALUE of the goal's objective with its unit; SIGNED for a difference.
QString objectiveText(TuneGoal goal, double value, ThroughputUnit unit, bool isDifference = false)
{
    if (!std::isfinite(value))
        return TuneOutput::tr("not measured");
    switch (goal) {
    case TuneGoal::Latency:
        return TuneOutput::tr("%1 ms (RTT p95)")
            .arg(isDifference ? signedNumber(value, 2) : QString::number(value, 'f', 2));
    case TuneGoal::Transactions:
        return TuneOutput::tr("%1 transactions/s")
            .arg(isDifference ? signedNumber(value, 0) : QString::number(value, 'f', 0));
    case TuneGoal::Throughput: break;
    }
    const QString figure = unit.format(value, unit.decimalsLike(1));
    return QStringLiteral("%1 %2").arg(isDifference && value >= 0 ? QStringLiteral("+") + figure : figure,
                                       unit.label());
}

QString valueText(const QString &value)
{
    return value.isEmpty() ? TuneOutput::tr("(unset)") : value;
}

QString verdictText(const QList<Finding> &findings)
{
    const QString verdict = RunDiagnosis::verdict(findings);
    return verdict.isEmpty() ? TuneOutput::tr("no verdict") : verdict;
}

// The changes of one end, a line each.
QStringList changeLines(const TuneAnswer &answer, bool remote, ThroughputUnit unit)
{
    QStringList lines;
    for (const TuneChange &c : answer.changes) {
        if (c.knob.startsWith(kRemote) != remote)
            continue;
        lines << TuneOutput::tr("  %1: %2 -> %3 (%4, 95 % interval %5 .. %6, p %7)")
                     .arg(remote ? c.knob.mid(kRemote.size()) : c.knob, valueText(c.from), valueText(c.to),
                          objectiveText(answer.goal, c.difference, unit, true),
                          objectiveText(answer.goal, c.ciLow, unit, true),
                          objectiveText(answer.goal, c.ciHigh, unit, true))
                     .arg(c.p, 0, 'g', 2);
    }
    return lines;
}

// Where MOVE acts with the run's DIRECTION, for people; empty when the environment does not let
// that end change.
QString endName(const KnobMove &move, const TuneEnvironment &environment)
{
    if (move.role == KnobRole::Socket)
        return environment.localKnobs || environment.remoteKnobs ? TuneOutput::tr("the socket's end") : QString();
    const bool local = (environment.direction == QLatin1String("up")) == (move.role == KnobRole::Sender);
    if (local)
        return environment.localKnobs ? TuneOutput::tr("this end") : QString();
    return environment.remoteKnobs ? TuneOutput::tr("the far end") : QString();
}

QString kindName(MoveKind kind)
{
    switch (kind) {
    case MoveKind::Up: return TuneOutput::tr("raised");
    case MoveKind::Down: return TuneOutput::tr("lowered");
    case MoveKind::Choice: break;
    }
    return TuneOutput::tr("each choice");
}

QJsonObject intervalJson(double difference, double low, double high, double p)
{
    return QJsonObject{{QStringLiteral("difference"), difference},
                       {QStringLiteral("ci_low"), low},
                       {QStringLiteral("ci_high"), high},
                       {QStringLiteral("p"), p}};
}

QJsonArray trialsJson(const TuneAnswer &answer)
{
    QJsonArray trials;
    for (const TuneTrial &t : answer.trials) {
        QJsonArray runIds;
        for (const TrialRun &r : t.runs)
            runIds.append(double(r.runId));
        QJsonObject o = intervalJson(t.difference, t.ciLow, t.ciHigh, t.p);
        o.insert(QStringLiteral("index"), t.index);
        o.insert(QStringLiteral("label"), t.label);
        o.insert(QStringLiteral("knob"), t.knob);
        o.insert(QStringLiteral("from"), t.from);
        o.insert(QStringLiteral("to"), t.to);
        o.insert(QStringLiteral("outcome"), tuneOutcomeName(t.outcome));
        o.insert(QStringLiteral("run_ids"), runIds);
        trials.append(o);
    }
    return trials;
}

} // namespace

QString TuneOutput::stopText(TuneAnswer::Stop stop)
{
    switch (stop) {
    case TuneAnswer::Stop::NoImprovement: return tr("a whole round of candidates won nothing");
    case TuneAnswer::Stop::PathFull:
        return tr("the path is full: the flow already runs at the path's rate, no knob can win more");
    case TuneAnswer::Stop::Budget: return tr("the budget is spent");
    case TuneAnswer::Stop::Cancelled: return tr("it was stopped");
    case TuneAnswer::Stop::NothingToTry: return tr("the verdict points at no knob the tuner may change");
    case TuneAnswer::Stop::BaselineFailed: break;
    }
    return tr("the baseline's runs failed");
}

QString TuneOutput::dryRun(const TuneJob &job)
{
    const TuneSpec &t = job.tune;
    const TuneEnvironment &e = job.environment;
    QStringList lines;
    lines << tr("Tune of %1 against %2, direction %3, goal %4.")
                 .arg(job.spec.name.isEmpty() ? tr("the spec") : job.spec.name, job.spec.target.describe(), e.direction,
                      tuneGoalName(t.goal));
    lines << tr("Knobs that may change: %1.")
                 .arg(e.localKnobs && e.remoteKnobs ? tr("this end's and the far end's")
                      : e.localKnobs                ? tr("this end's")
                                                    : tr("the far end's"));
    lines << tr("First the baseline: %1 runs of the spec's knobs. Then, after each verdict, the knobs it points at, "
                "each candidate raced in %2 to %3 runs against the best so far (Welch, alpha %4):")
                 .arg(t.baselineRepeats)
                 .arg(t.minRepeats)
                 .arg(t.maxRepeats)
                 .arg(t.alpha);
    for (const RuleMoves &rule : tuneMoves())
        for (const KnobMove &move : rule.moves)
            if (const QString end = endName(move, e); !end.isEmpty() && !t.leaveAlone.contains(move.knob))
                lines << tr("  %1: %2 at %3, %4").arg(ruleName(rule.rule), move.knob, end, kindName(move.kind));
    lines << (t.budgetS > 0 ? tr("Budget: at most %1 runs and %2 s.").arg(t.budgetRuns).arg(t.budgetS)
                            : tr("Budget: at most %1 runs of %2 s each.").arg(t.budgetRuns).arg(job.spec.durationS));
    return lines.join(QLatin1Char('\n'));
}

QString TuneOutput::answerText(const TuneOutcome &outcome, ThroughputUnit unit)
{
    const TuneAnswer &a = outcome.answer;
    QStringList lines;
    lines << tr("Tune %1 (goal %2) stopped: %3. Runs used: %4 (%5 of them stored before).")
                 .arg(outcome.experimentId)
                 .arg(tuneGoalName(a.goal), stopText(a.stop))
                 .arg(a.runs)
                 .arg(outcome.replayedRuns);
    lines << tr("Before: %1. %2").arg(objectiveText(a.goal, a.baselineObjective, unit), verdictText(a.findingsBefore));
    if (a.changes.isEmpty()) {
        lines << tr("No change recommended: the starting knobs stay.");
        return lines.join(QLatin1Char('\n'));
    }
    lines << tr("After: %1. %2").arg(objectiveText(a.goal, a.recommendedObjective, unit), verdictText(a.findingsAfter));
    lines << tr("Gain: %1 (95 % interval %2 .. %3, p %4).")
                 .arg(objectiveText(a.goal, a.recommendedObjective - a.baselineObjective, unit, true),
                      objectiveText(a.goal, a.gainCiLow, unit, true), objectiveText(a.goal, a.gainCiHigh, unit, true))
                 .arg(a.gainP, 0, 'g', 2);
    for (const bool remote : {false, true}) {
        const QStringList changes = changeLines(a, remote, unit);
        if (changes.isEmpty())
            continue;
        lines << (remote ? tr("Recommended at the far end:") : tr("Recommended at this end:"));
        lines += changes;
    }
    return lines.join(QLatin1Char('\n'));
}

QJsonObject TuneOutput::answerJson(const TuneOutcome &outcome)
{
    const TuneAnswer &a = outcome.answer;
    QJsonArray changes;
    for (const TuneChange &c : a.changes) {
        const bool remote = c.knob.startsWith(kRemote);
        QJsonObject o = intervalJson(c.difference, c.ciLow, c.ciHigh, c.p);
        o.insert(QStringLiteral("end"), remote ? QStringLiteral("remote") : QStringLiteral("local"));
        o.insert(QStringLiteral("knob"), c.knob);
        o.insert(QStringLiteral("from"), c.from);
        o.insert(QStringLiteral("to"), c.to);
        o.insert(QStringLiteral("rule"), ruleName(c.rule));
        changes.append(o);
    }
    QJsonObject gain = intervalJson(a.recommendedObjective - a.baselineObjective, a.gainCiLow, a.gainCiHigh, a.gainP);
    const QJsonObject json{
        {QStringLiteral("experiment_id"), double(outcome.experimentId)},
        {QStringLiteral("goal"), tuneGoalName(a.goal)},
        {QStringLiteral("stop"), tuneStopName(a.stop)},
        {QStringLiteral("runs"), a.runs},
        {QStringLiteral("replayed_runs"), outcome.replayedRuns},
        {QStringLiteral("baseline"), QJsonObject{{QStringLiteral("objective"), a.baselineObjective},
                                                 {QStringLiteral("verdict"), RunDiagnosis::verdict(a.findingsBefore)},
                                                 {QStringLiteral("knobs"), knobSnapshotToJson(a.baseline)}}},
        {QStringLiteral("recommended"), QJsonObject{{QStringLiteral("objective"), a.recommendedObjective},
                                                    {QStringLiteral("verdict"), RunDiagnosis::verdict(a.findingsAfter)},
                                                    {QStringLiteral("knobs"), knobSnapshotToJson(a.recommended)}}},
        {QStringLiteral("gain"), gain},
        {QStringLiteral("changes"), changes},
        {QStringLiteral("trials"), trialsJson(a)},
    };
    return jsonschema::versioned(json, jsonschema::kTune);
}

} // namespace tcptune::cli

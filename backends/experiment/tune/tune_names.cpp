// The tuner's names for JSON and logs, its objective, and the log line of a trial.

#include "experiment/tune/tuner_search.h"

#include "common/statistics.h"
#include "experiment/tune/tune_race.h"

#include <cmath>
#include <limits>

namespace tcptune {

QString tuneOutcomeName(TuneTrial::Outcome outcome)
{
    switch (outcome) {
    case TuneTrial::Outcome::Baseline: return QStringLiteral("baseline");
    case TuneTrial::Outcome::Accepted: return QStringLiteral("accepted");
    case TuneTrial::Outcome::Worse: return QStringLiteral("worse");
    case TuneTrial::Outcome::NoDifference: return QStringLiteral("no-difference");
    case TuneTrial::Outcome::Infeasible: return QStringLiteral("infeasible");
    case TuneTrial::Outcome::Failed: return QStringLiteral("failed");
    }
    return QString();
}

QString tuneStopName(TuneAnswer::Stop stop)
{
    switch (stop) {
    case TuneAnswer::Stop::NoImprovement: return QStringLiteral("no-improvement");
    case TuneAnswer::Stop::PathFull: return QStringLiteral("path-full");
    case TuneAnswer::Stop::Budget: return QStringLiteral("budget");
    case TuneAnswer::Stop::Cancelled: return QStringLiteral("cancelled");
    case TuneAnswer::Stop::NothingToTry: return QStringLiteral("nothing-to-try");
    case TuneAnswer::Stop::BaselineFailed: return QStringLiteral("baseline-failed");
    }
    return QString();
}

double tuneObjective(const TrialRun &run, TuneGoal goal)
{
    double value = -1;
    switch (goal) {
    case TuneGoal::Throughput: value = run.throughputBps; break;
    case TuneGoal::Latency: value = run.rttP95Ms; break;
    case TuneGoal::Transactions: value = run.transactionsPerS; break;
    }
    return value < 0 ? std::numeric_limits<double>::quiet_NaN() : value;
}

bool tuneMinimises(TuneGoal goal)
{
    return goal == TuneGoal::Latency;
}

namespace {

QString objectiveText(double value, TuneGoal goal)
{
    switch (goal) {
    case TuneGoal::Throughput: return TunerSearch::tr("%1 Mbit/s").arg(value / 1e6, 0, 'f', 1);
    case TuneGoal::Latency: return TunerSearch::tr("RTT p95 %1 ms").arg(value, 0, 'f', 1);
    case TuneGoal::Transactions: return TunerSearch::tr("%1 transactions/s").arg(value, 0, 'f', 0);
    }
    return QString();
}

QString outcomeText(TuneTrial::Outcome outcome)
{
    switch (outcome) {
    case TuneTrial::Outcome::Baseline: return TunerSearch::tr("baseline");
    case TuneTrial::Outcome::Accepted: return TunerSearch::tr("accepted");
    case TuneTrial::Outcome::Worse: return TunerSearch::tr("worse, dropped");
    case TuneTrial::Outcome::NoDifference: return TunerSearch::tr("no significant difference");
    case TuneTrial::Outcome::Infeasible: return TunerSearch::tr("loses too much throughput");
    case TuneTrial::Outcome::Failed: return TunerSearch::tr("its runs failed");
    }
    return QString();
}

} // namespace

QString TunerSearch::describe(const TuneTrial &trial, TuneGoal goal)
{
    const QList<double> values = tuneObjectives(trial.runs, goal);
    if (trial.outcome == TuneTrial::Outcome::Baseline) {
        if (values.isEmpty())
            return tr("Trial %1: baseline, %2 runs, none measured the goal").arg(trial.index).arg(trial.runs.size());
        return tr("Trial %1: baseline, %2 runs, %3")
            .arg(trial.index)
            .arg(trial.runs.size())
            .arg(objectiveText(stats::mean(values), goal));
    }
    const double incumbent = values.isEmpty() ? 0 : stats::mean(values) - trial.difference;
    if (values.isEmpty() || incumbent == 0 || trial.p >= 1)
        return tr("Trial %1: %2, %3 runs: %4")
            .arg(trial.index)
            .arg(trial.label)
            .arg(trial.runs.size())
            .arg(outcomeText(trial.outcome));
    const double pct = 100.0 * trial.difference / incumbent;
    return tr("Trial %1: %2, %3 runs: %4 %, %5")
        .arg(trial.index)
        .arg(trial.label)
        .arg(trial.runs.size())
        .arg(QString::asprintf("%+.1f", pct))
        .arg(outcomeText(trial.outcome));
}

} // namespace tcptune

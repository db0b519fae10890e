#include "tune/tune_texts.h"

#include "experiment/record/run_configuration.h"
#include "experiment/spec/experiment_spec.h"

#include <QLocale>

#include <cmath>

namespace tcptune {

QString TuneTexts::unitOf(TuneGoal goal, ThroughputUnit unit)
{
    switch (goal) {
    case TuneGoal::Throughput: return unit.label();
    case TuneGoal::Latency: return tr("ms");
    case TuneGoal::Transactions: return tr("transactions/s");
    }
    return QString();
}

double TuneTexts::shown(double value, TuneGoal goal, ThroughputUnit unit)
{
    return goal == TuneGoal::Throughput ? unit.fromBitsPerSecond(value) : value;
}

QString TuneTexts::number(double value, TuneGoal goal, ThroughputUnit unit)
{
    if (!std::isfinite(value))
        return QStringLiteral("–");
    const int decimals = goal == TuneGoal::Throughput ? unit.decimalsLike(1) : (goal == TuneGoal::Latency ? 2 : 0);
    return QLocale().toString(shown(value, goal, unit), 'f', decimals);
}

QString TuneTexts::objective(double value, TuneGoal goal, ThroughputUnit unit)
{
    if (!std::isfinite(value))
        return QStringLiteral("–");
    return tr("%1 %2").arg(number(value, goal, unit), unitOf(goal, unit));
}

namespace {

// VALUE in the goal's shown unit with its sign, so a loss never reads like a gain.
QString signedNumber(double value, TuneGoal goal, ThroughputUnit unit)
{
    const int decimals = goal == TuneGoal::Throughput ? unit.decimalsLike(1) : (goal == TuneGoal::Latency ? 2 : 0);
    const QString text = QLocale().toString(TuneTexts::shown(value, goal, unit), 'f', decimals);
    return value > 0 ? QStringLiteral("+") + text : text;
}

} // namespace

QString TuneTexts::difference(double value, double low, double high, TuneGoal goal, ThroughputUnit unit)
{
    if (low == 0 && high == 0 && value == 0)
        return QStringLiteral("–");
    return tr("%1 %2 (95 % CI %3 .. %4)")
        .arg(signedNumber(value, goal, unit), unitOf(goal, unit), signedNumber(low, goal, unit),
             signedNumber(high, goal, unit));
}

QString TuneTexts::compactDifference(double value, double low, double high, TuneGoal goal, ThroughputUnit unit)
{
    if (low == 0 && high == 0 && value == 0)
        return QStringLiteral("–");
    return QStringLiteral("%1 (%2 .. %3)")
        .arg(signedNumber(value, goal, unit), signedNumber(low, goal, unit), signedNumber(high, goal, unit));
}

QString TuneTexts::outcome(TuneTrial::Outcome outcome)
{
    switch (outcome) {
    case TuneTrial::Outcome::Baseline: return tr("baseline");
    case TuneTrial::Outcome::Accepted: return tr("accepted");
    case TuneTrial::Outcome::Worse: return tr("worse");
    case TuneTrial::Outcome::NoDifference: return tr("no difference");
    case TuneTrial::Outcome::Infeasible: return tr("lost throughput");
    case TuneTrial::Outcome::Failed: return tr("failed");
    }
    return QString();
}

QString TuneTexts::stopReason(TuneAnswer::Stop stop)
{
    switch (stop) {
    case TuneAnswer::Stop::NoImprovement: return tr("The tuner stopped: a whole round of candidates won nothing.");
    case TuneAnswer::Stop::PathFull: return tr("The tuner stopped: the flow already fills the path.");
    case TuneAnswer::Stop::Budget: return tr("The tuner stopped: its budget of runs or time is spent.");
    case TuneAnswer::Stop::Cancelled: return tr("The tune was stopped before it ended.");
    case TuneAnswer::Stop::NothingToTry: return tr("The tuner stopped: the verdict points at no knob it may change.");
    case TuneAnswer::Stop::BaselineFailed: return tr("The tuner stopped: the starting configuration's runs failed.");
    }
    return QString();
}

QString TuneTexts::endOf(const QString &knob)
{
    return knob.startsWith(QLatin1String("remote:")) ? tr("far end") : tr("this end");
}

QString TuneTexts::value(const QString &knob, const QString &value)
{
    if (value.isEmpty())
        return tr("(unset)");
    QString key = knob;
    if (key.startsWith(ExperimentSpec::kRemotePrefix))
        key.remove(0, ExperimentSpec::kRemotePrefix.size());
    return compactKnobValue(key, value);
}

} // namespace tcptune

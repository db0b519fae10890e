#pragma once
// The words and figures the Tune tab shows of the tuner's values: an objective in the goal's unit
// (throughput in the workbench's unit, RTT p95 in ms, transactions/s), a trial's outcome and why
// the search stopped, in the user's language. The table, the chart and the answer share them.

#include "common/throughput_unit.h"
#include "experiment/tune/tuner_search.h"

#include <QCoreApplication>
#include <QString>

namespace tcptune {

class TuneTexts final {
    Q_DECLARE_TR_FUNCTIONS(TuneTexts)
public:
    // The goal's unit ("Mbit/s", "ms", "transactions/s").
    static QString unitOf(TuneGoal goal, ThroughputUnit unit);
    // VALUE (in the goal's own unit: bit/s, ms, 1/s) in the shown unit, as a number.
    static double shown(double value, TuneGoal goal, ThroughputUnit unit);
    // VALUE with its unit ("94.1 Mbit/s"); a dash when it is not a number.
    static QString objective(double value, TuneGoal goal, ThroughputUnit unit);
    // VALUE without the unit ("94.1"), for a column whose title has it.
    static QString number(double value, TuneGoal goal, ThroughputUnit unit);
    // A difference with its sign and 95 % interval ("+38.2 Mbit/s (95 % CI +30.1 .. +46.3)").
    static QString difference(double value, double low, double high, TuneGoal goal, ThroughputUnit unit);
    // The same without unit and "95 % CI" ("+38.2 (+30.1 .. +46.3)"), for a column whose title has them.
    static QString compactDifference(double value, double low, double high, TuneGoal goal, ThroughputUnit unit);
    static QString outcome(TuneTrial::Outcome outcome);
    static QString stopReason(TuneAnswer::Stop stop);
    // "this end" or "far end" for a knob key ("remote:" keys are the far end's).
    static QString endOf(const QString &knob);
    // A knob's value as people read it; "(unset)" for none.
    static QString value(const QString &knob, const QString &value);
};

} // namespace tcptune

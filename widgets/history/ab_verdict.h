#pragma once
// What the A/B view says of one metric of B against A, in words: "B is 12.3 % faster, 95 % CI
// 9.8–14.9 %, significant" or "no significant difference: the intervals overlap (−0.4 %, 95 % CI
// −1.9–1.1 %)", and the ratio B / A with its interval, "1.12× (1.10–1.15)", in place of a bare
// ratio. The numbers are those of `tcptune results diff` (MetricDifference: Welch over the runs
// when each side has two or more, else the block bootstrap of each run's series; Holm over the
// metrics shown together).

#include "common/throughput_unit.h"
#include "experiment/tables/experiment_diff.h"

#include <QCoreApplication>
#include <QString>

namespace tcptune {

class AbVerdict final {
    Q_DECLARE_TR_FUNCTIONS(AbVerdict)

public:
    // The metric with its unit for the table: "Throughput (Mbit/s)", "RTT median (ms)".
    static QString figureName(const MetricRow &row, ThroughputUnit unit = {});
    // ROW's figures in that unit (throughput in UNIT).
    static double inUnit(const MetricRow &row, double value, ThroughputUnit unit = {});
    // RUN is the letter of the run compared with A ("B", "C", ...).
    static QString sentence(const MetricRow &row, const QString &run = QStringLiteral("B"));
    // "1.12× (1.10–1.15)"; "1.12×" without an interval; empty when A's figure is 0 or unknown.
    static QString ratio(const MetricDifference &d);
    // How the interval was found: "Welch's t-test over 3 + 3 runs", "block bootstrap of each run's
    // series", for the verdict's tooltip.
    static QString method(const MetricDifference &d);
};

} // namespace tcptune

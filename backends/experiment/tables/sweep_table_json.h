#pragma once
// A SweepTable as JSON: results.json of `tcptune sweep --out` and `tcptune results show --json`,
// and the points of a JSON report. Unknown figures (a point without an Ok run, a failed run's
// throughput, an unknown RTT) are null, never 0.

#include "experiment/tables/sweep_table.h"

#include <QJsonObject>

namespace tcptune {

QJsonObject runJson(const RunRecord &run);
// The point with its statistics, flags and every run (runJson).
QJsonObject pointJson(const PointResult &point);
// The experiment, its plan and every point.
QJsonObject toJson(const SweepTable &table);

} // namespace tcptune

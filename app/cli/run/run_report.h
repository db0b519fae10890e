#pragma once
// Text for `tcptune run`: the live progress line and the closing summary.

#include "common/throughput_unit.h"
#include "experiment/record/run_record.h"
#include "traffic/traffic_result.h"

#include <QJsonObject>
#include <QString>

namespace tcptune::cli {

#include <optional>

// The unit every rate of this command is printed in (--unit), set once before the run; without
// one a rate picks its own, as iperf3 does without -f ("9.41 Gbit/s", "94.1 Mbit/s").
void setRateUnit(std::optional<ThroughputUnit> unit);
QString formatRate(double bitsPerSecond); // "9.41 Gbit/s"
QString progressLine(double elapsedS, double totalS, double throughputBps, const TrafficSample &latest);
QString summaryText(const TrafficResult &result);
// Prints a finished run with the verdict of DIAGNOSIS: RESULT_JSON with a "diagnosis" object
// added, or SUMMARY followed by a verdict line.
void printFinishedRun(QJsonObject resultJson, const RunRecord &diagnosis);
void printFinishedRun(const QString &summary, const RunRecord &diagnosis);
// The exit code of a run that printed its result: 3 when it was interrupted (130 when
// cancelled), 1 with ERROR said when it failed, else 0.
int exitCodeOf(bool interrupted, bool cancelled, const QString &error);

} // namespace tcptune::cli

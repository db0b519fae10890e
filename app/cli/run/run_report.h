#pragma once
// Text for `tcptune run`: the live progress line and the closing summary.

#include "traffic/traffic_result.h"

#include <QString>

namespace tcptune::cli {

QString formatRate(double bitsPerSecond); // "9.41 Gbit/s"
QString progressLine(double elapsedS, double totalS, double throughputBps, const TrafficSample &latest);
QString summaryText(const TrafficResult &result);

} // namespace tcptune::cli

#pragma once
// A run in direction both as the runner stores it: the traffic engine's result (this host's
// aggregate series and the target's, one stream each way, the target's samples on its own clock a
// little after this host's) through outcomeOf into a real ResultStore. This host sends about
// 40 Mbit/s and the target about 10, so one line through both directions' samples zig-zags.

#include "experiment/store/result_store.h"
#include "traffic/traffic_result.h"

namespace tcptune::test {

inline constexpr double kBothUpBps = 40e6;
inline constexpr double kBothDownBps = 10e6;

// The result as TrafficClient leaves it: SAMPLES samples each way, 0.1 s apart.
TrafficResult bothDirectionsResult(int samples = 30);

// Stores that result as the one run of a new experiment in direction both; returns the run's id.
qint64 storeBothDirectionsRun(ResultStore &store, int samples = 30);

} // namespace tcptune::test

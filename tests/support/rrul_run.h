#pragma once
// A real latency-under-load run (workload rrul, 4 streams each way after an idle phase) against a
// real AgentServer on loopback, and the same run stored as the runner stores it (outcomeOf into a
// ResultStore): what the charts, History and the reports of issue 34 are tested on.

#include "experiment/store/result_store.h"
#include "traffic/traffic_result.h"

namespace tcptune::test {

// The run's result; fails the process (qFatal) when the agent cannot listen.
TrafficResult rrulRunOnLoopback(double idleS, double durationS);

// Stores RESULT as the one run of a new finished experiment named NAME; the run's id, -1 when the
// store refused.
qint64 storeRrulRun(ResultStore &store, const TrafficResult &result, const QString &name);

} // namespace tcptune::test

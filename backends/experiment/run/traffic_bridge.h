#pragma once
// Between the experiment's terms and the traffic engine's: an ExperimentSpec plus a RunEndpoint
// become a TrafficSpec (socket option knobs become its socket options), and a TrafficResult
// becomes the figures and samples the store keeps. Plain functions.

#include "common/error.h"
#include "experiment/run/experiment_backend.h"
#include "experiment/spec/experiment_spec.h"
#include "traffic/traffic_result.h"
#include "traffic/traffic_spec.h"

namespace tcptune {

// Fails for socket options the engine does not set, naming them.
[[nodiscard]] Result<TrafficSpec> trafficSpecFor(const ExperimentSpec &spec, const RunEndpoint &endpoint);

// A command line's --target as a spec names it (for checking a list of ends).
TargetSpec targetSpecOf(const TrafficTarget &target);

RunSample runSampleOf(const TrafficSample &sample);

// Per-interval receiver goodput for the collapse flag: the agent's own intervals when it sent
// them, else the sender's samples (measured part only) averaged into bins of at least MIN_BIN_S.
QList<double> intervalThroughput(const TrafficResult &result, double minBinS, double *binS);

// The receiver's goodput from FROM_S on: its bytes over the time they took, from the end of the
// last interval before FROM_S. Not the mean of the intervals' rates: 10 ms intervals are uneven
// and a GRO burst more or less in a short one gave a 50 Mbit/s path a mean of 56.9 Mbit/s. -1
// without intervals after FROM_S.
double receiverGoodputFrom(const QList<ReceiverInterval> &intervals, double fromS);

TrafficOutcome outcomeOf(const TrafficResult &result);
// How a run ended into RUN: status from OK and CANCELLED, ERROR, or a sentence when it failed
// without one. One rule for single runs and runs of several ends.
void setRunEnd(RunRecord &run, bool ok, bool cancelled, const QString &error);

} // namespace tcptune

#pragma once
// A run against several ends in the result store's terms: the figures over the ends together
// (their goodput summed, RTT over every end's samples), each end's samples tagged with its place
// in the spec's list (RunSample::end), the first end as the run's far end (its record and knob
// snapshots, as a run of one end has them), and in details "targets" each end's own totals and
// knob snapshots before and after the run, with "jain_fairness_index" over their throughput.

#include "experiment/run/experiment_backend.h"
#include "experiment/run/several_ends_result.h"

#include <QJsonArray>

namespace tcptune {

TrafficOutcome severalEndsOutcome(const SeveralEndsResult &result);

} // namespace tcptune

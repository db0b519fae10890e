#pragma once
// `tcptune run --target A --target B ...`: the same traffic against several ends at once
// (SeveralEndsTraffic), a progress line per end, and per-end figures with the aggregate and
// Jain's fairness index as text or one JSON object.

#include "common/netns.h"
#include "traffic/traffic_spec.h"

#include <QStringList>

namespace tcptune::cli {

// SPEC is the command line's run (workload, sizes, options); TARGETS the --target texts, two or
// more. Returns the exit code.
int runSeveralEnds(const TrafficSpec &spec, const QStringList &targets, bool json, netns::SocketMaker socketMaker);

} // namespace tcptune::cli

#pragma once
// `tcptune run --target A --target B ...`: the same traffic against several ends at once
// (SeveralEndsTraffic), a progress line per end, and per-end figures with the aggregate and
// Jain's fairness index as text or one JSON object, with this end's counters and the verdict as
// a run of one end has them.

#include "traffic/traffic_spec.h"

#include <QStringList>

namespace tcptune {
class HelperConnection;
}

namespace tcptune::cli {

// SPEC is the command line's run (workload, sizes, options); TARGETS the --target texts, two or
// more; HELPER makes the sockets (in a lab namespace) and reads the counters where tcptune cannot.
// Returns the exit code.
int runSeveralEnds(const TrafficSpec &spec, const QStringList &targets, bool json, HelperConnection &helper);

} // namespace tcptune::cli

#pragma once
// The RunEndpoint of a run in the local lab: where its traffic goes (the agent the lab serves),
// where each end's counters are read (client, router and server namespaces) and which qdisc is
// the bottleneck whose queue is sampled. Sweeps (LiveExperimentBackend) and `tcptune run` use it.

#include "experiment/run/experiment_backend.h"
#include "lab/lab_layout.h"
#include "lab/lab_spec.h"

namespace tcptune {

// Lab LAB_NAME, built as SPEC, its agent serving at SERVED.
RunEndpoint labRunEndpoint(const QString &labName, const LabSpec &spec, const LabEndpoints &served);
// ENDPOINT with the queue watched where the run's data queues: towards the server when this
// host sends, towards the client when the far end does (FAR_SENDS, direction down).
RunEndpoint watchedWhereDataFlows(RunEndpoint endpoint, bool farSends);

} // namespace tcptune

#pragma once
// Two rules of the verdict that read more than the limiter breakdown (docs/diagnosis.md, rules
// 0 and 2a): whether the flow filled the path, and whether small writes waited on Nagle for the
// receiver's delayed ACKs. Plain functions over DiagnosisFacts, so tests feed them numbers.

#include "experiment/diagnosis/run_diagnosis.h"

#include <optional>

namespace tcptune {

// Rule 0: the flow's goodput was at least DiagnosisThresholds::kPathFullShare of the path's
// rate (the lab's configured rate, else the delivery-rate estimate), or the lab's bottleneck
// held packets in at least kQueueBusyShare of its samples: a shaper that always had a packet
// waiting ran as fast as it could, even when its timer passed less than its configured rate.
std::optional<Finding> pathFullFinding(const DiagnosisFacts &facts);

// Rule 2a: Nagle on (no TCP_NODELAY, no TCP_CORK), a write smaller than the MSS, the receiver
// delaying ACKs at least kDelayedAcksPerS, and the sender's RTT raised above the path's own by
// kNagleWaitMs or more, but no further than the delayed-ACK timer reaches.
std::optional<Finding> nagleStallFinding(const DiagnosisFacts &facts);

// The path's rate that the sender's delivery-rate samples show (bit/s): the 90th percentile of
// the samples from FROM_T on whose delivery was not application-limited, whose interval was not
// mostly receive-window or send-buffer limited, whose receive window was not full and whose
// sender had data left unsent, when they are at least half of the measured samples and ten or
// more; else -1. SAMPLES: the aggregate series.
double deliveryPathRate(const QList<RunSample> &samples, double fromT);

// The facts rules 0 and 2a read from RUN, added to FACTS.
void addPathAndWriteFacts(const RunRecord &run, DiagnosisFacts &facts);

} // namespace tcptune

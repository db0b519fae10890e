#pragma once
// Two rules of the verdict on the sender's own network device (docs/diagnosis.md, rules 1a and
// 7a): its device queue (the root qdisc of its egress device) held a standing backlog, and its
// segmentation offloads were off, so the stack cut every segment itself. Plain functions over
// DiagnosisFacts, so tests feed them numbers.

#include "experiment/diagnosis/run_diagnosis.h"

#include <optional>

namespace tcptune {

// Rule 1a: the sender's device queue held DiagnosisThresholds::kDeviceQueuePackets packets or
// more on average over the measured time.
std::optional<Finding> deviceQueueFinding(const DiagnosisFacts &facts);

// Rule 7a: GSO off and TSO not on at one of the sender's devices during the run: segments of
// the device's MTU less 52 bytes of headers leave the stack one by one (N per GB).
std::optional<Finding> offloadsOffFinding(const DiagnosisFacts &facts);

// The facts rules 1a and 7a read from RUN (the sending end's device queue series from FROM_T on
// and its link facts during the run), added to FACTS.
void addDeviceFacts(const RunRecord &run, double fromT, DiagnosisFacts &facts);

} // namespace tcptune

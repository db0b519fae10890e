#pragma once
// Reading, checking and changing link knobs (link.DEV.PARAMETER), for the helper alone. Every
// device name was checked by the catalogue; the operations are the kernel's own interfaces
// (ethtool and interface ioctls, sysfs for BQL), never the ethtool program. They act in the
// calling thread's network namespace: call them inside netns::runIn.

#include "common/error.h"
#include "knobs/knob_info.h"

#include <QString>

namespace tcptune::linkwriter {

// The current value in canonical form ("1"/"0" for a feature, a whole number otherwise), or the
// refusal naming the device and driver when the device does not have the parameter.
[[nodiscard]] Result<QString> read(const KnobInfo &knob);

// INPUT parsed for KNOB as knobvalue::parse does, and for a qdisc the kind refused when this
// kernel lacks it ("This kernel has no fq_codel qdisc (module sch_fq_codel); available: ...").
[[nodiscard]] Result<QString> parseForKernel(const KnobInfo &knob, const QString &input);

// Whether the device lets KNOB change at all (before anything is journalled): a feature the
// driver fixes, or an operation it lacks, is refused with a sentence naming device and driver.
[[nodiscard]] Result<void> checkWritable(const KnobInfo &knob);

// Writes CANONICAL (parsed and range-checked already).
[[nodiscard]] Result<void> write(const KnobInfo &knob, const QString &canonical);

} // namespace tcptune::linkwriter

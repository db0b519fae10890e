#pragma once
// The helper's one way to a knob it may change: sysctls (sysctl_writer) and link knobs
// (link_writer), chosen by the catalogue entry's kind. The journal, the confirmation and the
// rollback are the same for both. Reading, checking and writing act in the calling thread's
// namespace: call them inside netns::runIn.

#include "common/error.h"
#include "knobs/knob_info.h"

#include <QString>

namespace tcptune::knobaccess {

// The catalogue entry of KEY when the helper changes it (a sysctl under /proc/sys/net or a link
// knob with a valid device name); an error naming the problem otherwise.
[[nodiscard]] Result<const KnobInfo *> knobFor(const QString &key);

// Whether KNOB may be used in NETNS (empty: the host): a tcptune namespace that exists, and a
// knob that has a per-namespace copy.
[[nodiscard]] Result<void> checkScope(const KnobInfo &knob, const QString &netns);

[[nodiscard]] Result<QString> read(const KnobInfo &knob);
[[nodiscard]] Result<QString> parseForKernel(const KnobInfo &knob, const QString &input);
// Refuses, before anything is journalled, a knob the device or kernel does not let change.
[[nodiscard]] Result<void> checkWritable(const KnobInfo &knob);
[[nodiscard]] Result<void> write(const KnobInfo &knob, const QString &canonical);

} // namespace tcptune::knobaccess

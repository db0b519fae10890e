#pragma once
// Validation and writing of the catalogue's sysctls, for the helper alone. Every path comes from
// the catalogue entry (never from input) and must lie under /proc/sys/net; namespaces must be
// tcptune ones; global knobs are refused inside a namespace. The functions that touch /proc/sys
// act on the calling thread's namespace: call them inside netns::runIn.

#include "common/error.h"
#include "knobs/knob_info.h"

#include <QString>

namespace tcptune::sysctlwriter {

// The catalogue entry of KEY when it is a sysctl tcptune may change; an error naming the
// problem otherwise (unknown key, odd characters, a socket option or lab parameter).
[[nodiscard]] Result<const KnobInfo *> knobFor(const QString &key);

// Whether KNOB may be used in NETNS (empty: the host): a tcptune- name that exists, and a
// per-namespace knob (net.core.* are global and only exist in the init namespace).
[[nodiscard]] Result<void> checkScope(const KnobInfo &knob, const QString &netns);

// The current value in canonical form (whitespace folded).
[[nodiscard]] Result<QString> read(const KnobInfo &knob);

// Parses INPUT for KNOB: type and range, and for enums the list the kernel of the calling
// thread's namespace offers.
[[nodiscard]] Result<QString> parseForKernel(const KnobInfo &knob, const QString &input);

// Writes CANONICAL to the knob's /proc/sys file; refuses any path outside /proc/sys/net.
[[nodiscard]] Result<void> write(const KnobInfo &knob, const QString &canonical);

} // namespace tcptune::sysctlwriter

#pragma once
// Entering network namespaces. setns() changes only the calling thread, so work that must see
// a lab namespace (reading its /proc/sys/net, opening sockets that live in it) runs on a short
// thread that enters the namespace first; the caller's own namespace never changes.

#include "common/error.h"

#include <QString>
#include <functional>

namespace tcptune::netns {

// Lab namespaces are the only ones tcptune enters or changes; their names start with this.
inline constexpr auto kPrefix = "tcptune-";

// True when NAME is a syntactically valid tcptune namespace name (prefix, [A-Za-z0-9_-], <= 32).
bool isTcptuneName(const QString &name);

// True when /run/netns/NAME exists.
bool exists(const QString &name);

// Runs FN on a thread that has entered namespace NAME (an empty NAME: the caller's namespace,
// on the calling thread). Fails with a message when the namespace is missing or setns is refused.
Result<void> runIn(const QString &name, const std::function<void()> &fn);

} // namespace tcptune::netns

#pragma once
// Entering network namespaces. setns() changes only the calling thread, so work that must see
// a lab namespace (reading its /proc/sys/net, opening sockets that live in it) runs on a short
// thread that enters the namespace first; the caller's own namespace never changes.

#include "common/error.h"

#include <QList>
#include <QString>
#include <functional>

namespace tcptune::netns {

// Lab namespaces are the only ones tcptune enters or changes; their names start with this.
inline constexpr auto kPrefix = "tcptune-";

// True when NAME is a syntactically valid tcptune namespace name (prefix, [A-Za-z0-9_-], <= 32).
bool isTcptuneName(const QString &name);

// True when /run/netns/NAME exists.
bool exists(const QString &name);

// The calling process's network namespace as the kernel names it ("net:[4026531840]"); empty
// when /proc cannot tell. A helper's journal records it: "the host" of an entry is the helper's
// own namespace, which is a lab's or a far end's when the helper runs inside one.
QString ownIdentity();

// Whether the network namespace IDENTITY (as ownIdentity() gives it) still exists: a process
// lives in it, or a name in /run/netns holds it.
bool identityExists(const QString &identity);

// Runs FN on a thread that has entered namespace NAME (an empty NAME: the caller's namespace,
// on the calling thread). Fails with a message when the namespace is missing or setns is refused.
[[nodiscard]] Result<void> runIn(const QString &name, const std::function<void()> &fn);

// Sockets to make inside a lab namespace: COUNT of socket(2)'s FAMILY and TYPE (close-on-exec),
// with TCP congestion control CONGESTION_CONTROL already set when it is not empty (a user may
// set only the ones in net.ipv4.tcp_allowed_congestion_control; whoever makes the socket sets it).
struct SocketRequest {
    QString netns; // empty: the caller's namespace
    int family = 0;
    int type = 0;
    int count = 1;
    QString congestionControl;
};

// Makes the sockets of a SocketRequest; a socket keeps the namespace it was made in for good, so
// bind, listen, connect and accept on it need no privilege. The caller owns (closes) them.
using SocketMaker = std::function<Result<QList<int>>(const SocketRequest &request)>;

// The SocketMaker for a process that may enter namespaces (root): on a thread inside the
// namespace. Without that right, HelperConnection::socketMaker() has tcptune-helper make them.
[[nodiscard]] Result<QList<int>> makeSockets(const SocketRequest &request);

} // namespace tcptune::netns

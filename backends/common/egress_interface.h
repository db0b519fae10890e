#pragma once
// The device this host sends to a target through: the one that holds the source address the
// kernel picks for a datagram socket connected to the target. Connecting a datagram socket
// only looks the route up; no packet leaves. The run observer watches that device's queue.

#include <QString>

namespace tcptune {

// The egress device towards HOST (a name or an address) in the calling thread's namespace;
// empty when HOST does not resolve, has no route, or no device holds the source address.
QString egressInterface(const QString &host);

} // namespace tcptune

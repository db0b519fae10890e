#pragma once
// Socket options a user may not set on a lab socket, and who sets them instead. Two limits are
// the host's and cannot be lifted inside a lab namespace: a user may choose only the congestion
// controls in net.ipv4.tcp_allowed_congestion_control (and a namespace other than the host's may
// not make another one its default), and SO_SNDBUF is capped at net.core.wmem_max (read-only in
// a namespace: it is the host's). The lab's far sender accepts its sockets, so the helper cannot
// set them when it makes the socket (lab_sockets): it sets them on the accepted socket instead
// (lab_socket_options, docs/privileges.md).

#include "common/error.h"

#include <QString>

#include <functional>

namespace tcptune::netns {

struct SocketOptions {
    QString congestionControl; // empty: leave it
    qint64 sndbuf = 0;         // as SO_SNDBUF takes it (the kernel doubles it); 0: leave it
};

// Sets OPTIONS on a socket that lives in a lab namespace (an accepted one too). Empty for a
// process that may set them itself (root); else tcptune-helper (HelperConnection::socketTuner()).
using SocketTuner = std::function<Result<void>(int fd, const SocketOptions &options)>;

// Sets OPTIONS on FD with this process's rights (the send buffer with SO_SNDBUFFORCE: not capped
// at net.core.wmem_max, which needs CAP_NET_ADMIN).
[[nodiscard]] Result<void> setSocketOptions(int fd, const SocketOptions &options);

// The name under /run/netns of the tcptune namespace that socket FD lives in (SIOCGSKNS, which
// needs CAP_NET_ADMIN); an error when it lives in another one, such as the host's.
[[nodiscard]] Result<QString> namespaceOfSocket(int fd);

} // namespace tcptune::netns

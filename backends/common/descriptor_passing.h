#pragma once
// Passing descriptors over a Unix stream socket (SCM_RIGHTS): how tcptune-helper hands tcptune
// sockets it made inside a lab namespace (a socket keeps the namespace it was made in), and how
// tcptune hands the helper a file it opened itself. Descriptors travel with the first byte of the
// message they belong to; the receiver queues them in arrival order and each message says how
// many of the queue are its own ("fds": N), so messages and descriptors cannot be mismatched.

#include <QList>

#include <sys/types.h>

namespace tcptune::descriptors {

// The most descriptors one message carries.
inline constexpr int kMaxPerMessage = 96;

// One sendmsg of DATA[0, SIZE) with FDS attached (MSG_NOSIGNAL; FDS empty: a plain send, which
// also works on a pipe). Returns the bytes sent, or -1 with errno set (EAGAIN on a non-blocking
// socket that is full: nothing, not even the descriptors, was sent).
ssize_t send(int socket, const char *data, size_t size, const QList<int> &fds);

// One read of up to SIZE bytes into DATA. Descriptors that came with it are appended to FDS,
// close-on-exec. On a pipe (no descriptors can come) it is a plain read. Returns as read(2).
ssize_t receive(int socket, char *data, size_t size, QList<int> &fds);

// Closes every descriptor in FDS and empties it.
void closeAll(QList<int> &fds);

} // namespace tcptune::descriptors

#pragma once
// Reading /proc/sys values. Writes live in the helper alone (helper/), never here.

#include "common/error.h"

#include <QString>

namespace tcptune::procsys {

// "/proc/sys/net/ipv4/tcp_wmem" for "net.ipv4.tcp_wmem". The key must already be validated.
QString pathForKey(const QString &key);

// The file's content without the trailing newline, exactly as `sysctl -n` prints it (the tabs
// between tcp_wmem's three numbers included).
[[nodiscard]] Result<QString> read(const QString &path);

// Folds whitespace runs to single spaces: the form used to compare and store values.
QString normalise(const QString &raw);

} // namespace tcptune::procsys

#pragma once
// Where the lab keeps its records: /run/tcptune/labs/ (tmpfs, so a reboot forgets them together
// with the namespaces they describe). Files are written by tcptune-helper and readable by all.

#include "common/error.h"

#include <QByteArray>
#include <QString>

namespace tcptune::labfiles {

QString runDirectory();  // /run/tcptune
QString labsDirectory(); // /run/tcptune/labs

// Writes DATA to PATH atomically, world-readable, creating the directory (mode 0755).
Result<void> writePublicFile(const QString &path, const QByteArray &data);

} // namespace tcptune::labfiles

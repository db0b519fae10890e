#pragma once
// Where the lab keeps its records: /run/tcptune/labs/ (tmpfs, so a reboot forgets them together
// with the namespaces they describe) and its cache (/run/tcptune/cache/). Both folders are
// root's alone (0700, see PrivateDirectory); the records are written by tcptune-helper.

#include "common/error.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

class QJsonValue;

namespace tcptune::labfiles {

QString runDirectory();   // /run/tcptune
QString labsDirectory();  // /run/tcptune/labs
QString cacheDirectory(); // /run/tcptune/cache

// Makes FOLDER (runDirectory() or a folder below it) private, creating it when missing.
[[nodiscard]] Result<void> ensureFolder(const QString &folder);
// Writes DATA to PATH atomically, in its private folder (made by ensureFolder).
[[nodiscard]] Result<void> writeRecord(const QString &path, const QByteArray &data);
// The strings of a record's array VALUE (namespaces, links, qdiscs); empty when it is no array.
QStringList stringList(const QJsonValue &value);

} // namespace tcptune::labfiles

#pragma once
// A capture file carried inside a store (a bundle): its bytes in capture_file_chunks and its size
// and SHA-256 in capture_files (schema 9). Private to ResultStore's copy, which embeds the files
// of the runs it exports and writes them out again where a bundle is imported.

#include "common/error.h"

#include <QString>

class QSqlDatabase;

namespace tcptune::embeddedcapture {

// Embeds the file PATH in DB as capture CAPTURE_ID's, a chunk at a time; false (nothing written)
// when the file is missing or cannot be opened, as a capture deleted since it was recorded.
[[nodiscard]] Result<bool> embed(const QSqlDatabase &db, qint64 captureId, const QString &path);

// Writes the file DB embeds for capture CAPTURE_ID into FOLDER as a new file named like NAME
// (run12.pcap, then run12-2.pcap, ...): never over an existing file, and through a temporary
// file that is renamed only once its size and SHA-256 match, so that a damaged bundle leaves no
// half file. Its path, or an empty string when DB embeds none for it.
[[nodiscard]] Result<QString> extract(const QSqlDatabase &db, qint64 captureId, const QString &folder,
                                      const QString &name);

} // namespace tcptune::embeddedcapture

#pragma once
// Writing a report file whole or not at all (QSaveFile), with an error that names the file.

#include "common/error.h"

#include <QByteArray>
#include <QString>

namespace tcptune::reportfile {

[[nodiscard]] Result<void> write(const QString &path, const QByteArray &data);
// PATH with its extension replaced by SUFFIX ("out/report.md", "-sweep.png" -> "out/report-sweep.png").
QString sibling(const QString &path, const QString &suffix);

} // namespace tcptune::reportfile

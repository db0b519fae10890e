#pragma once
// Reading and writing a session file (*.tcptune): written whole or not at all (QSaveFile), read
// with a message that names the file and says what to do when it is missing, cut short, not a
// session or from a newer tcptune.

#include "common/error.h"
#include "session/workbench_session.h"

#include <QString>

namespace tcptune::sessionfile {

[[nodiscard]] Result<void> write(const QString &path, const WorkbenchSession &session);
[[nodiscard]] Result<WorkbenchSession> read(const QString &path);
// Where the workbench keeps the form between starts (the app's data folder).
QString autosavePath();

} // namespace tcptune::sessionfile

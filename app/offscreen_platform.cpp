#include "offscreen_platform.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

namespace tcptune {

void useOffscreenPlatform()
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    ensureRuntimeDirectory();
}

void ensureRuntimeDirectory()
{
    if (qEnvironmentVariableIsSet("XDG_RUNTIME_DIR"))
        return;
    // QTemporaryDir makes it 0700, as a runtime folder must be; it lives until the program ends.
    static QTemporaryDir runtime(QDir::tempPath() + QStringLiteral("/tcptune-runtime-XXXXXX"));
    if (runtime.isValid())
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtime.path()));
}

} // namespace tcptune

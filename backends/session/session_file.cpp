#include "session/session_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace tcptune::sessionfile {

Result<void> write(const QString &path, const WorkbenchSession &session)
{
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath()))
        return fail(WorkbenchSession::tr("Cannot create the folder %1; choose another place for the session.")
                        .arg(info.absolutePath()));
    const QByteArray text = session.toJsonText();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size() || !file.commit())
        return fail(WorkbenchSession::tr("Cannot save the session to %1 (%2); check the folder and free space, or "
                                         "choose another place.")
                        .arg(path, file.errorString()));
    return {};
}

Result<WorkbenchSession> read(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(WorkbenchSession::tr("Cannot open the session %1 (%2); check that the file exists and that you "
                                         "may read it.")
                        .arg(path, file.errorString()));
    // A session is a few runs; a file far larger than the bounds allow is not one.
    constexpr qint64 kMaxBytes = 256LL * 1024 * 1024;
    if (file.size() > kMaxBytes)
        return fail(WorkbenchSession::tr("The session %1 is larger than %2 MiB; it is not a tcptune session.")
                        .arg(path)
                        .arg(kMaxBytes / (1024 * 1024)));
    auto session = WorkbenchSession::fromJsonText(file.readAll());
    if (!session)
        return fail(WorkbenchSession::tr("Cannot open the session %1: %2").arg(path, session.error().message));
    return session;
}

QString autosavePath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("last-session.") + WorkbenchSession::kSuffix);
}

} // namespace tcptune::sessionfile

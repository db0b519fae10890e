#include "lab/lab_files.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace tcptune::labfiles {

QString runDirectory()
{
    return QStringLiteral("/run/tcptune");
}

QString labsDirectory()
{
    return runDirectory() + QStringLiteral("/labs");
}

Result<void> writePublicFile(const QString &path, const QByteArray &data)
{
    const QString dir = QFileInfo(path).absolutePath();
    if (!QDir().mkpath(dir))
        return fail(QCoreApplication::translate("LabFiles", "Cannot create %1; the lab needs root to record its state.")
                        .arg(dir));
    // The helper runs with umask 077; lab records are not secret and `lab status` reads them
    // without privileges.
    const auto readable = QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther;
    QFile::setPermissions(dir, readable | QFile::ExeOwner | QFile::ExeGroup | QFile::ExeOther);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit())
        return fail(QCoreApplication::translate("LabFiles", "Cannot write %1: %2").arg(path, file.errorString()));
    QFile::setPermissions(path, readable);
    return {};
}

} // namespace tcptune::labfiles

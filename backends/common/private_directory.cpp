#include "common/private_directory.h"

#include <QDir>
#include <QFile>

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace tcptune {
namespace {

QString errnoText(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

} // namespace

QString PrivateDirectory::runRoot()
{
    return QStringLiteral("/run/tcptune");
}

Result<QString> PrivateDirectory::ensure(const QString &root, const QString &relative)
{
    QStringList levels{QDir::cleanPath(root)};
    for (const QString &part : relative.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        if (part == QLatin1String("..") || part == QLatin1String("."))
            return fail(tr("'%1' is not a folder name below %2.").arg(relative.left(100), root));
        levels << levels.back() + QLatin1Char('/') + part;
    }
    for (const QString &path : levels) {
        const QByteArray native = QFile::encodeName(path);
        // mkdir's mode is masked by the umask, which can only make it narrower than 0700.
        if (::mkdir(native.constData(), 0700) != 0 && errno != EEXIST)
            return fail(tr("Cannot create the folder %1: %2.").arg(path, errnoText(errno)));
        struct stat st {};
        if (::lstat(native.constData(), &st) != 0 || !S_ISDIR(st.st_mode))
            return fail(tr("%1 is not a folder (or a symbolic link); remove it so tcptune can keep its private "
                           "files there.")
                            .arg(path));
        if (st.st_uid != ::geteuid())
            return fail(
                tr("%1 belongs to another user; remove it so tcptune can keep its private files there.").arg(path));
        if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0)
            return fail(tr("%1 is writable by other users (mode %2), so files in it cannot be trusted; remove it "
                           "(tcptune creates it again, private to its owner).")
                            .arg(path, QString::number(st.st_mode & 07777, 8)));
        if ((st.st_mode & 077) != 0 && ::chmod(native.constData(), st.st_mode & 07700) != 0)
            return fail(tr("Cannot make %1 private: %2.").arg(path, errnoText(errno)));
    }
    return levels.back();
}

Result<QString> PrivateDirectory::ensureUnderRun(const QString &relative)
{
    return ensure(runRoot(), relative);
}

} // namespace tcptune

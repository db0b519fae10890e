#include "lab/lab_files.h"

#include "common/private_directory.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonValue>
#include <QSaveFile>

namespace tcptune::labfiles {

namespace {

// LabFiles::tr(): lupdate files this file's text under the context that tr() looks it up in.
class LabFiles final {
    Q_DECLARE_TR_FUNCTIONS(LabFiles)
};

} // namespace

QString runDirectory()
{
    return PrivateDirectory::runRoot();
}

QString labsDirectory()
{
    return runDirectory() + QStringLiteral("/labs");
}

QString cacheDirectory()
{
    return runDirectory() + QStringLiteral("/cache");
}

Result<void> ensureFolder(const QString &folder)
{
    const QString root = runDirectory();
    if (folder != root && !folder.startsWith(root + QLatin1Char('/')))
        return fail(LabFiles::tr("Lab records live below %1, not in %2.").arg(root, folder));
    auto made = PrivateDirectory::ensure(root, folder.mid(root.size()));
    if (!made)
        return std::unexpected(made.error());
    return {};
}

Result<void> writeRecord(const QString &path, const QByteArray &data)
{
    if (auto folder = ensureFolder(QFileInfo(path).absolutePath()); !folder)
        return folder;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit())
        return fail(LabFiles::tr("Cannot write %1: %2").arg(path, file.errorString()));
    return {};
}

QStringList stringList(const QJsonValue &value)
{
    QStringList list;
    for (const QJsonValue &item : value.toArray())
        list << item.toString();
    return list;
}

} // namespace tcptune::labfiles

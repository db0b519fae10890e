#include "report/report_file.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace tcptune::reportfile {

namespace {

// ReportFile::tr(): lupdate files this file's text under the context that tr() looks it up in.
class ReportFile final {
    Q_DECLARE_TR_FUNCTIONS(ReportFile)
};

} // namespace

Result<void> write(const QString &path, const QByteArray &data)
{
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath()))
        return fail(ReportFile::tr("Cannot create the folder %1; choose another --out.").arg(info.absolutePath()));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit())
        return fail(
            ReportFile::tr("Cannot write %1 (%2); check the path and free space.").arg(path, file.errorString()));
    return {};
}

QString sibling(const QString &path, const QString &suffix)
{
    const QFileInfo info(path);
    const QString stem = info.completeSuffix().isEmpty() ? info.fileName() : info.completeBaseName();
    return info.dir().filePath(stem + suffix);
}

} // namespace tcptune::reportfile

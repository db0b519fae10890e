#include "experiment/store/embedded_capture.h"

#include "experiment/store/result_store.h"
#include "experiment/store/result_store_sql.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryFile>
#include <QVariant>

#include <optional>

namespace tcptune::embeddedcapture {

using storesql::queryError;

namespace {

// Small enough that a capture of tens of MB never sits in memory whole, large enough that a
// bundle's rows stay few.
constexpr qint64 kChunkBytes = 1 << 20;

// A file's size and SHA-256 (hex), as capture_files records them.
struct Stamp {
    qint64 size = 0;
    QString sha256;
};

QString hexOf(const QCryptographicHash &hash)
{
    return QString::fromLatin1(hash.result().toHex());
}

// The stamp DB records for capture CAPTURE_ID's file; none when it embeds no file for it.
Result<std::optional<Stamp>> stampOf(const QSqlDatabase &db, qint64 captureId)
{
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT size, sha256 FROM capture_files WHERE capture_id = ?"));
    q.addBindValue(captureId);
    if (!q.exec())
        return std::unexpected(queryError(q, ResultStore::tr("read the bundle's capture files")));
    if (!q.next())
        return std::optional<Stamp>();
    return std::optional<Stamp>(Stamp{q.value(0).toLongLong(), q.value(1).toString()});
}

Error cannotWrite(const QFileDevice &file)
{
    return Error{ResultStore::tr("Cannot write the capture file %1: %2. Check that the disk is not full and the "
                                 "folder is writable.")
                     .arg(file.fileName(), file.errorString())};
}

// Writes the chunks DB holds of capture CAPTURE_ID to OUT, in order; the stamp of what it wrote.
Result<Stamp> writeChunks(const QSqlDatabase &db, qint64 captureId, QFileDevice &out)
{
    QSqlQuery q(db);
    q.setForwardOnly(true); // one chunk in memory at a time
    q.prepare(QStringLiteral("SELECT data FROM capture_file_chunks WHERE capture_id = ? ORDER BY chunk"));
    q.addBindValue(captureId);
    if (!q.exec())
        return std::unexpected(queryError(q, ResultStore::tr("read the bundle's capture files")));
    QCryptographicHash hash(QCryptographicHash::Sha256);
    Stamp written;
    while (q.next()) {
        const QByteArray data = q.value(0).toByteArray();
        if (out.write(data) != data.size())
            return std::unexpected(cannotWrite(out));
        hash.addData(data);
        written.size += data.size();
    }
    if (!out.flush())
        return std::unexpected(cannotWrite(out));
    written.sha256 = hexOf(hash);
    return written;
}

// Why WRITTEN is not the file STAMP describes, or empty when it is.
QString damage(const QString &name, const Stamp &written, const Stamp &stamp)
{
    if (written.size != stamp.size)
        return ResultStore::tr("The bundle's copy of the capture file %1 is truncated or damaged: it holds %2 of "
                               "the %3 bytes exported. Export the experiment again.")
            .arg(name)
            .arg(written.size)
            .arg(stamp.size);
    if (written.sha256 != stamp.sha256)
        return ResultStore::tr("The bundle's copy of the capture file %1 is damaged: its bytes differ from those "
                               "exported (SHA-256). Export the experiment again.")
            .arg(name);
    return {};
}

// Renames TEMP to NAME in FOLDER, or the first of NAME-2, NAME-3, ... that no file has: a
// rename never replaces a file (Qt renames without overwriting), so a file another run or store
// wrote there stays. The new path.
Result<QString> renameToFreeName(QTemporaryFile &temp, const QString &folder, const QString &name)
{
    const QFileInfo info(name);
    const QString suffix = info.suffix().isEmpty() ? QString() : QLatin1Char('.') + info.suffix();
    for (int n = 1; n <= 1000; ++n) {
        const QString candidate = QDir(folder).filePath(
            n == 1 ? name : QStringLiteral("%1-%2%3").arg(info.completeBaseName()).arg(n).arg(suffix));
        if (QFile::exists(candidate))
            continue;
        if (temp.rename(candidate)) {
            temp.setAutoRemove(false);
            return candidate;
        }
        if (!QFile::exists(candidate))
            return std::unexpected(cannotWrite(temp));
    }
    return fail(ResultStore::tr("Cannot find a free name for the capture file %1 in %2.").arg(name, folder));
}

} // namespace

Result<bool> embed(const QSqlDatabase &db, qint64 captureId, const QString &path)
{
    QFile in(path);
    if (path.isEmpty() || !QFileInfo(path).isFile() || !in.open(QIODevice::ReadOnly))
        return false;
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO capture_file_chunks (capture_id, chunk, data) VALUES (?, ?, ?)"));
    QCryptographicHash hash(QCryptographicHash::Sha256);
    qint64 size = 0;
    for (int chunk = 0; !in.atEnd(); ++chunk) {
        const QByteArray data = in.read(kChunkBytes);
        if (data.isEmpty())
            return fail(ResultStore::tr("Cannot read the capture file %1: %2.").arg(path, in.errorString()));
        q.addBindValue(captureId);
        q.addBindValue(chunk);
        q.addBindValue(data);
        if (!q.exec())
            return std::unexpected(queryError(q, ResultStore::tr("store a capture file in the bundle")));
        hash.addData(data);
        size += data.size();
    }
    q.prepare(QStringLiteral("INSERT INTO capture_files (capture_id, size, sha256) VALUES (?, ?, ?)"));
    q.addBindValue(captureId);
    q.addBindValue(size);
    q.addBindValue(hexOf(hash));
    if (!q.exec())
        return std::unexpected(queryError(q, ResultStore::tr("store a capture file in the bundle")));
    return true;
}

Result<QString> extract(const QSqlDatabase &db, qint64 captureId, const QString &folder, const QString &name)
{
    auto stamp = stampOf(db, captureId);
    if (!stamp || !*stamp)
        return stamp ? Result<QString>(QString()) : std::unexpected(stamp.error());
    if (!QDir().mkpath(folder))
        return fail(
            ResultStore::tr("Cannot create the folder %1 for the capture files; check its permissions.").arg(folder));
    // Hidden and removed when this function returns without renaming it.
    QTemporaryFile temp(QDir(folder).filePath(QStringLiteral(".import-XXXXXX.partial")));
    if (!temp.open())
        return std::unexpected(cannotWrite(temp));
    auto written = writeChunks(db, captureId, temp);
    if (!written)
        return std::unexpected(written.error());
    if (const QString why = damage(name, *written, **stamp); !why.isEmpty())
        return fail(why);
    return renameToFreeName(temp, folder, name);
}

} // namespace tcptune::embeddedcapture

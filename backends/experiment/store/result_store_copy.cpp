// ResultStore::copyExperimentTo: an experiment with its runs and every row of theirs copied to
// another store (SQLite or PostgreSQL, either way), keyed by UUID, so that copying again adds
// nothing. Bundles, the outbox and `results sync` are this one copy. A bundle also carries the
// capture files (embedded_capture.h); the outbox and a server hold their paths alone.

#include "experiment/store/result_store.h"

#include "experiment/store/embedded_capture.h"
#include "experiment/store/result_store_sql.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlField>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QStringList>
#include <QVariant>

namespace tcptune {

using storesql::queryError;

namespace {

// Inserts ROW into TABLE of DB without the columns in SKIP, with OVERRIDES' values instead of the
// row's; the new row's id when RETURNING_ID.
Result<qint64> insertRow(const QSqlDatabase &db, const QString &table, const QSqlRecord &row,
                         const QHash<QString, QVariant> &overrides, bool returningId)
{
    QStringList columns;
    QVariantList values;
    for (int i = 0; i < row.count(); ++i) {
        const QString name = row.fieldName(i);
        if (name == QLatin1String("id"))
            continue; // the target's own sequence numbers it
        columns << QLatin1Char('"') + name + QLatin1Char('"');
        values << (overrides.contains(name) ? overrides.value(name) : row.value(i));
    }
    QSqlQuery q(db);
    QString sql = QStringLiteral("INSERT INTO %1 (%2) VALUES (%3)")
                      .arg(table, columns.join(QStringLiteral(", ")),
                           QStringList(columns.size(), QStringLiteral("?")).join(QStringLiteral(", ")));
    if (returningId)
        sql += QStringLiteral(" RETURNING id");
    q.prepare(sql);
    for (const QVariant &v : values)
        q.addBindValue(v);
    if (!q.exec() || (returningId && !q.next()))
        return std::unexpected(queryError(q, ResultStore::tr("copy a row of %1").arg(table)));
    const qint64 id = returningId ? q.value(0).toLongLong() : 0;
    q.finish();
    return id;
}

// Every row of TABLE in DB where COLUMN = KEY.
Result<QList<QSqlRecord>> rowsOf(const QSqlDatabase &db, const QString &table, const QString &column, qint64 key)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT * FROM %1 WHERE %2 = ?").arg(table, column));
    q.addBindValue(key);
    if (!q.exec())
        return std::unexpected(queryError(q, ResultStore::tr("read %1").arg(table)));
    QList<QSqlRecord> rows;
    while (q.next())
        rows.append(q.record());
    return rows;
}

// The id of the row of TABLE in DB with UUID, 0 when there is none.
Result<qint64> idByUuid(const QSqlDatabase &db, const QString &table, const QString &uuid)
{
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT id FROM %1 WHERE uuid = ?").arg(table));
    q.addBindValue(uuid);
    if (!q.exec())
        return std::unexpected(queryError(q, ResultStore::tr("look up %1 by UUID").arg(table)));
    return q.next() ? q.value(0).toLongLong() : 0;
}

bool isFinal(const QString &status)
{
    return status != QLatin1String("running") && status != QLatin1String("interrupted");
}

// The name of a capture file of run TARGET_RUN written out of a bundle: the runner's (run12.pcap),
// with the recorded file's suffix when it is a plain one (pcapng): a bundle from elsewhere names
// no file of this host.
QString importedCaptureName(qint64 targetRun, const QString &recordedPath)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9]{1,10}$"));
    const QString suffix = QFileInfo(recordedPath).suffix();
    return QStringLiteral("run%1.%2")
        .arg(targetRun)
        .arg(plain.match(suffix).hasMatch() ? suffix : QStringLiteral("pcap"));
}

} // namespace

// What one copy does with the capture files, and what it did.
struct ResultStore::CaptureCopy {
    CaptureFiles files = CaptureFiles::Paths;
    int copied = 0;
    int missing = 0;
    // The files written out of a bundle, removed again when the copy rolls back.
    QStringList written;
};

// The target's experiment of the source row EXPERIMENT: found by UUID (its status brought up to
// the source's when the source has ended and the target has not), or inserted.
Result<qint64> ResultStore::copyExperimentRow(const QSqlRecord &experiment, ResultStore &target, int &added) const
{
    const QSqlDatabase to = target.database();
    auto existing = idByUuid(to, QStringLiteral("experiments"), experiment.value(QStringLiteral("uuid")).toString());
    if (!existing)
        return existing;
    if (*existing == 0) {
        ++added;
        return insertRow(to, QStringLiteral("experiments"), experiment, {}, true);
    }
    const QString status = experiment.value(QStringLiteral("status")).toString();
    if (isFinal(status)) {
        QSqlQuery q(to);
        q.prepare(QStringLiteral("UPDATE experiments SET status = ?, finished = ?, error = ? WHERE id = ? AND status "
                                 "IN ('running', 'interrupted')"));
        q.addBindValue(status);
        q.addBindValue(experiment.value(QStringLiteral("finished")));
        q.addBindValue(experiment.value(QStringLiteral("error")));
        q.addBindValue(*existing);
        if (!q.exec())
            return std::unexpected(queryError(q, tr("bring the experiment's status up to date")));
    }
    return existing;
}

// RUN (a source row) and its samples, knob snapshots, captures and end records into experiment
// TARGET_EXPERIMENT of TARGET. A run the target holds under another UUID at the same index is
// replaced only when it did not end there (left running when the server went away).
Result<bool> ResultStore::copyRunRows(const QSqlRecord &run, qint64 targetExperiment, ResultStore &target,
                                      CaptureCopy &captures) const
{
    const QSqlDatabase to = target.database();
    auto existing = idByUuid(to, QStringLiteral("runs"), run.value(QStringLiteral("uuid")).toString());
    if (!existing || *existing != 0)
        return existing ? Result<bool>(false) : std::unexpected(existing.error());
    QSqlQuery q(to);
    q.prepare(QStringLiteral("DELETE FROM runs WHERE experiment_id = ? AND run_index = ? AND status IN ('running', "
                             "'interrupted')"));
    q.addBindValue(targetExperiment);
    q.addBindValue(run.value(QStringLiteral("run_index")));
    if (!q.exec())
        return std::unexpected(queryError(q, tr("replace an unfinished run")));
    auto runId =
        insertRow(to, QStringLiteral("runs"), run, {{QStringLiteral("experiment_id"), targetExperiment}}, true);
    if (!runId)
        return std::unexpected(runId.error());
    const qint64 sourceRun = run.value(QStringLiteral("id")).toLongLong();
    for (const QString &table :
         {QStringLiteral("samples"), QStringLiteral("knob_snapshots"), QStringLiteral("run_ends")}) {
        auto rows = rowsOf(database(), table, QStringLiteral("run_id"), sourceRun);
        if (!rows)
            return std::unexpected(rows.error());
        for (const QSqlRecord &row : *rows)
            if (auto r = insertRow(to, table, row, {{QStringLiteral("run_id"), *runId}}, false); !r)
                return std::unexpected(r.error());
    }
    if (auto r = copyCaptureRows(sourceRun, *runId, target, captures); !r)
        return std::unexpected(r.error());
    return true;
}

// The capture records of source run SOURCE_RUN into TARGET_RUN, with their files as
// copyExperimentTo says.
Result<void> ResultStore::copyCaptureRows(qint64 sourceRun, qint64 targetRun, ResultStore &target,
                                          CaptureCopy &captures) const
{
    auto rows = rowsOf(database(), QStringLiteral("captures"), QStringLiteral("run_id"), sourceRun);
    if (!rows)
        return std::unexpected(rows.error());
    const QSqlDatabase to = target.database();
    for (const QSqlRecord &row : *rows) {
        const QString path = row.value(QStringLiteral("path")).toString();
        QHash<QString, QVariant> overrides{{QStringLiteral("run_id"), targetRun}};
        if (captures.files == CaptureFiles::Paths) {
            auto written = embeddedcapture::extract(database(), row.value(QStringLiteral("id")).toLongLong(),
                                                    target.capturesFolder(), importedCaptureName(targetRun, path));
            if (!written)
                return std::unexpected(written.error());
            if (!written->isEmpty()) {
                overrides.insert(QStringLiteral("path"), *written);
                captures.written << *written;
                ++captures.copied;
            }
        }
        auto captureId = insertRow(to, QStringLiteral("captures"), row, overrides, true);
        if (!captureId)
            return std::unexpected(captureId.error());
        if (captures.files == CaptureFiles::Embed) {
            auto embedded = embeddedcapture::embed(to, *captureId, path);
            if (!embedded)
                return std::unexpected(embedded.error());
            ++(*embedded ? captures.copied : captures.missing);
        }
    }
    return {};
}

Result<CopyCount> ResultStore::copyExperimentTo(qint64 experimentId, ResultStore &target, CopyRuns which,
                                                CaptureFiles files) const
{
    auto experiments = rowsOf(database(), QStringLiteral("experiments"), QStringLiteral("id"), experimentId);
    if (!experiments)
        return std::unexpected(experiments.error());
    if (experiments->isEmpty())
        return fail(tr("There is no experiment %1 in %2; 'tcptune results list' shows the stored ones.")
                        .arg(experimentId)
                        .arg(m_path));
    auto runs = which == CopyRuns::None
                    ? Result<QList<QSqlRecord>>()
                    : rowsOf(database(), QStringLiteral("runs"), QStringLiteral("experiment_id"), experimentId);
    if (!runs)
        return std::unexpected(runs.error());
    QSqlDatabase to = target.database();
    if (!to.transaction())
        return fail(
            tr("The result store %1 could not start a transaction: %2.").arg(target.path(), to.lastError().text()));
    CopyCount count;
    CaptureCopy captures{files};
    auto targetExperiment = copyExperimentRow(experiments->first(), target, count.experiments);
    for (const QSqlRecord &run : *runs) {
        if (!targetExperiment)
            break;
        // A run still running here is copied when it has ended.
        if (run.value(QStringLiteral("status")).toString() == QLatin1String("running"))
            continue;
        auto copied = copyRunRows(run, *targetExperiment, target, captures);
        if (!copied) {
            targetExperiment = std::unexpected(copied.error());
            break;
        }
        count.runs += *copied ? 1 : 0;
    }
    if (targetExperiment && !to.commit())
        targetExperiment =
            fail(tr("The result store %1 could not commit the copy: %2.").arg(target.path(), to.lastError().text()));
    if (!targetExperiment) {
        to.rollback();
        // No record points at them now.
        for (const QString &file : std::as_const(captures.written))
            QFile::remove(file);
        return std::unexpected(targetExperiment.error());
    }
    count.targetExperimentId = *targetExperiment;
    count.captureFiles = captures.copied;
    count.missingCaptureFiles = captures.missing;
    return count;
}

} // namespace tcptune

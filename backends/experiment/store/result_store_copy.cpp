// ResultStore::copyExperimentTo: an experiment with its runs and every row of theirs copied to
// another store (SQLite or PostgreSQL, either way), keyed by UUID, so that copying again adds
// nothing. Bundles, the outbox and `results sync` are this one copy.

#include "experiment/store/result_store.h"

#include "experiment/store/result_store_sql.h"

#include <QHash>
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

} // namespace

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
Result<bool> ResultStore::copyRunRows(const QSqlRecord &run, qint64 targetExperiment, ResultStore &target) const
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
    for (const QString &table : {QStringLiteral("samples"), QStringLiteral("knob_snapshots"),
                                 QStringLiteral("captures"), QStringLiteral("run_ends")}) {
        auto rows = rowsOf(database(), table, QStringLiteral("run_id"), sourceRun);
        if (!rows)
            return std::unexpected(rows.error());
        for (const QSqlRecord &row : *rows)
            if (auto r = insertRow(to, table, row, {{QStringLiteral("run_id"), *runId}}, false); !r)
                return std::unexpected(r.error());
    }
    return true;
}

Result<CopyCount> ResultStore::copyExperimentTo(qint64 experimentId, ResultStore &target, CopyRuns which) const
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
    auto targetExperiment = copyExperimentRow(experiments->first(), target, count.experiments);
    for (const QSqlRecord &run : *runs) {
        if (!targetExperiment)
            break;
        // A run still running here is copied when it has ended.
        if (run.value(QStringLiteral("status")).toString() == QLatin1String("running"))
            continue;
        auto copied = copyRunRows(run, *targetExperiment, target);
        if (!copied) {
            targetExperiment = std::unexpected(copied.error());
            break;
        }
        count.runs += *copied ? 1 : 0;
    }
    if (!targetExperiment) {
        to.rollback();
        return std::unexpected(targetExperiment.error());
    }
    if (!to.commit())
        return fail(tr("The result store %1 could not commit the copy: %2.").arg(target.path(), to.lastError().text()));
    count.targetExperimentId = *targetExperiment;
    return count;
}

} // namespace tcptune

#include "experiment/store/result_store.h"

#include "experiment/store/result_store_sql.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QVariant>

namespace tcptune {

using storesql::queryError;

namespace {

// A tag is a word a shell and a CI file take unquoted, and never a number (which names an id).
bool validTagName(const QString &name)
{
    static const QRegularExpression word(QStringLiteral("^[A-Za-z_][A-Za-z0-9_.:/-]{0,99}$"));
    return word.match(name).hasMatch();
}

} // namespace

Result<qint64> ResultStore::tagExperiment(qint64 experimentId, const QString &name)
{
    if (!validTagName(name))
        return fail(tr("'%1' is not a tag name: start with a letter or '_', then letters, digits or _ . : / - "
                       "(at most 100), e.g. 'baseline' or 'kernel-6.8'.")
                        .arg(name));
    if (auto e = experiment(experimentId); !e)
        return std::unexpected(e.error());
    auto before = resolveExperiment(name);
    QSqlQuery q(database());
    q.prepare(QStringLiteral("INSERT INTO tags (name, experiment_id, tagged) VALUES (?, ?, ?) ON CONFLICT(name) DO "
                             "UPDATE SET experiment_id = excluded.experiment_id, tagged = excluded.tagged"));
    q.addBindValue(name);
    q.addBindValue(experimentId);
    q.addBindValue(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    if (!q.exec())
        return std::unexpected(queryError(q, tr("tag the experiment")));
    return before ? *before : 0;
}

Result<qint64> ResultStore::resolveExperiment(const QString &tagOrId) const
{
    bool isNumber = false;
    const qint64 id = tagOrId.toLongLong(&isNumber);
    if (isNumber) {
        if (auto e = experiment(id); !e)
            return std::unexpected(e.error());
        return id;
    }
    QSqlQuery q(database());
    q.prepare(QStringLiteral("SELECT experiment_id FROM tags WHERE name = ?"));
    q.addBindValue(tagOrId);
    if (!q.exec())
        return std::unexpected(queryError(q, tr("read the tags")));
    if (!q.next())
        return fail(tr("No experiment in %1 is tagged '%2'; tag one with 'tcptune results tag ID %2', or give an "
                       "experiment id ('tcptune results list' shows them).")
                        .arg(m_path, tagOrId));
    return q.value(0).toLongLong();
}

Result<QHash<qint64, QStringList>> ResultStore::tags() const
{
    QSqlQuery q(database());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT experiment_id, name FROM tags ORDER BY name")))
        return std::unexpected(queryError(q, tr("read the tags")));
    QHash<qint64, QStringList> out;
    while (q.next())
        out[q.value(0).toLongLong()].append(q.value(1).toString());
    return out;
}

} // namespace tcptune

#pragma once
// What the parts of ResultStore share: the error of a statement that failed and the conversions
// between a record's fields and the columns' values. Private to the store, whose parts are
// result_store.cpp (the connection: open, close, write-ahead logging), result_store_schema.cpp
// (the schema and its migrations), result_store_writes.cpp and result_store_queries.cpp.

#include "common/error.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QVariant>

class QSqlQuery;

namespace tcptune {

namespace storesql {
// The database behind the store. Statements are written once, in the SQL both read alike; these
// are the places where they differ.
enum class Dialect { Sqlite, Postgres };
// A CREATE/ALTER statement written with SQLite's types, in DIALECT: PostgreSQL's INTEGER is 32
// bits and its REAL 4 bytes (byte counts and rates would not fit), and it has identity columns
// instead of AUTOINCREMENT; its BLOB is BYTEA.
QString schemaStatement(const QString &sql, Dialect dialect);
// The text of KEY (a top-level member of the JSON in COLUMN), or NULL; JSON for an array or object.
QString jsonMember(const QString &column, const QString &key, Dialect dialect);
// Executes "HEAD VALUES (?, ...) TAIL" for the rows of COLUMNS (a list of values per column, all
// as long). On a server, rows go in as few statements as 999 bound values allow: it answers each
// statement over its socket, and a statement per row made a run's 600 samples 600 round trips.
// False (Q says why) when one fails.
bool insertRows(QSqlQuery &q, const QString &head, const QList<const QVariantList *> &columns,
                const QString &tail = {});
// The user's sentence for Q's failure while the store tried to WHAT ("store the samples").
Error queryError(const QSqlQuery &q, const QString &what);
// A JSON object as the compact text of a *_json column, and that text read back.
QString toText(const QJsonObject &o);
QJsonObject objectOf(const QString &text);
// A figure that may be unknown (negative) as its column's value (NULL), and NULL read back as -1.
QVariant nullable(double v);
double orUnknown(const QVariant &v);
} // namespace storesql

} // namespace tcptune

#include "experiment/store/result_store_sql.h"

#include "experiment/store/result_store.h"

#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>

namespace tcptune {

namespace storesql {

Error queryError(const QSqlQuery &q, const QString &what)
{
    return Error{
        ResultStore::tr("The result store could not %1: %2. Check that the disk is not full and the file is writable.")
            .arg(what, q.lastError().text())};
}

QString toText(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QJsonObject objectOf(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

QVariant nullable(double v)
{
    return v < 0 ? QVariant(QMetaType(QMetaType::Double)) : QVariant(v);
}

double orUnknown(const QVariant &v)
{
    return v.isNull() ? -1.0 : v.toDouble();
}

} // namespace storesql

} // namespace tcptune

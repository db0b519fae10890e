#include "postgres_size.h"

#include "experiment/store/store_location.h"

#include <QSqlDatabase>
#include <QSqlQuery>

namespace tcptune::bench {

double postgresDatabaseMb(const QString &address)
{
    const auto location = StoreLocation::parse(address);
    if (!location)
        return 0;
    const QString connection = QStringLiteral("bench-size");
    double mb = 0;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connection);
        db.setDatabaseName(location->database);
        db.setUserName(location->user);
        db.setHostName(location->host);
        db.setPort(location->port);
        db.setConnectOptions(location->options);
        QSqlQuery q(db);
        if (db.open() && q.exec(QStringLiteral("SELECT pg_database_size(current_database())")) && q.next())
            mb = q.value(0).toDouble() / 1e6;
    }
    QSqlDatabase::removeDatabase(connection);
    return mb;
}

} // namespace tcptune::bench

// ResultStore's connection to a PostgreSQL server (QtSql's QPSQL driver over libpq), and the one
// line a failed connection gets: what libpq said, turned into what the user should fix.

#include "experiment/store/result_store.h"

#include "experiment/store/store_location.h"

#include <QSqlDatabase>
#include <QSqlError>

namespace tcptune {

namespace {

// libpq waits for ever on a host that drops packets; a workbench should say so in seconds.
constexpr int kConnectTimeoutS = 10;

QString serverName(const StoreLocation &location)
{
    const QString host = location.host.isEmpty() ? QStringLiteral("localhost") : location.host;
    return location.port > 0 ? QStringLiteral("%1:%2").arg(host).arg(location.port) : host;
}

// LIBPQ_TEXT (the driver's error) as one sentence naming the store and what to fix.
QString explainConnectionFailure(const StoreLocation &location, const QString &libpqText)
{
    const QString user = location.user.isEmpty() ? ResultStore::tr("your login name") : location.user;
    if (libpqText.contains(QLatin1String("password authentication failed")) ||
        libpqText.contains(QLatin1String("no password supplied")))
        return ResultStore::tr("The PostgreSQL server %1 refused the password of %2: put the right one in ~/.pgpass "
                               "(or the file PGPASSFILE names) as HOST:PORT:%3:%2:PASSWORD, mode 0600.")
            .arg(serverName(location), user, location.database);
    if (libpqText.contains(QLatin1String("database \"")) && libpqText.contains(QLatin1String("does not exist")))
        return ResultStore::tr("The PostgreSQL server %1 has no database %2: create it (createdb %2) or name another "
                               "one in the store address.")
            .arg(serverName(location), location.database);
    if (libpqText.contains(QLatin1String("role \"")) && libpqText.contains(QLatin1String("does not exist")))
        return ResultStore::tr("The PostgreSQL server %1 has no user %2: create it (createuser %2) or name another one "
                               "in the store address.")
            .arg(serverName(location), user);
    const QString firstLine = libpqText.section(QLatin1Char('\n'), 0, 0).simplified();
    return ResultStore::tr("Cannot reach the PostgreSQL server %1 (%2): start it, or check the host and port in the "
                           "store address %3.")
        .arg(serverName(location), firstLine, location.display());
}

} // namespace

Result<void> ResultStore::openPostgres(const StoreLocation &location)
{
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        return fail(tr("This tcptune has no PostgreSQL driver: install libqt6sql6-psql, or use a file as the store."));
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_connection);
    db.setDatabaseName(location.database);
    if (!location.user.isEmpty())
        db.setUserName(location.user);
    if (!location.host.isEmpty())
        db.setHostName(location.host);
    if (location.port > 0)
        db.setPort(location.port);
    // No password here: libpq reads ~/.pgpass or PGPASSFILE itself.
    QString options = QStringLiteral("connect_timeout=%1;application_name=tcptune").arg(kConnectTimeoutS);
    if (!location.options.isEmpty())
        options += QLatin1Char(';') + location.options; // the user's connect_timeout comes last and wins
    db.setConnectOptions(options);
    if (!db.open())
        return fail(explainConnectionFailure(location, db.lastError().text()));
    // The server's notices ("already exists, skipping" of CREATE ... IF NOT EXISTS) would go to
    // stderr, between the command's own lines.
    return exec(QStringLiteral("SET client_min_messages TO WARNING"));
}

} // namespace tcptune

#include "experiment/store/result_store.h"

#include "common/saved_store.h"
#include "experiment/store/result_store_sql.h"
#include "experiment/store/store_location.h"

#include <QDir>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QVariant>

#include <atomic>

#include <pwd.h>
#include <unistd.h>

namespace tcptune {

using storesql::queryError;

ResultStore::~ResultStore()
{
    close();
}

QString ResultStore::defaultPath()
{
    for (const char *variable : {"TCPTUNE_STORE", "TCPTUNE_RESULTS_DB"}) {
        const QByteArray location = qgetenv(variable);
        if (!location.isEmpty())
            return QString::fromLocal8Bit(location);
    }
    if (QString saved = savedstore::location(); !saved.isEmpty())
        return saved;
    return localDataFolder() + QStringLiteral("/results.db");
}

QString ResultStore::localDataFolder()
{
    QString base = QString::fromLocal8Bit(qgetenv("XDG_DATA_HOME"));
    if (base.isEmpty())
        base = QDir::homePath() + QStringLiteral("/.local/share");
    return base + QStringLiteral("/tcptune");
}

QString ResultStore::outboxPath()
{
    return localDataFolder() + QStringLiteral("/outbox.db");
}

QString ResultStore::currentUserName()
{
    if (const passwd *user = ::getpwuid(::geteuid()))
        return QString::fromLocal8Bit(user->pw_name);
    return QString::number(::geteuid());
}

QString ResultStore::capturesFolder() const
{
    const QString base = isPostgres() ? localDataFolder() : QFileInfo(m_path).absolutePath();
    return base + QStringLiteral("/captures");
}

QSqlDatabase ResultStore::database() const
{
    return QSqlDatabase::database(m_connection, false);
}

bool ResultStore::isOpen() const
{
    return !m_connection.isEmpty() && database().isOpen();
}

Result<void> ResultStore::exec(const QString &sql) const
{
    QSqlQuery q(database());
    if (!q.exec(sql))
        return std::unexpected(queryError(q, tr("run \"%1\"").arg(sql.left(60))));
    return {};
}

Result<void> ResultStore::open(const QString &location)
{
    static std::atomic<int> counter{0};
    if (!m_connection.isEmpty())
        return fail(tr("The result store is already open."));
    auto parsed = StoreLocation::parse(location);
    if (!parsed)
        return std::unexpected(parsed.error());
    m_connection = QStringLiteral("tcptune-results-%1").arg(counter.fetch_add(1));
    m_path = parsed->display();
    m_dialect = parsed->isPostgres() ? storesql::Dialect::Postgres : storesql::Dialect::Sqlite;
    Result<void> ready = parsed->isPostgres() ? openPostgres(*parsed) : openSqlite(parsed->path);
    if (ready)
        ready = migrate();
    if (!ready)
        close(); // a later open() may try again
    return ready;
}

Result<void> ResultStore::openSqlite(const QString &file)
{
    const QFileInfo info(file);
    if (!QDir().mkpath(info.absolutePath()))
        return fail(tr("Cannot create the folder %1 for the result store; check its permissions or set "
                       "TCPTUNE_RESULTS_DB to another file.")
                        .arg(info.absolutePath()));
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(file);
    // A second connection (the GUI reading while a runner writes) waits instead of failing.
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    if (!db.open())
        return fail(tr("Cannot open the result store %1: %2. Check the file's permissions or set "
                       "TCPTUNE_RESULTS_DB to another file.")
                        .arg(file, db.lastError().text()));
    // WAL: readers do not block the writer; NORMAL sync still survives a killed process.
    Result<void> ready = enableWal();
    for (const QString &pragma :
         {QStringLiteral("PRAGMA synchronous=NORMAL"), QStringLiteral("PRAGMA foreign_keys=ON")}) {
        if (!ready)
            break;
        ready = exec(pragma);
    }
    return ready;
}

// Two connections opening a new file at once (a sweep and the GUI): while one turns it to WAL
// and migrates, the other's PRAGMA can fail at once with SQLITE_BUSY, the busy timeout not
// applying (tst_result_store::concurrentOpenOfANewFile, 1 run in 15): it tries again, for about
// as long as that timeout.
Result<void> ResultStore::enableWal() const
{
    constexpr int kSqliteBusy = 5;
    for (int attempt = 0;; ++attempt) {
        QSqlQuery q(database());
        if (q.exec(QStringLiteral("PRAGMA journal_mode=WAL")))
            return {};
        if ((q.lastError().nativeErrorCode().toInt() & 0xff) != kSqliteBusy || attempt == 100)
            return std::unexpected(queryError(q, tr("switch to write-ahead logging")));
        QThread::msleep(50);
    }
}

bool ResultStore::ping() const
{
    QSqlQuery q(database());
    return q.exec(QStringLiteral("SELECT 1")) && q.next();
}

void ResultStore::close()
{
    if (m_connection.isEmpty())
        return;
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        if (db.isOpen())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_connection);
    m_connection.clear();
}

} // namespace tcptune

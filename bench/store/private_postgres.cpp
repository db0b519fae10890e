#include "private_postgres.h"

#include "postgres_server.h"

#include <QDir>
#include <QFile>

namespace tcptune::bench {

struct PrivatePostgres::Server {
    explicit Server(const QString &folder)
        : postgres(folder)
    {
    }
    test::PostgresServer postgres;
};

PrivatePostgres::PrivatePostgres(const QString &folder)
    : m_folder(folder)
{
}

PrivatePostgres::~PrivatePostgres()
{
    if (m_server)
        (void)stop();
}

Result<QString> PrivatePostgres::start(const QString &database, bool fresh)
{
    if (fresh && !QDir(m_folder).removeRecursively())
        return fail(QStringLiteral("cannot remove %1").arg(m_folder));
    m_server = std::make_unique<Server>(m_folder);
    if (QString error = m_server->postgres.start(); !error.isEmpty()) {
        m_server.reset();
        return fail(error);
    }
    qputenv("PGPASSFILE", QFile::encodeName(m_server->postgres.passwordFile()));
    // A kept cluster has the database from an earlier run.
    if (QString error = m_server->postgres.createDatabase(database);
        !error.isEmpty() && !error.contains(QLatin1String("already exists")))
        return fail(error);
    return m_server->postgres.storeAddress(database);
}

Result<void> PrivatePostgres::stop()
{
    const QString error = m_server ? m_server->postgres.stop() : QString();
    m_server.reset();
    if (!error.isEmpty())
        return fail(error);
    return {};
}

} // namespace tcptune::bench

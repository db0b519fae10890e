#pragma once
// A PostgreSQL server of Debian's postgresql-15 for tests of the team store: initdb into a
// temporary folder as the postgres account (PostgreSQL refuses to run as root), a superuser
// "tcptune" with a password (scram-sha-256, so a wrong password is refused as on a real server),
// listening only on a private socket folder. Nothing touches the machine's own clusters.

#include <QString>
#include <QTemporaryDir>

namespace tcptune::test {

class PostgresServer final {
public:
    PostgresServer();
    ~PostgresServer(); // stops the server, if it runs
    PostgresServer(const PostgresServer &) = delete;
    PostgresServer &operator=(const PostgresServer &) = delete;

    // initdb (once) and pg_ctl start; an empty string, or what went wrong.
    QString start();
    // pg_ctl stop (fast); an empty string, or what went wrong.
    QString stop();
    // SIGKILL to the postmaster, as a crashed server or a pulled cable leaves it.
    QString kill();
    // CREATE DATABASE NAME; an empty string, or what went wrong.
    QString createDatabase(const QString &name);

    // The store address of database NAME: postgresql://tcptune@localhost:PORT/NAME?host=SOCKETS.
    QString storeAddress(const QString &name) const;
    // A password file for libpq (PGPASSFILE) with the right password, or with WRONG instead.
    QString passwordFile() const { return m_dir.filePath(QStringLiteral("pgpass")); }
    QString wrongPasswordFile() const { return m_dir.filePath(QStringLiteral("pgpass-wrong")); }
    QString socketFolder() const { return m_dir.filePath(QStringLiteral("sockets")); }
    int port() const { return m_port; }

private:
    QString run(const QStringList &asPostgres, int timeoutMs = 60000) const;
    QString initialise();
    QString data() const { return m_dir.filePath(QStringLiteral("data")); }

    QTemporaryDir m_dir;
    QString m_bin; // /usr/lib/postgresql/15/bin
    int m_port;
    bool m_initialised = false;
    bool m_running = false;
};

} // namespace tcptune::test

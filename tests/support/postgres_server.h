#pragma once
// A PostgreSQL server of Debian's postgresql-15 for tests of the team store: initdb into a
// temporary folder as the postgres account (PostgreSQL refuses to run as root), a superuser
// "tcptune" with a password (scram-sha-256, so a wrong password is refused as on a real server),
// listening only on a private socket folder. Nothing touches the machine's own clusters.
// bench/store keeps one in a folder of its own, so that a generated database outlives the run.

#include <QString>
#include <QTemporaryDir>

#include <optional>

namespace tcptune::test {

class PostgresServer final {
public:
    PostgresServer();
    // A server kept in FOLDER (made if missing): start() runs initdb only when FOLDER holds no
    // cluster yet, and stop() leaves it, with its databases, for the next start.
    explicit PostgresServer(const QString &folder);
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
    QString passwordFile() const { return file(QStringLiteral("pgpass")); }
    QString wrongPasswordFile() const { return file(QStringLiteral("pgpass-wrong")); }
    QString socketFolder() const { return file(QStringLiteral("sockets")); }
    int port() const { return m_port; }

private:
    QString run(const QStringList &asPostgres, int timeoutMs = 60000) const;
    QString initialise();
    QString writePasswordFiles() const;
    QString data() const { return file(QStringLiteral("data")); }
    QString file(const QString &name) const { return m_folder + QLatin1Char('/') + name; }

    std::optional<QTemporaryDir> m_temporary; // empty for a kept folder
    QString m_folder;
    QString m_bin; // /usr/lib/postgresql/15/bin
    int m_port;
    bool m_initialised = false;
    bool m_running = false;
};

} // namespace tcptune::test

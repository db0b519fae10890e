#pragma once
// Where the result store lives: a SQLite file (the embedded default) or a PostgreSQL database that
// a team shares, written postgresql://USER@HOST[:PORT]/DB[?PARAM=VALUE&...] as libpq reads it.
// The password never appears in the address (it would show in the process list and in shell
// history): libpq reads it from ~/.pgpass or the file PGPASSFILE names.

#include "common/error.h"

#include <QCoreApplication>
#include <QString>

namespace tcptune {

struct StoreLocation {
    Q_DECLARE_TR_FUNCTIONS(StoreLocation)
public:
    enum class Engine { Sqlite, Postgres };

    Engine engine = Engine::Sqlite;
    QString path;     // SQLite: the file
    QString user;     // PostgreSQL: the role (empty: libpq's default, the login name)
    QString host;     // a host name, or a socket folder (from ?host=/run/postgresql)
    int port = -1;    // -1: libpq's default (5432)
    QString database; // the database's name
    // libpq's other parameters (sslmode, connect_timeout, ...) as "name=value;name=value".
    QString options;

    // TEXT as the user wrote it (--store, TCPTUNE_STORE, Settings): a URL with the scheme
    // postgresql:// or postgres://, else a file path. Fails, saying what to write instead, on a
    // password in the URL, a missing database name or an unknown parameter.
    [[nodiscard]] static Result<StoreLocation> parse(const QString &text);

    bool isPostgres() const { return engine == Engine::Postgres; }
    // What messages name: the file, or the URL (it holds no password).
    QString display() const;
};

} // namespace tcptune

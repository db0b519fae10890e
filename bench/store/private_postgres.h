#pragma once
// The bench's own PostgreSQL server (--postgres): the tests' PostgresServer in a kept folder, so that
// a database generated once serves the next runs. Started for one run of the bench, stopped after it.

#include "common/error.h"

#include <QString>

#include <memory>

namespace tcptune::bench {

class PrivatePostgres {
public:
    explicit PrivatePostgres(const QString &folder);
    ~PrivatePostgres(); // stops the server if it still runs
    PrivatePostgres(const PrivatePostgres &) = delete;
    PrivatePostgres &operator=(const PrivatePostgres &) = delete;

    // Starts the server (initdb first when the folder holds no cluster; FRESH removes the one it
    // holds) and creates DATABASE unless it is there; the database's store address. Sets
    // PGPASSFILE for this process and the tcptune processes it starts.
    [[nodiscard]] Result<QString> start(const QString &database, bool fresh);
    [[nodiscard]] Result<void> stop();

private:
    struct Server;
    QString m_folder;
    std::unique_ptr<Server> m_server;
};

} // namespace tcptune::bench

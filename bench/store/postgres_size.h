#pragma once
// How large a PostgreSQL store's database is (pg_database_size): a server's data folder would count
// its empty cluster and write-ahead log too, which dwarf a small store.

#include <QString>

namespace tcptune::bench {

// ADDRESS as ResultStore::open takes it; 0 when the server does not answer.
double postgresDatabaseMb(const QString &address);

} // namespace tcptune::bench

#pragma once
// bench_result_store's command line: the size of the stores it generates, where they are, and how
// often each operation is timed.

#include <QString>
#include <QStringList>

namespace tcptune::bench {

struct StoreBenchOptions {
    QString db = QStringLiteral("/tmp/tcptune-bench-store/results.db"); // the SQLite store
    QString postgresStore;                                              // --store URL: an existing server's database
    bool privatePostgres = false;                                       // --postgres: a server of the bench's own
    QString postgresFolder = QStringLiteral("/tmp/tcptune-bench-store/pg"); // where that server keeps its cluster
    int experiments = 1000;
    int runs = 10;
    int samples = 300;
    int repeats = 7;
    QString tcptune;
    bool regenerate = false;
    bool generateOnly = false; // make the stores and stop: generate on a busy machine, time on a quiet one

    int totalRuns() const { return experiments * runs; }
    bool withPostgres() const { return privatePostgres || !postgresStore.isEmpty(); }
};

// ARGS as QCoreApplication::arguments() gives them (the program first). Unknown options are ignored.
StoreBenchOptions parseStoreBenchOptions(const QStringList &args);

} // namespace tcptune::bench

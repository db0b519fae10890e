// The result store at scale: fills a SQLite store, and a PostgreSQL one when asked, with
// EXPERIMENTS x RUNS runs (default 1,000 x 10 = 10,000) of SAMPLES samples each (default 300)
// through the real write path (SyntheticSweep), then times against each store what a user waits
// for (store_timings.h): `tcptune results list`, opening the History tab, an A/B of two runs. With
// PostgreSQL it also times a sweep's writes per run in both stores, alternately.
// Usage: bench_result_store [--db FILE] [--store postgresql://USER@HOST:PORT/DB?host=SOCKETS]
//        [--postgres] [--postgres-folder DIR] [--experiments N] [--runs N] [--samples N]
//        [--repeats N] [--tcptune PATH] [--regenerate] [--generate-only] [--quick]
// --postgres starts a private PostgreSQL server (as the tests do) in DIR (default
// /tmp/tcptune-bench-store/pg) and stops it at the end; its database, like the SQLite file
// (default /tmp/tcptune-bench-store/results.db), is kept for reruns. --quick: 20 x 5 runs in stores
// of their own (quick.db, pg-quick), 3 repeats; options after it override. --generate-only makes the
// stores and stops, so that the timing run can wait for a quiet machine.

#include "bench_machine.h"
#include "interruption.h"
#include "private_postgres.h"
#include "store_bench_options.h"
#include "store_generation.h"
#include "store_report.h"
#include "store_timings.h"
#include "write_cost.h"

#include <QApplication>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

using namespace tcptune;
using namespace tcptune::bench;

namespace {

double folderMb(const QString &folder)
{
    qint64 bytes = 0;
    for (QDirIterator it(folder, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories); it.hasNext();)
        bytes += it.nextFileInfo().size();
    return double(bytes) / 1e6;
}

double sqliteMb(const QString &file)
{
    return double(QFileInfo(file).size() + QFileInfo(file + QStringLiteral("-wal")).size()) / 1e6;
}

// The stores to time: the SQLite file, then PostgreSQL (the private server's, or --store's).
[[nodiscard]] Result<QList<MeasuredStore>> storesOf(const StoreBenchOptions &o, PrivatePostgres &server)
{
    QList<MeasuredStore> stores{{QStringLiteral("SQLite"), o.db, {}, 0, {}}};
    if (o.privatePostgres) {
        auto address = server.start(QStringLiteral("bench"), o.regenerate);
        if (!address)
            return std::unexpected(address.error());
        stores.append({QStringLiteral("PostgreSQL"), *address, {}, 0, {}});
    } else if (!o.postgresStore.isEmpty()) {
        stores.append({QStringLiteral("PostgreSQL"), o.postgresStore, {}, 0, {}});
    }
    return stores;
}

[[nodiscard]] Result<void> prepareAll(const QList<MeasuredStore> &stores, const StoreBenchOptions &o, QTextStream &out)
{
    for (const MeasuredStore &s : stores) {
        // Only a database the user named with --store is not the bench's to empty unasked.
        const bool owned = s.location != o.postgresStore;
        if (auto prepared = prepareStore(s.location, owned, o, out); !prepared)
            return prepared;
    }
    return {};
}

int failed(QTextStream &out, const Error &error)
{
    out << "failed: " << error.message << '\n';
    return 2;
}

// Stops the private server, if one runs, cleanly (its cluster is kept for the next run).
int stopped(QTextStream &out, PrivatePostgres &server)
{
    if (auto stop = server.stop(); !stop)
        return failed(out, stop.error());
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    offscreenWithoutDisplay();
    QApplication app(argc, argv);
    const StoreBenchOptions o = parseStoreBenchOptions(QApplication::arguments());
    QTextStream out(stdout);
    catchInterruption();
    reportMachine(out, QStringLiteral("start"));
    QDir().mkpath(QFileInfo(o.db).absolutePath());
    PrivatePostgres server(o.postgresFolder); // stopped when main returns, however it returns
    auto stores = storesOf(o, server);
    if (!stores)
        return failed(out, stores.error());
    if (auto prepared = prepareAll(*stores, o, out); !prepared)
        return failed(out, prepared.error());
    if (o.generateOnly)
        return stopped(out, server);
    for (MeasuredStore &s : *stores) {
        out << "timing " << s.label << " (" << o.repeats << " repeats)\n" << Qt::flush;
        s.timings = timeStore(s.location, o);
    }
    (*stores)[0].sizeMb = sqliteMb(o.db);
    (*stores)[0].sizeOf = QStringLiteral("the file and its WAL");
    if (o.privatePostgres) {
        (*stores)[1].sizeMb = folderMb(o.postgresFolder + QStringLiteral("/data"));
        (*stores)[1].sizeOf = QStringLiteral("the server's data folder, its empty cluster and WAL included");
    }
    printReadTable(out, *stores, o);
    if (stores->size() == 2) {
        out << "\ntiming the write cost\n" << Qt::flush;
        auto cost = timeWriteCost((*stores)[0].location, (*stores)[1].location, o);
        if (!cost)
            return failed(out, cost.error());
        printWriteCost(out, *stores, *cost, o);
    }
    printSizes(out, *stores, o);
    out << "repeats: " << o.repeats << "; command: bench_result_store "
        << QApplication::arguments().mid(1).join(QLatin1Char(' ')) << '\n';
    reportMachine(out, QStringLiteral("end"));
    return stopped(out, server);
}

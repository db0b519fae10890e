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
#include "postgres_size.h"
#include "private_postgres.h"
#include "store_bench_options.h"
#include "store_generation.h"
#include "store_report.h"
#include "store_timings.h"
#include "write_cost.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>

using namespace tcptune;
using namespace tcptune::bench;

namespace {

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

void measureSizes(QList<MeasuredStore> &stores, const StoreBenchOptions &o)
{
    stores[0].sizeMb = sqliteMb(o.db);
    stores[0].sizeOf = QStringLiteral("the file and its WAL");
    if (stores.size() == 2) {
        stores[1].sizeMb = postgresDatabaseMb(stores[1].location);
        stores[1].sizeOf = QStringLiteral("pg_database_size");
    }
}

// Stops the private server, if one runs (its cluster is kept for the next run), and says when that
// failed: the destructor would stop it too, silently.
int stopped(QTextStream &out, PrivatePostgres &server)
{
    if (auto stop = server.stop(); !stop) {
        out << "failed: " << stop.error().message << '\n';
        return 2;
    }
    return 0;
}

int failed(QTextStream &out, const Error &error, PrivatePostgres &server)
{
    out << "failed: " << error.message << '\n';
    (void)stopped(out, server);
    return 2;
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
        return failed(out, stores.error(), server);
    if (auto prepared = prepareAll(*stores, o, out); !prepared)
        return failed(out, prepared.error(), server);
    if (o.generateOnly)
        return stopped(out, server);
    for (MeasuredStore &s : *stores) {
        out << "timing " << s.label << " (" << o.repeats << " repeats)\n" << Qt::flush;
        s.timings = timeStore(s.location, o);
    }
    if (interrupted())
        return failed(out, Error{QStringLiteral("interrupted")}, server);
    measureSizes(*stores, o);
    printReadTable(out, *stores, o);
    if (stores->size() == 2) {
        out << "\ntiming the write cost\n" << Qt::flush;
        auto cost = timeWriteCost((*stores)[0].location, (*stores)[1].location, o);
        if (!cost || interrupted())
            return failed(out, cost ? Error{QStringLiteral("interrupted")} : cost.error(), server);
        printWriteCost(out, *stores, *cost, o);
    }
    printSizes(out, *stores, o);
    out << "repeats: " << o.repeats << "; command: bench_result_store "
        << QApplication::arguments().mid(1).join(QLatin1Char(' ')) << '\n';
    reportMachine(out, QStringLiteral("end"));
    return stopped(out, server);
}

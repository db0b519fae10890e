#include "store_generation.h"

#include "experiment/store/result_store.h"
#include "interruption.h"
#include "synthetic_sweep.h"

#include <QElapsedTimer>
#include <QFile>

namespace tcptune::bench {
namespace {

void removeSqliteFiles(const QString &file)
{
    for (const char *suffix : {"", "-wal", "-shm"})
        QFile::remove(file + QString::fromLatin1(suffix));
}

// Deletes the experiments whose name starts with PREFIX (all of them for an empty PREFIX).
[[nodiscard]] Result<int> deleteExperiments(ResultStore &store, const QString &prefix)
{
    auto experiments = store.experimentList();
    if (!experiments)
        return std::unexpected(experiments.error());
    int deleted = 0;
    for (const ExperimentRecord &e : *experiments) {
        if (!e.name.startsWith(prefix))
            continue;
        if (auto d = store.deleteExperiment(e.id); !d)
            return std::unexpected(d.error());
        ++deleted;
    }
    return deleted;
}

void reportProgress(QTextStream &out, int done, int total, qint64 elapsedMs)
{
    const double perS = done * 1000.0 / std::max<qint64>(1, elapsedMs);
    out << "  generated " << done << " of " << total << " runs in " << QString::number(elapsedMs / 1000.0, 'f', 1)
        << " s (" << QString::number(perS, 'f', 1) << " runs/s, about "
        << QString::number((total - done) / std::max(perS, 1e-3), 'f', 0) << " s to go)\n"
        << Qt::flush;
}

[[nodiscard]] Result<void> fill(ResultStore &store, const StoreBenchOptions &o, QTextStream &out)
{
    out << "generating " << o.totalRuns() << " runs of " << o.samples << " samples into " << store.path() << '\n'
        << Qt::flush;
    const SyntheticSweep sweep(o.runs, o.samples);
    QElapsedTimer clock;
    clock.start();
    qint64 reported = 0;
    for (int e = 0; e < o.experiments; ++e) {
        if (interrupted())
            return fail(QStringLiteral("interrupted after %1 runs").arg(e * o.runs));
        if (auto written = sweep.write(store, QStringLiteral("bench experiment %1").arg(e), e); !written)
            return std::unexpected(written.error());
        // Every 10 s: 100,000 runs take long enough to want to know how long.
        if (clock.elapsed() - reported >= 10000 || e + 1 == o.experiments) {
            reported = clock.elapsed();
            reportProgress(out, (e + 1) * o.runs, o.totalRuns(), reported);
        }
    }
    return {};
}

// Empties STORE for a new generation; a SQLite file is made anew, which is faster than deleting.
[[nodiscard]] Result<void> empty(ResultStore &store, const QString &location, int count, QTextStream &out)
{
    out << store.path() << " holds " << count << " runs: emptying it\n" << Qt::flush;
    if (store.isPostgres()) {
        if (auto deleted = deleteExperiments(store, QString()); !deleted)
            return std::unexpected(deleted.error());
        return {};
    }
    store.close();
    removeSqliteFiles(location);
    return store.open(location);
}

} // namespace

Result<void> prepareStore(const QString &location, bool owned, const StoreBenchOptions &o, QTextStream &out)
{
    if (o.regenerate && !location.contains(QLatin1String("://")))
        removeSqliteFiles(location);
    ResultStore store;
    if (auto opened = store.open(location); !opened)
        return opened;
    if (auto leftovers = deleteExperiments(store, kWriteCostName); !leftovers)
        return std::unexpected(leftovers.error());
    auto count = store.runCount();
    if (!count)
        return std::unexpected(count.error());
    if (*count == o.totalRuns() && !o.regenerate) {
        out << store.path() << ": kept, " << *count << " runs (--regenerate makes it anew)\n" << Qt::flush;
        return {};
    }
    if (*count != 0 && !owned && !o.regenerate)
        return fail(QStringLiteral("%1 holds %2 runs, not the bench's %3: give the bench a database of its own, or "
                                   "--regenerate to delete every experiment in it")
                        .arg(store.path())
                        .arg(*count)
                        .arg(o.totalRuns()));
    if (*count != 0)
        if (auto emptied = empty(store, location, *count, out); !emptied)
            return emptied;
    return fill(store, o, out);
}

} // namespace tcptune::bench

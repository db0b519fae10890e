#include "write_cost.h"

#include "experiment/store/result_store.h"
#include "interruption.h"
#include "store_generation.h"
#include "synthetic_sweep.h"

namespace tcptune::bench {
namespace {

struct Side {
    ResultStore store;
    Timing *perRun = nullptr;
    QList<qint64> written;
};

[[nodiscard]] Result<void> writeSweep(Side &side, const SyntheticSweep &sweep, int round)
{
    auto id = sweep.write(side.store, kWriteCostName + QStringLiteral(" %1").arg(round), round,
                          [&side](double ms) { side.perRun->ms.append(ms); });
    if (!id)
        return std::unexpected(id.error());
    side.written.append(*id);
    return {};
}

[[nodiscard]] Result<void> deleteWritten(Side &side)
{
    for (qint64 id : side.written)
        if (auto d = side.store.deleteExperiment(id); !d)
            return d;
    return {};
}

} // namespace

Result<WriteCost> timeWriteCost(const QString &a, const QString &b, const StoreBenchOptions &o)
{
    WriteCost cost;
    Side sides[2];
    sides[0].perRun = &cost.a;
    sides[1].perRun = &cost.b;
    for (int s = 0; s < 2; ++s)
        if (auto opened = sides[s].store.open(s == 0 ? a : b); !opened)
            return std::unexpected(opened.error());
    const SyntheticSweep sweep(o.runs, o.samples);
    Result<void> written;
    // A B A B: a drift of the machine (another job, the page cache) falls on both alike.
    for (int round = 0; round < o.repeats && written && !interrupted(); ++round)
        for (Side &side : sides)
            if (written)
                written = writeSweep(side, sweep, round);
    for (Side &side : sides)
        if (auto d = deleteWritten(side); !d && written)
            written = d;
    if (!written)
        return std::unexpected(written.error());
    return cost;
}

} // namespace tcptune::bench

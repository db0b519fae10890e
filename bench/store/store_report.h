#pragma once
// The bench's figures as Markdown, ready for bench/README.md: per store the median and minimum of
// each operation beside its target, the write cost per run with the ratio of the second store to
// the first, and each store's size.

#include "store_bench_options.h"
#include "store_timings.h"
#include "write_cost.h"

#include <QList>
#include <QString>
#include <QTextStream>

#include <optional>

namespace tcptune::bench {

struct MeasuredStore {
    QString label; // "SQLite", "PostgreSQL"
    QString location;
    StoreTimings timings;
    double sizeMb = 0; // 0 when unknown
    QString sizeOf;    // what was measured
};

void printReadTable(QTextStream &out, const QList<MeasuredStore> &stores, const StoreBenchOptions &o);
// COST's a and b are STORES' first and second.
void printWriteCost(QTextStream &out, const QList<MeasuredStore> &stores, const WriteCost &cost,
                    const StoreBenchOptions &o);
void printSizes(QTextStream &out, const QList<MeasuredStore> &stores, const StoreBenchOptions &o);

} // namespace tcptune::bench

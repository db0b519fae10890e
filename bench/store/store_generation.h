#pragma once
// Brings a bench store to the options' EXPERIMENTS x RUNS runs. A store that holds exactly that many
// is kept, as generating 100,000 runs takes long; any other is emptied and filled anew with
// SyntheticSweeps, printing progress. Only the bench's own stores (OWNED: its SQLite file, its
// private server's database) are emptied unasked; a database the user gave with --store only with
// --regenerate.

#include "common/error.h"
#include "store_bench_options.h"

#include <QTextStream>

namespace tcptune::bench {

// The experiments the write cost adds and deletes again are named so; a run killed meanwhile leaves
// some behind, which the next run removes before counting.
inline const QString kWriteCostName = QStringLiteral("bench write cost");

[[nodiscard]] Result<void> prepareStore(const QString &location, bool owned, const StoreBenchOptions &o,
                                        QTextStream &out);

} // namespace tcptune::bench

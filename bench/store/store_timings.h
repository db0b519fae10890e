#pragma once
// What a user waits for with a large store, timed REPEATS times each against one store:
// `tcptune results list` (the built binary, a process per repeat), opening the History tab
// (HistoryPanel::refresh on a real panel, offscreen: its first page), an A/B of two runs (tick two
// runs, which overlays their samples, then Compare A/B) and the queries of every experiment and
// run (what History read before it paged).

#include "store_bench_options.h"
#include "timing.h"

#include <QString>

namespace tcptune::bench {

struct StoreTimings {
    Timing resultsList;
    Timing historyOpen;
    Timing ab;
    Timing listQueries;
};

// LOCATION as ResultStore::open takes it; the History panel reads it from $TCPTUNE_STORE, which
// this sets.
StoreTimings timeStore(const QString &location, const StoreBenchOptions &o);

} // namespace tcptune::bench

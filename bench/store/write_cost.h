#pragma once
// What a sweep's writes cost per run in one store against another: sweeps of the options' RUNS
// runs and SAMPLES samples (SyntheticSweep: beginRun, three knob snapshots, finishRun), written
// alternately into A and B, REPEATS sweeps each, in this one process, so that both see the same
// machine. The sweeps are deleted again afterwards, leaving the stores as they were.

#include "common/error.h"
#include "store_bench_options.h"
#include "timing.h"

#include <QString>

namespace tcptune::bench {

struct WriteCost {
    Timing a; // per run, ms
    Timing b;
};

[[nodiscard]] Result<WriteCost> timeWriteCost(const QString &a, const QString &b, const StoreBenchOptions &o);

} // namespace tcptune::bench

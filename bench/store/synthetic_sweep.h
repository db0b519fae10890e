#pragma once
// A sweep written as the Runner writes one, through the real write path: createExperiment, then
// per run beginRun, the three knob snapshots the Runner takes (local before and after, remote
// before) and finishRun with the samples of a 1-stream bulk run at 10 ms (the aggregate and the
// stream's own series, from outcomeOf), then the experiment's status. The bench fills its stores
// with these and times the same writes for the write cost per run.

#include "common/error.h"
#include "knobs/knob_reader.h"

#include <QString>
#include <QStringList>

#include <functional>

namespace tcptune {
class ResultStore;
}

namespace tcptune::bench {

class SyntheticSweep {
public:
    // Sweeps of RUNS runs (one axis, workload.write_size, a value per run) of SAMPLES samples each.
    SyntheticSweep(int runs, int samples);

    // Writes sweep NAME into STORE (SEED varies the series). ON_RUN, if set, gets each run's write
    // time in ms: beginRun to finishRun, the making of the samples left out.
    [[nodiscard]] Result<qint64> write(ResultStore &store, const QString &name, int seed,
                                       const std::function<void(double ms)> &onRun = {}) const;

private:
    QStringList m_values;
    KnobSnapshot m_knobs; // this machine's, read once
    int m_samples;
};

} // namespace tcptune::bench

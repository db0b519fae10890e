#pragma once
// TuneReplay: the stored runs of a tune being resumed, in run-index order, handed back to the
// search in place of new runs. The search is deterministic, so it asks again for exactly the
// runs it asked for before the tune was killed: as long as a request matches the next stored run
// (same trial number, same settings) that run answers it; at the first request that does not
// (the stored runs are used up, or a run was lost with the kill) the rest is dropped and new
// runs follow.

#include "experiment/record/run_record.h"

#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace tcptune {

class TuneReplay final {
public:
    TuneReplay() = default;
    // RUNS: the experiment's stored runs; those that did not end (killed mid-run, cancelled)
    // are left out, as the search never saw them.
    explicit TuneReplay(const QList<RunRecord> &runs);

    // The stored run that answers a request of trial TRIAL with point settings SETTINGS, or
    // nothing (and from then on always nothing).
    std::optional<RunRecord> take(int trial, const QMap<QString, QString> &settings);
    int replayed() const { return m_next; }
    int remaining() const { return int(m_runs.size()) - m_next; }
    // Wall time of the runs replayed so far, seconds: the time budget counts it.
    double replayedS() const { return m_replayedS; }

private:
    QList<RunRecord> m_runs;
    int m_next = 0;
    double m_replayedS = 0;
};

} // namespace tcptune

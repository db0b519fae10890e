#include "experiment/tune/tune_replay.h"

#include <algorithm>

namespace tcptune {

TuneReplay::TuneReplay(const QList<RunRecord> &runs)
{
    for (const RunRecord &r : runs)
        if (r.status == RunStatus::Ok || r.status == RunStatus::Failed)
            m_runs.append(r);
    std::stable_sort(m_runs.begin(), m_runs.end(),
                     [](const RunRecord &a, const RunRecord &b) { return a.runIndex < b.runIndex; });
}

std::optional<RunRecord> TuneReplay::take(int trial, const QMap<QString, QString> &settings)
{
    if (m_next >= m_runs.size())
        return std::nullopt;
    const RunRecord &next = m_runs.at(m_next);
    if (next.pointIndex != trial || next.settings != settings) {
        m_runs.resize(m_next); // diverged: nothing later can answer either
        return std::nullopt;
    }
    ++m_next;
    if (next.started.isValid() && next.ended.isValid())
        m_replayedS += double(next.started.msecsTo(next.ended)) / 1000.0;
    return next;
}

} // namespace tcptune

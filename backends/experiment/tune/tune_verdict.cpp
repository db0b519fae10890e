#include "experiment/tune/tune_verdict.h"

#include <QMap>

namespace tcptune {

QList<Finding> tuneVerdict(const QList<TrialRun> &runs)
{
    // Keyed by the rule, so ties resolve in the rule order (QMap iterates its keys in order).
    QMap<Finding::Rule, int> votes;
    for (const TrialRun &run : runs)
        if (run.ok && !run.findings.isEmpty())
            ++votes[run.findings.first().rule];
    if (votes.isEmpty())
        return {};
    auto best = votes.cbegin();
    for (auto it = votes.cbegin(); it != votes.cend(); ++it)
        if (it.value() > best.value())
            best = it;
    for (const TrialRun &run : runs)
        if (run.ok && !run.findings.isEmpty() && run.findings.first().rule == best.key())
            return run.findings;
    return {};
}

} // namespace tcptune

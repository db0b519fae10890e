#pragma once
// The verdict of a configuration over its repeated runs (private to the tune floor).

#include "experiment/tune/tune_trial.h"

#include <QList>

namespace tcptune {

// The findings of the runs that succeeded, read as one verdict: the dominant rule most of them
// share (a tie goes to the rule first in the diagnosis' order, the more important one), and the
// findings of the first run with that dominant rule, in their order. Empty when no run has any.
// A majority rather than one run: a single noisy run does not send the search elsewhere.
QList<Finding> tuneVerdict(const QList<TrialRun> &runs);

} // namespace tcptune

#pragma once
// `tcptune check --markdown FILE`: a RegressionCheck as a summary for a merge request: the
// outcome in one line, then a table of every point and gated metric (baseline, checked, change
// with its 95 % interval, limit, outcome), then the baseline points the check did not run.

#include "experiment/tables/regression_check.h"

#include <QString>

namespace tcptune {

QString regressionCheckMarkdown(const RegressionCheck &check);

} // namespace tcptune

#pragma once
// `tcptune results diff A B [--json]`: experiment B against experiment A, point by point (see
// backends/experiment/tables/experiment_diff.h), as a Markdown table on stdout or the JSON of
// experiment_diff_json.h.

#include <QtGlobal>

namespace tcptune {
class ResultStore;
}

namespace tcptune::cli {

// Prints the comparison; 0, or 2 when either experiment is not in STORE.
int printExperimentDiff(const ResultStore &store, qint64 a, qint64 b, bool json);

} // namespace tcptune::cli

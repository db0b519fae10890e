#pragma once
// `tcptune results diff A B --json`: an ExperimentDiff as one JSON object, documented in
// docs/statistics.md ("results diff JSON") and docs/json.md, its schema_version
// jsonschema::kResultsDiff.

#include "experiment/tables/experiment_diff.h"

#include <QJsonObject>

namespace tcptune {

QJsonObject toJson(const ExperimentDiff &diff);

} // namespace tcptune

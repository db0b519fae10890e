#pragma once
// `tcptune results diff A B --json`: an ExperimentDiff as one JSON object, documented in
// docs/statistics.md ("results diff JSON"); schema_version "1.0".

#include "experiment/experiment_diff.h"

#include <QJsonObject>

namespace tcptune {

inline constexpr char kExperimentDiffSchemaVersion[] = "1.0";

QJsonObject toJson(const ExperimentDiff &diff);

} // namespace tcptune

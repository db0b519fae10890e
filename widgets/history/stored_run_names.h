#pragma once
// How stored experiments and runs are named on screen, in the user's language, from what the
// store keeps language-neutral: a run is "#<its id in the store>" everywhere (legend, status
// bar, History, capture file names), with its point and repeat; an experiment is
// "Experiment <id>: <name>", the workbench's own names translated at display.

#include "experiment/run_configuration.h"
#include "experiment/run_record.h"

#include <QString>

namespace tcptune {

// "#12 · 256 KiB · repeat 2"
QString storedRunName(const RunRecord &run);
// "#12"
QString runIdText(qint64 runId);
// "Experiment 4: Sweep of socket.SO_SNDBUF" (stored names the workbench gave are translated).
QString storedExperimentName(const ExperimentRecord &experiment);
// The name the workbench stores for its own experiments: language-neutral, translated on display.
QString neutralRunName();
QString neutralSweepName(const QString &parameter);
QString runStatusText(RunStatus status);
QString experimentStatusText(ExperimentStatus status);
// Changed knobs, workload and target on three lines, for tooltips.
QString configurationToolTip(const RunConfiguration &config);

} // namespace tcptune

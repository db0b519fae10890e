#pragma once
// The runs on the workbench charts as a session keeps them (names, store ids, the points drawn)
// and back: a reopened session draws the same lines under the same legend names, from the file,
// whether or not this machine's result store has the runs.

#include "session/workbench_session.h"

#include <QList>

namespace tcptune {

class ThroughputRttView;

// Every line on CHART; STORE_PATH, when the file exists, gives the stored runs' experiment ids.
QList<SessionChartRun> sessionChartRuns(const ThroughputRttView &chart, const QString &storePath);
// Clears CHART and draws RUNS (pinned, like runs ticked in History: a new sweep keeps them).
void drawSessionChartRuns(ThroughputRttView &chart, const QList<SessionChartRun> &runs);

} // namespace tcptune

#pragma once
// The one conversion of a run's TCP_INFO samples (as the runner emits and the store keeps them)
// into what the charts plot, for the live workbench, History and reports alike.

#include "charts/chart_sample.h"
#include "experiment/record/run_record.h"

#include <QList>
#include <QPointF>

namespace tcptune {

// Unknown values (negative by the store's convention) become ChartSample::none.
ChartSample chartSampleOf(const RunSample &sample);
// The run's line: the samples of all streams together (stream -1); a source that has only
// per-stream samples gives those. The limited times become % of each sample's interval.
QList<ChartSample> chartSamplesOf(const QList<RunSample> &samples);
// A run against several ends: its samples split by end (RunSample::end), one list per end in
// the spec's order, each a line of its own. A run of one end gives one list.
QList<QList<RunSample>> samplesByEnd(const QList<RunSample> &samples);
// A run in direction both: its samples split by sender (RunSample::farSender), this host's
// sending first, then the target's, each a line of its own (one line through both would zig-zag
// between their rates). A run in one direction, or without samples, gives one list.
QList<QList<RunSample>> samplesBySender(const QList<RunSample> &samples);
// The bottleneck's backlog through the run (KB against seconds), for the QueueBacklog series.
QList<QPointF> queueBacklogPoints(const QList<QueueSample> &queue);

} // namespace tcptune

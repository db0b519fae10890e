#pragma once
// The spans of a run in which one limiter held its sender back, for shading them on the run's
// stream graphs (the cause seen on the segments): each sample interval is read as the verdict
// reads a run (partitionOf(), limiter_breakdown.h: receive window, send buffer, congestion
// window), the limiter that took most of an interval and at least half of it dominates that
// interval, and neighbouring intervals of one limiter make one span.

#include "capture/tcp_info_overlay.h"
#include "experiment/record/run_record.h"

#include <QList>

#include <vector>

namespace tcptune {

// SAMPLES: one sender's series in time order (run time). ALWAYS_HAS_DATA: the run's writer
// (writerAlwaysHasData()). Spans shorter than a fiftieth of the series' time are left out, and
// two spans of one limiter with less than that between them are joined: at a chart's width such a
// span or gap is a few pixels, flicker of the sampling rather than a change of the cause.
std::vector<LimiterSpan> limiterSpans(const QList<RunSample> &samples, bool alwaysHasData);

} // namespace tcptune

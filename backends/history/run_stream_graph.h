#pragma once
// The stream graph a report shows of a run that recorded a capture: its main flow, the flow of the
// run's data connections that carried the most bytes, in the direction its data went, with the
// run's TCP_INFO overlay and limiter spans (run_capture_overlay), read within the capture
// analysis's default memory bound.

#include "capture/stream_graph.h"
#include "common/error.h"
#include "experiment/record/run_record.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace tcptune {

class RunStreamGraph final {
    Q_DECLARE_TR_FUNCTIONS(RunStreamGraph)
public:
    // The capture file of RUN whose main flow a report draws: its first that is still there;
    // empty when it recorded none or none is left.
    static QString captureOf(const RunRecord &run);
    // RUN's main flow in that capture, with the overlay of SAMPLES (the run's stored samples).
    [[nodiscard]] static Result<StreamGraph> mainFlow(const RunRecord &run, const QList<RunSample> &samples);
};

} // namespace tcptune

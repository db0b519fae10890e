#pragma once
// Builds a ReportModel from the result store: one experiment (a sweep, an A/B, or a single
// point) or one run of it. Per point it computes the story 5 row (sweepstats), lists every run
// with its value or its error, and reads the knob snapshots of both ends.

#include "common/error.h"
#include "report/report_model.h"

namespace tcptune {

class ResultStore;

// What a report is about: "12" / "sweep:12" / "experiment:12" is experiment 12, "run:34" a run.
struct ReportSubject {
    qint64 experimentId = 0;
    qint64 runId = 0;
    [[nodiscard]] static Result<ReportSubject> parse(const QString &text);
};

struct ReportOptions {
    bool withSamples = true; // load every run's TCP_INFO samples (charts and raw data need them)
    bool withHostFacts = true;
};

[[nodiscard]] Result<ReportModel> buildReport(const ResultStore &store, const ReportSubject &subject,
                                              const ReportOptions &options = {});

} // namespace tcptune

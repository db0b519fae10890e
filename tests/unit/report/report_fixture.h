#pragma once
// Test data for reports: a story 5 sweep (SO_SNDBUF 64 KiB .. 4 MiB, repeats) written as real
// rows into a real SQLite ResultStore, with samples, knob snapshots of both ends, a collapsing
// run and, on request, a point whose runs failed.

#include "experiment/store/result_store.h"

namespace tcptune::test {

struct ReportFixtureOptions {
    int repeats = 2;
    bool failPoint = true; // every run of the 512 KiB point fails
    bool collapse = true;  // the first 4 MiB run collapses mid-run
    int samplesPerRun = 40;
    QString localAutocorking = QStringLiteral("1"); // the client's tcp_autocorking before each run
};

inline const QString kFixtureError = QStringLiteral("iperf3 target 198.18.50.2:15701 refused the connection");

// Returns the experiment id.
qint64 fillStory5Sweep(ResultStore &store, const ReportFixtureOptions &options = {});

} // namespace tcptune::test

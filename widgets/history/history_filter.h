#pragma once
// The History's filter line, read as a Wireshark user types a display filter: "host:lab1
// kernel:6.1 cubic" is the store's terms (host:, user:, kernel:, tag:), which choose the
// experiments the database lists, and the text every listed row is matched against ("cubic").

#include "experiment/store/experiment_filter.h"

#include <QString>

namespace tcptune {

struct HistoryFilter {
    ExperimentFilter terms; // without a page
    QString text;

    static HistoryFilter parse(const QString &line);
    // Whether the two ask the store for the same experiments.
    static bool sameTerms(const ExperimentFilter &a, const ExperimentFilter &b);
};

} // namespace tcptune

#pragma once
// The A/B comparison of two stored runs (story 1's on/off): B against A per metric with its 95 %
// interval and significance, as `tcptune results diff` finds them (experiment_diff.h: one run a
// side, so the moving-block bootstrap of each run's series, Holm over the metrics), and the knobs
// each ran with. Plain functions over plain records.

#include "common/error.h"
#include "experiment/record/run_configuration.h"
#include "experiment/record/run_record.h"
#include "experiment/tables/experiment_diff.h"

#include <QList>
#include <QString>

namespace tcptune {

class ResultStore;

// Run B against run A, each a point of one run; their series are read from STORE.
[[nodiscard]] Result<PointDiff> diffRuns(const ResultStore &store, const RunRecord &a, const RunRecord &b);

// One knob of the two runs' configurations: shown when it differs between them or from the
// kernel default in either.
struct AbKnobRow {
    QString key; // catalogue key, "remote:" for the far end
    QString a;   // compact value ("64K", "0"); "-" when that run has no value
    QString b;
    bool differs; // A and B had different values
};

QList<AbKnobRow> compareConfigurations(const RunConfiguration &a, const RunConfiguration &b);

// What sets B apart from A, for each side: {"tcp_autocorking on", "tcp_autocorking off"}; empty
// strings when the configurations are the same.
std::pair<QString, QString> distinguishingLabels(const RunConfiguration &a, const RunConfiguration &b);
// The same for a baseline (the first) and several others: one label per configuration, over every
// knob in which any of the others differs from the baseline.
QStringList distinguishingLabels(const QList<RunConfiguration> &configs);

} // namespace tcptune

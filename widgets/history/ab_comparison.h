#pragma once
// The A/B comparison of two stored runs (story 1's on/off): each figure for A and B, the
// difference B - A and the ratio B / A, and the knobs each ran with. Plain functions over plain
// records.

#include "experiment/run_configuration.h"
#include "experiment/run_record.h"

#include <QList>
#include <QString>

#include <optional>

namespace tcptune {

struct AbRow {
    QString figure; // translated name with unit
    double a = 0;
    double b = 0;
    double difference = 0;       // b - a
    std::optional<double> ratio; // b / a; none when a is 0 or either is unknown
    bool known = true;           // false when A or B lacks the figure
};

QList<AbRow> compareRuns(const RunRecord &a, const RunRecord &b);

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

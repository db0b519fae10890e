#pragma once
// The A/B comparison of two stored runs (story 1's on/off): each figure for A and B, the
// difference B - A and the ratio B / A. Plain function over plain records.

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

} // namespace tcptune

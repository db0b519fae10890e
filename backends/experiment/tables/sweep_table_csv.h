#pragma once
// The one CSV writer of results: points.csv (one line per point, every statistic) and runs.csv
// (one line per run) of a SweepTable, for `tcptune sweep --out`, `tcptune results show --out`
// and CSV reports alike. A figure that does not exist (a point without an Ok run, a failed
// run's throughput, an unknown RTT) is an empty field, never 0.

#include "experiment/tables/sweep_table.h"

#include <QString>
#include <QStringList>

namespace tcptune {

namespace csv {
// TEXT as one field: quoted (with doubled quotes) when it holds a comma, a quote or a line break.
QString field(const QString &text);
// FIELDS as one line, each through field(), ending in a newline.
QString line(const QStringList &fields);
} // namespace csv

QString pointsCsv(const SweepTable &table);
QString runsCsv(const SweepTable &table);

} // namespace tcptune

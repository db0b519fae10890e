#pragma once
// Writing a sweep's results: the Markdown table, points.csv, runs.csv and results.json into a
// folder, and the table or JSON to stdout. Shared by `tcptune sweep` and `tcptune results`.

#include "common/error.h"

#include <QString>

namespace tcptune {
class ResultStore;
struct SweepTable;
} // namespace tcptune

namespace tcptune::cli {

// The table of experiment ID as stored now.
Result<SweepTable> loadSweepTable(const ResultStore &store, qint64 experimentId);

// Writes table.md, points.csv, runs.csv and results.json into DIR (created).
Result<void> writeSweepFiles(const SweepTable &table, const QString &dir);

} // namespace tcptune::cli

#pragma once
// Writing a sweep's results: the Markdown table, points.csv, runs.csv and results.json into a
// folder, and the table or JSON to stdout. Shared by `tcptune sweep` and `tcptune results`.

#include "common/error.h"
#include "common/throughput_unit.h"

#include <QString>

namespace tcptune {
class ResultStore;
struct SweepTable;
} // namespace tcptune

namespace tcptune::cli {

// The table of experiment ID as stored now.
[[nodiscard]] Result<SweepTable> loadSweepTable(const ResultStore &store, qint64 experimentId);

// Makes DIR if need be and checks that files can be written there: before any run.
[[nodiscard]] Result<void> checkOutputFolder(const QString &dir);

// Writes table.md (throughput in UNIT), points.csv, runs.csv and results.json into DIR (created).
[[nodiscard]] Result<void> writeSweepFiles(const SweepTable &table, const QString &dir, ThroughputUnit unit = {});

// Prints TABLE to stdout: story 5's Markdown table in UNIT, or results.json's document with JSON
// (bit/s, whatever UNIT says).
void printSweepTable(const SweepTable &table, bool json, ThroughputUnit unit = {});

} // namespace tcptune::cli

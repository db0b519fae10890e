#pragma once
// A SweepTable as story 5's Markdown table, for the terminal and a mail: one row per point
// (the swept values), runs, throughput mean ± sd ("± – (1 run)" for one run), its 95 % interval,
// MB/s, RTT median and p95, Welch's p against the first point, flags, and every run's value
// (↓ collapsed, "failed", "cancelled"), then the failed runs' errors.

#include "common/throughput_unit.h"
#include "experiment/tables/sweep_table.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace tcptune {

class SweepTableMarkdown final {
    Q_DECLARE_TR_FUNCTIONS(SweepTableMarkdown)

public:
    // Throughput in UNIT (the MB/s column stays, as story 5's table has it).
    static QString toMarkdown(const SweepTable &table, ThroughputUnit unit = {});

private:
    static QStringList heading(const SweepTable &table);
    static QStringList tableLines(const SweepTable &table, ThroughputUnit unit);
    static QStringList cells(const PointResult &point, ThroughputUnit unit, bool underLoad);
    // Latency under load's columns (rrul): idle, loaded, the increase and the probes lost.
    static QStringList underLoadCells(const PointResult &point);
    static QString throughput(const PointResult &point, ThroughputUnit unit);
    // "0.042", "< 0.001", or "–" without a test.
    static QString pValue(double p);
    static QStringList failures(const SweepTable &table);
    // Repeat until precise: the points that did not get there, or that all did.
    static QStringList precision(const SweepTable &table);
    // "- POINT (repeat N): FILE (interface, packets, dropped)" per capture file, under a heading;
    // nothing when no run was captured.
    static QStringList captures(const SweepTable &table);
};

} // namespace tcptune

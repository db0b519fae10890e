#pragma once
// A SweepTable as story 5's Markdown table, for the terminal and a mail: one row per point
// (the swept values), runs, throughput mean ± sd, MB/s, RTT median and p95, flags, and every
// run's value (↓ collapsed, "failed", "cancelled"), then the failed runs' errors.

#include "experiment/sweep_table.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace tcptune {

class SweepTableMarkdown final {
    Q_DECLARE_TR_FUNCTIONS(SweepTableMarkdown)

public:
    static QString toMarkdown(const SweepTable &table);

private:
    static QStringList heading(const SweepTable &table);
    static QStringList tableLines(const SweepTable &table);
    static QStringList cells(const PointResult &point);
    static QStringList failures(const SweepTable &table);
};

} // namespace tcptune

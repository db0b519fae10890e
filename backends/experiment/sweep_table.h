#pragma once
// The result table of a sweep, in the shape of story 5: one row per point (the swept values),
// throughput mean +- sd, RTT median and p95, flags, and every run's value. Built from a plan
// and its stored runs; written as Markdown (for the terminal and mail), CSV and JSON. Plain
// functions, shared by `tcptune sweep`, `tcptune results` and the GUI.

#include "experiment/run_record.h"
#include "experiment/sweep_plan.h"
#include "experiment/sweep_statistics.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace tcptune {

struct SweepTableRow {
    SweepPoint point;
    PointStatistics stats; // over the point's Ok runs
    QList<RunRecord> runs; // every stored run of the point, in run order
    int failedRuns = 0;
    QStringList errors; // distinct errors of failed runs
    // "collapse 1/5", "high variance (CV 23 %)", "2 failed", "no runs"
    QStringList flags() const;
};

struct SweepTable {
    Q_DECLARE_TR_FUNCTIONS(SweepTable)
public:
    ExperimentRecord experiment;
    SweepPlan plan;
    QList<SweepTableRow> rows; // one per point, in point order
};

SweepTable buildSweepTable(const ExperimentRecord &experiment, const SweepPlan &plan, const QList<RunRecord> &runs);

QString toMarkdown(const SweepTable &table);
// One line per point (summary figures) and one per run.
QString pointsCsv(const SweepTable &table);
QString runsCsv(const SweepTable &table);
QJsonObject toJson(const SweepTable &table);

} // namespace tcptune

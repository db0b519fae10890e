#pragma once
// The A/B table of stored runs or of two experiments. For runs: a baseline A and one or more
// others (B, C, ...), each metric for every run, then for each other run its verdict against A in
// words ("B is 12.3 % faster, 95 % CI 9.8–14.9 %, significant", AbVerdict) and its ratio to A
// with the 95 % interval; then every knob that differed between them or from the kernel default,
// values highlighted where they differ from A. For two experiments a group of rows per matched
// point. Its title line names the runs by id with what sets them apart:
// "A = #12 (tcp_autocorking on), B = #13 (tcp_autocorking off)".

#include "common/throughput_unit.h"
#include "experiment/record/run_configuration.h"
#include "experiment/record/run_record.h"

#include <QTableWidget>

#include <functional>

namespace tcptune {

struct ExperimentDiff;
struct MetricRow;
struct PointDiff;

// A stored run with its configuration and, for every run after the baseline, its metrics against
// the baseline (diffRuns()).
struct ComparedRun {
    RunRecord run;
    RunConfiguration config;
};

class AbTable final : public QTableWidget {
    Q_OBJECT
public:
    // A to F: more columns would not be readable beside the list.
    static constexpr int kMaxRuns = 6;

    explicit AbTable(QWidget *parent = nullptr);

    // Fills the table with RUNS (2 to kMaxRuns, the first the baseline) and AGAINST_A (one
    // PointDiff per run after the first, that run against A); returns the title line.
    QString compare(const QList<ComparedRun> &runs, const QList<PointDiff> &againstA);
    // Fills the table point by point with DIFF, experiment B against A; returns the title line.
    QString compareExperiments(const ExperimentDiff &diff);

    // The unit of the throughput row; a comparison shown is filled again in it.
    void setThroughputUnit(ThroughputUnit unit);

    // "A", "B", ... for the run at INDEX.
    static QString letter(int index);
    // The colour of a value that differs from A's.
    static QColor differenceColour();
    // Where things are, for RUNS runs: the verdict of run INDEX (1 for B) against A, the value of
    // run INDEX (0 for A), the ratio of run INDEX to A.
    static int verdictColumn(int index) { return index; }
    static int valueColumn(int index, int runs = 2) { return runs + index; }
    static int ratioColumn(int index, int runs = 2) { return 2 * runs - 1 + index; }

private:
    // Figure, a verdict column per run after A (the answer stays in sight at 1280x800; the
    // numbers may scroll), a value column per run, then each other run's ratio to A.
    void setUpColumns(int runs);
    // The metric rows of every run against A from row R on; the next free row.
    int fillFigures(int r, const QList<PointDiff> &againstA);
    void fillKnobs(const QList<ComparedRun> &runs, int firstRow);
    void fitFigureColumn();

    ThroughputUnit m_unit;
    std::function<void()> m_fillAgain; // the last comparison, to show it in another unit
};

} // namespace tcptune

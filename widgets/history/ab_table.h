#pragma once
// The A/B table of stored runs: a baseline A and one or more others (B, C, ...), each figure for
// every run with each other run's difference and ratio to A, then every knob that differed
// between them or from the kernel default, values highlighted where they differ from A. Its
// title line names the runs by id with what sets them apart:
// "A = #12 (tcp_autocorking on), B = #13 (tcp_autocorking off)".

#include "experiment/run_configuration.h"
#include "experiment/run_record.h"

#include <QTableWidget>

namespace tcptune {

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

    // Fills the table with RUNS (2 to kMaxRuns, the first the baseline); returns the title line.
    QString compare(const QList<ComparedRun> &runs);
    QString compare(const RunRecord &a, const RunConfiguration &configA, const RunRecord &b,
                    const RunConfiguration &configB);

    // "A", "B", ... for the run at INDEX.
    static QString letter(int index);
    // The colour of a value that differs between A and B.
    static QColor differenceColour();

private:
    void setUpColumns(int runs);
    int fillFigures(const QList<ComparedRun> &runs);
    void fillKnobs(const QList<ComparedRun> &runs, int firstRow);
};

} // namespace tcptune

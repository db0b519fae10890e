#pragma once
// The report's tables as rows of text, built once so HTML, Markdown and PDF show the same
// columns, numbers and flags.

#include "report/report_model.h"

#include <QPair>

namespace tcptune {

struct ReportTable {
    QString title;
    QStringList header;
    QList<QStringList> rows;
    QList<bool> alert; // per row: a failure or a flag the reader must see (drawn highlighted)
    // The last TEXT_COLUMNS columns hold words and sentences (a verdict): a page too narrow for
    // every column (the PDF) draws them as "header: value" on a line across the table's width
    // under each row, rather than as columns one word wide.
    int textColumns = 0;
    bool numericColumn(int column) const;
    QList<int> numericColumns;
};

namespace reporttables {

QList<QPair<QString, QString>> facts(const ReportModel &model); // label, value
ReportTable results(const ReportModel &model);                  // the story 5 table
ReportTable runs(const ReportModel &model);                     // every run's value or error
ReportTable diagnosis(const ReportModel &model);                // per run: limiter shares, queue, loss, autocorking
ReportTable underLoad(const ReportModel &model);                // per latency-under-load run: idle, loaded, loss
ReportTable captures(const ReportModel &model);                 // per capture file: its run, path and packets
ReportTable nics(const ReportModel &model);
ReportTable knobs(const ReportModel &model);

// Section headings and fixed sentences, translated once for every writer.
struct Headings {
    QString notes, failures, results, charts, runs, diagnosis, diagnosisHint, host, knobs, spec, rerun, rerunHint,
        noFailures, captures, capturesHint, underLoad, underLoadHint;
};
Headings headings(const ReportModel &model);

} // namespace reporttables
} // namespace tcptune

#include "store_report.h"

namespace tcptune::bench {
namespace {

struct Row {
    const char *operation;
    Timing StoreTimings::*timing;
    const char *target;
};

// Issue 15 set the SQLite targets at 10,000 runs; the PostgreSQL ones hold at 100,000.
const Row kRows[] = {
    {"`tcptune results list`", &StoreTimings::resultsList, "< 200 ms SQLite, < 300 ms PostgreSQL"},
    {"open the History tab (HistoryPanel::refresh)", &StoreTimings::historyOpen,
     "< 1000 ms SQLite, < 300 ms PostgreSQL"},
    {"A/B of two runs (tick both, compare)", &StoreTimings::ab, "< 100 ms"},
    {"every experiment and run listed, queries alone (History before it paged)", &StoreTimings::listQueries, ""},
};

QString ms(double value)
{
    return QString::number(value, 'f', 1) + QStringLiteral(" ms");
}

} // namespace

void printReadTable(QTextStream &out, const QList<MeasuredStore> &stores, const StoreBenchOptions &o)
{
    out << "\n| operation (" << o.totalRuns() << " runs of " << o.samples << " samples) |";
    for (const MeasuredStore &s : stores)
        out << ' ' << s.label << " median | " << s.label << " min |";
    out << " target |\n|---|";
    for (qsizetype i = 0; i < stores.size(); ++i)
        out << "---|---|";
    out << "---|\n";
    for (const Row &row : kRows) {
        out << "| " << row.operation << " |";
        for (const MeasuredStore &s : stores) {
            const Timing &t = s.timings.*row.timing;
            out << ' ' << ms(t.median()) << " | " << ms(t.min()) << " |";
        }
        out << ' ' << row.target << " |\n";
    }
}

void printWriteCost(QTextStream &out, const QList<MeasuredStore> &stores, const WriteCost &cost,
                    const StoreBenchOptions &o)
{
    const double ratio = cost.a.median() > 0 ? cost.b.median() / cost.a.median() : 0;
    out << "\nwrite cost per run (beginRun, 3 knob snapshots, finishRun with " << o.samples << " samples; "
        << cost.a.ms.size() << " runs each, sweeps of " << o.runs << " written " << stores[0].label << ", "
        << stores[1].label << " in turn):\n"
        << "| store | median | min |\n|---|---|---|\n"
        << "| " << stores[0].label << " | " << ms(cost.a.median()) << " | " << ms(cost.a.min()) << " |\n"
        << "| " << stores[1].label << " | " << ms(cost.b.median()) << " | " << ms(cost.b.min()) << " |\n"
        << "ratio " << stores[1].label << "/" << stores[0].label << " (medians): " << QString::number(ratio, 'f', 2)
        << '\n';
}

void printSizes(QTextStream &out, const QList<MeasuredStore> &stores, const StoreBenchOptions &o)
{
    out << '\n';
    for (const MeasuredStore &s : stores) {
        out << s.label << " store " << s.location << ": ";
        if (s.sizeMb > 0)
            out << QString::number(s.sizeMb, 'f', 1) << " MB, "
                << QString::number(s.sizeMb * 1000 / o.totalRuns(), 'f', 1) << " kB per run (" << s.sizeOf << ")\n";
        else
            out << "size unknown (the server did not answer)\n";
    }
}

} // namespace tcptune::bench

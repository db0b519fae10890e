#pragma once
// ReportModel: everything a report shows, as plain data, filled from the result store (or by hand
// in tests) and read by every writer. Charts are handed in already rendered (SVG text and PNG
// bytes) by widgets/, because backends draw nothing.

#include "common/throughput_unit.h"
#include "experiment/record/run_record.h"
#include "experiment/tables/sweep_table.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace tcptune {

struct NicFacts {
    QString name;
    QString driver; // from /sys/class/net/NAME/device/driver; "virtual" for software devices
    QString mac;
    int mtu = 0;
    QString speed; // "1000 Mb/s", or empty when the kernel does not say
    QString operState;
    QString qdisc; // the root qdisc line of `tc qdisc show dev NAME`
};

struct HostFacts {
    QString hostname;
    QString kernel;  // uname -r
    QString version; // uname -v
    QString machine; // uname -m
    QList<NicFacts> nics;
    QString qdiscProblem; // why qdiscs are missing (no `tc`), empty otherwise
};

// One knob of the experiment: its value on both ends before the first run, and what the
// experiment set it to (empty when untouched).
struct ReportKnob {
    QString key;
    QString localBefore;
    QString remoteBefore;
    QString setTo; // a fixed value, or the swept values joined ("64 KiB ... 4 MiB")
    bool swept = false;
    bool changed() const { return !setTo.isEmpty(); }
};

struct ReportChart {
    QString id;     // file-name friendly: "throughput-rtt", "sweep"
    QString title;  // shown above the image
    QByteArray svg; // an <svg> document (HTML inlines it; PDF draws it as vectors)
    QByteArray png; // the same chart as PNG (Markdown writes it beside the .md)
};

struct ReportModel {
    Q_DECLARE_TR_FUNCTIONS(ReportModel)
public:
    QString title;
    QString description;
    QDateTime date;    // when the report was written
    QDateTime started; // the experiment's creation time
    qint64 experimentId = 0;
    qint64 runId = 0; // non-zero when the report is of one run
    QString status;   // experiment status ("finished", "running" ...)
    QString statusError;
    QString target; // "lab", "iperf3 host:port" ...
    HostFacts host;
    QString axisName; // heading of the first column of the results table
    QList<ReportKnob> knobs;
    QByteArray specJson; // the whole plan as JSON, spec and sweep
    // The one result model: one point per row of the story 5 table, each with its runs and the
    // statistics of its Ok runs (the same numbers `tcptune sweep` prints).
    SweepTable results;
    QHash<qint64, QList<RunSample>> samples; // per run id: TCP_INFO samples for charts and raw data
    QStringList notes;                       // the flags in words, and anything the reader must not miss
    QString rerunCommand;                    // the command that runs it again
    QList<ReportChart> charts;
    ThroughputUnit throughputUnit; // of the tables' figures (the CSV and JSON stay in their own)

    // The row label of POINT: its swept values, or the title when the experiment has no axes.
    QString pointLabel(const PointResult &point) const;
    QString pointLabel(const RunRecord &run) const;
    QList<const RunRecord *> runs() const { return results.runsInOrder(); }
    int failedRunCount() const { return results.failedRunCount(); }
    QList<const RunRecord *> failedRuns() const;
};

} // namespace tcptune

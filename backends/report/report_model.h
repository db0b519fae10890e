#pragma once
// ReportModel: everything a report shows, as plain data, filled from the result store (or by hand
// in tests) and read by every writer. Charts are handed in already rendered (SVG text and PNG
// bytes) by widgets/, because backends draw nothing.

#include "experiment/run_record.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QDateTime>
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

// One row of the story 5 table: one swept value (one point of the sweep).
struct ReportRow {
    QString value; // the point's label ("256 KiB"), or the experiment name without axes
    int plannedRuns = 0;
    int okRuns = 0;
    int failedRuns = 0;
    double meanBps = 0;
    double sdBps = 0;
    double medianBps = 0;
    double minBps = 0;
    double maxBps = 0;
    double cv = 0;
    double rttMedianMs = -1;
    double rttP95Ms = -1;
    QList<double> runValuesBps; // every ok run's throughput, in run order
    int collapsedRuns = 0;
    bool highVariance = false;
    QStringList errors;        // the failed runs' errors
    QStringList flags() const; // "collapse (1 of 3 runs)", "high variance", "failed: 2 runs"
};

// One run, for the per-run table and the raw data.
struct ReportRun {
    qint64 id = 0;
    int runIndex = 0;
    int pointIndex = 0;
    int repeat = 0;
    QString point;
    QString status;
    QString error;
    double throughputBps = 0;
    double rttMedianMs = -1;
    double rttP95Ms = -1;
    qint64 retransmits = 0;
    bool collapsed = false;
    double durationS = 0;
    QDateTime started;
    QList<double> intervalThroughputBps;
    double intervalS = 0;
    QList<RunSample> samples;
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
    QList<ReportRow> rows;
    QList<ReportRun> runs;
    QStringList notes;    // the flags in words, and anything the reader must not miss
    QString rerunCommand; // the command that runs it again
    QList<ReportChart> charts;

    int failedRunCount() const;
    QList<const ReportRun *> failedRuns() const;
};

} // namespace tcptune

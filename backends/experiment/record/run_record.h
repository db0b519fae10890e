#pragma once
// The plain records an experiment produces and the result store keeps: one sample of a run,
// one run's outcome and summary figures, what each end of the link saw of it, a capture, and an
// experiment's header. SweepTable (sweep_table.h) aggregates runs into points.

#include "knobs/knob_reader.h"
#include "traffic/latency_under_load.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

namespace tcptune {

// One TCP_INFO sample of the sending side (all streams summed, or one stream).
struct RunSample {
    double t = 0;             // seconds since the run started
    int stream = -1;          // -1: all streams together
    int end = 0;              // several ends: the end's place in the spec's list of targets
    double throughputBps = 0; // bits per second over the last interval
    double rttMs = -1;
    double rttVarMs = -1;
    qint64 cwnd = -1;       // segments
    qint64 retransmits = 0; // segments retransmitted during the interval, as TrafficSample::retrans
    double deliveryRateBps = -1;
    double pacingRateBps = -1;
    qint64 unacked = -1;
    qint64 notsentBytes = -1;
    // The sender's chrono timers over the interval (TCP_INFO busy, rwnd- and sndbuf-limited
    // time) and whether its last delivery rate sample was application-limited (0 or 1).
    double busyMs = -1;
    double rwndLimitedMs = -1;
    double sndbufLimitedMs = -1;
    int appLimited = -1;
    // Whether the receiver's window was full when sampled (0 or 1; TrafficSample::rwndFull).
    int rwndFull = -1;
    // The target's sending (direction down, or both's down half), stored with the sample
    // (samples.far_sender): a run in direction both has an aggregate series per sender.
    bool farSender = false;
};

// Only an Ok run has figures: a failed or cancelled run is never counted (or drawn) as 0.
enum class RunStatus {
    Running, // started, not finished (after a crash: interrupted, redone on resume)
    Ok,
    Failed, // the error says why; the sweep went on
    Cancelled,
    Interrupted, // its process died while it ran (marked at the next start; redone on resume)
};

QString runStatusName(RunStatus status);
RunStatus runStatusFromName(const QString &name);

struct CaptureRecord {
    QString path;
    QString interface;
    qint64 packetsReceived = -1;
    qint64 packetsDropped = -1;
    QJsonObject summary; // the analysis of the capture (flows, RTT, retransmissions)
};

// The end of the link a record describes. Names as the store's knob_snapshots.side.
enum class RunEnd {
    Local,  // this host, or the lab namespace the traffic starts in
    Remote, // the far host (agent, or over ssh)
    Router, // the lab's bottleneck namespace
};

QString runEndName(RunEnd end);
RunEnd runEndFromName(const QString &name);

// One reading of the bottleneck qdisc during a run. Negative where unknown.
struct QueueSample {
    double t = 0; // seconds since the run started
    qint64 backlogBytes = -1;
    qint64 backlogPackets = -1;
    qint64 drops = -1;      // since the run started
    qint64 overlimits = -1; // since the run started
};

// A queue series' backlog from a time on (the measured time, after the omitted start): the one
// pass over it that the bottleneck's rules and the device queue's read. Negative: no sample.
struct QueueBacklog {
    double meanBytes = -1;
    double meanPackets = -1;
    qint64 peakPackets = -1;
    int packetSamples = 0; // samples that counted packets
    int busySamples = 0;   // of those, the ones that found some queued
};
QueueBacklog queueBacklog(const QList<QueueSample> &queue, double fromT);

// What one end saw of a run. The store keeps the knob snapshots (before the knobs were applied,
// and after the run before restoring); counters and the queue series are read at the end they
// belong to, in its namespace. Empty members were not measured.
struct EndRecord {
    RunEnd end = RunEnd::Local;
    QString where;       // namespace or host
    bool sender = false; // this end sent the data: its counters say how the sending went
    KnobSnapshot knobsBefore;
    KnobSnapshot knobsAfter;
    // MIB counters (netstat, snmp, snmp6): after - before, only those that changed, read when
    // countersRead; else countersNote says why they are missing.
    bool countersRead = false;
    QMap<QString, qint64> counterDeltas;
    QString countersNote;
    // The bottleneck qdisc at this end (the lab's router, or the client's own egress in the
    // direct topology), sampled through the run: its interface, rate (bit/s) and queue limit.
    QString queueInterface;
    qint64 queueRateBps = -1;
    qint64 queueLimitBytes = -1;
    QList<QueueSample> queue;
    QString queueNote; // why there is no queue series where one was expected
    // The root qdisc of this end's own egress device, when it is not the bottleneck above (the
    // lab's routed topology, or this host's NIC towards a target): its device, its kind ("tbf",
    // "pfifo_fast", "mq", ...) and its series (docs/diagnosis.md, rule 1a).
    QString deviceQueueInterface;
    QString deviceQueueKind;
    QList<QueueSample> deviceQueue;

    // A counter's change over the run: 0 when it did not move, -1 when counters were not read.
    qint64 counter(const QString &name) const { return countersRead ? counterDeltas.value(name, 0) : -1; }
};

// Share of the sender's time (0 .. 1) that each limiter held the flow back, from TCP_INFO's
// chrono timers and in-flight vs cwnd. Negative where unknown.
struct LimiterBreakdown {
    double busy = -1;
    double rwndLimited = -1;
    double sndbufLimited = -1;
    double cwndLimited = -1;
    double applicationLimited = -1;

    bool known() const { return busy >= 0 || cwndLimited >= 0 || applicationLimited >= 0; }
};

struct RunRecord {
    qint64 id = 0;
    qint64 experimentId = 0;
    int runIndex = 0; // position in the plan's run order
    int pointIndex = 0;
    int repeat = 0;
    QString pointLabel;
    QMap<QString, QString> settings; // the point's swept parameters
    RunStatus status = RunStatus::Running;
    QString error;
    QDateTime started;
    QDateTime ended;
    // Where it ran, the same in every store it is copied to (empty: recorded before schema 8).
    QString uuid;
    QString host;
    QString user;
    QString kernel; // the running kernel's release (uname -r)

    // Summary figures (the traffic result). Negative where unknown.
    double throughputBps = 0;
    qint64 senderBytes = 0;
    qint64 receiverBytes = 0;
    double durationS = 0;
    double rttMinMs = -1;
    double rttMedianMs = -1;
    double rttP95Ms = -1;
    double rttMaxMs = -1;
    qint64 retransmits = 0;
    qint64 sndbufActual = -1;
    bool collapsed = false;
    QList<double> intervalThroughputBps; // per interval, for the collapse flag and charts
    double intervalS = 0;
    QJsonObject details; // everything else the traffic engine reported

    // Why the run went as it did. Not filled by every run yet: the per-run diagnosis fills the
    // counters, limiters, queue and verdict, the two-ended work the far end's record.
    QList<EndRecord> ends;                  // one per end involved
    LimiterBreakdown limiters;              // the sender's streams together (their mean)
    QList<LimiterBreakdown> streamLimiters; // per stream, in stream order
    QString verdict;                        // one or two plain sentences naming the dominant limiter; empty: none yet
    QList<CaptureRecord> captures;          // the files captured during the run (without their analysis)

    // Latency under load (workload rrul): idle against loaded latency and the probes, from
    // details; measured is false for other runs.
    LatencyUnderLoad underLoad() const;
    // The record of END, or nullptr when that end was not involved.
    const EndRecord *endRecord(RunEnd end) const;
    // The end that sent the data (this one with direction up; the far one with direction down).
    const EndRecord *senderEnd() const;
    // The sending end's value of the sysctl KEY during the run; empty when unknown.
    QString senderKnob(const QString &key) const;
};

enum class ExperimentStatus {
    Running, // being run (its process holds its ExperimentLock)
    Finished,
    Cancelled,
    Failed,
    Interrupted, // its process died while running it (resume it)
};

QString experimentStatusName(ExperimentStatus status);
ExperimentStatus experimentStatusFromName(const QString &name);

struct ExperimentRecord {
    qint64 id = 0;
    QString name;
    QDateTime created;
    QDateTime finished;
    ExperimentStatus status = ExperimentStatus::Running;
    QString error;
    QJsonObject plan; // SweepPlan::toJson(), spec included
    int plannedRuns = 0;
    int finishedRuns = 0; // ok + failed
    QString host;         // the machine it ran on (empty: recorded before tcptune kept it)
    QString user;         // the account that ran it
    QString uuid;         // the same in every store it is copied to
    QString kernel;       // the kernel release it ran on (older stores: its first run's; empty: none known)
};

} // namespace tcptune

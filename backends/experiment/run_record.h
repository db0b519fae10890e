#pragma once
// The plain records an experiment produces and the result store keeps: one sample of a run,
// one run's outcome and summary figures, a capture, and an experiment's header.

#include "knobs/knob_reader.h"

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
    double throughputBps = 0; // bits per second over the last interval
    double rttMs = -1;
    double rttVarMs = -1;
    qint64 cwnd = -1;       // segments
    qint64 retransmits = 0; // total so far
    double deliveryRateBps = -1;
    double pacingRateBps = -1;
    qint64 unacked = -1;
    qint64 notsentBytes = -1;
};

enum class RunStatus {
    Running, // started, not finished (after a crash: interrupted, redone on resume)
    Ok,
    Failed, // the error says why; the sweep went on
    Cancelled,
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
};

enum class ExperimentStatus {
    Running, // being run, or killed while running (resume it)
    Finished,
    Cancelled,
    Failed,
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
};

} // namespace tcptune

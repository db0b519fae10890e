#pragma once
// RunEvents: what a sweep in progress reports, declared once. The Runner emits these signals on
// its worker thread; the RunnerThread, which outlives each Runner, re-emits all of them for its
// listeners (forwardEvents()), so that a listener connects once for every plan.

#include "experiment/record/run_record.h"
#include "experiment/tables/sweep_table.h"

#include <QList>
#include <QObject>
#include <QString>

namespace tcptune {

class RunEvents : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    // Connects every signal of FROM to the same signal of TO (queued across threads).
    static void forwardEvents(const RunEvents *from, RunEvents *to);

Q_SIGNALS:
    void started(qint64 experimentId, int totalRuns, int alreadyDone);
    void runStarted(int runIndex, int point, int repeat, const QString &pointLabel);
    // The store gave run RUN_INDEX its id: the name it has everywhere ("#12", run12.pcap).
    void runStored(int runIndex, qint64 runId);
    // Sample batches of the run in progress (for live plots), ~every 100 ms.
    void samplesReady(int runIndex, const QList<tcptune::RunSample> &samples);
    // DONE of TOTAL runs finished; ETA in seconds (from the runs' measured time so far).
    void progress(int done, int total, double etaS);
    void runFinished(const tcptune::RunRecord &run);
    // A point's result over its runs so far (after each of its runs).
    void pointUpdated(const tcptune::PointResult &result);
    // The sweep ended: STATUS is "finished", "cancelled" or "failed".
    void finished(qint64 experimentId, const QString &status);
    // Something stopped the whole sweep (store, helper, target unusable): what and what to do.
    void failed(const QString &message);
    // One line for a log view: what the runner does now.
    void logged(const QString &line);
};

} // namespace tcptune

Q_DECLARE_METATYPE(tcptune::RunSample)
Q_DECLARE_METATYPE(QList<tcptune::RunSample>)
Q_DECLARE_METATYPE(tcptune::RunRecord)
Q_DECLARE_METATYPE(tcptune::PointResult)

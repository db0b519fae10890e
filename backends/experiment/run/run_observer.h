#pragma once
// Watches one run from outside the traffic: each end's MIB counters before and after it (the
// sender's namespace, and in the lab the router's) and the lab's bottleneck qdisc sampled every
// 100 ms in between, and so the root qdisc of the sender's own egress device where that is
// another queue (the device queue). The far end's counters come from the agent itself (agent protocol field
// "mib"), so the agent in the lab's server namespace, a `tcptune serve` on another host and,
// later, an agent the helper starts in the namespace all report their own.
//
// Reading inside a lab namespace needs root (setns). Without it the observer asks
// tcptune-helper (its mib_counters and qdisc_stats operations), which does the same reading:
// nothing here depends on tcptune running as root. docs/diagnosis.md says what is read where.

#include "experiment/record/run_record.h"
#include "experiment/run/experiment_backend.h"

#include <QCoreApplication>
#include <QMap>

#include <chrono>
#include <memory>

namespace tcptune {

class HelperConnection;
class QueueSampler;

class RunObserver final {
    Q_DECLARE_TR_FUNCTIONS(RunObserver)
public:
    // HELPER (may be null: no fallback) must outlive the observer.
    RunObserver(HelperConnection *helper, const RunEndpoint &endpoint);
    ~RunObserver();
    RunObserver(const RunObserver &) = delete;
    RunObserver &operator=(const RunObserver &) = delete;

    // Reads every end's counters and starts the queue series.
    void start();
    // The traffic begins now: queue sample times count from here.
    void trafficStarted(std::chrono::steady_clock::time_point at);
    // Stops the series and reads the counters again: the local end first, then the router's,
    // each with its deltas or a note saying why they are missing. LOCAL_SENDS: this end sent
    // the data (direction up); with direction down the far end sends and its record says so.
    QList<EndRecord> finish(bool localSends);

    // False when TCPTUNE_NO_DIAGNOSIS=1: the benchmark compares runs with and without it.
    static bool enabled();

private:
    struct Watched {
        RunEnd end;
        QString netns;
        QString where;
        Result<QMap<QString, qint64>> before = QMap<QString, qint64>{};
    };
    [[nodiscard]] Result<QMap<QString, qint64>> readCounters(const QString &netns) const;
    void startQueue();
    // A sampler of INTERFACE's root qdisc in NETNS, started; null with NOTE saying why not.
    [[nodiscard]] std::unique_ptr<QueueSampler> startSampler(const QString &netns, const QString &interface,
                                                             QString &note) const;

    HelperConnection *m_helper;
    RunEndpoint m_endpoint;
    QList<Watched> m_watched;
    std::unique_ptr<QueueSampler> m_queue;
    QString m_queueNote;
    std::unique_ptr<QueueSampler> m_deviceQueue;
    QString m_deviceQueueInterface;
    QString m_deviceQueueKind;
};

} // namespace tcptune

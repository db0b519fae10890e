#pragma once
// Samples a qdisc's statistics on a thread of its own, every 100 ms by default, from start()
// to stop(): the bottleneck's queue series of a run. The first reading is the baseline that
// drops and overlimits count from. Reading is one netlink request and reply (QdiscStatsReader),
// or a request to tcptune-helper when this process cannot enter the lab: either way nothing the
// traffic threads wait for.

#include "common/error.h"
#include "experiment/record/run_record.h"
#include "lab/qdisc_stats.h"

#include <QList>
#include <QString>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace tcptune {

class QueueSampler final {
public:
    using Read = std::function<Result<QdiscStats>()>;
    using Clock = std::chrono::steady_clock;

    explicit QueueSampler(Read read, std::chrono::milliseconds interval = std::chrono::milliseconds(100));
    ~QueueSampler(); // stops
    QueueSampler(const QueueSampler &) = delete;
    QueueSampler &operator=(const QueueSampler &) = delete;

    // Takes the baseline reading now and samples from then on. Fails when the first reading does.
    [[nodiscard]] Result<void> start();
    // Times count from ORIGIN (the traffic's start); before it is called, from start().
    void setOrigin(Clock::time_point origin);
    // Stops, takes a last reading, and returns every sample (t in seconds from the origin;
    // drops and overlimits since the baseline).
    QList<QueueSample> stop();
    // The first error a reading met during the run, if any (sampling goes on after one).
    QString error() const;
    // The qdisc's kind as the baseline reading found it ("tbf", "pfifo_fast", ...).
    QString kind() const;
    // What the sampling thread cost (CPU time, its own clock; known once stopped) and how many
    // readings followed the baseline: bench/diagnosis/cost.py reads them from RunObserver's log.
    std::chrono::nanoseconds threadCpuTime() const;
    int readingCount() const;

private:
    void loop();
    void take(Clock::time_point at);

    Read m_read;
    std::chrono::milliseconds m_interval;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::thread m_thread;
    Clock::time_point m_origin;
    QdiscStats m_baseline;
    QList<std::pair<Clock::time_point, QdiscStats>> m_readings;
    QString m_error;
    std::chrono::nanoseconds m_threadCpu{0};
    int m_readingCount = 0;
};

} // namespace tcptune

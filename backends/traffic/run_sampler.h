#pragma once
// The sample series of one run: each interval one TCP_INFO reading per stream, turned into that
// stream's sample and their aggregate (marked omitted inside the omit window, with the latest
// latency-probe time), handed out through a LiveFeed. Called on the run's own thread, between its
// sends: a reading costs one getsockopt per stream and no wake-up of its own.

#include "traffic/tcp_info_sampler.h"
#include "traffic/traffic_result.h"
#include "traffic/traffic_spec.h"

#include <QList>
#include <QLoggingCategory>

#include <chrono>
#include <optional>
#include <vector>

namespace tcptune {

// On (QT_LOGGING_RULES="tcptune.traffic.cost=true"): each run logs what its TCP_INFO readings
// cost the run's own thread (bench/traffic/run.py reads it).
Q_DECLARE_LOGGING_CATEGORY(lcTrafficCost)

// What live views and progress lines get of a run while it goes: its aggregate samples in batches
// (~every 100 ms) and the mean measured throughput (~every 250 ms). RunSampler feeds one, and so
// does the receiving side of a run in direction down.
class LiveFeed final {
public:
    using Clock = std::chrono::steady_clock;

    explicit LiveFeed(Clock::time_point t0)
        : m_lastBatch(t0)
        , m_lastProgress(t0)
    {
    }

    void addSample(const TrafficSample &aggregate) { m_batch.append(aggregate); }
    // A measured (not omitted) throughput for the next progress mean.
    void addThroughput(double bps)
    {
        m_progressSum += bps;
        ++m_progressCount;
    }
    // The samples since the last batch, once ~100 ms have passed or when FORCE is set; empty
    // otherwise.
    QList<TrafficSample> takeBatch(Clock::time_point now, bool force);
    // The mean throughput since the last call, once ~250 ms have passed.
    std::optional<double> takeProgress(Clock::time_point now);

private:
    QList<TrafficSample> m_batch;
    Clock::time_point m_lastBatch;
    Clock::time_point m_lastProgress;
    double m_progressSum = 0;
    int m_progressCount = 0;
};

class RunSampler final {
public:
    using Clock = std::chrono::steady_clock;

    // STREAM_FDS in stream order; T0 is when traffic started. Takes the first reading now.
    RunSampler(const TrafficSpec &spec, std::vector<int> streamFds, Clock::time_point t0);

    Clock::time_point nextSampleAt() const { return m_next; }
    // Reads every stream at NOW and appends its samples and the aggregate to RESULT. PROBE_RTT_MS
    // (-1: none new) goes into the aggregate.
    void sample(Clock::time_point now, TrafficResult &result, double probeRttMs);
    // The aggregates and their throughput, for live views and progress lines.
    LiveFeed &feed() { return m_feed; }
    // Logs under lcTrafficCost the CPU the readings took on this thread against all the thread's
    // CPU since the first reading: the share of the engine's work that sampling takes, measured
    // where it is spent (a throughput difference of 1 % drowns in run-to-run noise). Metered
    // only while the category is on, as each meter reading is a system call.
    void logCost() const;

private:
    void read(Clock::time_point now, TrafficResult &result, double probeRttMs);

    bool m_metered;
    std::chrono::nanoseconds m_threadCpuAtStart{0};
    std::chrono::nanoseconds m_readingCpu{0};
    int m_readings = 0;
    double m_omitS;
    Clock::duration m_interval;
    Clock::time_point m_t0;
    Clock::time_point m_next;
    std::vector<int> m_fds;
    std::vector<StreamSampler> m_samplers;
    LiveFeed m_feed;
};

} // namespace tcptune

#pragma once
// The sample series of one run: each interval one TCP_INFO reading per stream, turned into that
// stream's sample and their aggregate (marked omitted inside the omit window, with the latest
// latency-probe time), handed out in batches for live views (~every 100 ms) and as a throughput
// average for progress lines (~every 250 ms). Called on the run's own thread, between its sends:
// a reading costs one getsockopt per stream and no wake-up of its own.

#include "traffic/tcp_info_sampler.h"
#include "traffic/traffic_result.h"
#include "traffic/traffic_spec.h"

#include <QList>

#include <chrono>
#include <optional>
#include <vector>

namespace tcptune {

class RunSampler final {
public:
    using Clock = std::chrono::steady_clock;

    // STREAM_FDS in stream order; T0 is when traffic started. Takes the first reading now.
    RunSampler(const TrafficSpec &spec, std::vector<int> streamFds, Clock::time_point t0);

    Clock::time_point nextSampleAt() const { return m_next; }
    // Reads every stream at NOW and appends its samples and the aggregate to RESULT. PROBE_RTT_MS
    // (-1: none new) goes into the aggregate.
    void sample(Clock::time_point now, TrafficResult &result, double probeRttMs);
    // The aggregate samples since the last batch, once ~100 ms have passed or when FORCE is set;
    // empty otherwise.
    QList<TrafficSample> takeBatch(Clock::time_point now, bool force);
    // The mean measured throughput since the last call, once ~250 ms have passed.
    std::optional<double> takeProgress(Clock::time_point now);

private:
    double m_omitS;
    Clock::duration m_interval;
    Clock::time_point m_t0;
    Clock::time_point m_next;
    std::vector<int> m_fds;
    std::vector<StreamSampler> m_samplers;
    QList<TrafficSample> m_batch;
    Clock::time_point m_lastBatch;
    Clock::time_point m_lastProgress;
    double m_progressSum = 0;
    int m_progressCount = 0;
};

} // namespace tcptune

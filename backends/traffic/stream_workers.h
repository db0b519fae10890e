#pragma once
// The sending side of the workloads that wait for answers, one blocking thread per connection:
// rr transactions, split-write messages (header write then data write, corked around them when
// asked), and the latency probe. Threads only count and record; the sampler reads their atomics.
// Bulk streams are written by BulkSender on the run's own thread; StreamWorker holds their
// counters too.

#include "traffic/traffic_spec.h"

#include <QCoreApplication>
#include <QString>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

namespace tcptune {

struct WorkerShared {
    std::atomic<bool> stop{false};
    std::chrono::steady_clock::time_point t0;
    // Latest probe transaction (microseconds) and how many have completed.
    std::atomic<std::int64_t> latestProbeUs{-1};
    std::atomic<std::int64_t> probeCount{0};
};

struct LatencyRecord {
    double t;  // seconds since t0, at completion
    double ms; // transaction time
};

struct StreamWorker {
    Q_DECLARE_TR_FUNCTIONS(StreamWorker)
public:
    int index = 0;
    int fd = -1;
    bool probe = false;
    bool receives = false; // the other end sends on this connection; BulkReceiver reads it
    std::atomic<std::int64_t> bytesWritten{0};
    std::atomic<std::int64_t> bytesRead{0};
    std::atomic<std::int64_t> transactions{0};
    std::atomic<bool> failed{false};
    QString error;                        // read after the thread ended
    std::vector<LatencyRecord> latencies; // written by the thread only

    static constexpr std::size_t kMaxLatencies = 2'000'000;
};

// The most a stream's worker allocates for one write or message: larger writes and messages go
// out (and answers come in) as several calls on one buffer of this size, so a client asking for
// 64 MiB writes costs the agent 1 MiB per stream, not 64.
inline constexpr std::int64_t kMaxWriteBuffer = 1 << 20;
inline std::size_t cappedBuffer(std::int64_t size)
{
    return std::size_t(std::clamp<std::int64_t>(size, 1, kMaxWriteBuffer));
}
// What one sending stream of SPEC allocates (sendBulk, runStreamWorker), for the memory budget.
std::int64_t streamBufferBytes(const TrafficSpec &spec);

// Marks WORKER failed with errno ERROR (0: the target closed the connection).
void markFailed(StreamWorker &worker, int error);

// Writes all of DATA on WORKER's connection and counts it, unless SHARED.stop comes first (a send
// timeout on the socket makes send() return now and then to look at it); false when stopped or
// failed (then WORKER is marked failed, unless stopping).
bool sendFully(StreamWorker &worker, const WorkerShared &shared, const char *data, std::size_t size);

// Sends TOTAL bytes on WORKER's connection from BUFFER (reused as often as TOTAL needs), unless
// SHARED.stop comes first; false when stopped or failed, as sendFully.
bool sendRepeated(StreamWorker &worker, const WorkerShared &shared, const std::vector<char> &buffer,
                  std::int64_t total);

// Runs the workload of SPEC on WORKER until SHARED.stop; returns when done or on error.
void runStreamWorker(const TrafficSpec &spec, StreamWorker &worker, WorkerShared &shared);

} // namespace tcptune

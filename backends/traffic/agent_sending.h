#pragma once
// The agent's own sending for a run whose direction is down or both: a worker per sending
// connection (the same workloads as the client's), TCP_INFO of those sockets sampled every
// interval on the control thread and streamed to the client while the run goes, and what was
// sent. Kept apart from AgentServer so the server only routes connections to it.

#include "traffic/socket_util.h"
#include "traffic/stream_workers.h"
#include "traffic/tcp_info_sampler.h"
#include "traffic/traffic_spec.h"

#include <QJsonArray>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <vector>

namespace tcptune {

class AgentSending final {
public:
    // SPEC: the sending side of the run (workload, sizes, socket options, streams, omit, sample
    // interval); FIRST_STREAM: the number the first sending connection has in the client's result;
    // TUNER: who sets the options the host's limits keep from this process (empty: itself).
    AgentSending(const TrafficSpec &spec, int firstStream, netns::SocketTuner tuner = {});
    ~AgentSending();
    AgentSending(const AgentSending &) = delete;
    AgentSending &operator=(const AgentSending &) = delete;

    // On the data connection's thread, first: applies the sender's socket options to FD.
    void attach(int index, int fd);
    // True once every sending connection is attached.
    bool allAttached();
    // Then, on the same thread: waits for begin(), sends until stop() or ABORT, and half-closes
    // the connection so the client sees the end.
    void serve(int index, const std::atomic<bool> &abort);
    // On the control thread: traffic starts now (T0 is the run's clock).
    void begin(sock::Clock::time_point t0);
    // On the control thread: the next sampling time, and the samples due at NOW (one tick:
    // {"t", "aggregate", "streams"}), or an empty object when none is due.
    sock::Clock::time_point nextSampleAt() const { return m_next; }
    QJsonObject sampleIfDue(sock::Clock::time_point now);
    // Stops every worker (idempotent, any thread).
    void stop();
    // What each connection sent after the omit window: [{stream, bytes, retrans, sndbuf,
    // rcvbuf, congestion_control, error}].
    QJsonArray figures() const;
    bool anyFailed() const;

private:
    // Latency under load: waits out the idle phase after begin(); false when aborted first.
    bool holdIdlePhase(const std::atomic<bool> &abort);

    TrafficSpec m_spec;
    int m_firstStream;
    netns::SocketTuner m_tuner;
    std::deque<StreamWorker> m_workers;
    std::vector<StreamSampler> m_samplers;
    std::vector<std::int64_t> m_bytesAtOmit;
    std::vector<std::int64_t> m_retrans;
    std::vector<QJsonObject> m_socketFacts;
    WorkerShared m_shared;
    std::mutex m_mutex;
    std::condition_variable m_begun;
    int m_attached = 0;
    bool m_started = false;
    bool m_omitPassed = false;
    sock::Clock::time_point m_t0;
    sock::Clock::time_point m_next;
};

} // namespace tcptune

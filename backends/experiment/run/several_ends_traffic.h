#pragma once
// Runs the same traffic against several ends at once (a spec whose target is a list): one
// TrafficClient per end, each on a thread of its own with its own connections and its own
// TCP_INFO samples. The ends start together: every client connects first, and none begins its
// traffic (the agent's "begin") before all are connected, so they share the same start instant
// and duration. An end that cannot connect stops the others before any traffic flows.
// Above the traffic engine on purpose: it only composes TrafficClient.

#include "common/netns.h"
#include "experiment/run/several_ends_result.h"
#include "traffic/traffic_spec.h"

#include <QCoreApplication>
#include <QList>

#include <chrono>
#include <functional>
#include <mutex>
#include <optional>

namespace tcptune {

class TrafficClient;

class SeveralEndsTraffic final {
    Q_DECLARE_TR_FUNCTIONS(SeveralEndsTraffic)
public:
    // Called on the end's own thread (so at the same time for several ends): END is the end's
    // index in the list run() was given.
    using SampleSink = std::function<void(int end, const QList<TrafficSample> &samples)>;
    using ProgressSink = std::function<void(int end, double elapsedS, double totalS, double throughputBps)>;

    void setSocketMaker(netns::SocketMaker maker) { m_socketMaker = std::move(maker); }
    void setSampleSink(SampleSink sink) { m_samples = std::move(sink); }
    void setProgressSink(ProgressSink sink) { m_progress = std::move(sink); }

    // Blocks until every end has finished. ENDS: one spec per end, the same workload each.
    SeveralEndsResult run(const QList<TrafficSpec> &ends);
    // Thread-safe: ends every end's run early.
    void cancel();

private:
    class StartLine;
    using Clock = std::chrono::steady_clock;
    TrafficResult runEnd(int index, const TrafficSpec &spec, StartLine &line, std::optional<Clock::time_point> &began);
    void track(TrafficClient *client, bool running);

    netns::SocketMaker m_socketMaker = netns::makeSockets;
    SampleSink m_samples;
    ProgressSink m_progress;
    std::mutex m_mutex; // guards m_clients and m_cancelled
    QList<TrafficClient *> m_clients;
    StartLine *m_line = nullptr;
    bool m_cancelled = false;
};

} // namespace tcptune

#pragma once
// What one TrafficClient run owns while it runs (sockets, the target's session, workers, the
// bulk sender), torn down on every exit path, and the steps that set it up: data connections
// opened with the spec's options, then the threads or the bulk sender that drive them.
// Internal to the traffic engine.

#include "traffic/bulk_receiver.h"
#include "traffic/bulk_sender.h"
#include "traffic/remote_session.h"
#include "traffic/socket_util.h"
#include "traffic/ssh_channel.h"
#include "traffic/stream_workers.h"
#include "traffic/traffic_result.h"
#include "traffic/traffic_spec.h"
#include "traffic/udp_prober.h"

#include <deque>
#include <memory>
#include <thread>
#include <vector>

namespace tcptune {

struct RunState {
    std::unique_ptr<SshChannel> ssh; // ssh targets: the ssh client the control channel runs over
    std::vector<sock::Fd> fds;       // [0] control, then streams, then the probe
    std::unique_ptr<RemoteSession> remote;
    std::deque<StreamWorker> workers; // streams in order, then the probe
    WorkerShared shared;
    std::vector<std::thread> threads;     // rr, split-write and the probe
    std::unique_ptr<BulkSender> bulk;     // bulk streams, on the run's own thread
    std::unique_ptr<UdpProber> udpProber; // latency under load: on a thread of threads
    // Direction down: one thread reads what the target sends on every connection, as the agent
    // reads its streams (BulkReceiver); it keeps reading until the target's result is in.
    WorkerShared receiveShared;
    std::unique_ptr<BulkReceiver> receiver;
    std::thread receiverThread;
    std::int64_t receivedAtOmit = 0;
    std::int64_t receivedAtEnd = 0;

    // Counters when the omit window ended, subtracted from the final ones.
    bool omitDone = false;
    double omitEndT = 0;
    std::vector<std::int64_t> writtenAtOmit;
    std::vector<std::int64_t> transactionsAtOmit;

    RunState() = default;
    RunState(const RunState &) = delete;
    RunState &operator=(const RunState &) = delete;
    ~RunState()
    {
        stopWorkers();
        stopReceivers();
    }

    int control() const { return fds.front().get(); }
    void stopWorkers();
    void stopReceivers();
    // Bytes read so far on the connections the target sends on.
    std::int64_t received() const;
    // Records the counters at T, once.
    void markOmitEnd(double t);
};

// Connects the control connection, opens the target's session and every data connection (with
// the spec's socket options, before connect) and fills the result's connection facts: ports,
// buffer sizes, congestion control, the target's knobs.
// SOCKET_MAKER makes the sockets inside spec.clientNetns (TrafficClient::setSocketMaker).
[[nodiscard]] Result<void> openConnections(const TrafficSpec &spec, RunState &state, TrafficResult &result,
                                           const netns::SocketMaker &socketMaker);

// Bulk streams: hands them to a BulkSender (driven later by the caller's thread). Before the
// target starts counting, so that a payload that cannot be had fails the run early.
[[nodiscard]] Result<void> prepareBulk(const TrafficSpec &spec, RunState &state);
// Starts a thread for each stream the BulkSender does not drive (rr, split-write, the probe) and
// for the UDP prober.
void startThreads(const TrafficSpec &spec, RunState &state);

} // namespace tcptune

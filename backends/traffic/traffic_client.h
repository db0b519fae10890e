#pragma once
// Drives one traffic run against a `tcptune serve` agent or a stock iperf3 server: opens the
// data connections (inside spec.clientNetns when set), sends bulk data on every stream from the
// calling thread (epoll, as iperf3 does) and samples TCP_INFO of every sending socket between
// the sends; rr, split-write and the latency probe run on a thread per connection. Returns
// everything measured. Usable on a worker thread; cancel() may be called from any thread.

#include "common/netns.h"
#include "traffic/traffic_result.h"
#include "traffic/traffic_spec.h"

#include <QList>
#include <QObject>

#include <atomic>

namespace tcptune {

struct RunState;
struct RemoteFigures;

class TrafficClient final : public QObject {
    Q_OBJECT
public:
    explicit TrafficClient(QObject *parent = nullptr);
    ~TrafficClient() override;

    // Blocks for the whole run (connect + omit + duration + result exchange). Never throws.
    // On failure result.error says what went wrong and what to do; samples gathered before a
    // fault are kept and result.interrupted is set.
    TrafficResult run(const TrafficSpec &spec);

    // Who makes the sockets inside spec.clientNetns: by default this process (root, setns); a
    // user's process passes HelperConnection::socketMaker() (tcptune-helper makes them).
    void setSocketMaker(netns::SocketMaker maker) { m_socketMaker = std::move(maker); }

    // Thread-safe: ends a running run() early (marked interrupted and cancelled).
    void cancel();
    bool isCancelled() const;

Q_SIGNALS:
    // All emitted from the thread that called run().
    void connected(const QList<quint16> &localPorts);                    // data connections are up
    void trafficStarted();                                               // t = 0 of the samples
    void samplesReady(const QList<tcptune::TrafficSample> &samples);     // aggregate samples, ~every 100 ms
    void progress(double elapsedS, double totalS, double throughputBps); // ~every 250 ms
    void runFailed(const QString &message);

private:
    // How the measured part of a run ended: when (seconds since traffic began) and why, if early.
    struct RunEnd {
        double t = 0;
        QString interruption;
    };
    RunEnd driveRun(const TrafficSpec &spec, RunState &state, TrafficResult &result);
    QString interruption(const TrafficSpec &spec, const RunState &state, TrafficResult &result, double t) const;
    void collectSenderFigures(const RunState &state, TrafficResult &result) const;
    void collectReceiverFigures(const TrafficSpec &spec, RunState &state, TrafficResult &result);
    static void takeTargetReceiver(const TrafficSpec &spec, const RemoteFigures &figures, TrafficResult &result);

    std::atomic<bool> m_cancel{false};
    netns::SocketMaker m_socketMaker = netns::makeSockets;
};

} // namespace tcptune

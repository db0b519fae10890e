#pragma once
// AgentServer's private parts (Impl, a run's Session, the helpers they share), for the files that
// hold the agent's jobs: agent_server.cpp (the public class, listening, `serve --stdio`),
// agent_admission.cpp, agent_session.cpp, agent_far_knobs.cpp and agent_data.cpp. Included by
// those files only.

#include "traffic/agent_server.h"

#include "knobs/knob_reader.h"
#include "traffic/agent_gate.h"
#include "traffic/agent_protocol.h"
#include "traffic/agent_sending.h"
#include "traffic/agent_udp_echo.h"
#include "traffic/bulk_receiver.h"
#include "traffic/interval_log.h"
#include "traffic/memory_budget.h"
#include "traffic/socket_util.h"

#include <QJsonArray>
#include <QJsonObject>

#include <atomic>
#include <condition_variable>
#include <fcntl.h>
#include <list>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace tcptune {

using sock::Clock;

inline QString key(const char *k)
{
    return QString::fromLatin1(k);
}

constexpr int kStreamsArriveTimeoutMs = 10000;
constexpr int kPollSliceMs = 200; // how often blocked threads look at the stop flag

// One data connection: the counters it feeds and the exchange it serves (a
// request of REQUEST bytes is answered with RESPONSE bytes; REQUEST 0 is a bulk
// stream, nothing answered).
struct DataStream {
    std::atomic<std::int64_t> &bytes;
    std::atomic<std::int64_t> &transactions;
    std::int64_t request = 0;
    std::int64_t response = 0;
    bool probe = false; // the latency probe: what it reads is not counted
};

// One client's run: the control thread owns it, data threads feed its counters.
struct Session {
    QString id;
    QByteArray agentNonce; // the agent's half of the handshake, sent in "ready"
    QByteArray secret;     // derived on both ends, never sent: data connections prove
                           // they know it
    QString peer;
    // The client's address, the only one its UDP probes are answered to: the control
    // connection's, or over ssh (peer "ssh") that of its first data connection, which proved the
    // secret. Under sessionsMutex.
    PeerIp client;
    // The UDP echo's rate for this run; its thread alone touches it. Apart from the session, so
    // the echo never holds (nor ends up destroying) a run.
    std::shared_ptr<ProbeBucket> probeBucket = std::make_shared<ProbeBucket>();
    bool authenticated = false;
    int unusedThreads = 0; // reserved for data connections not attached yet; under sessionsMutex
    agentproto::SessionParams params;
    std::vector<std::atomic<std::int64_t>> bytes;
    std::vector<std::atomic<std::int64_t>> transactions;
    std::vector<std::atomic<bool>> attached;
    std::atomic<std::int64_t> lastByteNs{0}; // since `start`
    std::atomic<bool> probeAttached{false};
    std::atomic<int> activeData{0};
    std::atomic<bool> abort{false};
    std::unique_ptr<AgentSending> sending; // direction down: the agent's own writes
    bool knobsToRestore = false;           // params.sysctls are set and not yet put back
    // The run's share of the agent's memory budget: given back when the last
    // thread lets go of the session (it is destroyed with it, after every buffer
    // of the run).
    MemoryBudget::Reservation memory;
    QString source; // the source network whose session count it is in (runs
                    // without a token)
    Clock::time_point start = Clock::now();
    std::mutex mutex;
    std::condition_variable changed;
    // Bulk (no request size: a sink): every stream read on one thread, as
    // iperf3's server does. On few cores a thread per stream costs the sender its
    // CPU in context switches.
    std::unique_ptr<BulkReceiver> receiver;

    Session(const agentproto::SessionParams &p, const netns::SocketTuner &tuner)
        : params(p)
        , bytes(std::size_t(p.upStreams()))
        , transactions(std::size_t(p.upStreams()))
        , attached(std::size_t(p.connections()))
    {
        // A receive buffer the client fixed is the experiment's window: read at
        // once, unbatched.
        if (p.requestBytes == 0 && p.upStreams() > 0)
            receiver = std::make_unique<BulkReceiver>(p.upStreams(), p.rcvbuf <= 0);
        if (p.downStreams() > 0)
            sending = std::make_unique<AgentSending>(p.sending, p.upStreams(), tuner);
    }
    // Taking the mutex first means a waiter between its predicate check and its
    // wait cannot miss the wake-up.
    void notify()
    {
        {
            std::lock_guard lock(mutex);
        }
        changed.notify_all();
    }
    std::int64_t totalBytes() const
    {
        std::int64_t sum = 0;
        for (const auto &b : bytes)
            sum += b.load(std::memory_order_relaxed);
        return sum;
    }
};

// What the receiver counted up to the end of the omit window.
struct OmitMark {
    bool passed = false;
    std::int64_t bytes = 0;
    double t = 0;
    std::vector<std::int64_t> perStream;

    void take(const Session &s, double now)
    {
        passed = true;
        bytes = s.totalBytes();
        t = now;
        perStream.clear();
        for (const auto &b : s.bytes)
            perStream.push_back(b.load());
    }
};

inline void setBlocking(int fd)
{
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0)
        ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
}

struct AgentServer::Impl {
    AgentServer *q = nullptr;
    AgentOptions options;
    sock::Fd listenFd;
    std::uint16_t port = 0;
    std::atomic<bool> stopping{false};
    std::unique_ptr<AgentGate> gate;
    std::thread gateThread;
    sock::Fd udpFd; // the listening port's UDP twin: latency probes
    std::unique_ptr<AgentUdpEcho> udpEcho;
    std::thread udpThread;

    struct Worker {
        std::thread thread;
        std::shared_ptr<std::atomic<bool>> done;
    };
    std::mutex workersMutex;
    std::list<Worker> workers;
    std::atomic<int> threadsInUse{0};
    std::unique_ptr<MemoryBudget> memory;
    std::mutex fdsMutex;
    std::map<int, int> openFds; // fd -> 1; shut down on stop to wake blocked threads

    std::mutex sessionsMutex;
    std::map<QString, std::shared_ptr<Session>> sessions;
    std::map<QString, int> sessionsPerSource; // runs without a proved token, per source network
    std::atomic<int> active{0};
    std::atomic<int> served{0};
    std::atomic<int> protocolErrors{0};
    std::atomic<int> refusedConnections{0};

    void log(const QString &line) { Q_EMIT q->logged(line); }
    // The sysctls of options.knobNetns, as the client's report shows the far end.
    [[nodiscard]] Result<KnobSnapshot> readKnobs() const
    {
        if (options.readKnobs)
            return options.readKnobs(options.knobNetns);
        auto readings = KnobReader::readSysctls(options.knobNetns);
        if (!readings)
            return std::unexpected(readings.error());
        return KnobReader::snapshotOf(*readings);
    }
    // The MIB counters of options.knobNetns: their deltas over a run are the far
    // end's counters.
    [[nodiscard]] Result<mib::Counters> readCounters() const
    {
        return options.readCounters ? options.readCounters(options.knobNetns) : mib::read(options.knobNetns);
    }
    agentproto::HostDescription describeHost() const;
    GateHooks gateHooks();
    UdpEchoHooks udpEchoHooks();
    void startUdpEcho(const sock::Address &address);
    bool reserveThreads(int count);
    [[nodiscard]] Result<MemoryBudget::Reservation> reserveMemory(const agentproto::SessionParams &params);
    [[nodiscard]] Result<void> spawn(std::function<void()> fn);
    void reap(bool all);
    [[nodiscard]] Result<void> admitControl(Admitted &a);
    [[nodiscard]] Result<void> admitData(Admitted &a);
    std::shared_ptr<Session> attach(const QJsonObject &hello, const QString &peer, QString &why);
    void refuse(int fd, const QString &peer, const QString &why);
    void runControl(sock::Fd fd, const std::shared_ptr<Session> &session, QByteArray buffer);
    void endSession(const std::shared_ptr<Session> &session);
    bool sendReady(int fd, const Session &session, const Result<KnobSnapshot> &knobs);
    [[nodiscard]] Result<KnobSnapshot> knobsForClient(const Session &session) const;
    QJsonObject knobsAfterRun(Session &session);
    void restoreKnobs(Session &session);
    bool awaitBegin(int fd, Session &session, QByteArray &buffer);
    bool measure(int fd, Session &session, QByteArray &buffer, IntervalLog &intervals, OmitMark &omit,
                 bool receiverTicks);
    void sendResult(int fd, Session &session, IntervalLog &intervals, const OmitMark &omit, const QJsonObject &knobs);
    void runData(sock::Fd fd, const std::shared_ptr<Session> &session, int stream, const QByteArray &early);
    static void countArrived(Session &session, std::atomic<std::int64_t> &bytes, std::int64_t n);
    void answerRequests(int fd, Session &session, const DataStream &data, const QByteArray &early);
    void receiveBulk(Session &session, int fd, std::atomic<std::int64_t> &bytes);
    [[nodiscard]] Result<std::shared_ptr<Session>> openSession(const QJsonObject &start, const QString &peer,
                                                               bool authenticated, const QByteArray &agentNonce,
                                                               const QString &source = {});
    [[nodiscard]] Result<void> claimSourceSlot(const QString &source);
    void releaseSourceSlot(const QString &source);
    void runSending(Session &session, int fd, int index);
    // The run's "samples" lines, queued whole in OUTGOING and written as the socket takes them.
    struct SampleStream {
        QJsonArray pending;  // ticks not yet in a line
        QByteArray outgoing; // whole lines the socket has not taken yet
        Clock::time_point lastSent;
        int droppedBatches = 0;
    };
    void streamSamples(int fd, Session &session, SampleStream &stream);
    void finishSamples(int fd, SampleStream &stream);
    // Whether SESSION's client may learn about this host (knobs, version,
    // counters, buffer limits, congestion control, TCP_INFO): it proved the
    // token, came over ssh, or the agent serves the local lab.
    bool tellsHost(const Session &session) const { return session.authenticated || options.knobsWithoutToken; }
    bool sendLine(int fd, const QJsonObject &message, int timeoutMs = 5000)
    {
        return sock::sendAll(fd, agentproto::encode(message), Clock::now() + std::chrono::milliseconds(timeoutMs))
            .has_value();
    }
    void track(int fd, bool add)
    {
        std::lock_guard lock(fdsMutex);
        if (add)
            openFds[fd] = 1;
        else
            openFds.erase(fd);
    }
};

} // namespace tcptune

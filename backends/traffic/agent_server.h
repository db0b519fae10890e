#pragma once
// The target-side agent (`tcptune serve`): accepts control and data connections on one port,
// serves several clients at once, receives bulk data and answers rr and split-write messages,
// measures receiver goodput per interval and answers an authenticated client with its own knob
// snapshot. Every resource has a bound: connections wait in one epoll loop (AgentGate) until they
// are authenticated or attached, a run's threads are reserved from a fixed budget before the run
// is accepted, each thread has a fixed buffer and a run stores a bounded number of intervals.
// Malformed control messages get an error reply and a log line, never a crash.

#include "common/error.h"
#include "common/mib_counters.h"
#include "common/netns.h"
#include "common/socket_tuning.h"
#include "knobs/knob_reader.h"
#include "traffic/agent_udp_echo.h"

#include <QMap>
#include <QObject>
#include <QString>

#include <cstdint>
#include <functional>
#include <memory>

namespace tcptune {

struct AgentOptions {
    QString token;     // when set, clients must prove they know it (challenge-response)
    QString knobNetns; // namespace whose sysctls the agent reports (empty: its own)
    // Knob values and version also for clients without a token: only for an agent that clients
    // reach from namespaces the caller made itself (the local lab), never for one on a network.
    bool knobsWithoutToken = false;
    // Reads the sysctls of knobNetns; empty: KnobReader here (enters it: root). A user's lab
    // agent asks tcptune-helper.
    std::function<Result<KnobSnapshot>(const QString &netns)> readKnobs;
    // Reads the MIB counters of knobNetns; empty: common/mib_counters here (enters it: root). A
    // user's lab agent asks tcptune-helper.
    std::function<Result<mib::Counters>(const QString &netns)> readCounters;
    QString listenNetns; // namespace the listening socket is made in (empty: the caller's)
    // Makes the listening socket inside listenNetns: here (root), or tcptune-helper for a user.
    netns::SocketMaker socketMaker = netns::makeSockets;
    // Sets on the sockets it sends on what the host's limits keep from this process (a congestion
    // control a user may not choose, a send buffer above wmem_max): empty for root or an agent
    // outside the lab; tcptune-helper for a user's lab agent (HelperConnection::socketTuner()).
    netns::SocketTuner socketTuner;
    double maxDurationS = 3600;
    int maxStreams = 64;
    int maxSessions = 16; // concurrent runs
    // Waiting to authenticate or attach: in total, and from one source network (/24 for IPv4,
    // /64 for IPv6; AgentGate). One client opens up to 1 + 128 streams + a probe at once from its
    // address, so the per-network cap (also the burst of its token bucket) is above that; after
    // the burst a network may open newPerSecond connections a second. A full waiting room makes
    // room by closing the connection that waited longest.
    int maxConnections = 512;
    int maxPerAddress = 160;
    double newPerSecond = 50;
    // Runs at once from one source network for clients that proved no token (an agent without
    // a token, the default, serves only those).
    int maxSessionsPerSource = 4;
    int maxThreads = 0;       // run threads (one per control and data connection); 0: 2 x maxStreams + 8
    int maxIntervals = 20000; // stored per run; beyond that neighbouring intervals are merged
    // What every run's buffers, intervals and result draw from (traffic/run_memory.h); a run
    // that would exceed what is left is refused at `start`. The default, with the process
    // itself (about 30 MB), is meant to keep the agent under 256 MB.
    std::int64_t memoryBudget = kDefaultMemoryBudget;
    static constexpr std::int64_t kDefaultMemoryBudget = 192LL << 20;

    int threadBudget() const { return maxThreads > 0 ? maxThreads : 2 * maxStreams + 8; }
    // `serve --stdio`: runs start only on the control connection given to serveControl() (ssh
    // authenticated it); the listening port takes data connections only, and "ready" tells the
    // client this address and the port to open them to.
    bool controlOnlyOverStdio = false;
    QString dataAddress;
    // Far knobs, for runs over ssh only (ssh authenticated the client): sets a run's catalogue
    // sysctls through this host's tcptune-helper (journalled) before "ready", and puts back what
    // it set after the run or when the channel ends. Unset: runs with knobs are refused.
    // CONFIRMED: the client's user agreed to host device and core feature changes (--force).
    std::function<Result<void>(const QMap<QString, QString> &sysctls, bool confirmed)> applyKnobs;
    std::function<Result<void>()> restoreKnobs;
    // For "describe" over ssh: whether this host's tcptune-helper can run, as "root" or
    // "sudo -n", or why not and what to do (the error). Unset: reported as unusable.
    std::function<Result<QString>()> checkHelper;
    // The protocol the stdio hello announces; 0: the one spoken. Another only in the test of a
    // version mismatch.
    int announcedProtocol = 0;
};

class AgentServer final : public QObject {
    Q_OBJECT
public:
    explicit AgentServer(AgentOptions options = {}, QObject *parent = nullptr);
    ~AgentServer() override; // stops and joins every thread

    // Creates the listening socket (inside options.listenNetns when set), then serves on the
    // agent's own threads.
    // PORT 0 picks a free port. Returns the port it listens on.
    [[nodiscard]] Result<std::uint16_t> listen(const QString &address = QStringLiteral("0.0.0.0"),
                                               std::uint16_t port = 5300);
    // Serves one control connection on the calling thread until its run ends or it closes (the
    // caller keeps FD). For `serve --stdio`, after listen() opened the data port. A "describe"
    // instead of "start" is answered with this host's description, and no run follows.
    void serveControl(int fd);
    // Thread-safe; closes every connection and joins the threads. listen() may be called again.
    void stop();

    bool isListening() const;
    std::uint16_t port() const;
    int activeSessions() const;
    int sessionsServed() const;
    int protocolErrors() const;       // malformed or refused control messages so far
    int connectionsRefused() const;   // turned away at once: too many waiting connections
    int threadsInUse() const;         // of options.threadBudget()
    std::int64_t memoryInUse() const; // bytes reserved by runs, of options.memoryBudget
    // The UDP latency probes answered and dropped since listen() (zeros when UDP could not bind).
    UdpProbeCounts udpProbeCounts() const;

    static constexpr int kProtocolVersion = 6; // agentproto::kVersion (checked where both are known)

Q_SIGNALS:
    // One line per event (client connected, run finished, malformed message...). Emitted from
    // the agent's threads: connect with a queued or thread-safe receiver.
    void logged(const QString &line);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace tcptune

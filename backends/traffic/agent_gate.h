#pragma once
// The agent's front door: one epoll loop owns every connection until it is authenticated (a
// control connection) or attached to a run (a data connection). Before that a connection costs
// no thread and at most one short line of buffer; it has a handshake deadline. Epoll, not poll:
// under a flood the waiting room is full (hundreds of connections) and the loop wakes for every
// few bytes of noise; handing the kernel every descriptor at each wake-up took the gate's thread
// 8-11 % of a core under the reviewer's loads (bench/agent/load.py), the epoll set 3.3-4.6 %.
// Admission is fair:
// - a source is a network, /24 for IPv4 and /64 for IPv6 (ten addresses or one IPv6 prefix are
//   one source); each has a cap on waiting connections and a token bucket for new ones, which
//   an address with nothing waiting passes (a flooding neighbour must not lock it out);
// - at a cap (of the network, or of the whole waiting room) the connection that has waited
//   longest makes room for the newcomer, so a flood of idle connections cannot lock out a
//   client that completes its handshake at once;
// - once a client proves the token, its address gets reserved slots for its run's data
//   connections: they pass no cap or bucket and are never pushed out by unauthenticated ones.
// A connection over a cap is refused with a reason. When accept() runs out of descriptors
// (EMFILE, ENFILE) the loop pauses accepting instead of spinning.

#include "common/error.h"
#include "traffic/socket_util.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QString>

#include <atomic>
#include <deque>
#include <functional>
#include <list>

namespace tcptune {

struct GateLimits {
    int maxConnections = 256; // waiting to authenticate or attach, all sources
    int maxPerAddress = 32;   // waiting, from one source network (/24, /64); also the bucket's burst
    int handshakeMs = 5000;   // from accept to an authenticated start or an attached data line
    double newPerSecond = 50; // new connections a source may open per second, after its burst
};

// The source network ADDRESS (numeric) counts against: "a.b.c.0/24" for IPv4 (also IPv4-mapped
// IPv6), "x:x:x:x::/64" for IPv6; the address itself when it is neither.
QString sourceNetworkOf(const QString &address);

// A connection that passed the gate, handed to the agent.
struct Admitted {
    sock::Fd fd;
    QString peer;
    QJsonObject message; // "start" (control) or "data"/"probe"
    QByteArray leftover; // bytes that arrived after the line
    bool authenticated = false;
    QByteArray agentNonce; // control: the agent's half of the handshake (agent_auth.h)
    QString source;        // the source network (sourceNetworkOf)
};

struct GateHooks {
    std::function<void(const QString &)> log;
    std::function<void()> protocolError;
    std::function<void()> connectionRefused;
    // On success the hook owns ADMITTED.fd; on failure the gate refuses with the error's text.
    std::function<Result<void>(Admitted &)> admitControl;
    std::function<Result<void>(Admitted &)> admitData;
    std::function<void()> idle; // once per loop turn (reaping finished threads)
};

class AgentGate final {
    Q_DECLARE_TR_FUNCTIONS(AgentGate)
public:
    // An empty TOKEN admits every start unauthenticated.
    AgentGate(GateLimits limits, QString token, GateHooks hooks);
    ~AgentGate();
    AgentGate(const AgentGate &) = delete;
    AgentGate &operator=(const AgentGate &) = delete;

    [[nodiscard]] Result<void> valid() const;
    // Serves LISTEN_FD (non-blocking) until STOPPING; closes every waiting connection on return.
    void run(int listenFd, const std::atomic<bool> &stopping);

private:
    struct Waiting;
    using Iterator = std::list<Waiting>::iterator;

    void acceptSome(int listenFd);
    // Keeps LISTEN_FD in the epoll set while accepting is not paused.
    void watchListener(int listenFd, sock::Clock::time_point now);
    void watch(Iterator it);
    void unwatch(const Waiting &w);
    void welcome(sock::Fd fd, const QString &host, const QString &peer);
    void service(Iterator it);
    void handleLine(Iterator it, const QByteArray &line, QByteArray leftover);
    void challenge(Iterator it, const QJsonObject &start);
    void checkAnswer(Iterator it, const QJsonObject &message, QByteArray leftover);
    void admit(Iterator it, const QJsonObject &message, QByteArray leftover, bool authenticated,
               const std::function<Result<void>(Admitted &)> &hook);
    void refuse(Iterator it, const QString &why);
    void refuseNow(sock::Fd fd, const QString &peer, const QString &why);
    void forget(Iterator it);
    void hold(sock::Fd fd);
    [[nodiscard]] bool bucketAllows(const QString &source, sock::Clock::time_point now);
    [[nodiscard]] bool takeReservedSlot(const QString &address, sock::Clock::time_point now);
    void reserveSlots(const QString &address, const QJsonObject &start);
    bool makeRoom(const QString &source);
    void expire(sock::Clock::time_point now);
    void note(const QString &line);

    GateLimits m_limits;
    QString m_token;
    GateHooks m_hooks;
    struct Bucket {
        double tokens = 0;
        sock::Clock::time_point refilled;
    };
    struct Reserved {
        int connections = 0;
        sock::Clock::time_point until;
    };
    struct Held {
        sock::Fd fd;
        sock::Clock::time_point until;
    };
    std::list<Waiting> m_waiting;
    std::deque<Held> m_held; // refused at once, closed later (see refuseNow)
    std::size_t m_maxHeld = 0;
    sock::Fd m_epoll;
    bool m_listening = false;          // the listening socket is in m_epoll
    int m_unreserved = 0;              // of m_waiting, those counted against the caps
    QHash<QString, int> m_perSource;   // waiting, unreserved, per source network
    QHash<QString, int> m_perAddress;  // waiting, unreserved, per exact address
    QHash<QString, Bucket> m_buckets;  // per source network
    QHash<QString, Reserved> m_grants; // per exact address that proved the token
    sock::Clock::time_point m_acceptPausedUntil;
    sock::Clock::time_point m_nextExpiry;
    sock::Clock::time_point m_noteWindow;
    int m_notesInWindow = 0;
    int m_notesSuppressed = 0;
};

} // namespace tcptune

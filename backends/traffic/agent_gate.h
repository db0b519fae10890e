#pragma once
// The agent's front door: one poll loop owns every connection until it is authenticated (a
// control connection) or attached to a run (a data connection). Before that a connection costs
// no thread and at most one short line of buffer; it has a handshake deadline; waiting
// connections are capped in total and per source address, and a connection over a cap is refused
// with a reason. When accept() runs out of descriptors (EMFILE, ENFILE) the loop pauses accepting
// instead of spinning.

#include "common/error.h"
#include "traffic/socket_util.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QString>

#include <atomic>
#include <functional>
#include <list>

namespace tcptune {

struct GateLimits {
    int maxConnections = 256; // waiting to authenticate or attach, all sources
    int maxPerAddress = 32;   // waiting, from one source address
    int handshakeMs = 5000;   // from accept to an authenticated start or an attached data line
};

// A connection that passed the gate, handed to the agent.
struct Admitted {
    sock::Fd fd;
    QString peer;
    QJsonObject message; // "start" (control) or "data"/"probe"
    QByteArray leftover; // bytes that arrived after the line
    bool authenticated = false;
    QByteArray agentNonce; // control: the agent's half of the handshake (agent_auth.h)
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

    // Serves LISTEN_FD (non-blocking) until STOPPING; closes every waiting connection on return.
    void run(int listenFd, const std::atomic<bool> &stopping);

private:
    struct Waiting;
    using Iterator = std::list<Waiting>::iterator;

    void acceptSome(int listenFd);
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
    void expire(sock::Clock::time_point now);
    void note(const QString &line);

    GateLimits m_limits;
    QString m_token;
    GateHooks m_hooks;
    std::list<Waiting> m_waiting;
    QHash<QString, int> m_perAddress;
    sock::Clock::time_point m_acceptPausedUntil;
    sock::Clock::time_point m_noteWindow;
    int m_notesInWindow = 0;
    int m_notesSuppressed = 0;
};

} // namespace tcptune

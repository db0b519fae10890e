#pragma once
// The target-side agent (`tcptune serve`): accepts control and data connections on one port,
// serves several clients at once on its own threads, receives bulk data and answers rr and
// split-write messages, measures receiver goodput per interval and answers with its own knob
// snapshot. Malformed control messages get an error reply and a log line, never a crash.

#include "common/error.h"

#include <QObject>
#include <QString>

#include <cstdint>
#include <memory>

namespace tcptune {

struct AgentOptions {
    QString token;     // when set, clients must present it
    QString knobNetns; // namespace whose sysctls the agent reports (empty: its own)
    double maxDurationS = 3600;
    int maxStreams = 64;
    int maxSessions = 16; // concurrent runs
};

class AgentServer final : public QObject {
    Q_OBJECT
public:
    explicit AgentServer(AgentOptions options = {}, QObject *parent = nullptr);
    ~AgentServer() override; // stops and joins every thread

    // Creates the listening socket synchronously on the calling thread (so a caller inside
    // netns::runIn gets a socket in that namespace), then serves on the agent's own threads.
    // PORT 0 picks a free port. Returns the port it listens on.
    Result<std::uint16_t> listen(const QString &address = QStringLiteral("0.0.0.0"), std::uint16_t port = 5300);
    // Thread-safe; closes every connection and joins the threads. listen() may be called again.
    void stop();

    bool isListening() const;
    std::uint16_t port() const;
    int activeSessions() const;
    int sessionsServed() const;
    int protocolErrors() const; // malformed or refused control messages so far

    static constexpr int kProtocolVersion = 1;

Q_SIGNALS:
    // One line per event (client connected, run finished, malformed message...). Emitted from
    // the agent's threads: connect with a queued or thread-safe receiver.
    void logged(const QString &line);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace tcptune

#pragma once
// LabAgent: the traffic engine's agent, run in-process with its listening socket inside the
// lab's server namespace. The socket is made there (by this process when it is root, else by
// tcptune-helper, which passes it over: HelperConnection::socketMaker()) and keeps that
// namespace: the agent binds, listens and accepts on it with the user's own rights, and serves on
// its own threads, so a `tcptune run` against the lab needs no separate `tcptune serve` and no
// privilege of its own. It reports the server namespace's sysctls through the same connection.

#include "common/error.h"
#include "lab/lab_layout.h"

#include <QObject>

#include <memory>

namespace tcptune {

class AgentServer;
class HelperConnection;

class LabAgent final : public QObject {
    Q_OBJECT
public:
    // HELPER makes the agent's socket and reads the namespace's sysctls when this process is not
    // root; it must outlive the agent.
    explicit LabAgent(HelperConnection &helper, QObject *parent = nullptr);
    ~LabAgent() override; // stops the agent

    // Listens on ENDPOINTS.serverAddress:agentPort inside ENDPOINTS.serverNetns; when that port
    // is taken (another run on the same lab) it takes a free one. Returns the endpoints with
    // the port it really listens on.
    [[nodiscard]] Result<LabEndpoints> start(const LabEndpoints &endpoints);
    void stop();
    bool isRunning() const;

    // The running agent (for its counters and log), or nullptr.
    AgentServer *server() const { return m_server.get(); }

Q_SIGNALS:
    // The agent's log lines, forwarded (emitted from the agent's threads).
    void logged(const QString &line);

private:
    HelperConnection &m_helper;
    std::unique_ptr<AgentServer> m_server;
};

} // namespace tcptune

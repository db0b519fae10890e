#pragma once
// LabAgent: the traffic engine's agent, run in-process with its listening socket inside the
// lab's server namespace. netns::runIn enters the namespace on a short thread just for
// listen(); the socket stays in that namespace and the agent serves on its own threads, so a
// `tcptune run` against the lab needs no separate `tcptune serve`. Needs root (setns).

#include "common/error.h"
#include "lab/lab_layout.h"

#include <QObject>

#include <memory>

namespace tcptune {

class AgentServer;

class LabAgent final : public QObject {
    Q_OBJECT
public:
    explicit LabAgent(QObject *parent = nullptr);
    ~LabAgent() override; // stops the agent

    // Listens on ENDPOINTS.serverAddress:agentPort inside ENDPOINTS.serverNetns; when that port
    // is taken (another run on the same lab) it takes a free one. Returns the endpoints with
    // the port it really listens on.
    Result<LabEndpoints> start(const LabEndpoints &endpoints);
    void stop();
    bool isRunning() const;

    // The running agent (for its counters and log), or nullptr.
    AgentServer *server() const { return m_server.get(); }

Q_SIGNALS:
    // The agent's log lines, forwarded (emitted from the agent's threads).
    void logged(const QString &line);

private:
    std::unique_ptr<AgentServer> m_server;
};

} // namespace tcptune

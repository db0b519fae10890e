#include "lab/lab_agent.h"

#include "common/netns.h"
#include "traffic/agent_server.h"

#include <QCoreApplication>

#include <unistd.h>

namespace tcptune {

LabAgent::LabAgent(QObject *parent)
    : QObject(parent)
{
}

LabAgent::~LabAgent()
{
    stop();
}

Result<LabEndpoints> LabAgent::start(const LabEndpoints &endpoints)
{
    stop();
    if (::geteuid() != 0)
        return fail(QCoreApplication::translate(
            "LabAgent", "Traffic in the lab needs root: tcptune enters the lab's namespaces (setns). Run "
                        "it as root (e.g. with sudo), or give a --target outside the lab."));
    AgentOptions options;
    options.knobNetns = endpoints.serverNetns; // report the server namespace's sysctls
    // Only the lab's own namespaces reach this agent (it listens inside the server namespace,
    // which only root enters): it reports knobs without a token.
    options.knobsWithoutToken = true;
    auto server = std::make_unique<AgentServer>(options);
    connect(server.get(), &AgentServer::logged, this, &LabAgent::logged, Qt::DirectConnection);

    Result<std::uint16_t> listening = fail(QString());
    const auto entered = netns::runIn(endpoints.serverNetns, [&] {
        listening = server->listen(endpoints.serverAddress, endpoints.agentPort);
        if (!listening && endpoints.agentPort != 0)
            listening = server->listen(endpoints.serverAddress, 0);
    });
    if (!entered)
        return std::unexpected(entered.error());
    if (!listening)
        return fail(QCoreApplication::translate("LabAgent", "Cannot start the agent in %1: %2")
                        .arg(endpoints.serverNetns, listening.error().message));
    m_server = std::move(server);
    LabEndpoints actual = endpoints;
    actual.agentPort = *listening;
    return actual;
}

void LabAgent::stop()
{
    if (m_server) {
        m_server->stop();
        m_server.reset();
    }
}

bool LabAgent::isRunning() const
{
    return m_server && m_server->isListening();
}

} // namespace tcptune

#include "lab/lab_agent.h"

#include "helper/helper_connection.h"
#include "traffic/agent_server.h"

namespace tcptune {

LabAgent::LabAgent(HelperConnection &helper, QObject *parent)
    : QObject(parent)
    , m_helper(helper)
{
}

LabAgent::~LabAgent()
{
    stop();
}

Result<LabEndpoints> LabAgent::start(const LabEndpoints &endpoints)
{
    stop();
    AgentOptions options;
    options.knobNetns = endpoints.serverNetns; // report the server namespace's sysctls
    // Only the lab's own namespaces reach this agent (it listens inside the server namespace,
    // which only root enters): it reports knobs without a token.
    options.knobsWithoutToken = true;
    options.readKnobs = [helper = &m_helper](const QString &netns) { return helper->readKnobs(netns); };
    options.readCounters = [helper = &m_helper](const QString &netns) { return helper->readCounters(netns); };
    options.listenNetns = endpoints.serverNetns;
    options.socketMaker = m_helper.socketMaker();
    // The far sender's sockets are accepted ones, which the helper does not make: it sets cubic
    // and big send buffers on them afterwards.
    options.socketTuner = m_helper.socketTuner();
    auto server = std::make_unique<AgentServer>(options);
    connect(server.get(), &AgentServer::logged, this, &LabAgent::logged, Qt::DirectConnection);

    auto listening = server->listen(endpoints.serverAddress, endpoints.agentPort);
    if (!listening && endpoints.agentPort != 0)
        listening = server->listen(endpoints.serverAddress, 0);
    if (!listening)
        return fail(tr("Cannot start the agent in %1: %2").arg(endpoints.serverNetns, listening.error().message));
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

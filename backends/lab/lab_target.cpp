#include "lab/lab_target.h"

#include "helper/helper_connection.h"
#include "lab/lab_requests.h"
#include "traffic/traffic_spec.h"

namespace tcptune {

LabTarget::LabTarget(HelperConnection &helper)
    : m_helper(helper)
    , m_agent(helper)
{
}

LabTarget::~LabTarget() = default;

Result<std::unique_ptr<LabTarget>> LabTarget::start(HelperConnection &helper, const QString &labName)
{
    auto endpoints = ensureLabUp(helper, labName);
    if (!endpoints)
        return std::unexpected(endpoints.error());
    std::unique_ptr<LabTarget> target(new LabTarget(helper));
    auto started = target->m_agent.start(*endpoints);
    if (!started)
        return std::unexpected(started.error());
    target->m_endpoints = *started;
    return target;
}

netns::SocketMaker LabTarget::socketMaker() const
{
    return m_helper.socketMaker();
}

void LabTarget::applyTo(TrafficSpec &spec) const
{
    spec.target.kind = TargetKind::Agent;
    spec.target.host = m_endpoints.serverAddress;
    spec.target.port = m_endpoints.agentPort;
    spec.clientNetns = m_endpoints.clientNetns;
}

} // namespace tcptune

#include "lab/lab_target.h"

#include "lab/lab_requests.h"
#include "traffic/traffic_spec.h"

#include <QCoreApplication>

#include <unistd.h>

namespace tcptune {

LabTarget::~LabTarget() = default;

Result<std::unique_ptr<LabTarget>> LabTarget::start(HelperConnection &helper, const QString &labName)
{
    if (::geteuid() != 0)
        return fail(QCoreApplication::translate(
            "LabTarget", "Traffic in the local lab needs root: tcptune enters the lab's network namespaces (setns). "
                         "Run it as root (e.g. 'sudo tcptune run ...'), or give --target HOST of a `tcptune serve`."));
    auto endpoints = ensureLabUp(helper, labName);
    if (!endpoints)
        return std::unexpected(endpoints.error());
    std::unique_ptr<LabTarget> target(new LabTarget);
    auto started = target->m_agent.start(*endpoints);
    if (!started)
        return std::unexpected(started.error());
    target->m_endpoints = *started;
    return target;
}

void LabTarget::applyTo(TrafficSpec &spec) const
{
    spec.target.kind = TargetKind::Agent;
    spec.target.host = m_endpoints.serverAddress;
    spec.target.port = m_endpoints.agentPort;
    spec.clientNetns = m_endpoints.clientNetns;
}

} // namespace tcptune

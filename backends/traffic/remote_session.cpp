#include "traffic/remote_session.h"

#include "traffic/agent_remote.h"
#include "traffic/iperf3_remote.h"

namespace tcptune {

std::unique_ptr<RemoteSession> RemoteSession::create(const TrafficSpec &spec)
{
    if (spec.target.kind == TargetKind::Iperf3)
        return std::make_unique<Iperf3Remote>(spec);
    return std::make_unique<AgentRemote>(spec);
}

} // namespace tcptune

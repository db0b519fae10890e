#pragma once
// LabTarget: the lab as the target of one traffic run. It makes sure the lab is up (asking
// tcptune-helper to start it with the defaults when it is down), starts the agent inside the
// server namespace (LabAgent) and points a TrafficSpec at it, with the client's sockets in the
// client namespace. Keep it alive for the whole run: destroying it stops the agent. The lab
// itself stays up. Runs as the user: sockets in the lab's namespaces come from the helper
// (socketMaker()) unless this process is root.

#include "common/error.h"
#include "lab/lab_agent.h"
#include "common/netns.h"
#include "lab/lab_layout.h"

#include <QString>

#include <memory>

namespace tcptune {

class HelperConnection;
struct TrafficSpec;

class LabTarget final {
public:
    // HELPER builds the lab when it is down.
    [[nodiscard]] static Result<std::unique_ptr<LabTarget>>
    start(HelperConnection &helper, const QString &labName = QString::fromLatin1(kDefaultLabName));
    ~LabTarget();

    const LabEndpoints &endpoints() const { return m_endpoints; }
    // Sets SPEC's target to the lab's agent and its clientNetns to the lab's client namespace.
    void applyTo(TrafficSpec &spec) const;
    // Who makes the client's sockets inside the client namespace: for TrafficClient.
    netns::SocketMaker socketMaker() const;

private:
    explicit LabTarget(HelperConnection &helper);
    HelperConnection &m_helper;
    LabEndpoints m_endpoints;
    LabAgent m_agent;
};

} // namespace tcptune

#pragma once
// Where everything of a lab lives: namespace and interface names and addresses, derived from the
// lab's name and topology alone, so planning, status, clean-up and the traffic side agree.
// Addresses come from 198.18.0.0/15 (RFC 2544 benchmarking space): 198.18.1.0/24 on the client
// side, 198.18.2.0/24 on the server side.

#include "lab/lab_spec.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace tcptune {

struct LabLayout {
    QString clientNetns;           // tcptune-NAME-client
    QString routerNetns;           // tcptune-NAME-router; empty for the direct topology
    QString serverNetns;           // tcptune-NAME-server
    QString clientInterface;       // the client's lab link (inside clientNetns)
    QString serverInterface;       // the server's lab link (inside serverNetns)
    QString routerClientInterface; // routed: the router's link towards the client
    QString routerServerInterface; // routed: the router's link towards the server
    QString clientAddress;         // without prefix length
    QString serverAddress;
    QString routerClientAddress; // routed only
    QString routerServerAddress;
    QString bottleneckNetns; // where the rate limit sits for client -> server traffic
    QString bottleneckInterface;
    QString returnBottleneckNetns; // and for server -> client traffic (the far end sends)
    QString returnBottleneckInterface;

    // Every namespace of the lab, client first.
    QStringList namespaces() const;
};

LabLayout layoutFor(const QString &labName, LabTopology topology);

// The suffixes that mark a lab namespace: tcptune-NAME-client, -router, -server.
QStringList labNamespaceSuffixes();

// The lab name of a lab namespace ("tcptune-t-lab1-router" -> "t-lab1"), or empty.
QString labNameOfNamespace(const QString &netns);

// What a traffic run needs to use a lab.
struct LabEndpoints {
    QString labName;
    QString clientNetns;
    QString serverNetns;
    QString serverAddress;
    quint16 agentPort = 0;
    QString clientInterface; // capture here for the sender's view
    QString serverInterface; // capture here for the receiver's view
};

inline constexpr quint16 kLabAgentPort = 5300;

LabEndpoints endpointsFor(const QString &labName, LabTopology topology, quint16 agentPort = kLabAgentPort);
QJsonObject toJson(const LabEndpoints &endpoints);

} // namespace tcptune

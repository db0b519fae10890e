#include "lab/lab_layout.h"

#include "common/netns.h"

namespace tcptune {

QStringList LabLayout::namespaces() const
{
    QStringList all{clientNetns};
    if (!routerNetns.isEmpty())
        all << routerNetns;
    all << serverNetns;
    return all;
}

QStringList labNamespaceSuffixes()
{
    return {QStringLiteral("-client"), QStringLiteral("-router"), QStringLiteral("-server")};
}

QString labNameOfNamespace(const QString &netns)
{
    const QString prefix = QString::fromLatin1(netns::kPrefix);
    if (!netns.startsWith(prefix))
        return {};
    for (const QString &suffix : labNamespaceSuffixes()) {
        if (netns.endsWith(suffix) && netns.size() > prefix.size() + suffix.size())
            return netns.mid(prefix.size(), netns.size() - prefix.size() - suffix.size());
    }
    return {};
}

LabLayout layoutFor(const QString &labName, LabTopology topology)
{
    const QString base = QString::fromLatin1(netns::kPrefix) + labName;
    LabLayout l;
    l.clientNetns = base + QStringLiteral("-client");
    l.serverNetns = base + QStringLiteral("-server");
    // Interface names live inside the lab's own namespaces, so they need not be unique per lab;
    // the "tcpt" prefix makes them recognisable in captures and `ip link`.
    l.clientInterface = QStringLiteral("tcpt-c0");
    l.serverInterface = QStringLiteral("tcpt-s0");
    l.clientAddress = QStringLiteral("198.18.1.1");
    if (topology == LabTopology::Routed) {
        l.routerNetns = base + QStringLiteral("-router");
        l.routerClientInterface = QStringLiteral("tcpt-r0");
        l.routerServerInterface = QStringLiteral("tcpt-r1");
        l.routerClientAddress = QStringLiteral("198.18.1.254");
        l.routerServerAddress = QStringLiteral("198.18.2.254");
        l.serverAddress = QStringLiteral("198.18.2.1");
        l.bottleneckNetns = l.routerNetns;
        l.bottleneckInterface = l.routerServerInterface;
        l.returnBottleneckNetns = l.routerNetns;
        l.returnBottleneckInterface = l.routerClientInterface;
    } else {
        l.serverAddress = QStringLiteral("198.18.1.2");
        l.bottleneckNetns = l.clientNetns;
        l.bottleneckInterface = l.clientInterface;
        l.returnBottleneckNetns = l.serverNetns;
        l.returnBottleneckInterface = l.serverInterface;
    }
    return l;
}

LabEndpoints endpointsFor(const QString &labName, LabTopology topology, quint16 agentPort)
{
    const LabLayout l = layoutFor(labName, topology);
    return {labName, l.clientNetns, l.serverNetns, l.serverAddress, agentPort, l.clientInterface, l.serverInterface};
}

QJsonObject toJson(const LabEndpoints &e)
{
    return {
        {QStringLiteral("lab"), e.labName},
        {QStringLiteral("client_netns"), e.clientNetns},
        {QStringLiteral("server_netns"), e.serverNetns},
        {QStringLiteral("server_address"), e.serverAddress},
        {QStringLiteral("agent_port"), int(e.agentPort)},
        {QStringLiteral("client_interface"), e.clientInterface},
        {QStringLiteral("server_interface"), e.serverInterface},
    };
}

} // namespace tcptune

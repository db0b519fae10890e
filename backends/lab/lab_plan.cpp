#include "lab/lab_plan.h"

#include "lab/lab_layout.h"

#include <algorithm>

namespace tcptune {
namespace {

LabStep ip(QStringList args, bool mayFail = false)
{
    return {LabStep::Tool::Ip, std::move(args), QString(), mayFail};
}

LabStep tc(QStringList args, bool mayFail = false)
{
    return {LabStep::Tool::Tc, std::move(args), QString(), mayFail};
}

struct Link {
    QString netns;
    QString interface;
};

QList<Link> linksOf(const LabLayout &l)
{
    QList<Link> links{{l.clientNetns, l.clientInterface}};
    if (!l.routerNetns.isEmpty())
        links << Link{l.routerNetns, l.routerClientInterface} << Link{l.routerNetns, l.routerServerInterface};
    links << Link{l.serverNetns, l.serverInterface};
    return links;
}

// The delay sits on the reverse path (towards the client), so it adds to the RTT without sharing
// the bottleneck's queue limit.
Link delayLink(const LabLayout &l)
{
    if (!l.routerNetns.isEmpty())
        return {l.routerNetns, l.routerClientInterface};
    return {l.serverNetns, l.serverInterface};
}

} // namespace

QString LabStep::toString() const
{
    switch (tool) {
    case Tool::Ip: return QStringLiteral("ip ") + args.join(QLatin1Char(' '));
    case Tool::Tc: return QStringLiteral("tc ") + args.join(QLatin1Char(' '));
    case Tool::Sysctl: return QStringLiteral("sysctl (netns %1) %2=%3").arg(netns, args.value(0), args.value(1));
    }
    return {};
}

std::int64_t tbfBurstBytes(std::int64_t rateBitsPerSecond, int mtu)
{
    const std::int64_t twoMs = rateBitsPerSecond / 8 / 500;
    return std::max<std::int64_t>(twoMs, 2 * (std::int64_t(mtu) + 14));
}

QList<LabStep> buildUpSteps(const LabSpec &spec)
{
    const LabLayout l = layoutFor(spec.name, spec.topology);
    QList<LabStep> steps;
    for (const QString &ns : l.namespaces())
        steps << ip({"netns", "add", ns});
    for (const QString &ns : l.namespaces())
        steps << ip({"-n", ns, "link", "set", "lo", "up"});

    if (spec.topology == LabTopology::Routed) {
        steps << ip({"link", "add", l.clientInterface, "netns", l.clientNetns, "type", "veth", "peer", "name",
                     l.routerClientInterface, "netns", l.routerNetns})
              << ip({"link", "add", l.routerServerInterface, "netns", l.routerNetns, "type", "veth", "peer", "name",
                     l.serverInterface, "netns", l.serverNetns})
              << ip({"-n", l.clientNetns, "addr", "add", l.clientAddress + "/24", "dev", l.clientInterface})
              << ip({"-n", l.routerNetns, "addr", "add", l.routerClientAddress + "/24", "dev", l.routerClientInterface})
              << ip({"-n", l.routerNetns, "addr", "add", l.routerServerAddress + "/24", "dev", l.routerServerInterface})
              << ip({"-n", l.serverNetns, "addr", "add", l.serverAddress + "/24", "dev", l.serverInterface});
    } else {
        steps << ip({"link", "add", l.clientInterface, "netns", l.clientNetns, "type", "veth", "peer", "name",
                     l.serverInterface, "netns", l.serverNetns})
              << ip({"-n", l.clientNetns, "addr", "add", l.clientAddress + "/24", "dev", l.clientInterface})
              << ip({"-n", l.serverNetns, "addr", "add", l.serverAddress + "/24", "dev", l.serverInterface});
    }

    steps << buildConfigureSteps(spec, false);
    for (const Link &link : linksOf(l))
        steps << ip({"-n", link.netns, "link", "set", link.interface, "up"});

    if (spec.topology == LabTopology::Routed) {
        steps << ip({"-n", l.clientNetns, "route", "add", "198.18.0.0/15", "via", l.routerClientAddress})
              << ip({"-n", l.serverNetns, "route", "add", "198.18.0.0/15", "via", l.routerServerAddress})
              << LabStep{LabStep::Tool::Sysctl, {"net.ipv4.ip_forward", "1"}, l.routerNetns, false};
    }
    return steps;
}

QList<LabStep> buildConfigureSteps(const LabSpec &spec, bool reshaping)
{
    const LabLayout l = layoutFor(spec.name, spec.topology);
    QList<LabStep> steps;
    for (const Link &link : linksOf(l))
        steps << ip({"-n", link.netns, "link", "set", "dev", link.interface, "mtu", QString::number(spec.mtu)});

    if (spec.rateBitsPerSecond > 0) {
        steps << tc({"-n", l.bottleneckNetns, "qdisc", "replace", "dev", l.bottleneckInterface, "root", "handle",
                     "1:", "tbf", "rate", QString::number(spec.rateBitsPerSecond) + "bit", "burst",
                     QString::number(tbfBurstBytes(spec.rateBitsPerSecond, spec.mtu)), "limit",
                     QString::number(spec.queueBytes)});
    } else if (reshaping) {
        steps << tc({"-n", l.bottleneckNetns, "qdisc", "del", "dev", l.bottleneckInterface, "root"}, true);
    }

    const Link d = delayLink(l);
    if (spec.delayMs > 0)
        steps << tc({"-n", d.netns, "qdisc", "replace", "dev", d.interface, "root", "netem", "delay",
                     QString::number(spec.delayMs) + "ms", "limit", "100000"});
    else if (reshaping)
        steps << tc({"-n", d.netns, "qdisc", "del", "dev", d.interface, "root"}, true);
    return steps;
}

QList<LabStep> buildDownSteps(const QString &labName)
{
    QList<LabStep> steps;
    for (const QString &suffix : labNamespaceSuffixes())
        steps << ip({"netns", "del", QStringLiteral("tcptune-") + labName + suffix}, true);
    return steps;
}

} // namespace tcptune

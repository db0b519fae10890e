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
// The root qdisc of LINK: netem when it delays, else tbf when the lab is shaped, else none.
QList<LabStep> shapingSteps(const LabSpec &spec, const Link &link, int delayMs, bool reshaping)
{
    const QString rate = QString::number(spec.rateBitsPerSecond) + QStringLiteral("bit");
    if (delayMs > 0) {
        QStringList netem{"-n",           link.netns, "qdisc", "replace", "dev",
                          link.interface, "root",     "netem", "delay",   QString::number(delayMs) + "ms",
                          "limit",        "100000"};
        if (spec.rateBitsPerSecond > 0)
            netem << "rate" << rate;
        return {tc(netem)};
    }
    if (spec.rateBitsPerSecond > 0)
        return {tc({"-n", link.netns, "qdisc", "replace", "dev", link.interface, "root", "handle", "1:", "tbf", "rate",
                    rate, "burst", QString::number(tbfBurstBytes(spec.rateBitsPerSecond, spec.mtu)), "limit",
                    QString::number(spec.queueBytes)})};
    if (reshaping)
        return {tc({"-n", link.netns, "qdisc", "del", "dev", link.interface, "root"}, true)};
    return {};
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

    // The same bottleneck both ways, so that a run where the far end sends (direction down) is
    // shaped like one where the client sends. The return link (towards the client) also holds the
    // delay: a link has one root qdisc, so there netem limits the rate itself.
    steps << shapingSteps(spec, {l.bottleneckNetns, l.bottleneckInterface}, 0, reshaping)
          << shapingSteps(spec, {l.returnBottleneckNetns, l.returnBottleneckInterface}, spec.delayMs, reshaping);
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

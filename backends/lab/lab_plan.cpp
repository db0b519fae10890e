#include "lab/lab_plan.h"

#include "lab/lab_layout.h"

#include <algorithm>

using namespace Qt::StringLiterals;

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
        QStringList netem{u"-n"_s,        link.netns, u"qdisc"_s, u"replace"_s, u"dev"_s,
                          link.interface, u"root"_s,  u"netem"_s, u"delay"_s,   QString::number(delayMs) + u"ms"_s,
                          u"limit"_s,     u"100000"_s};
        if (spec.rateBitsPerSecond > 0)
            netem << u"rate"_s << rate;
        return {tc(netem)};
    }
    if (spec.rateBitsPerSecond > 0)
        return {tc({u"-n"_s, link.netns, u"qdisc"_s, u"replace"_s, u"dev"_s, link.interface, u"root"_s, u"handle"_s,
                    u"1:"_s, u"tbf"_s, u"rate"_s, rate, u"burst"_s,
                    QString::number(tbfBurstBytes(spec.rateBitsPerSecond, spec.mtu)), u"limit"_s,
                    QString::number(spec.queueBytes)})};
    if (reshaping)
        return {tc({u"-n"_s, link.netns, u"qdisc"_s, u"del"_s, u"dev"_s, link.interface, u"root"_s}, true)};
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
        steps << ip({u"netns"_s, u"add"_s, ns});
    for (const QString &ns : l.namespaces())
        steps << ip({u"-n"_s, ns, u"link"_s, u"set"_s, u"lo"_s, u"up"_s});

    if (spec.topology == LabTopology::Routed) {
        steps << ip({u"link"_s, u"add"_s, l.clientInterface, u"netns"_s, l.clientNetns, u"type"_s, u"veth"_s, u"peer"_s,
                     u"name"_s, l.routerClientInterface, u"netns"_s, l.routerNetns})
              << ip({u"link"_s, u"add"_s, l.routerServerInterface, u"netns"_s, l.routerNetns, u"type"_s, u"veth"_s,
                     u"peer"_s, u"name"_s, l.serverInterface, u"netns"_s, l.serverNetns})
              << ip({u"-n"_s, l.clientNetns, u"addr"_s, u"add"_s, l.clientAddress + u"/24"_s, u"dev"_s,
                     l.clientInterface})
              << ip({u"-n"_s, l.routerNetns, u"addr"_s, u"add"_s, l.routerClientAddress + u"/24"_s, u"dev"_s,
                     l.routerClientInterface})
              << ip({u"-n"_s, l.routerNetns, u"addr"_s, u"add"_s, l.routerServerAddress + u"/24"_s, u"dev"_s,
                     l.routerServerInterface})
              << ip({u"-n"_s, l.serverNetns, u"addr"_s, u"add"_s, l.serverAddress + u"/24"_s, u"dev"_s,
                     l.serverInterface});
    } else {
        steps << ip({u"link"_s, u"add"_s, l.clientInterface, u"netns"_s, l.clientNetns, u"type"_s, u"veth"_s, u"peer"_s,
                     u"name"_s, l.serverInterface, u"netns"_s, l.serverNetns})
              << ip({u"-n"_s, l.clientNetns, u"addr"_s, u"add"_s, l.clientAddress + u"/24"_s, u"dev"_s,
                     l.clientInterface})
              << ip({u"-n"_s, l.serverNetns, u"addr"_s, u"add"_s, l.serverAddress + u"/24"_s, u"dev"_s,
                     l.serverInterface});
    }

    steps << buildConfigureSteps(spec, false);
    for (const Link &link : linksOf(l))
        steps << ip({u"-n"_s, link.netns, u"link"_s, u"set"_s, link.interface, u"up"_s});

    if (spec.topology == LabTopology::Routed) {
        steps << ip({u"-n"_s, l.clientNetns, u"route"_s, u"add"_s, u"198.18.0.0/15"_s, u"via"_s, l.routerClientAddress})
              << ip({u"-n"_s, l.serverNetns, u"route"_s, u"add"_s, u"198.18.0.0/15"_s, u"via"_s, l.routerServerAddress})
              << LabStep{LabStep::Tool::Sysctl, {u"net.ipv4.ip_forward"_s, u"1"_s}, l.routerNetns, false};
    }
    return steps;
}

QList<LabStep> buildConfigureSteps(const LabSpec &spec, bool reshaping)
{
    const LabLayout l = layoutFor(spec.name, spec.topology);
    QList<LabStep> steps;
    for (const Link &link : linksOf(l))
        steps << ip(
            {u"-n"_s, link.netns, u"link"_s, u"set"_s, u"dev"_s, link.interface, u"mtu"_s, QString::number(spec.mtu)});

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
        steps << ip({u"netns"_s, u"del"_s, QStringLiteral("tcptune-") + labName + suffix}, true);
    return steps;
}

} // namespace tcptune

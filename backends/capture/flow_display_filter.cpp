#include "capture/flow_display_filter.h"

namespace tcptune {
namespace {

QString oneWay(const Endpoint &from, const Endpoint &to)
{
    const QString ip = from.ipv6 ? QStringLiteral("ipv6") : QStringLiteral("ip");
    return QStringLiteral("(%1.src==%2 && tcp.srcport==%3 && %1.dst==%4 && tcp.dstport==%5)")
        .arg(ip, from.addressText())
        .arg(from.port)
        .arg(to.addressText())
        .arg(to.port);
}

} // namespace

QString displayFilterOf(const FlowAnalysis &flow)
{
    return oneWay(flow.client, flow.server) + QStringLiteral(" || ") + oneWay(flow.server, flow.client);
}

} // namespace tcptune

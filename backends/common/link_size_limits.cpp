#include "common/link_size_limits.h"

#include "common/netlink_attributes.h"
#include "common/route_socket.h"

#include <QByteArray>

#include <cerrno>
#include <cstring>
#include <linux/if_link.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

namespace tcptune {
namespace {

using netlink::forEachAttribute;
using netlink::readAt;

struct LinkRequest {
    nlmsghdr header;
    ifinfomsg link;
    rtattr attribute;
    std::uint32_t value;
};

// REQUEST for DEVICE's link: its index found in this namespace.
Result<LinkRequest> requestFor(const QString &device, std::uint16_t type, std::uint16_t flags)
{
    const unsigned index = ::if_nametoindex(device.toLocal8Bit().constData());
    if (index == 0)
        return fail(LinkSizeLimitsIo::tr("There is no network device %1 here.").arg(device));
    LinkRequest request{};
    request.header.nlmsg_len = NLMSG_LENGTH(sizeof(ifinfomsg));
    request.header.nlmsg_type = type;
    request.header.nlmsg_flags = flags;
    request.header.nlmsg_seq = 1;
    request.link.ifi_family = AF_UNSPEC;
    request.link.ifi_index = int(index);
    return request;
}

Result<void> exchange(const RouteSocket &socket, const LinkRequest &request, const RouteSocket::AnswerHandler &onAnswer)
{
    return socket.exchange(QByteArrayView(reinterpret_cast<const char *>(&request), request.header.nlmsg_len),
                           onAnswer);
}

} // namespace

Result<LinkSizeLimits> LinkSizeLimitsIo::read(const QString &device)
{
    const RouteSocket socket;
    if (auto opened = socket.opened(); !opened)
        return std::unexpected(opened.error());
    auto request = requestFor(device, RTM_GETLINK, NLM_F_REQUEST);
    if (!request)
        return std::unexpected(request.error());
    LinkSizeLimits limits;
    auto answered = exchange(socket, *request, [&](std::uint16_t type, QByteArrayView message) -> Result<void> {
        if (type == NLMSG_ERROR)
            return RouteSocket::acknowledgement(device, message);
        const qsizetype attributes = NLMSG_HDRLEN + NLMSG_ALIGN(qsizetype(sizeof(ifinfomsg)));
        if (type != RTM_NEWLINK || message.size() < attributes)
            return fail(tr("The kernel's answer for %1 is not a link.").arg(device));
        forEachAttribute(message.sliced(attributes), [&limits](unsigned short attr, QByteArrayView payload) {
            if (payload.size() < qsizetype(sizeof(std::uint32_t)))
                return;
            if (attr == IFLA_GSO_MAX_SIZE)
                limits.gsoMaxSize = readAt<std::uint32_t>(payload, 0);
            else if (attr == IFLA_GRO_MAX_SIZE)
                limits.groMaxSize = readAt<std::uint32_t>(payload, 0);
        });
        return {};
    });
    if (!answered)
        return std::unexpected(answered.error());
    return limits;
}

Result<void> LinkSizeLimitsIo::set(const QString &device, LinkSizeLimit limit, std::uint32_t bytes)
{
    const RouteSocket socket;
    if (auto opened = socket.opened(); !opened)
        return std::unexpected(opened.error());
    auto request = requestFor(device, RTM_NEWLINK, NLM_F_REQUEST | NLM_F_ACK);
    if (!request)
        return std::unexpected(request.error());
    request->attribute.rta_type = limit == LinkSizeLimit::GsoMaxSize ? IFLA_GSO_MAX_SIZE : IFLA_GRO_MAX_SIZE;
    request->attribute.rta_len = RTA_LENGTH(sizeof(std::uint32_t));
    request->value = bytes;
    request->header.nlmsg_len = NLMSG_ALIGN(NLMSG_LENGTH(sizeof(ifinfomsg))) + RTA_LENGTH(sizeof(std::uint32_t));
    return exchange(socket, *request, [&](std::uint16_t type, QByteArrayView message) -> Result<void> {
        if (type != NLMSG_ERROR)
            return fail(tr("The kernel's answer for %1 is not an acknowledgement.").arg(device));
        return RouteSocket::acknowledgement(device, message);
    });
}

} // namespace tcptune

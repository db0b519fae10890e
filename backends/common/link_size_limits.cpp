#include "common/link_size_limits.h"

#include "common/netlink_attributes.h"

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

QString errnoText(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

// A route netlink socket in the calling thread's namespace that answers within a second and
// returns the kernel's own reason with a refusal (extended ACKs, without the request echoed).
class RouteSocket final {
public:
    RouteSocket()
        : m_fd(::socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE))
    {
        if (m_fd < 0)
            return;
        const timeval timeout{1, 0};
        const int on = 1;
        ::setsockopt(m_fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
        ::setsockopt(m_fd, SOL_NETLINK, NETLINK_EXT_ACK, &on, sizeof on);
        ::setsockopt(m_fd, SOL_NETLINK, NETLINK_CAP_ACK, &on, sizeof on);
    }
    ~RouteSocket()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    RouteSocket(const RouteSocket &) = delete;
    RouteSocket &operator=(const RouteSocket &) = delete;
    int fd() const { return m_fd; }

private:
    int m_fd;
};

struct LinkRequest {
    nlmsghdr header;
    ifinfomsg link;
    rtattr attribute;
    std::uint32_t value;
};

// The kernel's extended-ACK message of an error answer (NLMSGERR_ATTR_MSG), if it gave one.
QString extackMessage(QByteArrayView message)
{
    QString text;
    const qsizetype tlvs = NLMSG_HDRLEN + qsizetype(sizeof(nlmsgerr));
    if (message.size() > tlvs)
        forEachAttribute(message.sliced(tlvs), [&text](unsigned short type, QByteArrayView payload) {
            if (type == NLMSGERR_ATTR_MSG)
                text = QString::fromUtf8(payload.data(), qstrnlen(payload.data(), payload.size()));
        });
    return text;
}

// Sends REQUEST and hands the answer with its sequence number to ON_ANSWER(type, message).
template <typename Fn> Result<void> exchange(const RouteSocket &socket, LinkRequest &request, Fn onAnswer)
{
    if (::send(socket.fd(), &request, request.header.nlmsg_len, 0) < 0)
        return fail(LinkSizeLimitsIo::tr("Cannot ask the kernel: %1.").arg(errnoText(errno)));
    QByteArray buffer(32768, Qt::Uninitialized);
    for (int replies = 0; replies < 8; ++replies) {
        const ssize_t n = ::recv(socket.fd(), buffer.data(), std::size_t(buffer.size()), 0);
        if (n < 0)
            return fail(LinkSizeLimitsIo::tr("The kernel did not answer: %1.").arg(errnoText(errno)));
        const QByteArrayView message =
            netlink::messageWithSequence(QByteArrayView(buffer.constData(), n), request.header.nlmsg_seq);
        if (!message.isEmpty())
            return onAnswer(readAt<nlmsghdr>(message, 0).nlmsg_type, message);
    }
    return fail(LinkSizeLimitsIo::tr("The kernel sent no answer to this request."));
}

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

Result<void> refusalOf(const QString &device, QByteArrayView message)
{
    if (message.size() < qsizetype(NLMSG_HDRLEN + sizeof(nlmsgerr)))
        return fail(LinkSizeLimitsIo::tr("The kernel's answer for %1 is too short.").arg(device));
    const auto error = readAt<nlmsgerr>(message, NLMSG_HDRLEN);
    if (error.error == 0)
        return {};
    const QString reason = extackMessage(message);
    return fail(LinkSizeLimitsIo::tr("The kernel refused the change of %1: %2.")
                    .arg(device, reason.isEmpty() ? errnoText(-error.error) : reason));
}

} // namespace

Result<LinkSizeLimits> LinkSizeLimitsIo::read(const QString &device)
{
    const RouteSocket socket;
    if (socket.fd() < 0)
        return fail(tr("Cannot open a netlink socket: %1.").arg(errnoText(errno)));
    auto request = requestFor(device, RTM_GETLINK, NLM_F_REQUEST);
    if (!request)
        return std::unexpected(request.error());
    LinkSizeLimits limits;
    auto answered = exchange(socket, *request, [&](std::uint16_t type, QByteArrayView message) -> Result<void> {
        if (type == NLMSG_ERROR)
            return refusalOf(device, message);
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
    if (socket.fd() < 0)
        return fail(tr("Cannot open a netlink socket: %1.").arg(errnoText(errno)));
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
        return refusalOf(device, message);
    });
}

} // namespace tcptune

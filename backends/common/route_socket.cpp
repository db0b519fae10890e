#include "common/route_socket.h"

#include "common/netlink_attributes.h"

#include <QByteArray>

#include <cerrno>
#include <cstring>
#include <linux/netlink.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

namespace tcptune {
namespace {

QString errnoText(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

} // namespace

RouteSocket::RouteSocket()
    : m_fd(::socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE))
{
    if (m_fd < 0) {
        m_errno = errno;
        return;
    }
    const timeval timeout{1, 0};
    const int on = 1;
    ::setsockopt(m_fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    ::setsockopt(m_fd, SOL_NETLINK, NETLINK_EXT_ACK, &on, sizeof on);
    ::setsockopt(m_fd, SOL_NETLINK, NETLINK_CAP_ACK, &on, sizeof on);
}

RouteSocket::~RouteSocket()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

Result<void> RouteSocket::opened() const
{
    if (m_fd < 0)
        return fail(tr("Cannot open a netlink socket: %1.").arg(errnoText(m_errno)));
    return {};
}

Result<void> RouteSocket::exchange(QByteArrayView request, const AnswerHandler &onAnswer) const
{
    if (auto ok = opened(); !ok)
        return ok;
    const auto header = netlink::readAt<nlmsghdr>(request, 0);
    if (::send(m_fd, request.data(), std::size_t(request.size()), 0) < 0)
        return fail(tr("Cannot ask the kernel: %1.").arg(errnoText(errno)));
    QByteArray buffer(32768, Qt::Uninitialized);
    for (int replies = 0; replies < 8; ++replies) {
        const ssize_t n = ::recv(m_fd, buffer.data(), std::size_t(buffer.size()), 0);
        if (n < 0)
            return fail(tr("The kernel did not answer: %1.").arg(errnoText(errno)));
        const QByteArrayView message =
            netlink::messageWithSequence(QByteArrayView(buffer.constData(), n), header.nlmsg_seq);
        if (!message.isEmpty())
            return onAnswer(netlink::readAt<nlmsghdr>(message, 0).nlmsg_type, message);
    }
    return fail(tr("The kernel sent no answer to this request."));
}

QString RouteSocket::extackMessage(QByteArrayView message)
{
    QString text;
    const qsizetype tlvs = NLMSG_HDRLEN + qsizetype(sizeof(nlmsgerr));
    if (message.size() > tlvs)
        netlink::forEachAttribute(message.sliced(tlvs), [&text](unsigned short type, QByteArrayView payload) {
            if (type == NLMSGERR_ATTR_MSG)
                text = QString::fromUtf8(payload.data(), qstrnlen(payload.data(), payload.size()));
        });
    return text;
}

int RouteSocket::errorCode(QByteArrayView message)
{
    if (message.size() < qsizetype(NLMSG_HDRLEN + sizeof(nlmsgerr)))
        return -1000;
    return netlink::readAt<nlmsgerr>(message, NLMSG_HDRLEN).error;
}

Result<void> RouteSocket::acknowledgement(const QString &what, QByteArrayView message)
{
    const int error = errorCode(message);
    if (error == -1000)
        return fail(tr("The kernel's answer for %1 is too short.").arg(what));
    if (error == 0)
        return {};
    const QString reason = extackMessage(message);
    return fail(
        tr("The kernel refused the change of %1: %2.").arg(what, reason.isEmpty() ? errnoText(-error) : reason));
}

} // namespace tcptune

#include "lab/qdisc_stats.h"

#include "common/netlink_attributes.h"
#include "common/netns.h"

#include <QByteArray>

#include <cerrno>
#include <cstring>
#include <linux/gen_stats.h>
#include <linux/netlink.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

namespace tcptune {
namespace {

using netlink::forEachAttribute;
using netlink::readAt;

// TCA_STATS2: the current statistics (64-bit bytes).
void readStats2(QByteArrayView nested, QdiscStats &s)
{
    forEachAttribute(nested, [&s](unsigned short type, QByteArrayView payload) {
        if (type == TCA_STATS_BASIC && payload.size() >= qsizetype(sizeof(quint64) + sizeof(quint32))) {
            s.bytes = qint64(readAt<quint64>(payload, 0));
            s.packets = readAt<quint32>(payload, sizeof(quint64));
        } else if (type == TCA_STATS_QUEUE && payload.size() >= qsizetype(sizeof(gnet_stats_queue))) {
            const auto q = readAt<gnet_stats_queue>(payload, 0);
            s.backlogPackets = q.qlen;
            s.backlogBytes = q.backlog;
            s.drops = q.drops;
            s.requeues = q.requeues;
            s.overlimits = q.overlimits;
        }
    });
}

QString errnoText(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

} // namespace

QJsonObject toJson(const QdiscStats &s)
{
    return {{QStringLiteral("kind"), s.kind},
            {QStringLiteral("bytes"), double(s.bytes)},
            {QStringLiteral("packets"), double(s.packets)},
            {QStringLiteral("drops"), double(s.drops)},
            {QStringLiteral("overlimits"), double(s.overlimits)},
            {QStringLiteral("requeues"), double(s.requeues)},
            {QStringLiteral("backlog"), double(s.backlogBytes)},
            {QStringLiteral("qlen"), double(s.backlogPackets)}};
}

QdiscStats qdiscStatsFromJson(const QJsonObject &json)
{
    QdiscStats s;
    s.kind = json.value(QStringLiteral("kind")).toString();
    auto number = [&json](const char *key) { return qint64(json.value(QLatin1String(key)).toDouble()); };
    s.bytes = number("bytes");
    s.packets = number("packets");
    s.drops = number("drops");
    s.overlimits = number("overlimits");
    s.requeues = number("requeues");
    s.backlogBytes = number("backlog");
    s.backlogPackets = number("qlen");
    return s;
}

Result<QdiscStats> parseQdiscMessage(QByteArrayView message)
{
    if (message.size() < qsizetype(NLMSG_LENGTH(sizeof(tcmsg))))
        return fail(QdiscStatsReader::tr("The kernel's qdisc message is too short (%1 bytes).").arg(message.size()));
    const auto header = readAt<nlmsghdr>(message, 0);
    if (header.nlmsg_type != RTM_NEWQDISC || header.nlmsg_len > message.size() ||
        header.nlmsg_len < NLMSG_LENGTH(sizeof(tcmsg)))
        return fail(QdiscStatsReader::tr("The kernel answered with netlink message type %1 instead of a qdisc.")
                        .arg(header.nlmsg_type));
    const auto tc = readAt<tcmsg>(message, NLMSG_HDRLEN);
    QdiscStats s;
    s.handle = tc.tcm_handle;
    s.parent = tc.tcm_parent;
    bool haveStats2 = false;
    const qsizetype attributes = NLMSG_HDRLEN + NLMSG_ALIGN(sizeof(tcmsg));
    forEachAttribute(message.sliced(attributes, header.nlmsg_len - attributes),
                     [&](unsigned short type, QByteArrayView payload) {
                         if (type == TCA_KIND) {
                             s.kind = QString::fromLatin1(payload.data(), qstrnlen(payload.data(), payload.size()));
                         } else if (type == TCA_STATS2) {
                             haveStats2 = true;
                             readStats2(payload, s);
                         } else if (type == TCA_STATS && !haveStats2 && payload.size() >= qsizetype(sizeof(tc_stats))) {
                             const auto old = readAt<tc_stats>(payload, 0);
                             s.bytes = qint64(old.bytes);
                             s.packets = old.packets;
                             s.drops = old.drops;
                             s.overlimits = old.overlimits;
                             s.backlogBytes = old.backlog;
                             s.backlogPackets = old.qlen;
                         }
                     });
    return s;
}

Result<std::unique_ptr<QdiscStatsReader>> QdiscStatsReader::open(const QString &netns, const QString &interface)
{
    std::unique_ptr<QdiscStatsReader> reader(new QdiscStatsReader);
    reader->m_netns = netns;
    reader->m_interface = interface;
    int socketErrno = 0;
    // Made inside the namespace, the socket (and the interface index) belong to it for good.
    auto entered = netns::runIn(netns, [&] {
        reader->m_fd = ::socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
        socketErrno = reader->m_fd < 0 ? errno : 0;
        reader->m_ifindex = int(::if_nametoindex(interface.toLocal8Bit().constData()));
    });
    if (!entered)
        return std::unexpected(entered.error());
    if (reader->m_fd < 0)
        return fail(tr("Cannot open a netlink socket to read qdisc statistics: %1.").arg(errnoText(socketErrno)));
    if (reader->m_ifindex == 0)
        return fail(tr("There is no interface %1 in %2; is the lab up?")
                        .arg(interface, netns.isEmpty() ? tr("this namespace") : netns));
    // A reading never waits long: the kernel answers at once or not at all.
    const timeval timeout{1, 0};
    ::setsockopt(reader->m_fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    return reader;
}

QdiscStatsReader::~QdiscStatsReader()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

Result<QdiscStats> QdiscStatsReader::readRoot()
{
    struct {
        nlmsghdr header;
        tcmsg tc;
    } request{};
    request.header.nlmsg_len = NLMSG_LENGTH(sizeof(tcmsg));
    request.header.nlmsg_type = RTM_GETQDISC;
    // Without NLM_F_ECHO a kernel before 6.9 sends the answer to RTM_GETQDISC only to the
    // RTNLGRP_TC listeners, never back to the asker.
    request.header.nlmsg_flags = NLM_F_REQUEST | NLM_F_ECHO;
    request.header.nlmsg_seq = ++m_sequence;
    request.tc.tcm_family = AF_UNSPEC;
    request.tc.tcm_ifindex = m_ifindex;
    request.tc.tcm_parent = TC_H_ROOT;
    if (::send(m_fd, &request, request.header.nlmsg_len, 0) < 0)
        return fail(tr("Cannot ask the kernel for the qdisc of %1: %2.").arg(m_interface, errnoText(errno)));
    QByteArray buffer(16384, Qt::Uninitialized);
    for (int replies = 0; replies < 8; ++replies) {
        const ssize_t n = ::recv(m_fd, buffer.data(), std::size_t(buffer.size()), 0);
        if (n < 0)
            return fail(tr("The kernel did not answer for the qdisc of %1: %2.").arg(m_interface, errnoText(errno)));
        // Answers to an earlier request that timed out are passed over.
        const QByteArrayView message = netlink::messageWithSequence(QByteArrayView(buffer.constData(), n), m_sequence);
        if (message.isEmpty())
            continue;
        if (readAt<nlmsghdr>(message, 0).nlmsg_type == NLMSG_ERROR) {
            if (message.size() < qsizetype(NLMSG_HDRLEN + sizeof(nlmsgerr)))
                return fail(tr("The kernel's error answer for %1 is too short.").arg(m_interface));
            const auto error = readAt<nlmsgerr>(message, NLMSG_HDRLEN);
            return fail(
                tr("The kernel refused to show the qdisc of %1: %2.").arg(m_interface, errnoText(-error.error)));
        }
        return parseQdiscMessage(message);
    }
    return fail(tr("The kernel's answers for the qdisc of %1 did not include it.").arg(m_interface));
}

} // namespace tcptune

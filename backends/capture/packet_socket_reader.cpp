#include "capture/packet_socket_reader.h"

#include <linux/if_arp.h>
#include <linux/if_packet.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace tcptune {
namespace {

// Packets read per dispatch at most, so the caller gets to check whether to stop.
constexpr int kBatch = 1024;

QString systemError()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}

// FD is a raw packet socket on an Ethernet link, or what it is instead.
[[nodiscard]] Result<void> checkKind(int fd)
{
    int type = 0;
    socklen_t typeLength = sizeof type;
    sockaddr_ll address{};
    socklen_t length = sizeof address;
    if (::getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &typeLength) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) != 0 || address.sll_family != AF_PACKET ||
        type != SOCK_RAW)
        return fail(PacketSocketReader::tr("The capture socket passed to tcptune is not a raw packet socket."));
    if (address.sll_hatype != ARPHRD_ETHER)
        return fail(PacketSocketReader::tr("The capture socket is on a link of type %1; only Ethernet links "
                                           "(the lab's) are captured this way.")
                        .arg(address.sll_hatype));
    return {};
}

} // namespace

PacketSocketReader::PacketSocketReader(int fd, int snaplen)
    : m_fd(fd)
    , m_buffer(size_t(snaplen))
{
}

PacketSocketReader::~PacketSocketReader()
{
    ::close(m_fd);
}

Result<std::unique_ptr<PacketSocketReader>> PacketSocketReader::adopt(int fd, int snaplen)
{
    std::unique_ptr<PacketSocketReader> reader(new PacketSocketReader(fd, snaplen));
    if (auto kind = checkKind(fd); !kind)
        return std::unexpected(kind.error());
    // Both are the reader's own view of its socket: no privilege needed, and the filter the
    // helper locked stays as it is.
    const int one = 1;
    if (::setsockopt(fd, SOL_SOCKET, SO_TIMESTAMP, &one, sizeof one) != 0 ||
        ::setsockopt(fd, SOL_PACKET, PACKET_AUXDATA, &one, sizeof one) != 0)
        return fail(PacketSocketReader::tr("Cannot prepare the capture socket: %1.").arg(systemError()));
    return reader;
}

Result<int> PacketSocketReader::readOne(CapturedPacket &packet)
{
    iovec data{m_buffer.data(), m_buffer.size()};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(timeval)) + CMSG_SPACE(sizeof(tpacket_auxdata))];
    msghdr message{};
    message.msg_iov = &data;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    const ssize_t n = ::recvmsg(m_fd, &message, MSG_DONTWAIT | MSG_TRUNC);
    if (n < 0 && (errno == EAGAIN || errno == EINTR))
        return 0;
    if (n < 0)
        return fail(PacketSocketReader::tr("Reading the capture socket failed: %1.").arg(systemError()));
    packet.bytes = m_buffer.data();
    packet.capturedLength = std::uint32_t(std::min(size_t(n), m_buffer.size()));
    packet.originalLength = std::uint32_t(n);
    ::gettimeofday(&packet.time, nullptr); // unless the kernel says when it arrived
    for (cmsghdr *c = CMSG_FIRSTHDR(&message); c; c = CMSG_NXTHDR(&message, c)) {
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMP)
            std::memcpy(&packet.time, CMSG_DATA(c), sizeof packet.time);
        if (c->cmsg_level == SOL_PACKET && c->cmsg_type == PACKET_AUXDATA) {
            // The filter's snap length cut the packet already; its length on the wire is here.
            tpacket_auxdata aux{};
            std::memcpy(&aux, CMSG_DATA(c), sizeof aux);
            packet.originalLength = aux.tp_len;
        }
    }
    return 1;
}

Result<int> PacketSocketReader::dispatch(int timeoutMs, const std::function<void(const CapturedPacket &)> &fn)
{
    pollfd waiting{m_fd, POLLIN, 0};
    const int ready = ::poll(&waiting, 1, timeoutMs);
    if (ready < 0 && errno != EINTR)
        return fail(PacketSocketReader::tr("Waiting for packets failed: %1.").arg(systemError()));
    if (ready <= 0)
        return 0;
    int handed = 0;
    CapturedPacket packet;
    while (handed < kBatch) {
        auto read = readOne(packet);
        if (!read)
            return std::unexpected(read.error());
        if (*read == 0)
            break;
        fn(packet);
        ++handed;
    }
    return handed;
}

PacketSocketStatistics PacketSocketReader::statistics()
{
    tpacket_stats stats{};
    socklen_t length = sizeof stats;
    if (::getsockopt(m_fd, SOL_PACKET, PACKET_STATISTICS, &stats, &length) != 0)
        return {};
    // The kernel counts drops into tp_packets already (as libpcap reports them).
    return {stats.tp_packets, stats.tp_drops};
}

} // namespace tcptune

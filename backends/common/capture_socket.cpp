#include "common/capture_socket.h"

#include "common/netns.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <linux/filter.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <arpa/inet.h>
#include <net/if.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace tcptune::capturesocket {
namespace {

// CaptureSocket::tr(): lupdate files this file's text under the context that tr() looks it up in.
class CaptureSocket final {
    Q_DECLARE_TR_FUNCTIONS(CaptureSocket)
};

QString systemError()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}

[[nodiscard]] Result<Instruction> instructionOf(const QJsonValue &value)
{
    const QJsonArray a = value.toArray();
    auto inRange = [](const QJsonValue &v, double max) {
        return v.isDouble() && v.toDouble() >= 0 && v.toDouble() <= max && v.toDouble() == double(qint64(v.toDouble()));
    };
    if (a.size() != 4 || !inRange(a[0], 0xffff) || !inRange(a[1], 0xff) || !inRange(a[2], 0xff) ||
        !inRange(a[3], 0xffffffffu))
        return fail(CaptureSocket::tr("'filter' must be a list of BPF instructions [code, jt, jf, k]."));
    return Instruction{std::uint16_t(a[0].toInteger()), std::uint8_t(a[1].toInteger()), std::uint8_t(a[2].toInteger()),
                       std::uint32_t(a[3].toInteger())};
}

// Everything up to the bind; the filter is in place before any packet can arrive.
[[nodiscard]] Result<void> attachFilter(int fd, const QList<Instruction> &filter, int bufferBytes)
{
    std::vector<sock_filter> code;
    code.reserve(size_t(filter.size()));
    for (const Instruction &i : filter)
        code.push_back(sock_filter{i.code, i.jt, i.jf, i.k});
    const sock_fprog program{static_cast<unsigned short>(code.size()), code.data()};
    if (::setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, &program, sizeof program) != 0)
        return fail(CaptureSocket::tr("The kernel refused the capture filter: %1.").arg(systemError()));
    const int one = 1;
    if (::setsockopt(fd, SOL_SOCKET, SO_LOCK_FILTER, &one, sizeof one) != 0)
        return fail(CaptureSocket::tr("Cannot lock the capture filter: %1.").arg(systemError()));
    // Beyond net.core.rmem_max, which a user could not ask for; the request bounds it.
    if (::setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &bufferBytes, sizeof bufferBytes) != 0)
        return fail(CaptureSocket::tr("Cannot size the capture buffer: %1.").arg(systemError()));
    return {};
}

// Binds FD to INTERFACE (of the namespace FD lives in) and pins that binding: a packet socket in
// a fanout group refuses another bind, and a group of its own (a unique id) shares no packets.
[[nodiscard]] Result<void> bindTo(int fd, const QString &interface, const QString &netns)
{
    const unsigned index = ::if_nametoindex(interface.toLocal8Bit().constData());
    if (index == 0)
        return fail(CaptureSocket::tr("There is no interface %1 in %2.").arg(interface, netns));
    sockaddr_ll address{};
    address.sll_family = AF_PACKET;
    address.sll_protocol = htons(ETH_P_ALL);
    address.sll_ifindex = int(index);
    if (::bind(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0)
        return fail(CaptureSocket::tr("Cannot bind the capture socket to %1: %2.").arg(interface, systemError()));
    const int fanout = (PACKET_FANOUT_LB | PACKET_FANOUT_FLAG_UNIQUEID) << 16;
    if (::setsockopt(fd, SOL_PACKET, PACKET_FANOUT, &fanout, sizeof fanout) != 0)
        return fail(CaptureSocket::tr("Cannot pin the capture socket to %1: %2.").arg(interface, systemError()));
    return {};
}

} // namespace

QJsonObject toJson(const Request &request)
{
    QJsonArray filter;
    for (const Instruction &i : request.filter)
        filter.append(QJsonArray{int(i.code), int(i.jt), int(i.jf), double(i.k)});
    return {{QStringLiteral("netns"), request.netns},
            {QStringLiteral("interface"), request.interface},
            {QStringLiteral("filter"), filter},
            {QStringLiteral("buffer_bytes"), request.bufferBytes}};
}

Result<Request> fromJson(const QJsonObject &params)
{
    Request request;
    request.netns = params.value(QStringLiteral("netns")).toString();
    request.interface = params.value(QStringLiteral("interface")).toString();
    const QJsonArray filter = params.value(QStringLiteral("filter")).toArray();
    if (filter.isEmpty() || filter.size() > kMaxInstructions)
        return fail(CaptureSocket::tr("'filter' must hold 1 to %1 BPF instructions.").arg(kMaxInstructions));
    for (const QJsonValue &v : filter) {
        auto instruction = instructionOf(v);
        if (!instruction)
            return std::unexpected(instruction.error());
        request.filter.append(*instruction);
    }
    request.bufferBytes = params.value(QStringLiteral("buffer_bytes")).toInt(request.bufferBytes);
    if (request.bufferBytes < kMinBufferBytes || request.bufferBytes > kMaxBufferBytes)
        return fail(CaptureSocket::tr("'buffer_bytes' must be %1 to %2.").arg(kMinBufferBytes).arg(kMaxBufferBytes));
    return request;
}

Result<int> open(const Request &request)
{
    int fd = -1;
    Result<void> made;
    // The socket belongs to the namespace of the thread that makes it; the interface name is
    // looked up there too, so a name outside the lab's namespace is simply not found.
    const Result<void> entered = netns::runIn(request.netns, [&] {
        // Protocol 0: nothing arrives before the bind, which comes after the filter.
        fd = ::socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, 0);
        if (fd < 0) {
            made = fail(CaptureSocket::tr("Cannot open a packet socket: %1.").arg(systemError()));
            return;
        }
        made = attachFilter(fd, request.filter, request.bufferBytes);
        if (made)
            made = bindTo(fd, request.interface, request.netns);
    });
    if (entered && made)
        return fd;
    if (fd >= 0)
        ::close(fd);
    return std::unexpected(entered ? made.error() : entered.error());
}

} // namespace tcptune::capturesocket

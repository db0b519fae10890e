#include "lab/lab_helper_operations.h"

#include "common/capture_socket.h"
#include "common/descriptor_passing.h"
#include "common/mib_counters.h"
#include "common/netns.h"
#include "common/proc_sys.h"
#include "common/socket_tuning.h"
#include "helper/helper_operations.h"
#include "lab/lab_manager.h"
#include "lab/qdisc_stats.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <netinet/in.h>
#include <sys/socket.h>

namespace tcptune {
namespace {

// LabHelperOperations::tr(): lupdate files this file's text under the context that tr() looks it up in.
class LabHelperOperations final {
    Q_DECLARE_TR_FUNCTIONS(LabHelperOperations)
};

[[nodiscard]] Result<void> onlyFields(const QJsonObject &params, const QStringList &allowed)
{
    for (const QString &key : params.keys()) {
        if (!allowed.contains(key))
            return fail(LabHelperOperations::tr("Unknown parameter '%1'; expected %2.")
                            .arg(key.left(40), allowed.join(QStringLiteral(", "))));
    }
    return {};
}

[[nodiscard]] Result<QString> labName(const QJsonObject &params, bool required)
{
    const QJsonValue v = params.value(QStringLiteral("name"));
    if (v.isUndefined() && !required)
        return QString();
    if (v.isUndefined())
        return QString::fromLatin1(kDefaultLabName);
    if (!v.isString())
        return fail(LabHelperOperations::tr("'name' must be a string."));
    const QString name = v.toString();
    if (auto ok = validateLabName(name); !ok)
        return std::unexpected(ok.error());
    return name;
}

[[nodiscard]] Result<QJsonObject> labUpOperation(const QJsonObject &params)
{
    if (auto ok = onlyFields(params, {QStringLiteral("name"), QStringLiteral("knobs")}); !ok)
        return std::unexpected(ok.error());
    auto name = labName(params, true);
    if (!name)
        return std::unexpected(name.error());
    const QJsonValue knobsValue = params.value(QStringLiteral("knobs"));
    if (!knobsValue.isUndefined() && !knobsValue.isObject())
        return fail(
            LabHelperOperations::tr("'knobs' must be an object of lab parameters, e.g. {\"lab.rate\": \"50mbit\"}."));
    QMap<QString, QString> knobs;
    const QJsonObject knobsObject = knobsValue.toObject();
    for (auto it = knobsObject.constBegin(); it != knobsObject.constEnd(); ++it) {
        if (!it.value().isString())
            return fail(LabHelperOperations::tr("The value of '%1' must be a string.").arg(it.key().left(40)));
        knobs.insert(it.key(), it.value().toString());
    }
    auto spec = parseLabSpec(*name, knobs);
    if (!spec)
        return std::unexpected(spec.error());
    auto status = labUp(*spec);
    if (!status)
        return std::unexpected(status.error());
    return toJson(*status);
}

[[nodiscard]] Result<QJsonObject> labDownOperation(const QJsonObject &params)
{
    if (auto ok = onlyFields(params, {QStringLiteral("name")}); !ok)
        return std::unexpected(ok.error());
    auto name = labName(params, true);
    if (!name)
        return std::unexpected(name.error());
    if (auto ok = labDown(*name); !ok)
        return std::unexpected(ok.error());
    return toJson(labStatus(*name));
}

[[nodiscard]] Result<QJsonObject> labStatusOperation(const QJsonObject &params)
{
    if (auto ok = onlyFields(params, {QStringLiteral("name")}); !ok)
        return std::unexpected(ok.error());
    auto name = labName(params, false);
    if (!name)
        return std::unexpected(name.error());
    QJsonObject result;
    if (!name->isEmpty()) {
        const LabStatus status = labStatus(*name);
        result = toJson(status);
        if (auto stats = bottleneckStatistics(status))
            result.insert(QStringLiteral("bottleneck"), *stats);
    } else {
        QJsonArray labs;
        for (const LabStatus &s : listLabs())
            labs.append(toJson(s));
        result.insert(QStringLiteral("labs"), labs);
    }
    if (auto support = qdiscSupport())
        result.insert(QStringLiteral("qdiscs"), toJson(*support));
    return result;
}

QStringList availableCongestionControls()
{
    auto text = procsys::read(QStringLiteral("/proc/sys/net/ipv4/tcp_available_congestion_control"));
    return text ? text->simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts) : QStringList();
}

// Sockets inside a lab namespace, handed to the caller: all an unprivileged tcptune needs to run
// traffic in the lab. Only TCP sockets, only in a namespace of a lab, unbound: the caller binds,
// listens and connects with its own rights, so this grants nothing but the namespace.
[[nodiscard]] Result<QJsonObject> labSocketsOperation(const QJsonObject &params, HelperOperations::Descriptors &fds)
{
    if (auto ok = onlyFields(params, {QStringLiteral("netns"), QStringLiteral("family"), QStringLiteral("count"),
                                      QStringLiteral("congestion_control"), QStringLiteral("type")});
        !ok)
        return std::unexpected(ok.error());
    // UDP for the latency-under-load probe (traffic/udp_probe.h); TCP otherwise.
    const QString type = params.value(QStringLiteral("type")).toString(QStringLiteral("tcp"));
    if (type != QLatin1String("tcp") && type != QLatin1String("udp"))
        return fail(LabHelperOperations::tr("'type' must be \"tcp\" or \"udp\"."));
    const QString netns = params.value(QStringLiteral("netns")).toString();
    if (!netns::isTcptuneName(netns) || labNameOfNamespace(netns).isEmpty() || !netns::exists(netns))
        return fail(LabHelperOperations::tr("'%1' is not a namespace of a lab that is up; start the lab first.")
                        .arg(netns.left(40)));
    const QString family = params.value(QStringLiteral("family")).toString();
    if (family != QLatin1String("inet") && family != QLatin1String("inet6"))
        return fail(LabHelperOperations::tr("'family' must be \"inet\" or \"inet6\"."));
    const int count = params.value(QStringLiteral("count")).toInt(0);
    if (count < 1 || count > descriptors::kMaxPerMessage)
        return fail(LabHelperOperations::tr("'count' must be a number from 1 to %1.").arg(descriptors::kMaxPerMessage));
    // Root may load a congestion control module by naming it: only the kernel's available ones.
    const QString congestion = params.value(QStringLiteral("congestion_control")).toString();
    if (!congestion.isEmpty() && !availableCongestionControls().contains(congestion))
        return fail(LabHelperOperations::tr("Congestion control '%1' is not available; the kernel offers: %2.")
                        .arg(congestion.left(16), availableCongestionControls().join(QLatin1Char(' '))));
    if (type == QLatin1String("udp") && !congestion.isEmpty())
        return fail(LabHelperOperations::tr("A UDP socket has no congestion control; leave 'congestion_control' out."));
    auto made = netns::makeSockets({netns, family == QLatin1String("inet") ? AF_INET : AF_INET6,
                                    type == QLatin1String("udp") ? SOCK_DGRAM : SOCK_STREAM, count, congestion});
    if (!made)
        return std::unexpected(made.error());
    fds.toSend = *made;
    return QJsonObject{{QStringLiteral("netns"), netns}};
}

// Beyond this a forced send buffer is more memory than any lab link needs (4 MiB is 640 ms at
// 50 Mbit/s); below net.core.wmem_max the user needs no helper at all.
constexpr qint64 kMaxForcedSndbuf = 64LL << 20;

// What lab_socket_options may set, from PARAMS: an available congestion control, a send buffer
// of at most kMaxForcedSndbuf.
[[nodiscard]] Result<netns::SocketOptions> socketOptionsOf(const QJsonObject &params)
{
    if (auto ok = onlyFields(params, {QStringLiteral("congestion_control"), QStringLiteral("sndbuf")}); !ok)
        return std::unexpected(ok.error());
    netns::SocketOptions options;
    options.congestionControl = params.value(QStringLiteral("congestion_control")).toString();
    if (!options.congestionControl.isEmpty() && !availableCongestionControls().contains(options.congestionControl))
        return fail(LabHelperOperations::tr("Congestion control '%1' is not available; the kernel offers: %2.")
                        .arg(options.congestionControl.left(16), availableCongestionControls().join(QLatin1Char(' '))));
    options.sndbuf = params.value(QStringLiteral("sndbuf")).toInteger(0);
    if (options.sndbuf < 0 || options.sndbuf > kMaxForcedSndbuf)
        return fail(LabHelperOperations::tr("'sndbuf' must be a number of bytes from 1 to %1.").arg(kMaxForcedSndbuf));
    if (options.congestionControl.isEmpty() && options.sndbuf == 0)
        return fail(LabHelperOperations::tr("Give 'congestion_control' or 'sndbuf' to set."));
    return options;
}

// FD's namespace when FD is a TCP socket in a namespace of a lab: the only sockets whose options
// the helper sets, so nothing it sets reaches the host's traffic.
[[nodiscard]] Result<QString> labTcpSocket(int fd)
{
    int protocol = 0;
    socklen_t length = sizeof protocol;
    if (::getsockopt(fd, SOL_SOCKET, SO_PROTOCOL, &protocol, &length) != 0 || protocol != IPPROTO_TCP)
        return fail(LabHelperOperations::tr("The descriptor passed is not a TCP socket."));
    auto netns = netns::namespaceOfSocket(fd);
    if (!netns || labNameOfNamespace(*netns).isEmpty())
        return fail(LabHelperOperations::tr("The socket passed does not live in a lab namespace; the helper sets "
                                            "options only on lab sockets."));
    return *netns;
}

// Options on a lab socket the caller made or accepted and passed with the request (one
// descriptor): a congestion control or a send buffer that the host's limits keep from the user
// (common/socket_tuning.h). The socket goes back to nobody: the caller keeps its own descriptor.
[[nodiscard]] Result<QJsonObject> labSocketOptionsOperation(const QJsonObject &params,
                                                            HelperOperations::Descriptors &fds)
{
    if (fds.received.size() != 1)
        return fail(LabHelperOperations::tr("Pass exactly one socket with lab_socket_options (%1 came).")
                        .arg(fds.received.size()));
    auto options = socketOptionsOf(params);
    if (!options)
        return std::unexpected(options.error());
    const int fd = fds.received.first();
    auto netns = labTcpSocket(fd);
    if (!netns)
        return std::unexpected(netns.error());
    if (auto set = netns::setSocketOptions(fd, *options); !set)
        return std::unexpected(set.error());
    int sndbuf = 0;
    socklen_t length = sizeof sndbuf;
    ::getsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sndbuf, &length);
    return QJsonObject{{QStringLiteral("netns"), *netns}, {QStringLiteral("sndbuf"), sndbuf}};
}

// A namespace of some lab: the only ones these read-only operations enter.
[[nodiscard]] Result<QString> labNamespace(const QJsonObject &params)
{
    const QJsonValue v = params.value(QStringLiteral("netns"));
    const QString netns = v.toString();
    const QString lab = labNameOfNamespace(netns);
    if (!v.isString() || lab.isEmpty() || !validateLabName(lab) || !netns::isTcptuneName(netns))
        return fail(LabHelperOperations::tr("'netns' must name a lab namespace (tcptune-NAME-client, -router or "
                                            "-server)."));
    return netns;
}

// PARAMS' "interface" when it is one of the links of NETNS's lab: the names come from the
// layout, never from input, so no host interface (nor the lab's loopback) gets through.
[[nodiscard]] Result<QString> labLink(const QString &netns, const QJsonObject &params)
{
    const QString interface = params.value(QStringLiteral("interface")).toString();
    QStringList known;
    for (LabTopology topology : {LabTopology::Routed, LabTopology::Direct}) {
        const LabLayout l = layoutFor(labNameOfNamespace(netns), topology);
        known << l.clientInterface << l.serverInterface << l.routerClientInterface << l.routerServerInterface;
    }
    if (interface.isEmpty() || !known.contains(interface))
        return fail(LabHelperOperations::tr("'interface' must be one of the lab's links: %1.")
                        .arg(known.filter(QStringLiteral("tcpt")).join(QStringLiteral(", "))));
    return interface;
}

struct LabLink {
    QString netns;
    QString interface;
};

// PARAMS' "netns" and "interface" when they name a link of a lab in its namespace; besides
// them PARAMS may hold only the fields in MORE.
[[nodiscard]] Result<LabLink> labLinkOf(const QJsonObject &params, const QStringList &more)
{
    if (auto ok = onlyFields(params, QStringList{QStringLiteral("netns"), QStringLiteral("interface")} + more); !ok)
        return std::unexpected(ok.error());
    auto netns = labNamespace(params);
    if (!netns)
        return std::unexpected(netns.error());
    auto interface = labLink(*netns, params);
    if (!interface)
        return std::unexpected(interface.error());
    return LabLink{*netns, *interface};
}

// A packet socket on one of a lab's links, handed to the caller (docs/privileges.md, Captures):
// only in a namespace of a lab that is up, only on a link of that lab, with the caller's filter
// locked on it and its binding pinned. The namespace is fixed when the socket is made, so
// nothing the holder does with it reaches a host interface.
[[nodiscard]] Result<QJsonObject> labCaptureOperation(const QJsonObject &params, HelperOperations::Descriptors &fds)
{
    auto link = labLinkOf(params, {QStringLiteral("filter"), QStringLiteral("buffer_bytes")});
    if (!link)
        return std::unexpected(link.error());
    auto request = capturesocket::fromJson(params);
    if (!request)
        return std::unexpected(request.error());
    if (!netns::exists(link->netns))
        return fail(LabHelperOperations::tr("'%1' is not a namespace of a lab that is up; start the lab first.")
                        .arg(link->netns.left(40)));
    auto socket = capturesocket::open(*request);
    if (!socket)
        return std::unexpected(socket.error());
    fds.toSend = {*socket};
    return QJsonObject{{QStringLiteral("netns"), link->netns}, {QStringLiteral("interface"), link->interface}};
}

[[nodiscard]] Result<QJsonObject> mibCountersOperation(const QJsonObject &params)
{
    if (auto ok = onlyFields(params, {QStringLiteral("netns")}); !ok)
        return std::unexpected(ok.error());
    auto netns = labNamespace(params);
    if (!netns)
        return std::unexpected(netns.error());
    auto counters = mib::read(*netns);
    if (!counters)
        return std::unexpected(counters.error());
    return QJsonObject{{QStringLiteral("counters"), mib::toJson(*counters)}};
}

[[nodiscard]] Result<QJsonObject> qdiscStatsOperation(const QJsonObject &params)
{
    auto link = labLinkOf(params, {});
    if (!link)
        return std::unexpected(link.error());
    auto reader = QdiscStatsReader::open(link->netns, link->interface);
    if (!reader)
        return std::unexpected(reader.error());
    auto stats = (*reader)->readRoot();
    if (!stats)
        return std::unexpected(stats.error());
    return toJson(*stats);
}

} // namespace

void addLabOperations(HelperOperations &ops)
{
    ops.add(QStringLiteral("lab_sockets"), HelperOperations::DescriptorHandler(labSocketsOperation));
    ops.add(QStringLiteral("lab_capture"), HelperOperations::DescriptorHandler(labCaptureOperation));
    ops.add(QStringLiteral("lab_socket_options"), HelperOperations::DescriptorHandler(labSocketOptionsOperation));
    ops.add(QStringLiteral("lab_up"), labUpOperation);
    ops.add(QStringLiteral("lab_down"), labDownOperation);
    ops.add(QStringLiteral("lab_status"), labStatusOperation);
    ops.add(QStringLiteral("mib_counters"), mibCountersOperation);
    ops.add(QStringLiteral("qdisc_stats"), qdiscStatsOperation);
}

} // namespace tcptune

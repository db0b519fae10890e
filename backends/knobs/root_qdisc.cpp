#include "knobs/root_qdisc.h"

#include "common/netlink_attributes.h"
#include "common/route_socket.h"

#include <QByteArray>
#include <QDir>
#include <QFile>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <linux/netlink.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <sched.h>
#include <sys/utsname.h>
#include <thread>

namespace tcptune {
namespace {

using netlink::forEachAttribute;
using netlink::readAt;

constexpr std::uint64_t kU32 = 0xffffffffULL;
// The kernel's PSCHED_SHIFT: tbf reports its bucket in ticks of 64 ns.
constexpr long double kNsPerTick = 64;

// A netlink request built attribute by attribute.
class Request final {
public:
    Request(std::uint16_t type, std::uint16_t flags, int ifindex)
    {
        nlmsghdr header{};
        header.nlmsg_type = type;
        header.nlmsg_flags = flags;
        header.nlmsg_seq = 1;
        tcmsg tc{};
        tc.tcm_family = AF_UNSPEC;
        tc.tcm_ifindex = ifindex;
        tc.tcm_parent = TC_H_ROOT;
        m_bytes.append(reinterpret_cast<const char *>(&header), NLMSG_HDRLEN);
        m_bytes.append(reinterpret_cast<const char *>(&tc), sizeof tc);
        pad();
    }
    void add(std::uint16_t type, const void *data, std::size_t size)
    {
        const rtattr attr{std::uint16_t(RTA_LENGTH(size)), type};
        m_bytes.append(reinterpret_cast<const char *>(&attr), sizeof attr);
        m_bytes.append(static_cast<const char *>(data), qsizetype(size));
        pad();
    }
    void addU32(std::uint16_t type, std::uint64_t v)
    {
        const auto value = std::uint32_t(v);
        add(type, &value, sizeof value);
    }
    void addU64(std::uint16_t type, std::uint64_t v) { add(type, &v, sizeof v); }
    // Starts a nested attribute; end it with close(the returned offset).
    qsizetype open(std::uint16_t type)
    {
        const qsizetype at = m_bytes.size();
        add(type, nullptr, 0);
        return at;
    }
    void close(qsizetype at)
    {
        const auto length = std::uint16_t(m_bytes.size() - at);
        std::memcpy(m_bytes.data() + at, &length, sizeof length);
    }
    QByteArrayView finished()
    {
        const auto length = std::uint32_t(m_bytes.size());
        std::memcpy(m_bytes.data(), &length, sizeof length);
        return m_bytes;
    }

private:
    void pad()
    {
        while (m_bytes.size() % 4)
            m_bytes.append('\0');
    }
    QByteArray m_bytes;
};

// The value nearest V that is a multiple of UNIT, when it lies within SLACK: the number a person
// gave before the kernel's rounding ("32kb", "5ms"), else V.
std::uint64_t snapped(long double v, std::uint64_t unit, long double slack)
{
    const long double nearest = std::roundl(v / unit) * unit;
    return std::uint64_t(std::fabs(v - nearest) <= slack ? nearest : std::roundl(v));
}

void readTbf(QByteArrayView options, QdiscSetting &s)
{
    tc_tbf_qopt qopt{};
    std::uint64_t rate64 = 0;
    forEachAttribute(options, [&](unsigned short type, QByteArrayView payload) {
        if (type == TCA_TBF_PARMS && payload.size() >= qsizetype(sizeof qopt))
            qopt = readAt<tc_tbf_qopt>(payload, 0);
        else if (type == TCA_TBF_RATE64 && payload.size() >= qsizetype(sizeof rate64))
            rate64 = readAt<std::uint64_t>(payload, 0);
    });
    const std::uint64_t rate = std::max<std::uint64_t>(qopt.rate.rate, rate64);
    // The bucket comes back as a time; in bytes at the rate, up to one tick's bytes off.
    const long double tickBytes = kNsPerTick * rate / 1e9L;
    s.set(QStringLiteral("rate"), rate);
    s.set(QStringLiteral("burst"), snapped(qopt.buffer * tickBytes, 1024, tickBytes + 1));
    s.set(QStringLiteral("limit"), qopt.limit);
}

void readFqCodel(QByteArrayView options, QdiscSetting &s)
{
    forEachAttribute(options, [&](unsigned short type, QByteArrayView payload) {
        if (payload.size() < qsizetype(sizeof(std::uint32_t)))
            return;
        const std::uint32_t v = readAt<std::uint32_t>(payload, 0);
        switch (type) {
        case TCA_FQ_CODEL_LIMIT: s.set(QStringLiteral("limit"), v); break;
        case TCA_FQ_CODEL_FLOWS: s.set(QStringLiteral("flows"), v); break;
        // codel keeps times in 1.024 us steps
        case TCA_FQ_CODEL_TARGET: s.set(QStringLiteral("target"), snapped(v, 1000, 2)); break;
        case TCA_FQ_CODEL_INTERVAL: s.set(QStringLiteral("interval"), snapped(v, 1000, 2)); break;
        case TCA_FQ_CODEL_QUANTUM: s.set(QStringLiteral("quantum"), v); break;
        case TCA_FQ_CODEL_ECN: s.set(v ? QStringLiteral("ecn") : QStringLiteral("noecn"), 1); break;
        default: break;
        }
    });
}

void readFqOrCake(QByteArrayView options, QdiscSetting &s)
{
    const bool cake = s.kind == QLatin1String("cake");
    forEachAttribute(options, [&](unsigned short type, QByteArrayView payload) {
        if (cake && type == TCA_CAKE_BASE_RATE64 && payload.size() >= qsizetype(sizeof(std::uint64_t))) {
            const auto rate = readAt<std::uint64_t>(payload, 0);
            s.set(rate ? QStringLiteral("bandwidth") : QStringLiteral("unlimited"), rate ? rate : 1);
        }
        if (cake || payload.size() < qsizetype(sizeof(std::uint32_t)))
            return;
        const std::uint32_t v = readAt<std::uint32_t>(payload, 0);
        if (type == TCA_FQ_PLIMIT)
            s.set(QStringLiteral("limit"), v);
        else if (type == TCA_FQ_FLOW_PLIMIT)
            s.set(QStringLiteral("flow_limit"), v);
        else if (type == TCA_FQ_QUANTUM)
            s.set(QStringLiteral("quantum"), v);
        else if (type == TCA_FQ_FLOW_MAX_RATE && v != kU32)
            s.set(QStringLiteral("maxrate"), v);
    });
}

void readOptions(QByteArrayView options, QdiscSetting &s)
{
    if (s.kind == QLatin1String("pfifo") || s.kind == QLatin1String("bfifo")) {
        if (options.size() >= qsizetype(sizeof(tc_fifo_qopt)))
            s.set(QStringLiteral("limit"), readAt<tc_fifo_qopt>(options, 0).limit);
    } else if (s.kind == QLatin1String("tbf")) {
        readTbf(options, s);
    } else if (s.kind == QLatin1String("fq_codel")) {
        readFqCodel(options, s);
    } else if (s.kind == QLatin1String("fq") || s.kind == QLatin1String("cake")) {
        readFqOrCake(options, s);
    }
}

void addTbf(Request &r, const QdiscSetting &s)
{
    const std::uint64_t rate = s.value(QStringLiteral("rate")).value_or(0);
    tc_tbf_qopt qopt{};
    qopt.rate.rate = std::uint32_t(std::min(rate, kU32));
    // Ethernet link layer: the kernel reckons the rate itself, without tc's rate table.
    qopt.rate.linklayer = TC_LINKLAYER_ETHERNET;
    qopt.limit = std::uint32_t(s.value(QStringLiteral("limit")).value_or(0));
    r.add(TCA_TBF_PARMS, &qopt, sizeof qopt);
    r.addU32(TCA_TBF_BURST, s.value(QStringLiteral("burst")).value_or(0));
    if (rate >= kU32)
        r.addU64(TCA_TBF_RATE64, rate);
}

void addOptions(Request &r, const QdiscSetting &s)
{
    const auto limit = s.value(QStringLiteral("limit"));
    if (s.kind == QLatin1String("pfifo") || s.kind == QLatin1String("bfifo")) {
        if (limit) {
            const tc_fifo_qopt fifo{std::uint32_t(*limit)};
            r.add(TCA_OPTIONS, &fifo, sizeof fifo);
        }
        return;
    }
    if (s.kind == QLatin1String("pfifo_fast"))
        return;
    const qsizetype nest = r.open(TCA_OPTIONS);
    const auto put = [&](const char *name, std::uint16_t type) {
        if (const auto v = s.value(QLatin1String(name)))
            r.addU32(type, *v);
    };
    if (s.kind == QLatin1String("tbf")) {
        addTbf(r, s);
    } else if (s.kind == QLatin1String("fq_codel")) {
        put("limit", TCA_FQ_CODEL_LIMIT);
        put("flows", TCA_FQ_CODEL_FLOWS);
        put("target", TCA_FQ_CODEL_TARGET);
        put("interval", TCA_FQ_CODEL_INTERVAL);
        put("quantum", TCA_FQ_CODEL_QUANTUM);
        if (s.value(QStringLiteral("ecn")) || s.value(QStringLiteral("noecn")))
            r.addU32(TCA_FQ_CODEL_ECN, s.value(QStringLiteral("ecn")) ? 1 : 0);
    } else if (s.kind == QLatin1String("fq")) {
        put("limit", TCA_FQ_PLIMIT);
        put("flow_limit", TCA_FQ_FLOW_PLIMIT);
        put("quantum", TCA_FQ_QUANTUM);
        put("maxrate", TCA_FQ_FLOW_MAX_RATE);
    } else if (s.kind == QLatin1String("cake")) {
        if (const auto bandwidth = s.value(QStringLiteral("bandwidth")))
            r.addU64(TCA_CAKE_BASE_RATE64, *bandwidth);
        else if (s.value(QStringLiteral("unlimited")))
            r.addU64(TCA_CAKE_BASE_RATE64, 0);
    }
    r.close(nest);
}

Result<int> indexOf(const QString &device)
{
    const unsigned index = ::if_nametoindex(device.toLocal8Bit().constData());
    if (index == 0)
        return fail(RootQdisc::tr("There is no network device %1 here.").arg(device));
    return int(index);
}

// Whether the files of the running kernel show module MODULE (loaded, built in, or installed).
bool moduleFilesShow(const QString &module)
{
    QFile loaded(QStringLiteral("/proc/modules"));
    if (loaded.open(QIODevice::ReadOnly) && loaded.readAll().contains(QByteArray(module.toLatin1() + ' ')))
        return true;
    if (QDir(QStringLiteral("/sys/module/") + module).exists())
        return true;
    utsname u{};
    if (::uname(&u) != 0)
        return false;
    const QString tree = QStringLiteral("/lib/modules/") + QString::fromLocal8Bit(u.release);
    if (!QDir(tree + QStringLiteral("/kernel/net/sched"))
             .entryList({module + QStringLiteral(".ko*")}, QDir::Files)
             .isEmpty())
        return true;
    QFile builtin(tree + QStringLiteral("/modules.builtin"));
    return builtin.open(QIODevice::ReadOnly) && builtin.readAll().contains(QByteArray('/' + module.toLatin1() + ".ko"));
}

// Tries every supported kind on lo of a namespace of a thread's own, which ends with it.
Result<QStringList> probeKinds()
{
    QStringList available;
    int unshareErrno = 0;
    std::thread prober([&] {
        if (::unshare(CLONE_NEWNET) != 0) {
            unshareErrno = errno;
            return;
        }
        const RouteSocket socket;
        const int lo = int(::if_nametoindex("lo"));
        for (const QString &kind : QdiscSettings::supportedKinds()) {
            Request r(RTM_NEWQDISC, NLM_F_REQUEST | NLM_F_ACK | NLM_F_CREATE | NLM_F_REPLACE, lo);
            const QByteArray name = kind.toLatin1();
            r.add(TCA_KIND, name.constData(), std::size_t(name.size()) + 1);
            // No options: a kind the kernel has answers (with success or EINVAL), one it lacks ENOENT.
            auto answered = socket.exchange(r.finished(), [&](std::uint16_t type, QByteArrayView m) -> Result<void> {
                if (type == NLMSG_ERROR && RouteSocket::errorCode(m) != -ENOENT)
                    available << kind;
                return {};
            });
            if (!answered)
                return;
        }
    });
    prober.join();
    if (unshareErrno != 0)
        return fail(RootQdisc::tr("Cannot make a namespace to ask the kernel for its qdiscs: %1.")
                        .arg(QString::fromLocal8Bit(std::strerror(unshareErrno))));
    return available;
}

Error missingKind(const QString &kind, const QStringList &available)
{
    return Error{
        RootQdisc::tr("This kernel has no %1 qdisc (module %2); available: %3.")
            .arg(kind, QdiscSettings::moduleOf(kind),
                 available.isEmpty()
                     ? RootQdisc::tr("none of %1").arg(QdiscSettings::supportedKinds().join(QStringLiteral(", ")))
                     : available.join(QStringLiteral(", ")))};
}

} // namespace

Result<QdiscSetting> RootQdisc::fromMessage(QByteArrayView message)
{
    const qsizetype attributes = NLMSG_HDRLEN + NLMSG_ALIGN(qsizetype(sizeof(tcmsg)));
    if (message.size() < attributes || readAt<nlmsghdr>(message, 0).nlmsg_type != RTM_NEWQDISC)
        return fail(tr("The kernel's answer is not a qdisc."));
    const auto tc = readAt<tcmsg>(message, NLMSG_HDRLEN);
    QdiscSetting s;
    s.kernelDefault = tc.tcm_handle == 0; // the kernel's own: tc shows it as "0:"
    QByteArrayView options;
    forEachAttribute(message.sliced(attributes), [&](unsigned short type, QByteArrayView payload) {
        if (type == TCA_KIND)
            s.kind = QString::fromLatin1(payload.data(), qstrnlen(payload.data(), payload.size()));
        else if (type == TCA_OPTIONS)
            options = payload;
    });
    if (s.kind.isEmpty())
        return fail(tr("The kernel's answer names no qdisc kind."));
    if (!s.kernelDefault)
        readOptions(options, s);
    return s;
}

Result<QdiscSetting> RootQdisc::read(const QString &device)
{
    auto index = indexOf(device);
    if (!index)
        return std::unexpected(index.error());
    const RouteSocket socket;
    // Without NLM_F_ECHO a kernel before 6.9 sends the answer to RTM_GETQDISC only to the
    // RTNLGRP_TC listeners, never back to the asker.
    Request r(RTM_GETQDISC, NLM_F_REQUEST | NLM_F_ECHO, *index);
    QdiscSetting out;
    auto answered = socket.exchange(r.finished(), [&](std::uint16_t type, QByteArrayView m) -> Result<void> {
        if (type == NLMSG_ERROR) {
            if (auto refused = RouteSocket::acknowledgement(device, m); !refused)
                return refused;
            return fail(tr("The kernel did not show the root qdisc of %1.").arg(device));
        }
        auto setting = fromMessage(m);
        if (!setting)
            return std::unexpected(setting.error());
        out = *setting;
        return {};
    });
    if (!answered)
        return std::unexpected(answered.error());
    return out;
}

Result<void> RootQdisc::set(const QString &device, const QdiscSetting &setting)
{
    auto index = indexOf(device);
    if (!index)
        return std::unexpected(index.error());
    if (setting.kernelDefault) {
        auto current = read(device);
        if (!current)
            return std::unexpected(current.error());
        if (current->kernelDefault)
            return {}; // nothing of ours to delete
    }
    const RouteSocket socket;
    Request r(setting.kernelDefault ? RTM_DELQDISC : RTM_NEWQDISC,
              NLM_F_REQUEST | NLM_F_ACK | (setting.kernelDefault ? 0 : NLM_F_CREATE | NLM_F_REPLACE), *index);
    if (!setting.kernelDefault) {
        const QByteArray kind = setting.kind.toLatin1();
        r.add(TCA_KIND, kind.constData(), std::size_t(kind.size()) + 1);
        addOptions(r, setting);
    }
    return socket.exchange(r.finished(), [&](std::uint16_t type, QByteArrayView m) -> Result<void> {
        if (type != NLMSG_ERROR)
            return fail(tr("The kernel's answer for %1 is not an acknowledgement.").arg(device));
        if (RouteSocket::errorCode(m) == -ENOENT && !setting.kernelDefault)
            return std::unexpected(missingKind(setting.kind, availableKinds().value_or(QStringList())));
        return RouteSocket::acknowledgement(QStringLiteral("%1 (qdisc)").arg(device), m);
    });
}

Result<QStringList> RootQdisc::availableKinds()
{
    return probeKinds();
}

Result<void> RootQdisc::checkAvailable(const QString &kind)
{
    // A module loaded or installed is enough; a kernel with the qdisc built in shows no file
    // for it, so then the kernel is asked.
    if (moduleFilesShow(QdiscSettings::moduleOf(kind)))
        return {};
    auto available = availableKinds();
    if (!available)
        return {}; // without the right to ask, the kernel's answer to the change names a missing kind
    if (available->contains(kind))
        return {};
    return std::unexpected(missingKind(kind, *available));
}

} // namespace tcptune

#include "knobs/link_reader.h"

#include "knobs/link_knobs.h"
#include "knobs/root_qdisc.h"

#include "common/link_size_limits.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <sys/stat.h>

namespace tcptune::linkreader {
namespace {

using linkknobs::Group;

// LinkWriter::tr(): the sentences are the helper's refusals; one context for the link texts.
class LinkWriter final {
    Q_DECLARE_TR_FUNCTIONS(LinkWriter)
};

} // namespace

// The sentence for an operation the driver lacks: "veth does not support interrupt coalescing
// (ethtool -C); this knob needs a physical NIC."
Error unsupported(const EthtoolDevice &device, Group group)
{
    const QString driver = device.driverForMessages();
    switch (group) {
    case Group::Coalescing:
        return Error{LinkWriter::tr("%1 does not support interrupt coalescing (ethtool -C); this knob needs a physical "
                                    "NIC.")
                         .arg(driver)};
    case Group::Rings:
        return Error{
            LinkWriter::tr("%1 does not support ring sizes (ethtool -G); this knob needs a physical NIC.").arg(driver)};
    case Group::Channels:
        return Error{
            LinkWriter::tr("%1 does not support combined channels (ethtool -L); this knob needs a physical NIC.")
                .arg(driver)};
    case Group::Bql:
        return Error{
            LinkWriter::tr("%1 does not support byte queue limits (BQL); this knob needs a physical NIC.").arg(driver)};
    case Group::Feature:
    case Group::Interface:
    case Group::SizeLimits:
    case Group::Qdisc: break;
    }
    return Error{LinkWriter::tr("%1 does not support this knob.").arg(driver)};
}

Result<MatchedFeatures> matchFeatures(const EthtoolDevice &device, const KnobInfo &knob)
{
    auto all = device.features();
    if (!all)
        return std::unexpected(all.error());
    MatchedFeatures m;
    for (const DeviceFeature &f : *all) {
        bool matches = false;
        for (const QString &pattern : linkknobs::featurePatterns(knob.linkParameter))
            matches = matches || linkknobs::featureMatches(pattern, f.name);
        if (!matches)
            continue;
        m.anyMatched = true;
        m.anyActive = m.anyActive || f.active;
        if (f.changeable)
            m.changeable << f.name;
    }
    if (!m.anyMatched)
        return fail(LinkWriter::tr("%1 (%2) has no %3 feature.")
                        .arg(device.name(), device.driverForMessages(), knob.linkParameter));
    return m;
}

namespace {

// True when the calling thread is in the process's own namespace, the one /sys shows: sysfs
// shows that namespace's devices, so a lab device's queues are not reachable through it.
bool sysfsShowsThisNamespace()
{
    struct stat mine {};
    struct stat sysfs {};
    return ::stat("/proc/thread-self/ns/net", &mine) == 0 && ::stat("/proc/self/ns/net", &sysfs) == 0 &&
           mine.st_ino == sysfs.st_ino && mine.st_dev == sysfs.st_dev;
}

} // namespace

// The limit_max files of every TX queue of the device, or the refusal.
Result<QStringList> bqlFiles(const EthtoolDevice &device)
{
    if (!sysfsShowsThisNamespace())
        return std::unexpected(unsupported(device, Group::Bql));
    const QString queues = QStringLiteral("/sys/class/net/%1/queues").arg(device.name());
    QStringList files;
    for (const QString &queue : QDir(queues).entryList({QStringLiteral("tx-*")}, QDir::Dirs, QDir::Name)) {
        const QString file = queues + QLatin1Char('/') + queue + QStringLiteral("/byte_queue_limits/limit_max");
        if (QFile::exists(file))
            files << file;
    }
    if (files.isEmpty())
        return std::unexpected(unsupported(device, Group::Bql));
    return files;
}

namespace {

Result<QString> readBql(const EthtoolDevice &device)
{
    auto files = bqlFiles(device);
    if (!files)
        return std::unexpected(files.error());
    QFile file(files->constFirst());
    if (!file.open(QIODevice::ReadOnly))
        return fail(LinkWriter::tr("Cannot read %1: %2.").arg(file.fileName(), file.errorString()));
    return QString::fromLatin1(file.readAll()).trimmed();
}

// gso_max_size or gro_max_size (PARAMETER) of DEVICE; a kernel that does not report it lacks it.
Result<QString> readSizeLimit(const EthtoolDevice &device, const QString &parameter)
{
    auto limits = LinkSizeLimitsIo::read(device.name());
    if (!limits)
        return std::unexpected(limits.error());
    const bool gso = parameter == QLatin1String("gso_max_size");
    const std::int64_t value = gso ? limits->gsoMaxSize : limits->groMaxSize;
    if (value < 0)
        return fail(LinkWriter::tr("This kernel does not report %1 for %2.").arg(parameter, device.name()));
    return QString::number(value);
}

} // namespace

std::uint32_t coalescingField(const DeviceCoalescing &c, const QString &parameter)
{
    if (parameter == QLatin1String("tx-usecs"))
        return c.txUsecs;
    if (parameter == QLatin1String("tx-frames"))
        return c.txFrames;
    if (parameter == QLatin1String("rx-usecs"))
        return c.rxUsecs;
    if (parameter == QLatin1String("rx-frames"))
        return c.rxFrames;
    if (parameter == QLatin1String("adaptive-rx"))
        return c.adaptiveRx ? 1 : 0;
    return c.adaptiveTx ? 1 : 0;
}

void setCoalescingField(DeviceCoalescing &c, const QString &parameter, std::uint32_t v)
{
    if (parameter == QLatin1String("tx-usecs"))
        c.txUsecs = v;
    else if (parameter == QLatin1String("tx-frames"))
        c.txFrames = v;
    else if (parameter == QLatin1String("rx-usecs"))
        c.rxUsecs = v;
    else if (parameter == QLatin1String("rx-frames"))
        c.rxFrames = v;
    else if (parameter == QLatin1String("adaptive-rx"))
        c.adaptiveRx = v != 0;
    else
        c.adaptiveTx = v != 0;
}

Result<QString> readFrom(const EthtoolDevice &device, const KnobInfo &knob)
{
    const QString &p = knob.linkParameter;
    switch (linkknobs::groupOf(knob)) {
    case Group::Feature: {
        auto m = matchFeatures(device, knob);
        if (!m)
            return std::unexpected(m.error());
        return m->anyActive ? QStringLiteral("1") : QStringLiteral("0");
    }
    case Group::Coalescing: {
        auto c = orRefusal(device, Group::Coalescing, device.coalescing());
        if (!c)
            return std::unexpected(c.error());
        return QString::number(coalescingField(*c, p));
    }
    case Group::Rings: {
        auto r = orRefusal(device, Group::Rings, device.rings());
        if (!r)
            return std::unexpected(r.error());
        return QString::number(p == QLatin1String("rx-ring") ? r->rx : r->tx);
    }
    case Group::Channels: {
        auto c = orRefusal(device, Group::Channels, device.channels());
        if (!c)
            return std::unexpected(c.error());
        if (c->combinedMax == 0)
            return std::unexpected(unsupported(device, Group::Channels));
        return QString::number(c->combined);
    }
    case Group::Interface: {
        auto v = p == QLatin1String("mtu") ? device.mtu() : device.txQueueLength();
        if (!v)
            return std::unexpected(v.error());
        return QString::number(*v);
    }
    case Group::Bql: return readBql(device);
    case Group::SizeLimits: return readSizeLimit(device, p);
    case Group::Qdisc: {
        auto root = RootQdisc::read(device.name());
        if (!root)
            return std::unexpected(root.error());
        return QdiscSettings::canonical(*root);
    }
    }
    return fail(LinkWriter::tr("%1: unknown link parameter.").arg(knob.key));
}

Result<QString> read(const KnobInfo &knob)
{
    auto device = openDevice(knob);
    if (!device)
        return std::unexpected(device.error());
    return readFrom(*device, knob);
}

Result<EthtoolDevice> openDevice(const KnobInfo &knob)
{
    if (auto named = linkknobs::checkDeviceName(knob.device); !named)
        return std::unexpected(named.error());
    return EthtoolDevice::open(knob.device);
}

} // namespace tcptune::linkreader

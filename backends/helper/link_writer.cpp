#include "helper/link_writer.h"

#include "common/ethtool_device.h"
#include "common/link_size_limits.h"
#include "knobs/link_knobs.h"
#include "knobs/knob_value.h"
#include "knobs/link_reader.h"
#include "knobs/qdisc_setting.h"
#include "knobs/root_qdisc.h"

#include <QCoreApplication>
#include <QFile>

namespace tcptune::linkwriter {
namespace {

using linkknobs::Group;
using linkreader::bqlFiles;
using linkreader::matchFeatures;
using linkreader::openDevice;
using linkreader::orRefusal;
using linkreader::readFrom;
using linkreader::setCoalescingField;

// LinkWriter::tr(): lupdate files this file's text under the context that tr() looks it up in.
class LinkWriter final {
    Q_DECLARE_TR_FUNCTIONS(LinkWriter)
};

} // namespace

Result<QString> read(const KnobInfo &knob)
{
    return linkreader::read(knob);
}

Result<QString> parseForKernel(const KnobInfo &knob, const QString &input)
{
    auto canonical = knobvalue::parse(knob, input);
    if (!canonical || linkknobs::groupOf(knob) != Group::Qdisc)
        return canonical;
    auto setting = QdiscSettings::parse(*canonical);
    if (!setting)
        return std::unexpected(setting.error());
    if (!setting->kernelDefault)
        if (auto available = RootQdisc::checkAvailable(setting->kind); !available)
            return std::unexpected(available.error());
    return canonical;
}

namespace {

// The root qdisc now must be one tcptune can put back after the run.
Result<void> checkRestorable(const EthtoolDevice &device)
{
    auto root = RootQdisc::read(device.name());
    if (!root)
        return std::unexpected(root.error());
    if (root->kernelDefault || QdiscSettings::supportedKinds().contains(root->kind))
        return {};
    return fail(LinkWriter::tr("The root qdisc of %1 is %2, which tcptune cannot put back after the run (it sets %3); "
                               "replace it by hand first, or set the knob on another device.")
                    .arg(device.name(), root->kind, QdiscSettings::supportedKinds().join(QStringLiteral(", "))));
}

} // namespace

Result<void> checkWritable(const KnobInfo &knob)
{
    auto device = openDevice(knob);
    if (!device)
        return std::unexpected(device.error());
    if (linkknobs::groupOf(knob) == Group::Qdisc)
        return checkRestorable(*device);
    if (linkknobs::groupOf(knob) != Group::Feature) {
        auto value = readFrom(*device, knob); // refuses what the driver lacks
        if (!value)
            return std::unexpected(value.error());
        return {};
    }
    auto m = matchFeatures(*device, knob);
    if (!m)
        return std::unexpected(m.error());
    if (m->changeable.isEmpty())
        return fail(LinkWriter::tr("%1 fixes %2 %3 on %4 ([fixed] in ethtool -k); this knob needs a device that lets "
                                   "it change.")
                        .arg(device->driverForMessages(), knob.linkParameter,
                             m->anyActive ? LinkWriter::tr("on") : LinkWriter::tr("off"), device->name()));
    return {};
}

namespace {

[[nodiscard]] Result<void> writeBql(const EthtoolDevice &device, const QString &canonical)
{
    auto files = bqlFiles(device);
    if (!files)
        return std::unexpected(files.error());
    for (const QString &name : *files) {
        QFile file(name);
        if (!file.open(QIODevice::WriteOnly | QIODevice::ExistingOnly) || file.write(canonical.toLatin1()) < 0 ||
            !file.flush())
            return fail(LinkWriter::tr("The kernel refused %1 in %2: %3.").arg(canonical, name, file.errorString()));
    }
    return {};
}

[[nodiscard]] Result<void> writeSized(const EthtoolDevice &device, const KnobInfo &knob, std::int64_t v)
{
    const QString &p = knob.linkParameter;
    const auto value = std::uint32_t(v);
    switch (linkknobs::groupOf(knob)) {
    case Group::Coalescing: {
        auto c = orRefusal(device, Group::Coalescing, device.coalescing());
        if (!c)
            return std::unexpected(c.error());
        setCoalescingField(*c, p, value);
        return orRefusal(device, Group::Coalescing, device.setCoalescing(*c));
    }
    case Group::Rings: {
        auto r = orRefusal(device, Group::Rings, device.rings());
        if (!r)
            return std::unexpected(r.error());
        const bool rx = p == QLatin1String("rx-ring");
        const std::uint32_t most = rx ? r->rxMax : r->txMax;
        if (value > most)
            return fail(LinkWriter::tr("%1 = %2 is above the most %3 (%4) allows: %5.")
                            .arg(knob.key)
                            .arg(v)
                            .arg(device.name(), device.driverForMessages())
                            .arg(most));
        return device.setRings(rx ? value : r->rx, rx ? r->tx : value);
    }
    case Group::Channels: return orRefusal(device, Group::Channels, device.setCombinedChannels(value));
    case Group::Interface: return p == QLatin1String("mtu") ? device.setMtu(v) : device.setTxQueueLength(v);
    case Group::SizeLimits:
        return LinkSizeLimitsIo::set(
            device.name(), p == QLatin1String("gso_max_size") ? LinkSizeLimit::GsoMaxSize : LinkSizeLimit::GroMaxSize,
            value);
    case Group::Feature:
    case Group::Bql:
    case Group::Qdisc: break;
    }
    return fail(LinkWriter::tr("%1: unknown link parameter.").arg(knob.key));
}

} // namespace

Result<void> write(const KnobInfo &knob, const QString &canonical)
{
    auto device = openDevice(knob);
    if (!device)
        return std::unexpected(device.error());
    const Group group = linkknobs::groupOf(knob);
    if (group == Group::Feature) {
        auto m = matchFeatures(*device, knob);
        if (!m)
            return std::unexpected(m.error());
        return device->setFeatures(m->changeable, canonical == QLatin1String("1"));
    }
    if (group == Group::Bql)
        return writeBql(*device, canonical);
    if (group == Group::Qdisc) {
        auto setting = QdiscSettings::parse(canonical);
        if (!setting)
            return std::unexpected(setting.error());
        return RootQdisc::set(device->name(), *setting);
    }
    bool ok = false;
    const std::int64_t v = canonical.toLongLong(&ok);
    if (!ok || v < knob.minimum || v > knob.maximum)
        return fail(LinkWriter::tr("%1: '%2' is out of range.").arg(knob.key, canonical));
    return writeSized(*device, knob, v);
}

} // namespace tcptune::linkwriter

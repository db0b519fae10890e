#include "helper/link_readings.h"

#include "common/ethtool_device.h"
#include "common/netns.h"
#include "helper/link_writer.h"
#include "knobs/knob_catalogue.h"
#include "knobs/link_facts.h"
#include "knobs/link_knobs.h"

#include <net/if.h>

namespace tcptune::linkreadings {
namespace {

QStringList devicesHere()
{
    QStringList out;
    struct if_nameindex *names = ::if_nameindex();
    if (!names)
        return out;
    for (const struct if_nameindex *n = names; n->if_index != 0 && n->if_name; ++n) {
        const QString name = QString::fromLocal8Bit(n->if_name);
        if (name != QLatin1String("lo"))
            out.append(name);
    }
    ::if_freenameindex(names);
    return out;
}

// The knob's value, and why it cannot change when the device lacks or fixes it (the helper's
// own check, so the sentence is the one a run would be refused with).
KnobReading readingOf(const KnobInfo &knob)
{
    KnobReading r{&knob, std::nullopt, {}};
    auto value = linkwriter::read(knob);
    if (!value) {
        r.problem = value.error().message;
        return r;
    }
    r.value = *value;
    if (auto writable = linkwriter::checkWritable(knob); !writable)
        r.problem = writable.error().message;
    return r;
}

Result<DeviceLinkReadings> readHere(const QString &device)
{
    if (auto there = EthtoolDevice::open(device); !there)
        return std::unexpected(there.error());
    DeviceLinkReadings out;
    out.device = device;
    out.facts = linkfacts::readHere(device);
    for (const KnobInfo &t : KnobCatalogue::instance().linkTemplates()) {
        const QString key = QLatin1String(linkknobs::kPrefix) + device + QLatin1Char('.') + t.linkParameter;
        if (const KnobInfo *knob = KnobCatalogue::instance().find(key))
            out.knobs.append(readingOf(*knob));
    }
    return out;
}

} // namespace

Result<QStringList> listDevices(const QString &netns)
{
    QStringList out;
    if (auto entered = netns::runIn(netns, [&] { out = devicesHere(); }); !entered)
        return std::unexpected(entered.error());
    return out;
}

Result<DeviceLinkReadings> read(const QString &netns, const QString &device)
{
    if (auto named = linkknobs::checkDeviceName(device); !named)
        return std::unexpected(named.error());
    Result<DeviceLinkReadings> out = fail(QString());
    if (auto entered = netns::runIn(netns, [&] { out = readHere(device); }); !entered)
        return std::unexpected(entered.error());
    return out;
}

} // namespace tcptune::linkreadings

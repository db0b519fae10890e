#include "knobs/link_facts.h"

#include "common/ethtool_device.h"
#include "common/netns.h"
#include "knobs/knob_catalogue.h"
#include "knobs/link_knobs.h"
#include "knobs/link_reader.h"

namespace tcptune::linkfacts {
namespace {

QString factKey(const QString &device, const char *name)
{
    return QLatin1String(linkknobs::kPrefix) + device + QLatin1Char('.') + QLatin1String(name);
}

void addDriverFacts(const EthtoolDevice &device, KnobSnapshot &out)
{
    if (auto info = device.driverInfo()) {
        out.insert(factKey(device.name(), "driver"), info->driver);
        out.insert(factKey(device.name(), "driver_version"), info->version);
        out.insert(factKey(device.name(), "firmware"), info->firmware);
        out.insert(factKey(device.name(), "bus"), info->bus);
    }
    if (auto speed = device.speed()) {
        if (speed->mbps)
            out.insert(factKey(device.name(), "speed"), QString::number(*speed->mbps));
        if (!speed->duplex.isEmpty())
            out.insert(factKey(device.name(), "duplex"), speed->duplex);
    }
}

} // namespace

QStringList factNames()
{
    return {QStringLiteral("driver"), QStringLiteral("driver_version"), QStringLiteral("firmware"),
            QStringLiteral("bus"),    QStringLiteral("speed"),          QStringLiteral("duplex")};
}

KnobSnapshot readHere(const QString &name)
{
    KnobSnapshot out;
    if (!linkknobs::checkDeviceName(name))
        return out;
    auto device = EthtoolDevice::open(name);
    if (!device)
        return out;
    addDriverFacts(*device, out);
    for (const KnobInfo &t : KnobCatalogue::instance().linkTemplates()) {
        const KnobInfo *knob = KnobCatalogue::instance().find(QLatin1String(linkknobs::kPrefix) + name +
                                                              QLatin1Char('.') + t.linkParameter);
        if (!knob)
            continue;
        if (auto value = linkreader::readFrom(*device, *knob))
            out.insert(knob->key, *value);
    }
    return out;
}

Result<KnobSnapshot> read(const QString &netns, const QStringList &devices)
{
    KnobSnapshot out;
    auto entered = netns::runIn(netns, [&] {
        for (const QString &device : devices)
            out.insert(readHere(device));
    });
    if (!entered)
        return std::unexpected(entered.error());
    return out;
}

} // namespace tcptune::linkfacts

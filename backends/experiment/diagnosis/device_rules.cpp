#include "experiment/diagnosis/device_rules.h"

#include "knobs/link_knobs.h"

#include <algorithm>
#include <cmath>

namespace tcptune {
namespace {

using T = DiagnosisThresholds;

QString linkKey(const QString &device, const char *parameter)
{
    return QLatin1String(linkknobs::kPrefix) + device + QLatin1Char('.') + QLatin1String(parameter);
}

// The devices SNAPSHOT has facts of ("link.DEV.PARAMETER" keys), in its order.
QStringList devicesOf(const KnobSnapshot &snapshot)
{
    QStringList out;
    const QString prefix = QLatin1String(linkknobs::kPrefix);
    for (auto it = snapshot.lowerBound(prefix); it != snapshot.end() && it.key().startsWith(prefix); ++it) {
        const QString rest = it.key().mid(prefix.size());
        const QString device = rest.left(rest.lastIndexOf(QLatin1Char('.')));
        if (!device.isEmpty())
            out << device;
    }
    out.removeDuplicates();
    return out;
}

bool offloadsOff(const KnobSnapshot &snapshot, const QString &device)
{
    // A device without TSO (none, or fixed off) has only GSO to lose.
    return snapshot.value(linkKey(device, "gso")) == QLatin1String("0") &&
           snapshot.value(linkKey(device, "tso")) != QLatin1String("1");
}

void addDeviceQueueFacts(const EndRecord &sender, const KnobSnapshot &ran, double fromT, DiagnosisFacts &f)
{
    if (sender.deviceQueueInterface.isEmpty())
        return;
    f.deviceQueueInterface = sender.deviceQueueInterface;
    f.deviceQueueKind = sender.deviceQueueKind;
    bool ok = false;
    const qint64 length = ran.value(linkKey(sender.deviceQueueInterface, "txqueuelen")).toLongLong(&ok);
    f.deviceTxqueuelen = ok ? length : -1;
    const QueueBacklog backlog = queueBacklog(sender.deviceQueue, fromT);
    f.deviceQueueAveragePackets = backlog.meanPackets;
    f.deviceQueuePeakPackets = backlog.peakPackets;
    if (!sender.deviceQueue.isEmpty())
        f.deviceQueueDrops = sender.deviceQueue.last().drops;
}

} // namespace

std::optional<Finding> deviceQueueFinding(const DiagnosisFacts &f)
{
    if (f.deviceQueueInterface.isEmpty() || f.deviceQueueAveragePackets < T::kDeviceQueuePackets)
        return std::nullopt;
    Finding out;
    out.rule = Finding::Rule::DeviceQueue;
    out.end = f.senderEnd;
    out.device = f.deviceQueueInterface;
    out.qdisc = f.deviceQueueKind;
    out.queueLength = f.deviceTxqueuelen;
    out.averagePackets = f.deviceQueueAveragePackets;
    out.count = f.deviceQueuePeakPackets;
    out.drops = f.deviceQueueDrops;
    return out;
}

std::optional<Finding> offloadsOffFinding(const DiagnosisFacts &f)
{
    if (f.offloadsOffDevice.isEmpty())
        return std::nullopt;
    const qint64 mtu = f.offloadsOffMtu > kTcpIpHeaderBytes ? f.offloadsOffMtu : kEthernetMtu;
    Finding out;
    out.rule = Finding::Rule::OffloadsOff;
    out.end = f.senderEnd;
    out.device = f.offloadsOffDevice;
    out.bytes = double(mtu - kTcpIpHeaderBytes);
    out.count = qint64(std::ceil(1e9 / out.bytes));
    return out;
}

void addDeviceFacts(const RunRecord &run, double fromT, DiagnosisFacts &f)
{
    const EndRecord *sender = run.senderEnd();
    if (!sender)
        return;
    // What the device ran with: the snapshot taken after the run, before anything was restored
    // (a far sender reports its own as the run begins).
    const KnobSnapshot &ran = sender->knobsAfter.isEmpty() ? sender->knobsBefore : sender->knobsAfter;
    addDeviceQueueFacts(*sender, ran, fromT, f);
    QStringList devices = devicesOf(ran);
    devices.removeAll(QStringLiteral("lo"));
    // The device the data left through first, when the observer watched it.
    if (devices.removeAll(f.deviceQueueInterface) > 0)
        devices.prepend(f.deviceQueueInterface);
    for (const QString &device : std::as_const(devices)) {
        if (!offloadsOff(ran, device))
            continue;
        f.offloadsOffDevice = device;
        bool ok = false;
        const qint64 mtu = ran.value(linkKey(device, "mtu")).toLongLong(&ok);
        f.offloadsOffMtu = ok ? mtu : -1;
        return;
    }
}

} // namespace tcptune

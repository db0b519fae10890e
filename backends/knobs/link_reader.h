#pragma once
// Reading link knobs (link.DEV.PARAMETER) through the kernel's interfaces: EthtoolDevice for
// features, coalescing, rings, channels, queue length and MTU, sysfs for BQL. It acts in the
// calling thread's network namespace (call it inside netns::runIn for a lab device). What the
// device lacks comes back as the sentence the helper refuses with, naming the driver.

#include "common/error.h"
#include "common/ethtool_device.h"
#include "knobs/knob_info.h"
#include "knobs/link_knobs.h"

#include <QString>
#include <QStringList>

namespace tcptune::linkreader {

// The device of KNOB, its name checked.
[[nodiscard]] Result<EthtoolDevice> openDevice(const KnobInfo &knob);

// The current value in canonical form ("1"/"0" for a feature, a whole number otherwise), or the
// refusal when the device does not have the parameter.
[[nodiscard]] Result<QString> read(const KnobInfo &knob);
[[nodiscard]] Result<QString> readFrom(const EthtoolDevice &device, const KnobInfo &knob);

// "veth does not support interrupt coalescing (ethtool -C); this knob needs a physical NIC."
Error unsupported(const EthtoolDevice &device, linkknobs::Group group);

// Passes RESULT on, or the refusal for GROUP when the driver said "not supported".
template <typename T> Result<T> orRefusal(const EthtoolDevice &device, linkknobs::Group group, Result<T> result)
{
    if (!result && device.lastWasUnsupported())
        return std::unexpected(unsupported(device, group));
    return result;
}

// The features a feature knob switches on DEVICE: which of them may change, whether any is on.
struct MatchedFeatures {
    QStringList changeable;
    bool anyActive = false;
    bool anyMatched = false;
};
[[nodiscard]] Result<MatchedFeatures> matchFeatures(const EthtoolDevice &device, const KnobInfo &knob);

// One coalescing parameter (tx-usecs, ..., adaptive-tx) of C, and the same to change it.
std::uint32_t coalescingField(const DeviceCoalescing &c, const QString &parameter);
void setCoalescingField(DeviceCoalescing &c, const QString &parameter, std::uint32_t value);

// The limit_max files of every TX queue of DEVICE, or the refusal (no BQL, or a device of a
// lab namespace, whose queues the host's /sys does not show).
[[nodiscard]] Result<QStringList> bqlFiles(const EthtoolDevice &device);

} // namespace tcptune::linkreader

#pragma once
// Link knobs: properties of one network device, named link.DEV.PARAMETER ("link.veth0.gso").
// The catalogue holds one template per parameter; a key names a device, checked here the way
// the kernel checks interface names, and the parameter must be one of the templates. Which
// kernel interface carries each parameter (ethtool feature bits, coalescing, rings, channels,
// interface ioctls, sysfs for BQL) is decided here, once, for the helper and the fact reader.

#include "common/error.h"
#include "knobs/knob_info.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace tcptune::linkknobs {

inline constexpr auto kPrefix = "link.";
// IFNAMSIZ - 1: the longest name the kernel gives a device.
inline constexpr int kMaxDeviceNameBytes = 15;

enum class Group {
    Feature,    // ethtool -K: offload feature bits (ETHTOOL_GFEATURES/SFEATURES)
    Coalescing, // ethtool -C (ETHTOOL_GCOALESCE/SCOALESCE)
    Rings,      // ethtool -G (ETHTOOL_GRINGPARAM/SRINGPARAM)
    Channels,   // ethtool -L (ETHTOOL_GCHANNELS/SCHANNELS)
    Interface,  // ip link set txqueuelen/mtu (SIOCSIFTXQLEN, SIOCSIFMTU)
    Bql,        // byte queue limits of every TX queue (sysfs)
    SizeLimits, // ip link set gso_max_size/gro_max_size (rtnetlink IFLA_GSO/GRO_MAX_SIZE)
    Qdisc,      // tc qdisc replace dev DEV root ... (rtnetlink RTM_NEWQDISC)
};

// True for keys of the form link.*.
bool isLinkKey(const QString &key);

// The templates, one per parameter (key "link.DEV.PARAMETER", device empty), in display order.
QList<KnobInfo> templates();

// Whether NAME may name a device: 1 to 15 bytes, no '/', no "..", no whitespace, ':' or control
// characters, and not "." (as the kernel's dev_valid_name), said plainly when not.
[[nodiscard]] Result<void> checkDeviceName(const QString &name);

// The concrete entry for KEY (link.DEV.PARAMETER): the template with device and key filled in.
[[nodiscard]] Result<KnobInfo> resolve(const QString &key);

Group groupOf(const KnobInfo &knob);

// Feature knobs: the kernel's feature names (ETH_SS_FEATURES) the knob switches, as patterns
// with one '*' at most ("tx-tcp*-segmentation"), as `ethtool -K` groups them.
QStringList featurePatterns(const QString &parameter);
bool featureMatches(const QString &pattern, const QString &featureName);

} // namespace tcptune::linkknobs

#pragma once
// What tcptune knows about one knob: the entry of the whitelist every other part uses.

#include "knobs/socket_option_info.h"

#include <QString>
#include <QStringList>

#include <cstdint>

namespace tcptune {

enum class KnobKind {
    Sysctl,       // a file under /proc/sys, changed through the helper
    SocketOption, // set by the traffic engine on its own sockets
    LabParameter, // a property of the local lab (rate, queue, MTU, ...)
    Link,         // a property of one network device (offloads, coalescing, rings, queue length),
                  // changed through the helper like a sysctl: link.DEV.PARAMETER
};

enum class ValueType {
    Bool,    // 0 or 1
    Integer, // a whole number in [min, max], with a unit
    Triple,  // three whole numbers min/default/max, as tcp_wmem and tcp_rmem
    Enum,    // one word out of a list, fixed or read from the kernel
    Qdisc,   // a root qdisc with its parameters, as tc takes it: "tbf rate 50mbit burst 32kb latency 50ms"
};

enum class Unit {
    None,
    Bytes,
    BitsPerSecond,
    BytesPerSecond,
    Milliseconds,
    Percent,
    Packets,
    Microseconds,
};

struct KnobInfo {
    QString key; // "net.ipv4.tcp_autocorking", "socket.SO_SNDBUF", "lab.rate"
    KnobKind kind = KnobKind::Sysctl;
    ValueType type = ValueType::Integer;
    Unit unit = Unit::None;
    std::int64_t minimum = 0; // Integer and Triple: inclusive bounds of each number
    std::int64_t maximum = 0;
    QStringList enumValues; // Enum: the fixed list, when there is no kernel source
    QString enumSource;     // Enum: /proc/sys file listing the values the kernel offers
    QString defaultValue;   // the kernel's default (empty where it depends on the build)
    bool perNetns = true;   // false for net.core.* globals
    // Setting it to 0 on the host turns a core TCP feature off for every new connection of the
    // machine (SACK, window scaling, timestamps): the helper asks for an explicit confirmation.
    bool coreFeature = false;
    QString description;     // one line, the English source text (marked for lupdate in the catalogue)
    QString story;           // the story in docs/stories.md it matters for, e.g. "1"
    QString device;          // Link: the network device, e.g. "veth0" (empty in the catalogue's templates)
    QString linkParameter;   // Link: what of the device, e.g. "gso", "tx-usecs", "txqueuelen"
    SocketOptionInfo socket; // SocketOption: where and how it acts, how the workbench shows it

    // /proc/sys path of a sysctl, built from the key; empty for other kinds.
    QString procPath() const;
    // Whether tcptune-helper changes it (with its journal and rollback): sysctls and link knobs.
    bool changedByHelper() const { return kind == KnobKind::Sysctl || kind == KnobKind::Link; }
    // The description in the user's language.
    QString translatedDescription() const;
};

QString kindName(KnobKind kind);
QString typeName(ValueType type);
QString unitName(Unit unit);

} // namespace tcptune

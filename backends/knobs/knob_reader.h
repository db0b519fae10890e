#pragma once
// Reads the current values of the catalogue's sysctls from /proc/sys: no privileges needed for
// the host, root (setns) for a lab namespace. Global knobs (net.core.*) are always read from the
// host, because a namespace does not have its own.

#include "common/error.h"
#include "knobs/knob_info.h"

#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace tcptune {

struct KnobReading {
    const KnobInfo *knob = nullptr;
    std::optional<QString> value; // as `sysctl -n` prints it; empty when the kernel lacks the knob
    QString problem;              // why there is no value

    bool available() const { return value.has_value(); }
    // True when a default is known and the current value is another.
    bool differsFromDefault() const;
};

// Knob key -> canonical value (whitespace folded): what runs and the result store keep.
using KnobSnapshot = QMap<QString, QString>;

class KnobReader final {
public:
    // Every sysctl of the catalogue, in catalogue order; NETNS empty for the host.
    [[nodiscard]] static Result<QList<KnobReading>> readSysctls(const QString &netns = {});

    static KnobSnapshot snapshotOf(const QList<KnobReading> &readings);
};

} // namespace tcptune

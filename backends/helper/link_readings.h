#pragma once
// One device's link knobs as the Knobs tab's Links group shows them: its facts (driver, speed,
// the knob values; linkfacts::readHere) and, for every link knob of the catalogue, its value or
// the sentence the helper would refuse a change with (what the driver lacks or fixes), so the
// tab shows a refusal before the run instead of hiding the knob. Read in the device's own
// namespace; a lab namespace needs root.

#include "common/error.h"
#include "knobs/knob_reader.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace tcptune {

struct DeviceLinkReadings {
    QString device;
    KnobSnapshot facts;       // link.DEV.driver, speed, ... and each knob the device has
    QList<KnobReading> knobs; // every link knob, catalogue order; problem: why it cannot change
};

namespace linkreadings {

// The devices of NETNS (empty: this namespace) but loopback, in index order.
[[nodiscard]] Result<QStringList> listDevices(const QString &netns);

// DEVICE inside NETNS.
[[nodiscard]] Result<DeviceLinkReadings> read(const QString &netns, const QString &device);

} // namespace linkreadings
} // namespace tcptune

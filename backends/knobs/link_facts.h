#pragma once
// The facts that tell two hosts' links apart, read for the knob snapshots taken before and
// after every run: for a device, each link knob it has (offloads, coalescing, rings, channels,
// txqueuelen, MTU, GSO/GRO max size, BQL) under its knob key, and the driver, its version, the
// firmware, the bus, speed and duplex as link.DEV.driver, link.DEV.driver_version,
// link.DEV.firmware, link.DEV.bus, link.DEV.speed (Mbit/s) and link.DEV.duplex. Stored with the run, they are compared
// (knob drift, A/B) like every other snapshot entry.

#include "common/error.h"
#include "knobs/knob_reader.h"

#include <QString>
#include <QStringList>

namespace tcptune::linkfacts {

// The names of the read-only facts, in the order they are shown.
QStringList factNames();

// The facts of DEVICE in the calling thread's namespace; empty when there is no such device.
KnobSnapshot readHere(const QString &device);

// The facts of each of DEVICES inside NETNS (empty: this namespace; a lab namespace needs root).
[[nodiscard]] Result<KnobSnapshot> read(const QString &netns, const QStringList &devices);

} // namespace tcptune::linkfacts

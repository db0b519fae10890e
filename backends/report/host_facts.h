#pragma once
// The facts about the machine a report states next to its numbers: host name, kernel (uname),
// each network interface with its driver, MTU and speed (from /sys/class/net, as ethtool -i
// would show) and its root qdisc (`tc qdisc show`).

#include "report/report_model.h"

namespace tcptune::hostfacts {

// Reads the running system. SYSFS_NET is the folder of interfaces (tests point it elsewhere).
HostFacts collect(const QString &sysfsNet = QStringLiteral("/sys/class/net"));

// Parses `tc qdisc show` output into interface -> root qdisc line ("qdisc tbf 1: root ...").
QMap<QString, QString> parseTcQdiscShow(const QString &text);

} // namespace tcptune::hostfacts

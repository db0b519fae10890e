#pragma once
// The kernel's SNMP/MIB counters of one network namespace: /proc/net/netstat and /proc/net/snmp
// (TcpExtTCPAutoCorking, TcpOutSegs, IpExtInOctets, ...) and /proc/net/snmp6, named as nstat
// names them, and how much each changed over a run. A counter is per namespace: what a lab end
// counts is read in that end's namespace, on a thread that entered it (/proc/thread-self/net;
// /proc/self/net would show the main thread's namespace).

#include "common/error.h"

#include <QByteArrayView>
#include <QJsonObject>
#include <QMap>
#include <QString>

namespace tcptune::mib {

// Counter name (nstat's) -> value.
using Counters = QMap<QString, qint64>;

// /proc/net/netstat and /proc/net/snmp: line pairs "TcpExt: A B ..." / "TcpExt: 1 2 ...";
// each name gets its line's prefix ("TcpExtA"). Pairs that do not match up are skipped.
Counters parseTablePairs(QByteArrayView text);
// /proc/net/snmp6: one "Ip6InReceives <spaces> 12" per line.
Counters parseNameValueLines(QByteArrayView text);

// Every counter of namespace NETNS (empty: the calling thread's own). Entering a namespace
// needs root (setns); without it the caller asks tcptune-helper (its mib_counters operation).
// A missing snmp6 (IPv6 off) is no error.
[[nodiscard]] Result<Counters> read(const QString &netns = {});

// Values that are states, not counts (TcpCurrEstab, IpForwarding, TcpRtoMin, ...): a difference
// of them means nothing.
bool isGauge(const QString &name);

// AFTER - BEFORE for each counter present in both, gauges left out; only the counters that
// changed (a counter absent from the result did not move). A counter that went backwards (the
// namespace was rebuilt between the readings) is left out too.
Counters deltas(const Counters &before, const Counters &after);

QJsonObject toJson(const Counters &counters);
Counters fromJson(const QJsonObject &json);

} // namespace tcptune::mib

#pragma once
// What a run ran with, in the short words a History row, a legend tooltip and the A/B table use:
// the sysctls that differed from the kernel's default at each end when its traffic started (the
// stored snapshot with the run's own sysctls applied over it), the socket options it set, its
// workload and its target. "changed: tcp_autocorking=0, SO_SNDBUF=64K" is searchable text.

#include "experiment/spec/experiment_spec.h"
#include "knobs/knob_reader.h"

#include <QCoreApplication>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

namespace tcptune {

struct RunConfiguration {
    Q_DECLARE_TR_FUNCTIONS(RunConfiguration)
public:
    // Catalogue key (far end: "remote:" + key) -> canonical value, for each knob that differed
    // from the kernel default or that the run set (socket options).
    QMap<QString, QString> changed;
    // The keys of CHANGED that the run set itself (its sysctls at either end, its socket
    // options), as against values it found already changed. They are named first: runs of one
    // lab or host share the rest, so only these tell them apart in a cut History column.
    QSet<QString> setByRun;
    // Every known value at the run's start, default or not (for comparing two runs).
    QMap<QString, QString> all;
    QString workload; // "bulk, 1 stream, 128K writes"
    QString target;   // "lab:t1, 50mbit, queue 2M, MTU 1500" or "iperf3://host"
    // A run in the lab: the namespaces its two ends were (the local knobs are the client's, the
    // far ones the server's), so that no one reads "this host" for the lab's client. Empty: hosts.
    QString labClientNetns;
    QString labServerNetns;

    // The keys of CHANGED, those the run set first, each part in key order.
    QStringList changedKeys() const;
    // "tcp_autocorking=0, SO_SNDBUF=64K"; empty when nothing differed.
    QString changedText() const;
    // "changed: tcp_autocorking=0, SO_SNDBUF=64K" or "kernel defaults", translated.
    QString summary() const;
};

// SPEC is the run's point spec (SweepPlan::specForPoint); LOCAL and REMOTE the snapshots taken
// before its knobs were applied (empty when not taken).
RunConfiguration configurationOf(const ExperimentSpec &spec, const KnobSnapshot &local, const KnobSnapshot &remote);

// "net.ipv4.tcp_autocorking" -> "tcp_autocorking", "socket.SO_SNDBUF" -> "SO_SNDBUF",
// "remote:net.core.wmem_max" -> "remote:wmem_max", "link.eth0.gso" -> "eth0.gso".
QString shortKnobName(const QString &key);
// A canonical value as typed: "0", "64K", "4M", "50mbit", "4K 16K 4M", "unlimited".
QString compactKnobValue(const QString &key, const QString &canonical);

} // namespace tcptune

#pragma once
// How stored experiments and runs are named on screen, in the user's language, from what the
// store keeps language-neutral: a run is "#<its id in the store>" everywhere (legend, status
// bar, History, capture file names), with its point and repeat. An experiment is named by
// experimentName() (experiment/record/experiment_name.h), as reports and the commands name it.

#include "common/throughput_unit.h"
#include "experiment/record/run_configuration.h"
#include "experiment/record/run_record.h"

#include <QString>

namespace tcptune {
class SweepPlan;
}

namespace tcptune {

// "#12 · 256 KiB · repeat 2"
QString storedRunName(const RunRecord &run);
// "#12"
QString runIdText(qint64 runId);
// A run of a sweep of PLAN named by its point's value, for legends and limiter rows where runs of
// one sweep must be told apart at a glance: "wmem 64K" (of tcp_wmem's three numbers the ones the
// sweep changes), "SO_SNDBUF 256K, autocorking 0"; " · repeat 2" for a repeat after the first.
QString sweepPointName(const SweepPlan &plan, int point, int repeat);
// A line of a run in direction both, named after whose sending it draws: "#12 · this host sends",
// "#12 · the target sends" (live, in History and in reports alike).
QString senderLineName(const QString &runName, bool farSender);
QString runStatusText(RunStatus status);
// A run's throughput in UNIT with DECIMALS (as fine in Mbit/s; ThroughputUnit::decimalsLike):
// "24.1"; for a run in direction both each direction's: "up 24.1 / down 23.8" (the total is the
// run's throughput).
QString throughputText(const RunRecord &run, int decimals = 1, ThroughputUnit unit = {});
QString experimentStatusText(ExperimentStatus status);
// Changed knobs, workload and target on three lines, for tooltips.
QString configurationToolTip(const RunConfiguration &config);
// "changed: tcp_wmem=4K 16K 4M" for a run with knobs of one end; a run with far-end knobs (over
// ssh, keys "remote:...") names both: "changed: this host: tcp_wmem=...; far end: tcp_autocorking=0".
QString configurationSummary(const RunConfiguration &config);
// A knob's name with its end: "tcp_autocorking (far end)" for a remote: key; "tcp_wmem (this
// host)" when BOTH_ENDS (the run had far knobs too), else "tcp_wmem". A run in the lab (CONFIG's
// lab namespaces) names the lab's ends instead: "tcp_wmem (lab client (tcptune-t1-client))".
QString endNamedKnob(const QString &key, bool bothEnds, const RunConfiguration &config = {});
// The run's local end: "this host", or in the lab "lab client (tcptune-t1-client)" (the host
// itself was not touched); its far end: "far end", or "lab server (tcptune-t1-server)".
QString localEndName(const RunConfiguration &config);
QString farEndName(const RunConfiguration &config);
// Whether KEYS hold a knob of the far end.
bool hasFarKnobs(const QStringList &keys);

} // namespace tcptune

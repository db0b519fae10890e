#pragma once
// What a latency-under-load run (workload "rrul", Flent's RRUL) found: the probes' round trips
// while the link was idle and while the streams loaded it, how much the load added, and how many
// probes the queues lost. The UDP echo is the headline (as Flent's UDP and ICMP pings); the TCP
// request/response probe is beside it, as it also waits behind its own flow's losses.

#include "traffic/summary_stats.h"

#include <QJsonObject>
#include <QList>

namespace tcptune {

struct ProbeSample {
    enum class Kind { Udp, Tcp };
    Kind kind = Kind::Udp;
    double t = 0;   // seconds since the run began (its idle phase included), when it was sent
    double ms = -1; // round trip; -1: lost (UDP only)
};

struct LatencyUnderLoad {
    bool measured = false; // false: not a latency-under-load run
    double idleS = 0;      // the idle phase; the load ran from idleS + omitS
    double loadFromS = 0;  // where the loaded figures start (idle + omit)
    SummaryStats idleMs;   // UDP echo while idle
    SummaryStats loadedMs; // ... under load
    SummaryStats tcpIdleMs;
    SummaryStats tcpLoadedMs;
    int udpSent = 0; // over the whole run, idle and loaded
    int udpLost = 0;
    int udpLoadedSent = 0;
    int udpLoadedLost = 0;
    QList<ProbeSample> probes; // in time order per kind, for the time series and the CDF

    // Loaded median over idle median ("+82 ms under load"); 0 when either is missing.
    double increaseMs() const;
    double loadedLossShare() const { return udpLoadedSent > 0 ? double(udpLoadedLost) / udpLoadedSent : 0; }

    // From the probes: idle is what was sent before IDLE_S, loaded what was sent from LOAD_FROM_S.
    static LatencyUnderLoad of(const QList<ProbeSample> &probes, double idleS, double loadFromS);
    QJsonObject toJson() const;
    static LatencyUnderLoad fromJson(const QJsonObject &json);
};

} // namespace tcptune

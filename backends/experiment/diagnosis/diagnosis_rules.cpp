#include "experiment/diagnosis/diagnosis_rules.h"

#include "experiment/record/detail_figures.h"
#include "experiment/record/run_settling.h"
#include "traffic/traffic_enum_names.h"
#include "traffic/workload_registry.h"

#include <QJsonObject>

#include <algorithm>

namespace tcptune {
namespace {

using T = DiagnosisThresholds;

// The MSS the run's path allows: the lab's MTU when the point sets it, else Ethernet's.
qint64 mssOf(const RunRecord &run)
{
    const QString mtu = run.settings.value(QStringLiteral("lab.mtu"));
    bool ok = false;
    const qint64 value = mtu.toLongLong(&ok);
    return (ok && value > kTcpIpHeaderBytes ? value : kEthernetMtu) - kTcpIpHeaderBytes;
}

void addWriteFacts(const QJsonObject &spec, DiagnosisFacts &f)
{
    // The stored spec's name: a run stored by a build with other workloads reads as a stream.
    f.workload = parseName(kWorkloadNames, spec.value(QStringLiteral("workload")).toString()).value_or(Workload::Bulk);
    const WorkloadDescriptor &workload = workloadDescriptor(f.workload);
    const auto size = [&spec](WorkloadField field) {
        return qint64(spec.value(workloadFieldJsonName(field)).toDouble(-1));
    };
    f.dataWrite = size(workload.dataWrite);
    f.smallestWrite = f.dataWrite;
    for (WorkloadField field : kWorkloadFieldOrder)
        if (workload.writes.testFlag(field))
            f.smallestWrite = std::min(f.smallestWrite, size(field));
    if (spec.contains(QStringLiteral("nodelay")))
        f.nodelay = spec.value(QStringLiteral("nodelay")).toBool() ? 1 : 0;
    f.corked = spec.value(QStringLiteral("cork")).toBool();
}

// The receiving end's counters: the end of the two that did not send.
qint64 receiverDelayedAcks(const RunRecord &run)
{
    for (const EndRecord &e : run.ends)
        if (!e.sender && (e.end == RunEnd::Local || e.end == RunEnd::Remote))
            return e.counter(QStringLiteral("TcpExtDelayedACKs"));
    return -1;
}

} // namespace

std::optional<Finding> pathFullFinding(const DiagnosisFacts &facts)
{
    const double pathRate = facts.queueRateBps > 0 ? double(facts.queueRateBps) : facts.deliveryPathRateBps;
    if (pathRate <= 0 || facts.throughputBps <= 0)
        return std::nullopt;
    const double share = facts.throughputBps / pathRate;
    const bool bottleneckBusy = facts.queueRateBps > 0 && facts.queueBusyShare >= T::kQueueBusyShare;
    if (share < T::kPathFullShare && !bottleneckBusy)
        return std::nullopt;
    Finding f;
    f.rule = Finding::Rule::PathFull;
    f.share = share;
    f.throughputBps = facts.throughputBps;
    f.pathRateBps = pathRate;
    f.pathRateEstimated = facts.queueRateBps <= 0;
    f.queueBusyShare = facts.queueRateBps > 0 ? facts.queueBusyShare : -1;
    return f;
}

std::optional<Finding> nagleStallFinding(const DiagnosisFacts &f)
{
    if (f.nodelay != 0 || f.corked || f.smallestWrite <= 0 || f.mss <= 0 || f.smallestWrite >= f.mss)
        return std::nullopt;
    if (f.receiverDelayedAcks < 0 || f.durationS <= 0 || f.rttMedianMs < 0 || f.rttP95Ms < 0)
        return std::nullopt;
    if (double(f.receiverDelayedAcks) < T::kDelayedAcksPerS * f.durationS)
        return std::nullopt;
    // The path's own RTT is the least the sender saw; writes that waited for a delayed ACK raise
    // the median, but never much past the timer (a standing queue would).
    const double base = std::max(f.rttMinMs, 0.0);
    if (f.rttMedianMs - base < T::kNagleWaitMs || f.rttP95Ms - base > 1.5 * T::kDelayedAckTimerMs)
        return std::nullopt;
    Finding out;
    out.rule = Finding::Rule::NagleStall;
    out.bytes = double(f.dataWrite > 0 && f.dataWrite < f.mss ? f.dataWrite : f.smallestWrite);
    out.delayMs = f.transactionP95Ms > 0 ? f.transactionP95Ms : f.rttP95Ms;
    out.count = f.receiverDelayedAcks;
    return out;
}

double deliveryPathRate(const QList<RunSample> &samples, double fromT)
{
    QList<double> rates;
    int measured = 0;
    double previousT = 0;
    for (const RunSample &s : samples) {
        const double dtMs = (s.t - previousT) * 1000.0;
        previousT = s.t;
        if (s.t < fromT || s.deliveryRateBps < 0 || dtMs <= 0)
            continue;
        ++measured;
        // A sample measures the path only when the path held the flow: not the application,
        // and not a receive window or send buffer for most of its interval. A sender with
        // nothing unsent had all its buffer in flight: its buffer held it, though the kernel's
        // timer counts that only when the writer blocks right after a send (docs/diagnosis.md).
        const bool heldByAnEnd =
            s.rwndLimitedMs > dtMs / 2 || s.rwndFull == 1 || s.sndbufLimitedMs > dtMs / 2 || s.notsentBytes == 0;
        if (s.appLimited == 0 && !heldByAnEnd && s.deliveryRateBps > 0)
            rates.append(s.deliveryRateBps);
    }
    if (rates.size() < 10 || 2 * rates.size() < measured)
        return -1;
    std::sort(rates.begin(), rates.end());
    return rates.at(qsizetype(0.9 * double(rates.size() - 1)));
}

void addPathAndWriteFacts(const RunRecord &run, DiagnosisFacts &f)
{
    f.throughputBps = run.throughputBps;
    // Direction both: the verdict judges this host's sending, the up direction.
    for (const DirectionFigure &d : directionFigures(run))
        if (d.direction == Direction::Up)
            f.throughputBps = d.throughputBps;
    f.deliveryPathRateBps = run.details.value(QStringLiteral("delivery_path_rate_bps")).toDouble(-1);
    addWriteFacts(run.details.value(QStringLiteral("spec")).toObject(), f);
    f.mss = mssOf(run);
    f.receiverDelayedAcks = receiverDelayedAcks(run);
    f.durationS = run.durationS;
    // The path's own RTT: the least of the whole run (a settled run's figures start later).
    const RunSettling settling = settlingOf(run);
    f.rttMinMs = settling.pathRttMs > 0 && (run.rttMinMs < 0 || settling.pathRttMs < run.rttMinMs) ? settling.pathRttMs
                                                                                                   : run.rttMinMs;
    f.rttMedianMs = run.rttMedianMs;
    f.rttP95Ms = run.rttP95Ms;
    f.transactionP95Ms = run.details.value(QStringLiteral("transaction_latency_ms"))
                             .toObject()
                             .value(QStringLiteral("p95"))
                             .toDouble(-1);
}

} // namespace tcptune

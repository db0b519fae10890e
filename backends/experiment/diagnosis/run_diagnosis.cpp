#include "experiment/diagnosis/run_diagnosis.h"

#include "experiment/diagnosis/device_rules.h"
#include "experiment/diagnosis/diagnosis_enum_names.h"
#include "experiment/diagnosis/diagnosis_rules.h"
#include "experiment/diagnosis/knob_drift.h"
#include "experiment/diagnosis/limiter_breakdown.h"
#include "experiment/record/detail_figures.h"
#include "experiment/record/run_settling.h"

#include "knobs/knob_value.h"

#include <QJsonObject>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <optional>

namespace tcptune {
namespace {

const QString kAutocorkingKnob = QStringLiteral("net.ipv4.tcp_autocorking");

using T = DiagnosisThresholds;

const EndRecord *queueEnd(const RunRecord &run)
{
    for (const EndRecord &e : run.ends)
        if (!e.queue.isEmpty())
            return &e;
    return nullptr;
}

QString percent(double share, int decimals = 0)
{
    return QLocale().toString(share * 100, 'f', decimals) + QStringLiteral(" %");
}

QString count(qint64 n)
{
    return QLocale().toString(n);
}

// Mbit/s with one decimal, none for a round rate (a lab's 50 Mbit/s).
QString mbits(double bps)
{
    const double m = bps / 1e6;
    return QLocale().toString(m, 'f', std::abs(m - std::round(m)) < 0.05 ? 0 : 1);
}

QString bufferSize(double bytes)
{
    return knobvalue::formatInteger(qint64(bytes), Unit::Bytes);
}

Finding limiterFinding(Finding::Rule rule, double share, double bytes = -1)
{
    Finding f;
    f.rule = rule;
    f.share = share;
    f.bytes = bytes;
    return f;
}

// Every limiter with its share, in the order of the rules (unknown shares are negative). When
// Nagle held small writes (rule 2a), the sender had data: application-limited is not said.
QList<Finding> limiterFindings(const DiagnosisFacts &facts, bool nagleStalled)
{
    const LimiterBreakdown &l = facts.limiters;
    QList<Finding> out;
    out << limiterFinding(Finding::Rule::ReceiverWindow, l.rwndLimited, double(facts.rcvbufRequested));
    out << limiterFinding(Finding::Rule::SendBuffer, sendBufferShare(l, facts.alwaysHasData),
                          double(facts.sndbufRequested));
    if (!facts.alwaysHasData && !nagleStalled)
        out << limiterFinding(Finding::Rule::Application, l.applicationLimited);
    out << limiterFinding(Finding::Rule::CongestionWindow, l.cwndLimited);
    return out;
}

// When no limiter held the flow most of the time, the one that clearly held it most: the
// kernel's rwnd-limited timer, for one, stops whenever a transmit attempt ends for another
// reason (TSQ, a deferred TSO frame), so a flow bound by a small receive window shows 33-87 %
// on a loaded machine with every other limiter at 0 (docs/diagnosis.md, rule 7).
std::optional<Finding> mainLimiter(const QList<Finding> &limiters)
{
    const auto largest = std::max_element(limiters.begin(), limiters.end(),
                                          [](const Finding &a, const Finding &b) { return a.share < b.share; });
    if (largest == limiters.end() || largest->share < T::kMainLimiterShare)
        return std::nullopt;
    for (auto it = limiters.begin(); it != limiters.end(); ++it)
        if (it != largest && it->share * 2 > largest->share)
            return std::nullopt;
    return *largest;
}

} // namespace

QString ruleName(Finding::Rule rule)
{
    return nameOf(kFindingRuleNames, rule);
}

QJsonArray findingsToJson(const QList<Finding> &findings)
{
    QJsonArray out;
    for (const Finding &f : findings) {
        QJsonObject o{{QStringLiteral("rule"), ruleName(f.rule)},
                      {QStringLiteral("share"), f.share},
                      {QStringLiteral("count"), double(f.count)},
                      {QStringLiteral("bytes"), f.bytes},
                      {QStringLiteral("delay_ms"), f.delayMs},
                      {QStringLiteral("throughput_bps"), f.throughputBps},
                      {QStringLiteral("path_rate_bps"), f.pathRateBps},
                      {QStringLiteral("path_rate_estimated"), f.pathRateEstimated},
                      {QStringLiteral("queue_busy_share"), f.queueBusyShare},
                      {QStringLiteral("end"), runEndName(f.end)}};
        // The device rules' own figures, only in their findings.
        if (!f.device.isEmpty()) {
            o.insert(QStringLiteral("device"), f.device);
            if (f.rule == Finding::Rule::DeviceQueue) {
                o.insert(QStringLiteral("qdisc"), f.qdisc);
                o.insert(QStringLiteral("txqueuelen"), double(f.queueLength));
                o.insert(QStringLiteral("average_packets"), f.averagePackets);
                o.insert(QStringLiteral("drops"), double(f.drops));
            }
        }
        out.append(o);
    }
    return out;
}

QList<Finding> findingsFromJson(const QJsonArray &json)
{
    QList<Finding> out;
    for (const QJsonValue &v : json) {
        const QJsonObject o = v.toObject();
        const QString name = o.value(QStringLiteral("rule")).toString();
        const auto known = parseName(kFindingRuleNames, name);
        if (!known)
            continue;
        Finding f;
        f.rule = *known;
        f.share = o.value(QStringLiteral("share")).toDouble(-1);
        f.count = qint64(o.value(QStringLiteral("count")).toDouble(-1));
        f.bytes = o.value(QStringLiteral("bytes")).toDouble(-1);
        f.delayMs = o.value(QStringLiteral("delay_ms")).toDouble(-1);
        f.throughputBps = o.value(QStringLiteral("throughput_bps")).toDouble(-1);
        f.pathRateBps = o.value(QStringLiteral("path_rate_bps")).toDouble(-1);
        f.pathRateEstimated = o.value(QStringLiteral("path_rate_estimated")).toBool();
        f.queueBusyShare = o.value(QStringLiteral("queue_busy_share")).toDouble(-1);
        f.end = runEndFromName(o.value(QStringLiteral("end")).toString());
        f.device = o.value(QStringLiteral("device")).toString();
        f.qdisc = o.value(QStringLiteral("qdisc")).toString();
        f.queueLength = qint64(o.value(QStringLiteral("txqueuelen")).toDouble(-1));
        f.averagePackets = o.value(QStringLiteral("average_packets")).toDouble(-1);
        f.drops = qint64(o.value(QStringLiteral("drops")).toDouble(-1));
        out.append(f);
    }
    return out;
}

DiagnosisFacts factsOf(const RunRecord &run)
{
    DiagnosisFacts f;
    f.limiters = run.limiters;
    const QJsonObject spec = run.details.value(QStringLiteral("spec")).toObject();
    f.alwaysHasData = writerAlwaysHasData(run);
    f.sndbufRequested = qint64(spec.value(QStringLiteral("sndbuf")).toDouble(-1));
    f.rcvbufRequested = qint64(spec.value(QStringLiteral("rcvbuf")).toDouble(-1));
    // The queue's backlog over the measured time: after the user's omitted start, or the settling.
    const double omitS = std::max(spec.value(QStringLiteral("omit_s")).toDouble(0), settlingOf(run).cutS);
    if (const EndRecord *e = queueEnd(run)) {
        const QueueBacklog backlog = queueBacklog(e->queue, omitS);
        f.queueAverageBytes = backlog.meanBytes;
        // Too few samples say nothing of how busy it was.
        f.queueBusyShare =
            backlog.packetSamples >= T::kQueueBusySamples ? double(backlog.busySamples) / backlog.packetSamples : -1;
        f.queueDrops = e->queue.last().drops;
        f.queueRateBps = e->queueRateBps;
    }
    if (const EndRecord *sender = run.senderEnd()) {
        f.senderEnd = sender->end;
        f.senderCountersMissing = !sender->countersRead;
        f.segmentsOut = sender->counter(QStringLiteral("TcpOutSegs"));
        f.segmentsRetransmitted = sender->counter(QStringLiteral("TcpRetransSegs"));
        f.autocorkings = sender->counter(QStringLiteral("TcpExtTCPAutoCorking"));
        const QString during = run.senderKnob(kAutocorkingKnob);
        if (!during.isEmpty())
            f.autocorkingOn = during == QLatin1String("1") ? 1 : 0;
    }
    f.autocorkingStudied = run.settings.contains(kAutocorkingKnob);
    addPathAndWriteFacts(run, f);
    addDeviceFacts(run, omitS, f);
    return f;
}

QList<Finding> RunDiagnosis::findings(const DiagnosisFacts &facts)
{
    QList<Finding> out;
    if (const std::optional<Finding> full = pathFullFinding(facts))
        out << *full;
    if (facts.queueAverageBytes >= 0 && facts.queueRateBps > 0) {
        const double delayMs = facts.queueAverageBytes * 8000.0 / double(facts.queueRateBps);
        if (delayMs >= T::kQueueDelayMs) {
            Finding f;
            f.rule = Finding::Rule::Queue;
            f.bytes = facts.queueAverageBytes;
            f.delayMs = delayMs;
            out << f;
        }
    }
    if (const std::optional<Finding> device = deviceQueueFinding(facts))
        out << *device;
    if (facts.segmentsOut > 0 && facts.segmentsRetransmitted >= 0) {
        const double share = double(facts.segmentsRetransmitted) / double(facts.segmentsOut);
        if (share >= T::kLossShare) {
            Finding f = limiterFinding(Finding::Rule::Loss, share);
            f.count = facts.queueDrops;
            f.end = facts.senderEnd;
            out << f;
        }
    }
    const std::optional<Finding> nagle = nagleStallFinding(facts);
    if (nagle)
        out << *nagle;
    // "No limiter" only when nothing but the path's capacity was found before.
    const bool othersFired =
        std::any_of(out.begin(), out.end(), [](const Finding &f) { return f.rule != Finding::Rule::PathFull; });
    out << limiterRuleFindings(facts, nagle.has_value(), othersFired);
    if (const std::optional<Finding> offloads = offloadsOffFinding(facts))
        out << *offloads;
    out << senderCounterFindings(facts);
    return out;
}

// Rules 3-7: the limiters that held the flow most of the time, else the one that stood out,
// else (nothing before fired) that none did.
QList<Finding> RunDiagnosis::limiterRuleFindings(const DiagnosisFacts &facts, bool nagleStalled, bool othersFired)
{
    const QList<Finding> limiters = limiterFindings(facts, nagleStalled);
    QList<Finding> held;
    for (const Finding &f : limiters)
        if (f.share >= T::kLimiterShare)
            held << f;
    if (held.isEmpty())
        if (const std::optional<Finding> main = mainLimiter(limiters))
            held << *main;
    if (held.isEmpty() && !othersFired && facts.limiters.known())
        held << limiterFinding(Finding::Rule::NoLimiter, facts.limiters.busy);
    return held;
}

bool RunDiagnosis::filledPath(const QList<Finding> &findings)
{
    return std::any_of(findings.begin(), findings.end(),
                       [](const Finding &f) { return f.rule == Finding::Rule::PathFull; });
}

// The rules on the sending end's own counters, or the note that they are missing.
QList<Finding> RunDiagnosis::senderCounterFindings(const DiagnosisFacts &facts)
{
    QList<Finding> out;
    Finding f;
    f.end = facts.senderEnd;
    if (facts.senderCountersMissing) {
        f.rule = facts.limiters.known() ? Finding::Rule::SenderCounters : Finding::Rule::SenderUnobserved;
        out << f;
        return out;
    }
    if (facts.autocorkings > 0 &&
        (facts.autocorkingStudied ||
         (facts.segmentsOut > 0 && double(facts.autocorkings) >= T::kAutocorkingShare * double(facts.segmentsOut)))) {
        f.rule = Finding::Rule::Autocorking;
        f.count = facts.autocorkings;
        out << f;
    } else if (facts.autocorkings == 0 && facts.autocorkingStudied && facts.autocorkingOn == 1) {
        f.rule = Finding::Rule::AutocorkingIdle;
        f.count = 0;
        out << f;
    }
    return out;
}

// The sentences of the rules on the sender's counters when the far end sent: they say whose
// counters they are.
QString RunDiagnosis::farSenderSentence(const Finding &f)
{
    switch (f.rule) {
    case Finding::Rule::Loss:
        if (f.count >= 0)
            return tr("%1 of segments retransmitted by the far end, which sent; the bottleneck dropped %2 packets.")
                .arg(percent(f.share, 1), count(f.count));
        return tr("%1 of segments retransmitted by the far end, which sent.").arg(percent(f.share, 1));
    case Finding::Rule::Autocorking:
        return tr("Autocorking at the far end, which sent, held writes back %1 times.").arg(count(f.count));
    case Finding::Rule::OffloadsOff:
        return tr("GSO and TSO are off at the far end, which sent (%1): %2-byte segments leave its stack one by "
                  "one (%3 per GB).")
            .arg(f.device, count(qint64(f.bytes)), count(f.count));
    case Finding::Rule::AutocorkingIdle:
        return tr("Autocorking never engaged at the far end, which sent (TcpExtTCPAutoCorking stayed 0).");
    case Finding::Rule::SenderCounters:
        return tr("The far end sent, and its MIB counters are not available: retransmissions and autocorking are "
                  "not judged.");
    case Finding::Rule::SenderUnobserved:
        return tr("The far end sent and reported neither its TCP_INFO nor its MIB counters: no limiter can be named; "
                  "run 'tcptune serve' there (with a token) for a verdict.");
    default: return QString();
    }
}

QString RunDiagnosis::sentence(const Finding &f)
{
    if (f.end == RunEnd::Remote)
        if (QString far = farSenderSentence(f); !far.isEmpty())
            return far;
    switch (f.rule) {
    case Finding::Rule::PathFull:
        if (f.pathRateEstimated)
            return tr("The flow filled the path: %1 of the %2 Mbit/s its delivery-rate samples showed (%3).")
                .arg(mbits(f.throughputBps), mbits(f.pathRateBps), percent(f.share));
        if (f.share < T::kPathFullShare)
            return tr("The flow filled the path: the bottleneck held packets %1 of the time, and its shaper passed "
                      "%2 of %3 Mbit/s (%4).")
                .arg(percent(f.queueBusyShare), mbits(f.throughputBps), mbits(f.pathRateBps), percent(f.share));
        return tr("The flow filled the path: %1 of %2 Mbit/s (%3).")
            .arg(mbits(f.throughputBps), mbits(f.pathRateBps), percent(f.share));
    case Finding::Rule::Queue:
        return tr("The bottleneck queue held %1 on average: +%2 ms of RTT.")
            .arg(QLocale().formattedDataSize(qint64(f.bytes), 1, QLocale::DataSizeSIFormat))
            .arg(qRound(f.delayMs));
    case Finding::Rule::DeviceQueue: return deviceQueueSentence(f);
    case Finding::Rule::OffloadsOff:
        return tr("GSO and TSO are off at the sender (%1): %2-byte segments leave the stack one by one (%3 per GB).")
            .arg(f.device, count(qint64(f.bytes)), count(f.count));
    case Finding::Rule::Loss:
        if (f.count >= 0)
            return tr("%1 of segments retransmitted; the bottleneck dropped %2 packets.")
                .arg(percent(f.share, 1), count(f.count));
        return tr("%1 of segments retransmitted.").arg(percent(f.share, 1));
    case Finding::Rule::NagleStall:
        return tr("Small writes (%1) waited for delayed ACKs: Nagle held each write up to %2 ms (TCP_NODELAY off). "
                  "%3 delayed ACKs at the receiver.")
            .arg(bufferSize(f.bytes))
            .arg(qRound(f.delayMs))
            .arg(count(f.count));
    case Finding::Rule::Autocorking: return tr("Autocorking held writes back %1 times.").arg(count(f.count));
    case Finding::Rule::AutocorkingIdle:
        return tr("Autocorking never engaged in this set-up (TcpExtTCPAutoCorking stayed 0).");
    case Finding::Rule::SenderCounters:
        return tr("This end sent, but its MIB counters were not read: retransmissions and autocorking are not "
                  "judged.");
    case Finding::Rule::SenderUnobserved:
        return tr("This end sent, but neither its TCP_INFO nor its MIB counters were read: no limiter can be named.");
    default: return limiterSentence(f);
    }
}

// Rule 1a's sentence: the device, what bounds its queue (txqueuelen, the qdisc), and its backlog.
QString RunDiagnosis::deviceQueueSentence(const Finding &f)
{
    const QString average = QLocale().toString(f.averagePackets, 'f', 0);
    // txqueuelen as ip shows it; the qdisc bounds the queue when it has a limit of its own.
    const QString bounds =
        f.queueLength >= 0 ? QStringLiteral("txqueuelen %1, %2").arg(f.queueLength).arg(f.qdisc) : f.qdisc;
    if (f.drops > 0)
        return tr("The device queue of %1 (%2) held %3 packets on average, up to %4, and dropped %5.")
            .arg(f.device, bounds, average, count(f.count), count(f.drops));
    return tr("The device queue of %1 (%2) held %3 packets on average, up to %4.")
        .arg(f.device, bounds, average, count(f.count));
}

// The sentences of rules 3-7.
QString RunDiagnosis::limiterSentence(const Finding &f)
{
    switch (f.rule) {
    case Finding::Rule::ReceiverWindow:
        if (f.bytes > 0)
            return tr("Receiver window limited %1 of the time (SO_RCVBUF %2 at the receiver).")
                .arg(percent(f.share), bufferSize(f.bytes));
        return tr("Receiver window limited %1 of the time.").arg(percent(f.share));
    case Finding::Rule::SendBuffer:
        if (f.bytes > 0)
            return tr("Sender limited by its send buffer %1 of the time (SO_SNDBUF %2).")
                .arg(percent(f.share), bufferSize(f.bytes));
        if (f.bytes == 0)
            return tr("Sender limited by its send buffer %1 of the time (autotuned).").arg(percent(f.share));
        return tr("Sender limited by its send buffer %1 of the time.").arg(percent(f.share));
    case Finding::Rule::Application:
        return tr("Application-limited %1 of the time: the sender often had nothing to send.").arg(percent(f.share));
    case Finding::Rule::CongestionWindow:
        return tr("Congestion window limited %1 of the time: congestion control set the pace.").arg(percent(f.share));
    case Finding::Rule::NoLimiter:
        if (f.share >= 0)
            return tr("No limiter held the flow back most of the time (busy %1 of the time).").arg(percent(f.share));
        return tr("No limiter held the flow back most of the time.");
    default: return QString();
    }
}

// The limiter's sentence after "the flow filled the path": it held the window, and that cost
// nothing, since the path was full.
QString RunDiagnosis::costNothingSentence(const Finding &f)
{
    switch (f.rule) {
    case Finding::Rule::SendBuffer:
        if (f.bytes > 0)
            return tr("The send buffer held the window at %1 (%2 of the time), which cost no throughput here.")
                .arg(bufferSize(f.bytes), percent(f.share));
        return tr("The send buffer held the sender back %1 of the time, which cost no throughput here.")
            .arg(percent(f.share));
    case Finding::Rule::ReceiverWindow:
        if (f.bytes > 0)
            return tr("The receiver's window (SO_RCVBUF %1) held the flow %2 of the time, which cost no throughput "
                      "here.")
                .arg(bufferSize(f.bytes), percent(f.share));
        return tr("The receiver's window held the flow %1 of the time, which cost no throughput here.")
            .arg(percent(f.share));
    case Finding::Rule::CongestionWindow:
        return tr("Congestion control set the pace %1 of the time, which cost no throughput here.")
            .arg(percent(f.share));
    default: return sentence(f);
    }
}

QString RunDiagnosis::verdict(const QList<Finding> &findings)
{
    if (findings.isEmpty())
        return QString();
    // The path was full: that comes first, then the verdict the other rules give, its limiters
    // said as what they cost (nothing).
    if (findings.first().rule == Finding::Rule::PathFull)
        return findings.size() > 1 ? sentence(findings.first()) + QLatin1Char(' ') + twoSentences(findings.mid(1), true)
                                   : sentence(findings.first());
    return twoSentences(findings, false);
}

// The dominant finding's sentence and a second one. COST_NOTHING: the path was full.
QString RunDiagnosis::twoSentences(const QList<Finding> &findings, bool costNothing)
{
    const Finding &first = findings.first();
    const Finding *second = nullptr;
    // The sender's own counters (autocorking, or the note that they are missing) come second:
    // they are what a user cannot see elsewhere.
    for (const Finding &f : findings) {
        const bool counters = f.rule == Finding::Rule::Autocorking || f.rule == Finding::Rule::AutocorkingIdle ||
                              f.rule == Finding::Rule::SenderCounters;
        if (&f != &first && counters)
            second = &f;
    }
    if (!second && findings.size() > 1)
        second = &findings.at(1);
    auto say = [costNothing](const Finding &f) { return costNothing ? costNothingSentence(f) : sentence(f); };
    return second ? say(first) + QLatin1Char(' ') + say(*second) : say(first);
}

QList<Finding> RunDiagnosis::findingsOf(const RunRecord &run)
{
    return run.status == RunStatus::Ok ? findings(factsOf(run)) : QList<Finding>();
}

QString RunDiagnosis::verdictOf(const RunRecord &run)
{
    if (run.status != RunStatus::Ok)
        return QString();
    return withNotes(verdict(findings(factsOf(run))), run.details);
}

QString RunDiagnosis::withNotes(const QString &limiter, const QJsonObject &details)
{
    QStringList parts;
    // Direction both: both ends sent, and a reader must not take this host's limits for the target's.
    if (!limiter.isEmpty() && details.value(QStringLiteral("directions")).toArray().size() == 2)
        parts << tr("This host's sending (up): %1").arg(limiter);
    else if (!limiter.isEmpty())
        parts << limiter;
    // Several ends at once: what each got of the path, and how fairly they shared it.
    if (const QString ends = severalEndsSummary(details); !ends.isEmpty())
        parts << ends + QLatin1Char('.');
    // A run whose start-up phase had not ended when it did.
    if (const QString unsettled = RunSettling::fromJson(details.value(QStringLiteral("settling")).toObject()).warning();
        !unsettled.isEmpty())
        parts << unsettled;
    // A knob something else changed on any end while the run went.
    if (const QString drift = knobDriftSummary(details.value(QStringLiteral("knobs_changed_during_run")).toArray());
        !drift.isEmpty())
        parts << drift;
    return parts.join(QLatin1Char(' '));
}

} // namespace tcptune

#pragma once
// Why a run went as it did, in one or two plain sentences: rules over what the run measured
// (the sender's limiter breakdown, each end's MIB counter deltas, the bottleneck's queue
// series). Every rule and threshold is listed in docs/diagnosis.md; this file and that page
// change together. The findings are plain values (rule and numbers), so a stored run gets its
// verdict in the reader's language, from the rules of the tcptune that reads it.

#include "experiment/record/run_record.h"
#include "traffic/traffic_spec.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace tcptune {

// An MTU-sized packet's IPv4, TCP and timestamp headers: its segment is the MTU less these, and
// Ethernet's 1500 bytes carry 1448.
inline constexpr qint64 kTcpIpHeaderBytes = 52;
inline constexpr qint64 kEthernetMtu = 1500;

// What the rules read, gathered from a run (factsOf) or written by hand in tests. -1: unknown.
struct DiagnosisFacts {
    LimiterBreakdown limiters;
    // The sender always had data to write (a bulk workload): when the kernel calls its
    // delivery application-limited, the send buffer held nothing unsent (docs/diagnosis.md).
    bool alwaysHasData = false;
    qint64 sndbufRequested = -1;   // SO_SNDBUF asked for (0: autotuned)
    qint64 rcvbufRequested = -1;   // SO_RCVBUF asked for at the receiver (0: autotuned)
    double queueAverageBytes = -1; // the bottleneck's backlog over the measured time
    double queueBusyShare = -1;    // share of its samples over that time with packets queued
    qint64 queueDrops = -1;        // packets the bottleneck dropped during the run
    qint64 queueRateBps = -1;      // its rate limit
    // The end that sent (direction down: the far end); the counters below are its own.
    RunEnd senderEnd = RunEnd::Local;
    bool senderCountersMissing = false; // that end took part, but its counters were not read
    qint64 segmentsOut = -1;            // TcpOutSegs at the sender
    qint64 segmentsRetransmitted = -1;  // TcpRetransSegs at the sender
    qint64 autocorkings = -1;           // TcpExtTCPAutoCorking at the sender
    bool autocorkingStudied = false;    // the experiment turns net.ipv4.tcp_autocorking
    int autocorkingOn = -1;             // the sender's tcp_autocorking during the run (0, 1)

    // The path's capacity (rule 0): the judged direction's goodput, and the path's rate: the
    // lab's configured rate (queueRateBps), else what the sender's delivery-rate samples showed.
    double throughputBps = -1;
    double deliveryPathRateBps = -1;

    // Nagle and delayed ACKs (rule 2a): the sender's write pattern and socket options, the
    // receiver's delayed ACKs and the RTT the sender saw.
    // The stored spec's workload; one this build does not know reads as bulk.
    Workload workload = Workload::Bulk;
    qint64 smallestWrite = -1;       // the smallest write of the pattern (split-write: its header)
    qint64 dataWrite = -1;           // the write a user sets (--write-size)
    qint64 mss = -1;                 // the path's MSS as the lab's MTU gives it, else Ethernet's
    int nodelay = -1;                // TCP_NODELAY at the sender (0, 1)
    bool corked = false;             // TCP_CORK around each message: Nagle is not what holds it
    qint64 receiverDelayedAcks = -1; // TcpExtDelayedACKs at the receiving end
    double durationS = -1;
    double rttMinMs = -1;
    double rttMedianMs = -1;
    double rttP95Ms = -1;
    double transactionP95Ms = -1; // a message's time to its answer (split-write with replies, rr)

    // The sender's device (rules 1a and 7a): the root qdisc of its egress device over the
    // measured time, and a device whose offloads were off during the run.
    QString deviceQueueInterface;
    QString deviceQueueKind;      // "pfifo_fast", "tbf", "mq", ...
    qint64 deviceTxqueuelen = -1; // link.DEV.txqueuelen during the run
    double deviceQueueAveragePackets = -1;
    qint64 deviceQueuePeakPackets = -1;
    qint64 deviceQueueDrops = -1; // packets it dropped during the run
    QString offloadsOffDevice;    // GSO off and TSO not on
    qint64 offloadsOffMtu = -1;
};

DiagnosisFacts factsOf(const RunRecord &run);

// One rule that fired, with the numbers its sentence shows.
struct Finding {
    enum class Rule {
        PathFull,         // the flow ran at the path's rate: nothing left to win
        Queue,            // a standing queue at the bottleneck
        DeviceQueue,      // a standing queue in the sender's own device queue
        Loss,             // retransmissions / drops
        NagleStall,       // small writes held by Nagle until the receiver's delayed ACK
        ReceiverWindow,   // rwnd-limited
        SendBuffer,       // sndbuf-limited
        Application,      // app-limited
        CongestionWindow, // cwnd-limited
        Autocorking,      // TcpExtTCPAutoCorking counted
        AutocorkingIdle,  // studied, on, and 0
        NoLimiter,        // measured, and nothing above fired
        OffloadsOff,      // GSO and TSO off at the sender: the stack cut every segment
        SenderCounters,   // the sending end's counters were not read: loss and autocorking unjudged
        SenderUnobserved, // neither its counters nor its TCP_INFO (an iperf3 server sending)
    };
    Rule rule = Rule::NoLimiter;
    RunEnd end = RunEnd::Local; // whose counters the finding counts (the sender's)
    double share = -1;          // 0 .. 1, for the limiter rules and the retransmitted share
    qint64 count = -1;          // drops, autocorkings; device queue: its largest backlog; offloads off: segments per GB
    double bytes =
        -1; // queue: average backlog; send/receive buffer asked for (0: autotuned); offloads off: segment size
    double delayMs = -1;            // queue: the RTT it adds; Nagle: how long a write waited at most
    double throughputBps = -1;      // path full: the flow's rate
    double pathRateBps = -1;        // path full: the path's rate (share: their ratio)
    bool pathRateEstimated = false; // path full: the rate is the delivery-rate samples', not the lab's
    double queueBusyShare = -1;     // path full: share of the bottleneck's samples with packets queued
    QString device;                 // device queue, offloads off: the sender's device
    QString qdisc;                  // device queue: its root qdisc's kind
    qint64 queueLength = -1;        // device queue: txqueuelen
    double averagePackets = -1;     // device queue: its mean backlog (count: the largest)
    qint64 drops = -1;              // device queue: packets it dropped
};

QString ruleName(Finding::Rule rule); // "queue", "loss", ... (for JSON and tests)

// FINDINGS as the result store keeps them beside a run (rule name and numbers, no sentence), so
// the run list shows verdicts in the reader's language without reading every run's records.
// Entries of a rule this tcptune does not know are left out.
QJsonArray findingsToJson(const QList<Finding> &findings);
QList<Finding> findingsFromJson(const QJsonArray &json);

// The thresholds of the rules (docs/diagnosis.md explains each).
struct DiagnosisThresholds {
    static constexpr double kQueueDelayMs = 50;       // a standing queue worth naming
    static constexpr double kLossShare = 0.01;        // retransmitted segments of those sent
    static constexpr double kLimiterShare = 0.5;      // a limiter that held the flow most of the time
    static constexpr double kMainLimiterShare = 0.25; // else one at least this, and twice every other
    static constexpr double kAutocorkingShare = 0.01; // autocorkings of segments sent, outside A/Bs of it
    static constexpr double kPathFullShare = 0.9;     // of the path's rate: the flow filled it
    static constexpr double kQueueBusyShare = 0.95;   // of the bottleneck's samples backlogged: so did it
    static constexpr int kQueueBusySamples = 5;       // the fewest samples that share is read from
    static constexpr double kDelayedAckTimerMs = 40;  // Linux's shortest delayed-ACK timer (TCP_DELACK_MIN)
    static constexpr double kNagleWaitMs = 5;         // RTT median above the path's own: writes waited
    static constexpr double kDelayedAcksPerS = 5;     // the receiver delayed an ACK at least this often
    static constexpr double kDeviceQueuePackets = 10; // the sender's device queue's mean backlog worth naming
};

class RunDiagnosis final {
    Q_DECLARE_TR_FUNCTIONS(RunDiagnosis)
public:
    // Every rule that fires on FACTS, in the order of the rules (the first is the dominant one).
    static QList<Finding> findings(const DiagnosisFacts &facts);
    // The verdict: the dominant finding, and a second one (autocorking's, or the note that the
    // sender's counters are missing, when there is one; else the next in order). Empty when
    // nothing was measured.
    static QString verdict(const QList<Finding> &findings);
    static QString sentence(const Finding &finding);
    // Whether FINDINGS say that the flow filled the path (rule 0): there is no throughput left
    // to win by tuning this end. A tuner stops on it.
    static bool filledPath(const QList<Finding> &findings);

    // The findings of a stored or just finished run; empty for a run that did not succeed.
    static QList<Finding> findingsOf(const RunRecord &run);
    // The verdict of a stored or just finished run; empty for a run that did not succeed.
    static QString verdictOf(const RunRecord &run);
    // LIMITER (the verdict of the findings) with what a run's DETAILS add: in direction both the
    // direction it judges (this host's sending: its streams' limiters, its end's counters), each
    // end's share when there were several, and the knobs something else changed during the run.
    static QString withNotes(const QString &limiter, const QJsonObject &details);

private:
    static QList<Finding> senderCounterFindings(const DiagnosisFacts &facts);
    static QList<Finding> limiterRuleFindings(const DiagnosisFacts &facts, bool nagleStalled, bool othersFired);
    static QString limiterSentence(const Finding &f);
    static QString deviceQueueSentence(const Finding &f);
    static QString costNothingSentence(const Finding &f);
    static QString twoSentences(const QList<Finding> &findings, bool costNothing);
    static QString farSenderSentence(const Finding &f);
};

} // namespace tcptune

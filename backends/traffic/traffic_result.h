#pragma once
// What one traffic run measured: receiver goodput, the TCP_INFO sample series (aggregate and
// per stream), latencies, both ends' knobs and the data connections' local ports. toJson() is
// the `tcptune run --json` object; fromJson() reads it back (result store, reports).

#include "common/error.h"
#include "knobs/knob_reader.h"
#include "traffic/latency_under_load.h"
#include "traffic/summary_stats.h"
#include "traffic/traffic_spec.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

#include <cstdint>

namespace tcptune {

// One sampling interval. For the aggregate series the values are summed over the streams
// (throughput, cwnd, rates, retrans, unacked, notsent) or averaged (rtt, rttvar); -1 marks a
// value the kernel does not report.
struct TrafficSample {
    double t = 0;               // seconds since traffic started (omitted seconds included)
    int stream = -1;            // -1: all streams together
    bool omitted = false;       // inside the omit-first-seconds window
    double throughputBps = 0;   // sender side: tcpi_bytes_acked delta * 8 / interval
    double rttMs = 0;           // smoothed RTT (tcpi_rtt)
    double rttvarMs = 0;        // tcpi_rttvar
    std::int64_t cwnd = 0;      // segments
    std::int64_t ssthresh = -1; // segments; -1 while still in slow start
    double deliveryRateBps = -1;
    double pacingRateBps = -1;
    std::int64_t retrans = 0; // segments retransmitted during this interval
    std::int64_t unacked = 0; // segments in flight (tcpi_unacked)
    std::int64_t notsentBytes = -1;
    double busyMs = -1;          // ms of this interval the flow was busy sending (tcpi_busy_time)
    double rwndLimitedMs = -1;   // ... limited by the receive window
    double sndbufLimitedMs = -1; // ... limited by the send buffer
    int appLimited = -1;         // the latest delivery rate sample was application-limited (0/1)
    int rwndFull = -1;           // the receiver's window had less than a segment of room (0/1)
    double probeRttMs = -1;      // latency probe: the latest transaction in this interval
    // Whose sending this is: Up, this host's sender; Down, the target's (in JSON only when down).
    Direction direction = Direction::Up;

    QJsonObject toJson() const;
    static TrafficSample fromJson(const QJsonObject &json);
};

// Receiver-side goodput for one interval, as the agent measured it (its own clock).
struct ReceiverInterval {
    double t = 0; // end of the interval, seconds since the agent saw the run begin
    std::int64_t bytes = 0;
    double throughputBps = 0;
    bool omitted = false;
};

// How a bulk sender's bytes reached the kernel: the calls that moved bytes and, for zerocopy,
// the sends the kernel accepted, confirmed, and of those the ones it copied after all.
struct SendCounters {
    std::int64_t calls = 0;
    std::int64_t zerocopySends = 0;
    std::int64_t zerocopyCompleted = 0;
    std::int64_t zerocopyCopied = 0;

    QJsonObject toJson() const;
    static SendCounters fromJson(const QJsonObject &json);
};

struct StreamResult {
    int index = 0;
    Direction direction = Direction::Up; // Up: this host sends on it; Down: the target does
    std::uint16_t localPort = 0;
    std::int64_t senderBytes = 0;    // written after the omit window
    std::int64_t receiverBytes = -1; // the target's count after the omit window; -1 unknown
    std::int64_t retrans = 0;        // segments retransmitted during the measured time
    std::int64_t sndbufActual = 0;   // getsockopt(SO_SNDBUF) after setting
    std::int64_t rcvbufActual = 0;
    QString congestionControl;     // what the socket really uses
    std::int64_t transactions = 0; // rr and split-write
    QList<TrafficSample> samples;  // this stream's own series

    QJsonObject toJson() const;
    static StreamResult fromJson(const QJsonObject &json);
};

// One direction of a run in direction both, kept apart from the other: who sent and who
// measured, what arrived, and that direction's own series.
struct DirectionResult {
    Direction direction = Direction::Up; // Up: this host sent; Down: the target sent
    QString samplesFrom;                 // who took the samples: "local sender", "target sender"
    QString receivedBy;                  // who counted what arrived: "target receiver", "local receiver"
    double throughputBps = 0;            // receiver goodput over the measured time
    double senderThroughputBps = 0;
    std::int64_t senderBytes = 0;
    std::int64_t receiverBytes = 0;
    SummaryStats rttMs;                        // the sending end's smoothed RTT
    QList<TrafficSample> samples;              // aggregate series of this direction's sender
    QList<ReceiverInterval> receiverIntervals; // goodput per interval at its receiving end

    QJsonObject toJson() const;
    static DirectionResult fromJson(const QJsonObject &json);
};

struct TrafficResult {
    TrafficSpec spec;
    QString target;        // spec.target.toString()
    QString remoteVersion; // agent protocol/program version or iperf3's
    QDateTime startedAt;   // UTC

    double throughputBps = 0;       // receiver goodput over the measured time (both: the two summed)
    double senderThroughputBps = 0; // sender_bytes * 8 / duration_s
    std::int64_t senderBytes = 0;
    std::int64_t receiverBytes = 0;
    double durationS = 0; // measured time actually run
    int streams = 0;

    std::int64_t sndbufRequested = 0;
    std::int64_t sndbufActual = 0; // the kernel's (doubled, capped) value, stream 0
    bool sndbufCapped = false;     // net.core.wmem_max limited the request
    std::int64_t rcvbufRequested = 0;
    std::int64_t rcvbufActual = 0;
    bool rcvbufCapped = false; // net.core.rmem_max limited the request
    QString congestionControl; // the data sockets' actual algorithm
    SendCounters sendCalls;    // bulk: the sender's calls (all streams, whole run)

    SummaryStats rttMs;                        // smoothed RTT over every stream's samples in the measured time
    QList<TrafficSample> samples;              // aggregate series of the sending end
    QString samplesFrom;                       // who took them: "local sender", "target sender", "local receiver"
    QList<ReceiverInterval> receiverIntervals; // goodput per interval at the receiving end (agent or, down, local)
    QList<StreamResult> perStream;
    // Direction both: up, then down, each apart. The run-wide figures above are their sums, the
    // run-wide series (samples, receiver intervals) the up direction's, as views of one series
    // show; each direction's own are here. Empty in direction up or down.
    QList<DirectionResult> directions;

    SummaryStats transactionLatencyMs; // rr and split-write (with responses)
    double transactionsPerSecond = 0;
    QList<double> transactionLatenciesMs; // the first kMaxKeptLatencies transactions
    SummaryStats probeLatencyMs;          // latency probe, when on
    LatencyUnderLoad underLoad;           // rrul: idle against loaded latency, probe loss

    KnobSnapshot remoteKnobs;      // agent targets: the target's sysctls (before far knobs were set)
    KnobSnapshot remoteKnobsAfter; // ssh targets with far knobs: the target's sysctls after the run
    QString remoteKnobsNote;       // why remote_knobs is empty (iperf3, or the agent could not read)
    KnobSnapshot localKnobs;       // the client's sysctls (its namespace), filled by the caller if wanted
    // The target's MIB counter deltas over the run (agent targets), or why there are none.
    bool remoteCountersRead = false;
    QMap<QString, qint64> remoteCounterDeltas;
    QString remoteCountersNote;

    QList<std::uint16_t> localPorts; // data connections, in stream order (for capture filters)
    std::uint16_t probeLocalPort = 0;
    std::uint16_t controlLocalPort = 0;
    std::uint16_t remotePort = 0;

    bool interrupted = false; // the run stopped early (peer gone, cancelled); figures cover what ran
    bool cancelled = false;   // ... because cancel() was called
    QString error;            // empty on success

    static constexpr int kMaxKeptLatencies = 200000;

    bool ok() const { return error.isEmpty() && !interrupted; }
    QJsonObject toJson() const;
    [[nodiscard]] static Result<TrafficResult> fromJson(const QJsonObject &json);
};

} // namespace tcptune

Q_DECLARE_METATYPE(tcptune::TrafficSample)
Q_DECLARE_METATYPE(QList<tcptune::TrafficSample>)

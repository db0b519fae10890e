#include "experiment/run/traffic_bridge.h"

#include "common/statistics.h"
#include "experiment/diagnosis/diagnosis_rules.h"
#include "experiment/diagnosis/limiter_breakdown.h"
#include "experiment/record/run_settling.h"
#include "knobs/knob_catalogue.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <span>

namespace tcptune {
namespace {

// TrafficBridge::tr(): lupdate files this file's text under the context that tr() looks it up in.
class TrafficBridge final {
    Q_DECLARE_TR_FUNCTIONS(TrafficBridge)
};

// Direction both: each direction's figures, without its series (outcomeOf keeps those as samples,
// each saying whose sending it is).
QJsonArray directionsDetails(const TrafficResult &result)
{
    QJsonArray out;
    for (const DirectionResult &d : result.directions) {
        QJsonObject o = d.toJson();
        o.remove(QStringLiteral("samples"));
        o.remove(QStringLiteral("receiver_intervals"));
        out.append(o);
    }
    return out;
}

// The streams whose breakdown the verdict judges: every one, or in direction both those this host
// sent on (its end is the sender the verdict names; the far sender's series stays in the result).
QList<LimiterBreakdown> judgedStreams(const TrafficResult &result, const QList<LimiterBreakdown> &perStream)
{
    if (result.spec.direction != Direction::Both)
        return perStream;
    QList<LimiterBreakdown> up;
    for (qsizetype i = 0; i < perStream.size() && i < result.perStream.size(); ++i)
        if (result.perStream[i].direction == Direction::Up)
            up.append(perStream[i]);
    return up;
}

// The judged sender's aggregate series: this host's, or the far end's when it alone sent.
QList<RunSample> judgedSeries(const TrafficResult &result, const QList<RunSample> &all)
{
    const bool farSends = result.spec.direction == Direction::Down;
    QList<RunSample> out;
    for (const RunSample &s : all)
        if (s.stream < 0 && s.farSender == farSends)
            out.append(s);
    return out;
}

// The path's rate the judged sender's delivery-rate samples show (docs/diagnosis.md, rule 0),
// kept with the run for targets whose rate tcptune does not set.
void addDeliveryPathRate(const TrafficResult &result, TrafficOutcome &o, double fromS)
{
    if (const double rate = deliveryPathRate(judgedSeries(result, o.samples), fromS); rate > 0)
        o.figures.details.insert(QStringLiteral("delivery_path_rate_bps"), rate);
}

// The RTT figures and the receiver's goodput of the part from FROM_S on.
void figuresFrom(const TrafficResult &result, const QList<RunSample> &judged, double fromS, RunRecord &r)
{
    QList<double> rtts;
    for (const RunSample &s : judged)
        if (s.t >= fromS && s.rttMs > 0)
            rtts.append(s.rttMs);
    if (!rtts.isEmpty()) {
        std::sort(rtts.begin(), rtts.end());
        const std::span<const double> sorted(rtts);
        r.rttMinMs = rtts.first();
        r.rttMedianMs = stats::percentileOfSorted(sorted, 50);
        r.rttP95Ms = stats::percentileOfSorted(sorted, 95);
        r.rttMaxMs = rtts.last();
    }
    if (const double goodput = receiverGoodputFrom(result.receiverIntervals, fromS); goodput >= 0) {
        r.throughputBps = goodput;
        return;
    }
    QList<double> sent;
    for (const RunSample &s : judged)
        if (s.t > fromS + 1e-9)
            sent.append(s.throughputBps);
    if (!sent.isEmpty())
        r.throughputBps = stats::mean(std::span<const double>(sent));
}

// Settled measurements (docs/diagnosis.md): without an omitted start of the user's, the end of
// the start-up phase is found from the run's own series and the figures are taken from there.
// Returns the time the figures start at. Direction both keeps its figures whole (two senders).
double settleFigures(const TrafficResult &result, TrafficOutcome &o)
{
    if (result.spec.omitS > 0 || result.spec.direction == Direction::Both)
        return result.spec.omitS;
    const QList<RunSample> judged = judgedSeries(result, o.samples);
    const RunSettling settling = RunSettling::find(judged);
    if (!settling.judged)
        return 0;
    o.figures.details.insert(QStringLiteral("settling"), settling.toJson());
    if (settling.cutS > 0)
        figuresFrom(result, judged, settling.cutS, o.figures);
    return settling.cutS;
}

// SPEC's socket option knobs into T, each in the engine field its catalogue entry names.
Result<void> setSocketOptions(const ExperimentSpec &spec, TrafficSpec &t)
{
    const QMap<QString, QString> options = spec.knobsOfKind(KnobKind::SocketOption);
    for (auto it = options.begin(); it != options.end(); ++it) {
        const KnobInfo *knob = KnobCatalogue::instance().find(it.key());
        if (!knob || !t.setSocketOption(knob->socket.engineField, it.value(), knob->socket.engineScale))
            return fail(TrafficBridge::tr(
                            "Spec field 'knobs.%1': the traffic engine does not set this socket option; remove it "
                            "from the spec.")
                            .arg(it.key()));
    }
    return {};
}

} // namespace

Result<TrafficSpec> trafficSpecFor(const ExperimentSpec &spec, const RunEndpoint &endpoint)
{
    TrafficSpec t;
    t.workload = spec.workload.type;
    auto direction = parseDirection(spec.workload.direction);
    if (!direction)
        return std::unexpected(direction.error());
    t.direction = *direction;
    t.durationS = spec.durationS;
    t.omitS = spec.omitS;
    t.streams = spec.workload.streams;
    t.writeSize = spec.workload.writeSize;
    t.requestSize = spec.workload.requestSize;
    t.responseSize = spec.workload.responseSize;
    t.headerSize = spec.workload.headerSize;
    t.latencyProbe = spec.workload.latencyProbe;
    t.idleS = spec.workload.idleS;
    t.sampleIntervalMs = spec.sampleMs;
    if (auto options = setSocketOptions(spec, t); !options)
        return std::unexpected(options.error());
    t.target.kind = endpoint.ssh ? TargetKind::Ssh : endpoint.iperf3 ? TargetKind::Iperf3 : TargetKind::Agent;
    t.target.host = endpoint.host;
    t.target.port = endpoint.port || endpoint.ssh
                        ? endpoint.port
                        : (endpoint.iperf3 ? TrafficTarget::kDefaultIperf3Port : TrafficTarget::kDefaultAgentPort);
    t.target.user = endpoint.sshUser;
    t.sshConfig = endpoint.sshConfig;
    t.remoteSysctls = spec.remoteSysctls();
    t.clientNetns = endpoint.clientNetns;
    if (auto v = t.validate(); !v)
        return std::unexpected(v.error());
    return t;
}

TargetSpec targetSpecOf(const TrafficTarget &target)
{
    TargetSpec t;
    switch (target.kind) {
    case TargetKind::Agent: t.kind = TargetSpec::Kind::Agent; break;
    case TargetKind::Iperf3: t.kind = TargetSpec::Kind::Iperf3; break;
    case TargetKind::Ssh: t.kind = TargetSpec::Kind::Ssh; break;
    }
    t.host = target.host;
    t.port = target.port;
    t.user = target.user;
    return t;
}

RunSample runSampleOf(const TrafficSample &s)
{
    RunSample r;
    r.t = s.t;
    r.stream = s.stream;
    r.farSender = s.direction == Direction::Down;
    r.throughputBps = s.throughputBps;
    r.rttMs = s.rttMs;
    r.rttVarMs = s.rttvarMs;
    r.cwnd = s.cwnd;
    r.retransmits = s.retrans;
    r.deliveryRateBps = s.deliveryRateBps;
    r.pacingRateBps = s.pacingRateBps;
    r.unacked = s.unacked;
    r.notsentBytes = s.notsentBytes;
    r.busyMs = s.busyMs;
    r.rwndLimitedMs = s.rwndLimitedMs;
    r.sndbufLimitedMs = s.sndbufLimitedMs;
    r.appLimited = s.appLimited;
    r.rwndFull = s.rwndFull;
    return r;
}

QList<double> intervalThroughput(const TrafficResult &result, double minBinS, double *binS)
{
    QList<double> out;
    QList<ReceiverInterval> received;
    for (const ReceiverInterval &i : result.receiverIntervals)
        if (!i.omitted)
            received.append(i);
    if (received.size() >= 3) {
        *binS = received.size() > 1 ? (received.last().t - received.first().t) / double(received.size() - 1) : 0;
        for (const ReceiverInterval &i : received)
            out.append(i.throughputBps);
        return out;
    }
    QList<double> times;
    QList<double> measured; // the aggregate's throughput after the omit window
    for (const TrafficSample &s : result.samples) {
        if (!s.omitted && s.stream < 0) {
            times.append(s.t);
            measured.append(s.throughputBps);
        }
    }
    if (measured.isEmpty()) {
        *binS = 0;
        return out;
    }
    const double start = times.first();
    const double step = measured.size() > 1 ? (times.last() - start) / double(measured.size() - 1) : minBinS;
    const int perBin = qMax(1, int(std::ceil(minBinS / qMax(step, 1e-6) - 1e-9)));
    *binS = perBin * step;
    const std::span<const double> values(measured);
    for (qsizetype i = 0; i + perBin <= measured.size(); i += perBin)
        out.append(stats::mean(values.subspan(std::size_t(i), std::size_t(perBin))));
    return out;
}

void setRunEnd(RunRecord &run, bool ok, bool cancelled, const QString &error)
{
    run.status = ok ? RunStatus::Ok : (cancelled ? RunStatus::Cancelled : RunStatus::Failed);
    run.error = error;
    if (!ok && run.error.isEmpty())
        run.error = TrafficBridge::tr("The run was interrupted before its end.");
}

double receiverGoodputFrom(const QList<ReceiverInterval> &intervals, double fromS)
{
    double start = fromS;
    double end = -1;
    std::int64_t bytes = 0;
    for (const ReceiverInterval &i : intervals) {
        if (i.t <= fromS + 1e-9) {
            start = i.t;
            continue;
        }
        if (i.omitted)
            continue;
        bytes += i.bytes;
        end = i.t;
    }
    return end > start ? double(bytes) * 8 / (end - start) : -1;
}

TrafficOutcome outcomeOf(const TrafficResult &result)
{
    TrafficOutcome o;
    RunRecord &r = o.figures;
    setRunEnd(r, result.ok(), result.cancelled, result.error);
    r.throughputBps = result.throughputBps;
    r.senderBytes = result.senderBytes;
    r.receiverBytes = result.receiverBytes;
    r.durationS = result.durationS;
    if (result.rttMs.count > 0) {
        r.rttMinMs = result.rttMs.min;
        r.rttMedianMs = result.rttMs.median;
        r.rttP95Ms = result.rttMs.p95;
        r.rttMaxMs = result.rttMs.max;
    }
    for (const StreamResult &s : result.perStream)
        r.retransmits += s.retrans;
    r.sndbufActual = result.sndbufActual > 0 ? result.sndbufActual : -1;
    r.intervalThroughputBps = intervalThroughput(result, 0.1, &r.intervalS);
    r.details = QJsonObject{
        {QStringLiteral("target"), result.target},
        {QStringLiteral("remote_version"), result.remoteVersion},
        {QStringLiteral("streams"), result.streams},
        {QStringLiteral("sender_throughput_bps"), result.senderThroughputBps},
        {QStringLiteral("sndbuf_requested"), double(result.sndbufRequested)},
        {QStringLiteral("sndbuf_actual"), double(result.sndbufActual)},
        {QStringLiteral("sndbuf_capped"), result.sndbufCapped},
        {QStringLiteral("rcvbuf_requested"), double(result.rcvbufRequested)},
        {QStringLiteral("rcvbuf_actual"), double(result.rcvbufActual)},
        {QStringLiteral("rcvbuf_capped"), result.rcvbufCapped},
        {QStringLiteral("congestion_control"), result.congestionControl},
        {QStringLiteral("transactions_per_second"), result.transactionsPerSecond},
        {QStringLiteral("transaction_latency_ms"), result.transactionLatencyMs.toJson()},
        {QStringLiteral("probe_latency_ms"), result.probeLatencyMs.toJson()},
        {QStringLiteral("interrupted"), result.interrupted},
        {QStringLiteral("spec"), result.spec.toJson()},
    };
    if (!result.directions.isEmpty())
        r.details.insert(QStringLiteral("directions"), directionsDetails(result));
    if (result.underLoad.measured)
        r.details.insert(QStringLiteral("latency_under_load"), result.underLoad.toJson());
    for (const TrafficSample &s : result.samples)
        o.samples.append(runSampleOf(s));
    // Direction both: the run's own series is this host's sending; the target's is the down
    // direction's, kept beside it (each sample says whose it is).
    if (result.directions.size() == 2)
        for (const TrafficSample &s : result.directions.back().samples)
            o.samples.append(runSampleOf(s));
    for (const StreamResult &stream : result.perStream)
        for (const TrafficSample &s : stream.samples)
            o.samples.append(runSampleOf(s));
    const double measuredFrom = settleFigures(result, o);
    for (const StreamResult &stream : result.perStream) {
        QList<RunSample> samples;
        for (const TrafficSample &s : stream.samples)
            samples.append(runSampleOf(s));
        r.streamLimiters.append(limiterBreakdownOf(samples, measuredFrom));
    }
    r.limiters = meanBreakdown(judgedStreams(result, r.streamLimiters));
    addDeliveryPathRate(result, o, measuredFrom);
    {
        EndRecord far;
        far.end = RunEnd::Remote;
        far.where = result.target;
        far.sender = result.spec.downStreams() > 0; // direction down: the far end sent
        far.countersRead = result.remoteCountersRead;
        far.counterDeltas = result.remoteCounterDeltas;
        far.countersNote = result.remoteCountersNote;
        if (!far.countersRead && far.countersNote.isEmpty() && result.spec.target.kind == TargetKind::Iperf3)
            far.countersNote = TrafficBridge::tr("iperf3 does not report its host's counters; run 'tcptune serve' "
                                                 "there to have them.");
        r.ends.append(far);
    }
    o.remoteKnobs = result.remoteKnobs;
    o.remoteKnobsAfter = result.remoteKnobsAfter;
    o.remoteKnobsNote = result.remoteKnobsNote;
    return o;
}

} // namespace tcptune

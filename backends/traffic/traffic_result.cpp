#include "traffic/traffic_result.h"

#include "common/mib_counters.h"
#include "common/statistics.h"
#include "knobs/knob_snapshot_json.h"
#include "traffic/workload_registry.h"

#include <QJsonArray>
#include <QJsonValue>

#include <algorithm>

namespace tcptune {
namespace {

QString key(const char *k)
{
    return QString::fromLatin1(k);
}

// -1 (unknown) becomes JSON null so consumers do not mistake it for a measurement.
QJsonValue orNull(double v)
{
    return v < 0 ? QJsonValue() : QJsonValue(v);
}

double fromNullable(const QJsonValue &v)
{
    return v.isDouble() ? v.toDouble() : -1;
}

QJsonArray samplesToJson(const QList<TrafficSample> &samples)
{
    QJsonArray series;
    for (const TrafficSample &s : samples)
        series.append(s.toJson());
    return series;
}

QList<TrafficSample> samplesFromJson(const QJsonValue &v)
{
    QList<TrafficSample> out;
    for (const QJsonValue &one : v.toArray())
        out.append(TrafficSample::fromJson(one.toObject()));
    return out;
}

QJsonArray intervalsToJson(const QList<ReceiverInterval> &intervals)
{
    QJsonArray receiver;
    for (const ReceiverInterval &r : intervals) {
        QJsonObject o{{key("t"), r.t}, {key("bytes"), double(r.bytes)}, {key("throughput_bps"), r.throughputBps}};
        if (r.omitted)
            o.insert(key("omitted"), true);
        receiver.append(o);
    }
    return receiver;
}

QList<ReceiverInterval> intervalsFromJson(const QJsonValue &v)
{
    QList<ReceiverInterval> out;
    for (const QJsonValue &one : v.toArray()) {
        const QJsonObject io = one.toObject();
        out.append({io.value(key("t")).toDouble(), std::int64_t(io.value(key("bytes")).toDouble()),
                    io.value(key("throughput_bps")).toDouble(), io.value(key("omitted")).toBool()});
    }
    return out;
}

// Up unless the JSON says down: results written before directions were recorded were all up.
Direction directionOf(const QJsonObject &o)
{
    return o.value(key("direction")).toString() == QLatin1String("down") ? Direction::Down : Direction::Up;
}

} // namespace

QJsonObject TrafficSample::toJson() const
{
    QJsonObject o{
        {key("t"), t},
        {key("throughput_bps"), throughputBps},
        {key("rtt_ms"), rttMs},
        {key("rttvar_ms"), rttvarMs},
        {key("cwnd"), double(cwnd)},
        {key("ssthresh"), orNull(double(ssthresh))},
        {key("delivery_rate_bps"), orNull(deliveryRateBps)},
        {key("pacing_rate_bps"), orNull(pacingRateBps)},
        {key("retrans"), double(retrans)},
        {key("unacked"), double(unacked)},
        {key("notsent_bytes"), orNull(double(notsentBytes))},
        {key("busy_ms"), orNull(busyMs)},
        {key("rwnd_limited_ms"), orNull(rwndLimitedMs)},
        {key("sndbuf_limited_ms"), orNull(sndbufLimitedMs)},
        {key("app_limited"), orNull(double(appLimited))},
        {key("rwnd_full"), orNull(double(rwndFull))},
    };
    if (stream >= 0)
        o.insert(key("stream"), stream);
    if (omitted)
        o.insert(key("omitted"), true);
    if (probeRttMs >= 0)
        o.insert(key("probe_rtt_ms"), probeRttMs);
    if (direction == Direction::Down)
        o.insert(key("direction"), directionName(direction));
    return o;
}

TrafficSample TrafficSample::fromJson(const QJsonObject &o)
{
    TrafficSample s;
    s.t = o.value(key("t")).toDouble();
    s.stream = o.value(key("stream")).toInt(-1);
    s.omitted = o.value(key("omitted")).toBool();
    s.throughputBps = o.value(key("throughput_bps")).toDouble();
    s.rttMs = o.value(key("rtt_ms")).toDouble();
    s.rttvarMs = o.value(key("rttvar_ms")).toDouble();
    s.cwnd = std::int64_t(o.value(key("cwnd")).toDouble());
    s.ssthresh = std::int64_t(fromNullable(o.value(key("ssthresh"))));
    s.deliveryRateBps = fromNullable(o.value(key("delivery_rate_bps")));
    s.pacingRateBps = fromNullable(o.value(key("pacing_rate_bps")));
    s.retrans = std::int64_t(o.value(key("retrans")).toDouble());
    s.unacked = std::int64_t(o.value(key("unacked")).toDouble());
    s.notsentBytes = std::int64_t(fromNullable(o.value(key("notsent_bytes"))));
    s.busyMs = fromNullable(o.value(key("busy_ms")));
    s.rwndLimitedMs = fromNullable(o.value(key("rwnd_limited_ms")));
    s.sndbufLimitedMs = fromNullable(o.value(key("sndbuf_limited_ms")));
    s.appLimited = int(fromNullable(o.value(key("app_limited"))));
    s.rwndFull = int(fromNullable(o.value(key("rwnd_full"))));
    s.probeRttMs = fromNullable(o.value(key("probe_rtt_ms")));
    s.direction = directionOf(o);
    return s;
}

QJsonObject StreamResult::toJson() const
{
    return {
        {key("index"), index},
        {key("direction"), directionName(direction)},
        {key("local_port"), int(localPort)},
        {key("sender_bytes"), double(senderBytes)},
        {key("receiver_bytes"), orNull(double(receiverBytes))},
        {key("retrans"), double(retrans)},
        {key("sndbuf_actual"), double(sndbufActual)},
        {key("rcvbuf_actual"), double(rcvbufActual)},
        {key("congestion_control"), congestionControl},
        {key("transactions"), double(transactions)},
        {key("samples"), samplesToJson(samples)},
    };
}

StreamResult StreamResult::fromJson(const QJsonObject &o)
{
    StreamResult r;
    r.index = o.value(key("index")).toInt();
    r.localPort = std::uint16_t(o.value(key("local_port")).toInt());
    r.senderBytes = std::int64_t(o.value(key("sender_bytes")).toDouble());
    r.receiverBytes = std::int64_t(fromNullable(o.value(key("receiver_bytes"))));
    r.retrans = std::int64_t(o.value(key("retrans")).toDouble());
    r.sndbufActual = std::int64_t(o.value(key("sndbuf_actual")).toDouble());
    r.rcvbufActual = std::int64_t(o.value(key("rcvbuf_actual")).toDouble());
    r.congestionControl = o.value(key("congestion_control")).toString();
    r.transactions = std::int64_t(o.value(key("transactions")).toDouble());
    r.samples = samplesFromJson(o.value(key("samples")));
    r.direction = directionOf(o);
    return r;
}

QJsonObject SendCounters::toJson() const
{
    return {{key("calls"), double(calls)},
            {key("zerocopy_sends"), double(zerocopySends)},
            {key("zerocopy_completed"), double(zerocopyCompleted)},
            {key("zerocopy_copied"), double(zerocopyCopied)}};
}

SendCounters SendCounters::fromJson(const QJsonObject &o)
{
    SendCounters c;
    c.calls = std::int64_t(o.value(key("calls")).toDouble());
    c.zerocopySends = std::int64_t(o.value(key("zerocopy_sends")).toDouble());
    c.zerocopyCompleted = std::int64_t(o.value(key("zerocopy_completed")).toDouble());
    c.zerocopyCopied = std::int64_t(o.value(key("zerocopy_copied")).toDouble());
    return c;
}

// What the run's ends reported of themselves: knob snapshots and the far end's counters.
static void insertEnds(const TrafficResult &r, QJsonObject &o)
{
    if (!r.remoteKnobs.isEmpty())
        o.insert(key("remote_knobs"), knobSnapshotToJson(r.remoteKnobs));
    if (!r.remoteKnobsAfter.isEmpty())
        o.insert(key("remote_knobs_after"), knobSnapshotToJson(r.remoteKnobsAfter));
    if (!r.remoteKnobsNote.isEmpty())
        o.insert(key("remote_knobs_note"), r.remoteKnobsNote);
    if (r.remoteCountersRead)
        o.insert(key("remote_counters"), mib::toJson(r.remoteCounterDeltas));
    if (!r.remoteCountersNote.isEmpty())
        o.insert(key("remote_counters_note"), r.remoteCountersNote);
    if (!r.localKnobs.isEmpty())
        o.insert(key("local_knobs"), knobSnapshotToJson(r.localKnobs));
}

QJsonObject DirectionResult::toJson() const
{
    return {
        {key("direction"), directionName(direction)},
        {key("samples_from"), samplesFrom},
        {key("received_by"), receivedBy},
        {key("throughput_bps"), throughputBps},
        {key("sender_throughput_bps"), senderThroughputBps},
        {key("sender_bytes"), double(senderBytes)},
        {key("receiver_bytes"), double(receiverBytes)},
        {key("rtt_ms"), rttMs.toJson()},
        {key("samples"), samplesToJson(samples)},
        {key("receiver_intervals"), intervalsToJson(receiverIntervals)},
    };
}

DirectionResult DirectionResult::fromJson(const QJsonObject &o)
{
    DirectionResult d;
    d.direction = directionOf(o);
    d.samplesFrom = o.value(key("samples_from")).toString();
    d.receivedBy = o.value(key("received_by")).toString();
    d.throughputBps = o.value(key("throughput_bps")).toDouble();
    d.senderThroughputBps = o.value(key("sender_throughput_bps")).toDouble();
    d.senderBytes = std::int64_t(o.value(key("sender_bytes")).toDouble());
    d.receiverBytes = std::int64_t(o.value(key("receiver_bytes")).toDouble());
    d.rttMs = SummaryStats::fromJson(o.value(key("rtt_ms")).toObject());
    d.samples = samplesFromJson(o.value(key("samples")));
    d.receiverIntervals = intervalsFromJson(o.value(key("receiver_intervals")));
    return d;
}

QJsonObject TrafficResult::toJson() const
{
    QJsonArray streamsJson;
    for (const StreamResult &s : perStream)
        streamsJson.append(s.toJson());
    QJsonArray ports;
    for (std::uint16_t p : localPorts)
        ports.append(int(p));
    QJsonObject rtt{{key("min"), rttMs.min}, {key("median"), rttMs.median}, {key("p95"), rttMs.p95},
                    {key("max"), rttMs.max}, {key("mean"), rttMs.mean},     {key("count"), rttMs.count}};

    QJsonObject o{
        {key("spec"), spec.toJson()},
        {key("target"), target},
        {key("remote_version"), remoteVersion},
        {key("started_at"), startedAt.toUTC().toString(Qt::ISODateWithMs)},
        {key("workload"), workloadName(spec.workload)},
        {key("throughput_bps"), throughputBps},
        {key("sender_throughput_bps"), senderThroughputBps},
        {key("sender_bytes"), double(senderBytes)},
        {key("receiver_bytes"), double(receiverBytes)},
        {key("duration_s"), durationS},
        {key("streams"), streams},
        {key("sndbuf_requested"), double(sndbufRequested)},
        {key("sndbuf_actual"), double(sndbufActual)},
        {key("sndbuf_capped"), sndbufCapped},
        {key("rcvbuf_requested"), double(rcvbufRequested)},
        {key("rcvbuf_actual"), double(rcvbufActual)},
        {key("rcvbuf_capped"), rcvbufCapped},
        {key("congestion_control"), congestionControl},
        {key("rtt_ms"), rtt},
        {key("samples"), samplesToJson(samples)},
        {key("samples_from"), samplesFrom},
        {key("direction"), directionName(spec.direction)},
        {key("receiver_intervals"), intervalsToJson(receiverIntervals)},
        {key("per_stream"), streamsJson},
        {key("local_ports"), ports},
        {key("probe_local_port"), int(probeLocalPort)},
        {key("control_local_port"), int(controlLocalPort)},
        {key("remote_port"), int(remotePort)},
        {key("interrupted"), interrupted},
        {key("cancelled"), cancelled},
        {key("error"), error.isEmpty() ? QJsonValue() : QJsonValue(error)},
    };
    const WorkloadDescriptor &workload = workloadDescriptor(spec.workload);
    if (workload.transactions) {
        QJsonObject rr = transactionLatencyMs.toJson();
        rr.insert(key("transactions_per_second"), transactionsPerSecond);
        o.insert(key("transaction_latency_ms"), rr);
        QJsonArray lat;
        for (double v : transactionLatenciesMs)
            lat.append(v);
        o.insert(key("transaction_latencies_ms"), lat);
    }
    if (spec.probesLatency())
        o.insert(key("probe_latency_ms"), probeLatencyMs.toJson());
    if (underLoad.measured)
        o.insert(key("latency_under_load"), underLoad.toJson());
    if (!directions.isEmpty()) {
        QJsonArray each;
        for (const DirectionResult &d : directions)
            each.append(d.toJson());
        o.insert(key("directions"), each);
    }
    if (workload.stream)
        o.insert(key("send_calls"), sendCalls.toJson());
    insertEnds(*this, o);
    return o;
}

Result<TrafficResult> TrafficResult::fromJson(const QJsonObject &o)
{
    TrafficResult r;
    auto spec = TrafficSpec::fromJson(o.value(key("spec")).toObject());
    if (!spec)
        return std::unexpected(spec.error());
    r.spec = *spec;
    r.target = o.value(key("target")).toString();
    r.remoteVersion = o.value(key("remote_version")).toString();
    r.startedAt = QDateTime::fromString(o.value(key("started_at")).toString(), Qt::ISODateWithMs);
    r.throughputBps = o.value(key("throughput_bps")).toDouble();
    r.senderThroughputBps = o.value(key("sender_throughput_bps")).toDouble();
    r.senderBytes = std::int64_t(o.value(key("sender_bytes")).toDouble());
    r.receiverBytes = std::int64_t(o.value(key("receiver_bytes")).toDouble());
    r.durationS = o.value(key("duration_s")).toDouble();
    r.streams = o.value(key("streams")).toInt();
    r.sndbufRequested = std::int64_t(o.value(key("sndbuf_requested")).toDouble());
    r.sndbufActual = std::int64_t(o.value(key("sndbuf_actual")).toDouble());
    r.sndbufCapped = o.value(key("sndbuf_capped")).toBool();
    r.rcvbufRequested = std::int64_t(o.value(key("rcvbuf_requested")).toDouble());
    r.rcvbufActual = std::int64_t(o.value(key("rcvbuf_actual")).toDouble());
    r.rcvbufCapped = o.value(key("rcvbuf_capped")).toBool();
    r.congestionControl = o.value(key("congestion_control")).toString();
    r.sendCalls = SendCounters::fromJson(o.value(key("send_calls")).toObject());
    r.rttMs = SummaryStats::fromJson(o.value(key("rtt_ms")).toObject());
    r.samples = samplesFromJson(o.value(key("samples")));
    r.samplesFrom = o.value(key("samples_from")).toString();
    r.receiverIntervals = intervalsFromJson(o.value(key("receiver_intervals")));
    for (const QJsonValue &v : o.value(key("per_stream")).toArray())
        r.perStream.append(StreamResult::fromJson(v.toObject()));
    for (const QJsonValue &v : o.value(key("directions")).toArray())
        r.directions.append(DirectionResult::fromJson(v.toObject()));
    const QJsonObject rr = o.value(key("transaction_latency_ms")).toObject();
    r.transactionLatencyMs = SummaryStats::fromJson(rr);
    r.transactionsPerSecond = rr.value(key("transactions_per_second")).toDouble();
    for (const QJsonValue &v : o.value(key("transaction_latencies_ms")).toArray())
        r.transactionLatenciesMs.append(v.toDouble());
    r.probeLatencyMs = SummaryStats::fromJson(o.value(key("probe_latency_ms")).toObject());
    if (o.value(key("latency_under_load")).isObject())
        r.underLoad = LatencyUnderLoad::fromJson(o.value(key("latency_under_load")).toObject());
    r.remoteKnobs = knobSnapshotFromJson(o.value(key("remote_knobs")).toObject());
    r.remoteKnobsAfter = knobSnapshotFromJson(o.value(key("remote_knobs_after")).toObject());
    r.remoteKnobsNote = o.value(key("remote_knobs_note")).toString();
    r.remoteCountersRead = o.value(key("remote_counters")).isObject();
    r.remoteCounterDeltas = mib::fromJson(o.value(key("remote_counters")).toObject());
    r.remoteCountersNote = o.value(key("remote_counters_note")).toString();
    r.localKnobs = knobSnapshotFromJson(o.value(key("local_knobs")).toObject());
    for (const QJsonValue &v : o.value(key("local_ports")).toArray())
        r.localPorts.append(std::uint16_t(v.toInt()));
    r.probeLocalPort = std::uint16_t(o.value(key("probe_local_port")).toInt());
    r.controlLocalPort = std::uint16_t(o.value(key("control_local_port")).toInt());
    r.remotePort = std::uint16_t(o.value(key("remote_port")).toInt());
    r.interrupted = o.value(key("interrupted")).toBool();
    r.cancelled = o.value(key("cancelled")).toBool();
    r.error = o.value(key("error")).toString();
    return r;
}

} // namespace tcptune

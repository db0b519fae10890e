#include "experiment/record/run_record_json.h"

#include "common/mib_counters.h"

namespace tcptune {
namespace {

double numberOr(const QJsonObject &o, const char *key, double fallback)
{
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isDouble() ? v.toDouble() : fallback;
}

} // namespace

QJsonObject toJson(const EndRecord &e)
{
    QJsonObject o{{QStringLiteral("end"), runEndName(e.end)},
                  {QStringLiteral("where"), e.where},
                  {QStringLiteral("sender"), e.sender},
                  {QStringLiteral("counters_read"), e.countersRead},
                  {QStringLiteral("counters"), mib::toJson(e.counterDeltas)}};
    if (!e.countersNote.isEmpty())
        o.insert(QStringLiteral("counters_note"), e.countersNote);
    if (!e.queueInterface.isEmpty() || !e.queue.isEmpty() || !e.queueNote.isEmpty()) {
        QJsonObject queue = toJson(e.queue);
        queue.insert(QStringLiteral("interface"), e.queueInterface);
        queue.insert(QStringLiteral("rate_bps"), double(e.queueRateBps));
        queue.insert(QStringLiteral("limit_bytes"), double(e.queueLimitBytes));
        if (!e.queueNote.isEmpty())
            queue.insert(QStringLiteral("note"), e.queueNote);
        o.insert(QStringLiteral("queue"), queue);
    }
    if (!e.deviceQueueInterface.isEmpty()) {
        QJsonObject device = toJson(e.deviceQueue);
        device.insert(QStringLiteral("interface"), e.deviceQueueInterface);
        device.insert(QStringLiteral("kind"), e.deviceQueueKind);
        o.insert(QStringLiteral("device_queue"), device);
    }
    return o;
}

EndRecord endRecordFromJson(const QJsonObject &o)
{
    EndRecord e;
    e.end = runEndFromName(o.value(QStringLiteral("end")).toString());
    e.where = o.value(QStringLiteral("where")).toString();
    e.sender = o.value(QStringLiteral("sender")).toBool();
    e.countersRead = o.value(QStringLiteral("counters_read")).toBool();
    e.counterDeltas = mib::fromJson(o.value(QStringLiteral("counters")).toObject());
    e.countersNote = o.value(QStringLiteral("counters_note")).toString();
    const QJsonObject queue = o.value(QStringLiteral("queue")).toObject();
    e.queueInterface = queue.value(QStringLiteral("interface")).toString();
    e.queueRateBps = qint64(numberOr(queue, "rate_bps", -1));
    e.queueLimitBytes = qint64(numberOr(queue, "limit_bytes", -1));
    e.queueNote = queue.value(QStringLiteral("note")).toString();
    e.queue = queueSamplesFromJson(queue.value(QStringLiteral("samples")).toArray());
    const QJsonObject device = o.value(QStringLiteral("device_queue")).toObject();
    e.deviceQueueInterface = device.value(QStringLiteral("interface")).toString();
    e.deviceQueueKind = device.value(QStringLiteral("kind")).toString();
    e.deviceQueue = queueSamplesFromJson(device.value(QStringLiteral("samples")).toArray());
    return e;
}

QJsonObject toJson(const QList<QueueSample> &queue)
{
    QJsonArray samples;
    for (const QueueSample &q : queue)
        samples.append(
            QJsonArray{q.t, double(q.backlogBytes), double(q.backlogPackets), double(q.drops), double(q.overlimits)});
    return {{QStringLiteral("columns"),
             QJsonArray{QStringLiteral("t"), QStringLiteral("backlog_bytes"), QStringLiteral("backlog_packets"),
                        QStringLiteral("drops"), QStringLiteral("overlimits")}},
            {QStringLiteral("samples"), samples}};
}

QList<QueueSample> queueSamplesFromJson(const QJsonArray &samples)
{
    QList<QueueSample> out;
    out.reserve(samples.size());
    for (const QJsonValue &v : samples) {
        const QJsonArray row = v.toArray();
        if (row.size() < 5)
            continue;
        QueueSample q;
        q.t = row.at(0).toDouble();
        q.backlogBytes = qint64(row.at(1).toDouble(-1));
        q.backlogPackets = qint64(row.at(2).toDouble(-1));
        q.drops = qint64(row.at(3).toDouble(-1));
        q.overlimits = qint64(row.at(4).toDouble(-1));
        out.append(q);
    }
    return out;
}

QJsonObject toJson(const LimiterBreakdown &l)
{
    QJsonObject o;
    auto put = [&o](const char *key, double share) {
        if (share >= 0)
            o.insert(QLatin1String(key), share);
    };
    put("busy", l.busy);
    put("rwnd_limited", l.rwndLimited);
    put("sndbuf_limited", l.sndbufLimited);
    put("cwnd_limited", l.cwndLimited);
    put("application_limited", l.applicationLimited);
    return o;
}

LimiterBreakdown limiterBreakdownFromJson(const QJsonObject &o)
{
    LimiterBreakdown l;
    l.busy = numberOr(o, "busy", -1);
    l.rwndLimited = numberOr(o, "rwnd_limited", -1);
    l.sndbufLimited = numberOr(o, "sndbuf_limited", -1);
    l.cwndLimited = numberOr(o, "cwnd_limited", -1);
    l.applicationLimited = numberOr(o, "application_limited", -1);
    return l;
}

QJsonArray endsJson(const RunRecord &run)
{
    QJsonArray out;
    for (const EndRecord &e : run.ends)
        out.append(toJson(e));
    return out;
}

QJsonObject limitersJson(const RunRecord &run)
{
    QJsonArray streams;
    for (const LimiterBreakdown &l : run.streamLimiters)
        streams.append(toJson(l));
    return {{QStringLiteral("run"), toJson(run.limiters)}, {QStringLiteral("streams"), streams}};
}

void readLimitersJson(const QJsonObject &json, RunRecord &run)
{
    run.limiters = limiterBreakdownFromJson(json.value(QStringLiteral("run")).toObject());
    run.streamLimiters.clear();
    for (const QJsonValue &v : json.value(QStringLiteral("streams")).toArray())
        run.streamLimiters.append(limiterBreakdownFromJson(v.toObject()));
}

} // namespace tcptune

#include "experiment/run/several_ends_result.h"

#include "common/statistics.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>

namespace tcptune {
namespace {

QString key(const char *name)
{
    return QString::fromLatin1(name);
}

} // namespace

QList<double> SeveralEndsResult::throughputs() const
{
    QList<double> out;
    for (const TrafficResult &end : ends)
        out.append(end.throughputBps);
    return out;
}

void SeveralEndsResult::summarise()
{
    throughputBps = 0;
    senderBytes = receiverBytes = 0;
    durationS = 0;
    interrupted = cancelled = false;
    error.clear();
    for (const TrafficResult &end : ends) {
        throughputBps += end.throughputBps;
        senderBytes += end.senderBytes;
        receiverBytes += end.receiverBytes;
        durationS = std::max(durationS, end.durationS);
        interrupted = interrupted || end.interrupted;
        cancelled = cancelled || end.cancelled;
    }
    // The end that failed first in the list, before the ends stopped because of it.
    for (const bool stoppedToo : {false, true})
        for (const TrafficResult &end : ends)
            if (error.isEmpty() && !end.error.isEmpty() && end.cancelled == stoppedToo)
                error = SeveralEndsResult::tr("End %1: %2").arg(end.target, end.error);
    jainIndex = stats::jainFairnessIndex(throughputs());
}

QJsonObject SeveralEndsResult::toJson() const
{
    QJsonArray list;
    for (const TrafficResult &end : ends)
        list.append(end.toJson());
    return {
        {key("targets"), list},
        {key("throughput_bps"), throughputBps},
        {key("sender_bytes"), double(senderBytes)},
        {key("receiver_bytes"), double(receiverBytes)},
        {key("duration_s"), durationS},
        {key("jain_fairness_index"), jainIndex},
        {key("start_spread_ms"), startSpreadMs},
        {key("interrupted"), interrupted},
        {key("cancelled"), cancelled},
        {key("error"), error.isEmpty() ? QJsonValue() : QJsonValue(error)},
    };
}

Result<SeveralEndsResult> SeveralEndsResult::fromJson(const QJsonObject &json)
{
    const QJsonValue list = json.value(key("targets"));
    if (!list.isArray())
        return fail(SeveralEndsResult::tr("A result of several ends has a list 'targets', this one has none."));
    SeveralEndsResult r;
    for (const QJsonValue &v : list.toArray()) {
        auto end = TrafficResult::fromJson(v.toObject());
        if (!end)
            return std::unexpected(end.error());
        r.ends.append(*end);
    }
    r.throughputBps = json.value(key("throughput_bps")).toDouble();
    r.senderBytes = std::int64_t(json.value(key("sender_bytes")).toDouble());
    r.receiverBytes = std::int64_t(json.value(key("receiver_bytes")).toDouble());
    r.durationS = json.value(key("duration_s")).toDouble();
    r.jainIndex = json.value(key("jain_fairness_index")).toDouble();
    r.startSpreadMs = json.value(key("start_spread_ms")).toDouble(-1);
    r.interrupted = json.value(key("interrupted")).toBool();
    r.cancelled = json.value(key("cancelled")).toBool();
    r.error = json.value(key("error")).toString();
    return r;
}

} // namespace tcptune

#include "traffic/agent_result.h"

#include "knobs/knob_snapshot_json.h"

#include <QJsonArray>

#include <cmath>
#include <limits>

namespace tcptune {
namespace {

QString key(const char *k)
{
    return QString::fromLatin1(k);
}

std::int64_t peerCount(const QJsonValue &v, std::int64_t unknown = 0)
{
    const double d = v.toDouble(std::numeric_limits<double>::quiet_NaN());
    if (!std::isfinite(d) || d < 0 || d > double(kMaxPeerCount))
        return unknown;
    return std::int64_t(d);
}

double peerSeconds(const QJsonValue &v)
{
    const double d = v.toDouble();
    return std::isfinite(d) && d >= 0 ? d : 0;
}

QList<ReceiverInterval> intervalsOf(const QJsonArray &intervals, double omitS, double omitEnd)
{
    QList<ReceiverInterval> out;
    double previousT = 0;
    for (const QJsonValue &v : intervals) {
        const QJsonArray pair = v.toArray();
        ReceiverInterval i;
        i.t = peerSeconds(pair.at(0));
        i.bytes = peerCount(pair.at(1));
        const double dt = i.t - previousT;
        const double bps = dt > 0 ? double(i.bytes) * 8.0 / dt : 0;
        i.throughputBps = std::isfinite(bps) ? bps : 0;
        i.omitted = omitS > 0 && i.t <= omitEnd;
        previousT = i.t;
        out.append(i);
    }
    return out;
}

} // namespace

RemoteFigures figuresFromResult(const QJsonObject &result, double omitS)
{
    RemoteFigures f;
    f.knobsAfter = knobSnapshotFromJson(result.value(key("knobs_after")).toObject());
    f.knobsNote = QStringList{result.value(key("knobs_after_note")).toString(),
                              result.value(key("knobs_restore_error")).toString()}
                      .join(QLatin1Char(' '))
                      .trimmed();
    f.receiverBytes = peerCount(result.value(key("receiver_bytes")), -1);
    f.durationS = peerSeconds(result.value(key("duration_s")));
    f.intervals =
        intervalsOf(result.value(key("intervals")).toArray(), omitS, peerSeconds(result.value(key("omit_end_s"))));
    for (const QJsonValue &v : result.value(key("streams")).toArray()) {
        const QJsonObject s = v.toObject();
        f.bytesPerStream.append(peerCount(s.value(key("bytes"))));
        f.transactionsPerStream.append(peerCount(s.value(key("transactions"))));
    }
    for (const QJsonValue &v : result.value(key("sent")).toArray()) {
        const QJsonObject s = v.toObject();
        f.sent.append({s.value(key("stream")).toInt(), peerCount(s.value(key("bytes"))),
                       peerCount(s.value(key("retrans"))), peerCount(s.value(key("sndbuf"))),
                       peerCount(s.value(key("rcvbuf"))), s.value(key("congestion_control")).toString(),
                       s.value(key("error")).toString()});
    }
    return f;
}

} // namespace tcptune

#include "traffic/latency_under_load.h"

#include <QJsonArray>

namespace tcptune {
namespace {

QString key(const char *k)
{
    return QString::fromLatin1(k);
}

QString kindName(ProbeSample::Kind kind)
{
    return kind == ProbeSample::Kind::Udp ? QStringLiteral("udp") : QStringLiteral("tcp");
}

} // namespace

double LatencyUnderLoad::increaseMs() const
{
    return idleMs.count > 0 && loadedMs.count > 0 ? loadedMs.median - idleMs.median : 0;
}

LatencyUnderLoad LatencyUnderLoad::of(const QList<ProbeSample> &probes, double idleS, double loadFromS)
{
    LatencyUnderLoad r;
    r.measured = true;
    r.idleS = idleS;
    r.loadFromS = loadFromS;
    r.probes = probes;
    QList<double> udpIdle, udpLoaded, tcpIdle, tcpLoaded;
    for (const ProbeSample &p : probes) {
        const bool idle = p.t < idleS;
        const bool loaded = p.t >= loadFromS;
        if (p.kind == ProbeSample::Kind::Tcp) {
            if (idle)
                tcpIdle.append(p.ms);
            else if (loaded)
                tcpLoaded.append(p.ms);
            continue;
        }
        ++r.udpSent;
        r.udpLost += p.ms < 0 ? 1 : 0;
        if (loaded) {
            ++r.udpLoadedSent;
            r.udpLoadedLost += p.ms < 0 ? 1 : 0;
        }
        if (p.ms >= 0 && idle)
            udpIdle.append(p.ms);
        else if (p.ms >= 0 && loaded)
            udpLoaded.append(p.ms);
    }
    r.idleMs = SummaryStats::of(udpIdle);
    r.loadedMs = SummaryStats::of(udpLoaded);
    r.tcpIdleMs = SummaryStats::of(tcpIdle);
    r.tcpLoadedMs = SummaryStats::of(tcpLoaded);
    return r;
}

QJsonObject LatencyUnderLoad::toJson() const
{
    QJsonArray series;
    for (const ProbeSample &p : probes)
        series.append(QJsonObject{
            {key("kind"), kindName(p.kind)}, {key("t"), p.t}, {key("ms"), p.ms < 0 ? QJsonValue() : QJsonValue(p.ms)}});
    return {
        {key("idle_s"), idleS},
        {key("load_from_s"), loadFromS},
        {key("idle_ms"), idleMs.toJson()},
        {key("loaded_ms"), loadedMs.toJson()},
        {key("increase_ms"), increaseMs()},
        {key("tcp_idle_ms"), tcpIdleMs.toJson()},
        {key("tcp_loaded_ms"), tcpLoadedMs.toJson()},
        {key("udp_sent"), udpSent},
        {key("udp_lost"), udpLost},
        {key("udp_loaded_sent"), udpLoadedSent},
        {key("udp_loaded_lost"), udpLoadedLost},
        {key("probes"), series},
    };
}

LatencyUnderLoad LatencyUnderLoad::fromJson(const QJsonObject &o)
{
    QList<ProbeSample> probes;
    for (const QJsonValue &v : o.value(key("probes")).toArray()) {
        const QJsonObject p = v.toObject();
        const QJsonValue ms = p.value(key("ms"));
        probes.append(
            {p.value(key("kind")).toString() == QLatin1String("tcp") ? ProbeSample::Kind::Tcp : ProbeSample::Kind::Udp,
             p.value(key("t")).toDouble(), ms.isDouble() ? ms.toDouble() : -1});
    }
    // The figures are computed again from the probes, so a result file cannot contradict itself.
    return of(probes, o.value(key("idle_s")).toDouble(), o.value(key("load_from_s")).toDouble());
}

} // namespace tcptune

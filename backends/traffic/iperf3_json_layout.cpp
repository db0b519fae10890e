#include "traffic/iperf3_json_layout.h"

#include "common/json_schema_version.h"

#include <QJsonArray>
#include <QLocale>
#include <QSysInfo>

#include <algorithm>
#include <cmath>

namespace tcptune {
namespace {

// One iperf3 interval of a series: what the sender's samples in [START, END) say.
struct Bucket {
    double start = 0;
    double end = 0;
    double bytes = 0;
    std::int64_t retransmits = 0;
    double rttMs = -1; // the last sample's
    double rttvarMs = -1;
    bool omitted = false;
    bool any = false;
};

// Buckets of INTERVAL_S over SAMPLES (one series, by time): each sample's bytes are its rate over
// the time since the one before.
QList<Bucket> bucketsOf(const QList<TrafficSample> &samples, double intervalS)
{
    QList<Bucket> out;
    double previous = 0;
    for (const TrafficSample &s : samples) {
        const int index = std::max(0, int(std::ceil(s.t / intervalS)) - 1);
        while (out.size() <= index) {
            Bucket b;
            b.start = double(out.size()) * intervalS;
            b.end = b.start + intervalS;
            out.append(b);
        }
        Bucket &b = out[index];
        b.bytes += s.throughputBps * std::max(0.0, s.t - previous) / 8;
        b.retransmits += s.retrans;
        b.rttMs = s.rttMs;
        b.rttvarMs = s.rttvarMs;
        b.omitted = b.omitted || s.omitted;
        b.any = true;
        previous = s.t;
    }
    if (!out.isEmpty() && !samples.isEmpty())
        out.last().end = std::max(out.last().start, samples.last().t); // the run's own end, as iperf3's last
    return out;
}

QJsonObject intervalJson(const Bucket &b, int socket, bool sender, bool withTcpInfo)
{
    const double seconds = b.end - b.start;
    QJsonObject o{{QStringLiteral("start"), b.start},
                  {QStringLiteral("end"), b.end},
                  {QStringLiteral("seconds"), seconds},
                  {QStringLiteral("bytes"), std::round(b.bytes)},
                  {QStringLiteral("bits_per_second"), seconds > 0 ? b.bytes * 8 / seconds : 0.0},
                  {QStringLiteral("omitted"), b.omitted},
                  {QStringLiteral("sender"), sender}};
    if (socket >= 0)
        o.insert(QStringLiteral("socket"), socket);
    if (sender)
        o.insert(QStringLiteral("retransmits"), double(b.retransmits));
    if (withTcpInfo && b.rttMs >= 0) {
        o.insert(QStringLiteral("rtt"), std::round(b.rttMs * 1000));
        o.insert(QStringLiteral("rttvar"), std::round(b.rttvarMs * 1000));
    }
    return o;
}

QJsonObject startJson(const TrafficResult &r, const QString &program)
{
    QJsonArray connected;
    for (int i = 0; i < r.localPorts.size(); ++i)
        connected.append(QJsonObject{{QStringLiteral("socket"), i},
                                     {QStringLiteral("local_port"), int(r.localPorts.at(i))},
                                     {QStringLiteral("remote_host"), r.spec.target.host},
                                     {QStringLiteral("remote_port"), int(r.remotePort)}});
    const QDateTime started = r.startedAt.toUTC();
    // iperf3's form: "Sun, 06 Dec 2026 18:33:21 GMT".
    const QString time =
        QLocale::c().toString(started, QStringLiteral("ddd, dd MMM yyyy HH:mm:ss")) + QStringLiteral(" GMT");
    return QJsonObject{
        {QStringLiteral("connected"), connected},
        {QStringLiteral("version"), program},
        {QStringLiteral("system_info"), QStringLiteral("%1 %2 %3 %4")
                                            .arg(QSysInfo::kernelType(), QSysInfo::machineHostName(),
                                                 QSysInfo::kernelVersion(), QSysInfo::currentCpuArchitecture())},
        {QStringLiteral("timestamp"),
         QJsonObject{{QStringLiteral("time"), time}, {QStringLiteral("timesecs"), double(started.toSecsSinceEpoch())}}},
        {QStringLiteral("connecting_to"),
         QJsonObject{{QStringLiteral("host"), r.spec.target.host}, {QStringLiteral("port"), int(r.remotePort)}}},
        {QStringLiteral("sock_bufsize"), double(r.sndbufRequested)},
        {QStringLiteral("sndbuf_actual"), double(r.sndbufActual)},
        {QStringLiteral("rcvbuf_actual"), double(r.rcvbufActual)},
        {QStringLiteral("test_start"),
         QJsonObject{{QStringLiteral("protocol"), QStringLiteral("TCP")},
                     {QStringLiteral("num_streams"), r.streams},
                     {QStringLiteral("blksize"), double(r.spec.writeSize)},
                     {QStringLiteral("omit"), r.spec.omitS},
                     {QStringLiteral("duration"), r.spec.durationS},
                     {QStringLiteral("bytes"), 0},
                     {QStringLiteral("blocks"), 0},
                     {QStringLiteral("reverse"), r.spec.direction == Direction::Down ? 1 : 0},
                     {QStringLiteral("tos"), 0}}},
    };
}

// The per-stream and summed intervals: the sender's samples, this host's or (down) the target's.
QJsonArray intervalsJson(const TrafficResult &r, bool sender, double intervalS)
{
    QList<QList<Bucket>> perStream;
    for (const StreamResult &s : r.perStream)
        perStream.append(bucketsOf(s.samples, intervalS));
    const QList<Bucket> sum = bucketsOf(r.samples, intervalS);
    QJsonArray out;
    for (int i = 0; i < sum.size(); ++i) {
        QJsonArray streams;
        for (int s = 0; s < perStream.size(); ++s)
            if (i < perStream.at(s).size())
                streams.append(intervalJson(perStream.at(s).at(i), s, sender, true));
        out.append(QJsonObject{{QStringLiteral("streams"), streams},
                               {QStringLiteral("sum"), intervalJson(sum.at(i), -1, sender, false)}});
    }
    return out;
}

QJsonObject totalJson(double seconds, double bytes, double bitsPerSecond, int socket)
{
    QJsonObject o{{QStringLiteral("start"), 0},
                  {QStringLiteral("end"), seconds},
                  {QStringLiteral("seconds"), seconds},
                  {QStringLiteral("bytes"), bytes},
                  {QStringLiteral("bits_per_second"), bitsPerSecond},
                  {QStringLiteral("sender"), true}};
    if (socket >= 0)
        o.insert(QStringLiteral("socket"), socket);
    return o;
}

QJsonObject endJson(const TrafficResult &r)
{
    const double seconds = r.durationS;
    const auto rate = [seconds](double bytes) { return seconds > 0 ? bytes * 8 / seconds : 0.0; };
    QJsonArray streams;
    std::int64_t retransmits = 0;
    for (int i = 0; i < r.perStream.size(); ++i) {
        const StreamResult &s = r.perStream.at(i);
        retransmits += s.retrans;
        QJsonObject sent = totalJson(seconds, double(s.senderBytes), rate(double(s.senderBytes)), i);
        sent.insert(QStringLiteral("retransmits"), double(s.retrans));
        QList<double> rtts;
        for (const TrafficSample &sample : s.samples)
            if (sample.rttMs > 0)
                rtts.append(sample.rttMs * 1000);
        if (!rtts.isEmpty()) {
            const SummaryStats stats = SummaryStats::of(rtts);
            sent.insert(QStringLiteral("max_rtt"), std::round(stats.max));
            sent.insert(QStringLiteral("min_rtt"), std::round(stats.min));
            sent.insert(QStringLiteral("mean_rtt"), std::round(stats.mean));
        }
        QJsonObject stream{{QStringLiteral("sender"), sent}};
        if (s.receiverBytes >= 0)
            stream.insert(QStringLiteral("receiver"),
                          totalJson(seconds, double(s.receiverBytes), rate(double(s.receiverBytes)), i));
        streams.append(stream);
    }
    QJsonObject sumSent = totalJson(seconds, double(r.senderBytes), r.senderThroughputBps, -1);
    sumSent.insert(QStringLiteral("retransmits"), double(retransmits));
    // The receiver's goodput is over its own time, as iperf3's sum_received is; its seconds are
    // that time, so bytes * 8 / seconds is the goodput `--json` reports.
    const double receiverSeconds = r.throughputBps > 0 ? double(r.receiverBytes) * 8 / r.throughputBps : seconds;
    QJsonObject sumReceived = totalJson(receiverSeconds, double(r.receiverBytes), r.throughputBps, -1);
    QJsonObject end{{QStringLiteral("streams"), streams},
                    {QStringLiteral("sum_sent"), sumSent},
                    {QStringLiteral("sum_received"), sumReceived}};
    if (!r.congestionControl.isEmpty())
        end.insert(QStringLiteral("sender_tcp_congestion"), r.congestionControl);
    return end;
}

} // namespace

QJsonObject toIperf3Json(const TrafficResult &result, const QString &program, double intervalS)
{
    // iperf3's intervals are the client's: its sender's, or (reverse) its receiver's. tcptune's
    // series are always a sender's (down: the target's, streamed by the agent), so they say so.
    const bool sender = result.samplesFrom != QLatin1String("local receiver");
    QJsonObject o{{QStringLiteral("start"), startJson(result, program)},
                  {QStringLiteral("intervals"), intervalsJson(result, sender, intervalS)},
                  {QStringLiteral("end"), endJson(result)}};
    if (!result.error.isEmpty())
        o.insert(QStringLiteral("error"), result.error);
    return jsonschema::versioned(o, jsonschema::kRunIperf3);
}

} // namespace tcptune

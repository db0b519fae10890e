#include "cli/run/run_report.h"

#include "cli/console.h"
#include "common/json_schema_version.h"
#include "experiment/diagnosis/run_diagnosis.h"
#include "experiment/record/run_record_json.h"
#include "traffic/workload_registry.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace tcptune::cli {
namespace {

// RunCommand::tr(): lupdate files this file's text under the context that tr() looks it up in.
class RunCommand final {
    Q_DECLARE_TR_FUNCTIONS(RunCommand)
};

QString bytes(std::int64_t n)
{
    if (n >= (1LL << 30))
        return QStringLiteral("%1 GiB").arg(double(n) / double(1LL << 30), 0, 'f', 2);
    if (n >= (1LL << 20))
        return QStringLiteral("%1 MiB").arg(double(n) / double(1LL << 20), 0, 'f', 1);
    if (n >= 1024)
        return QStringLiteral("%1 KiB").arg(double(n) / 1024.0, 0, 'f', 1);
    return QStringLiteral("%1 B").arg(n);
}

// Direction both: a line per direction, saying who sent and who counted.
QStringList directionLines(const TrafficResult &r)
{
    QStringList lines;
    for (const DirectionResult &d : r.directions)
        lines << RunCommand::tr("  %1%2 received (%3), %4 sent; samples from the %5")
                     .arg(directionName(d.direction), -14)
                     .arg(formatRate(d.throughputBps), d.receivedBy, formatRate(d.senderThroughputBps), d.samplesFrom);
    return lines;
}

// Latency under load: idle against loaded, as Flent's RRUL summary puts it.
QStringList underLoadLines(const LatencyUnderLoad &u)
{
    if (!u.measured)
        return {};
    return {RunCommand::tr("idle latency    median %1 ms (UDP echo, %2 s before the load)")
                .arg(u.idleMs.median, 0, 'f', 3)
                .arg(u.idleS, 0, 'f', 1),
            RunCommand::tr("under load      median %1 ms, p95 %2 ms, p99 %3 ms: %4 ms under load")
                .arg(u.loadedMs.median, 0, 'f', 3)
                .arg(u.loadedMs.p95, 0, 'f', 3)
                .arg(u.loadedMs.p99, 0, 'f', 3)
                .arg(QLocale::c().toString(u.increaseMs(), 'f', 1).prepend(u.increaseMs() >= 0 ? u"+"_s : QString())),
            RunCommand::tr("TCP probe       median %1 ms idle, %2 ms under load")
                .arg(u.tcpIdleMs.median, 0, 'f', 3)
                .arg(u.tcpLoadedMs.median, 0, 'f', 3),
            RunCommand::tr("probe loss      %1 of %2 UDP probes under load (%3 %), %4 of %5 in all")
                .arg(u.udpLoadedLost)
                .arg(u.udpLoadedSent)
                .arg(100 * u.loadedLossShare(), 0, 'f', 1)
                .arg(u.udpLost)
                .arg(u.udpSent)};
}

} // namespace

namespace {
std::optional<ThroughputUnit> g_rateUnit; // one command per process: its --unit
} // namespace

void setRateUnit(std::optional<ThroughputUnit> unit)
{
    g_rateUnit = unit;
}

QString formatRate(double bps)
{
    if (g_rateUnit)
        return QStringLiteral("%1 %2").arg(g_rateUnit->format(bps, g_rateUnit->decimalsLike(1)), g_rateUnit->label());
    if (bps >= 1e9)
        return QStringLiteral("%1 Gbit/s").arg(bps / 1e9, 0, 'f', 2);
    if (bps >= 1e6)
        return QStringLiteral("%1 Mbit/s").arg(bps / 1e6, 0, 'f', 1);
    if (bps >= 1e3)
        return QStringLiteral("%1 kbit/s").arg(bps / 1e3, 0, 'f', 1);
    return QStringLiteral("%1 bit/s").arg(bps, 0, 'f', 0);
}

QString progressLine(double elapsedS, double totalS, double throughputBps, const TrafficSample &latest)
{
    return RunCommand::tr("%1/%2 s  %3  rtt %4 ms  cwnd %5  retrans %6")
        .arg(elapsedS, 5, 'f', 1)
        .arg(totalS, 0, 'f', 1)
        .arg(formatRate(throughputBps), 12)
        .arg(latest.rttMs, 0, 'f', 2)
        .arg(latest.cwnd)
        .arg(latest.retrans);
}

QString summaryText(const TrafficResult &r)
{
    QStringList lines;
    lines << RunCommand::tr("target          %1 (%2)").arg(r.target, r.remoteVersion);
    lines << RunCommand::tr("workload        %1 %2, %3 stream(s), %4 s measured")
                 .arg(workloadName(r.spec.workload), directionName(r.spec.direction))
                 .arg(r.streams)
                 .arg(r.durationS, 0, 'f', 2);
    lines << RunCommand::tr("throughput      %1 (receiver), %2 (sender)")
                 .arg(formatRate(r.throughputBps), formatRate(r.senderThroughputBps));
    lines << directionLines(r);
    lines << RunCommand::tr("bytes           %1 sent, %2 received").arg(bytes(r.senderBytes), bytes(r.receiverBytes));
    lines << RunCommand::tr("rtt             min %1  median %2  p95 %3  max %4 ms")
                 .arg(r.rttMs.min, 0, 'f', 3)
                 .arg(r.rttMs.median, 0, 'f', 3)
                 .arg(r.rttMs.p95, 0, 'f', 3)
                 .arg(r.rttMs.max, 0, 'f', 3);
    QString sndbuf = RunCommand::tr("send buffer     %1 actual").arg(bytes(r.sndbufActual));
    if (r.sndbufRequested > 0)
        sndbuf += RunCommand::tr(" (%1 requested)").arg(bytes(r.sndbufRequested));
    if (r.sndbufCapped)
        sndbuf += RunCommand::tr(", capped by net.core.wmem_max");
    lines << sndbuf;
    lines << RunCommand::tr("congestion      %1").arg(r.congestionControl);
    if (r.spec.send != SendMethod::Copy)
        lines << RunCommand::tr("send method     %1, %2 calls").arg(sendMethodName(r.spec.send)).arg(r.sendCalls.calls);
    // Towards a local receiver (loopback, veth) the kernel copies zerocopy sends anyway: say so.
    if (r.sendCalls.zerocopySends > 0)
        lines << RunCommand::tr("zerocopy        %1 sends, %2 completed, %3 of them copied by the kernel")
                     .arg(r.sendCalls.zerocopySends)
                     .arg(r.sendCalls.zerocopyCompleted)
                     .arg(r.sendCalls.zerocopyCopied);
    if (workloadDescriptor(r.spec.workload).transactions && r.transactionLatencyMs.count > 0)
        lines << RunCommand::tr("transactions    %1/s, latency median %2 ms, p99 %3 ms")
                     .arg(r.transactionsPerSecond, 0, 'f', 0)
                     .arg(r.transactionLatencyMs.median, 0, 'f', 3)
                     .arg(r.transactionLatencyMs.p99, 0, 'f', 3);
    lines << underLoadLines(r.underLoad);
    if (r.spec.latencyProbe)
        lines << RunCommand::tr("latency probe   median %1 ms, p95 %2 ms")
                     .arg(r.probeLatencyMs.median, 0, 'f', 3)
                     .arg(r.probeLatencyMs.p95, 0, 'f', 3);
    lines << RunCommand::tr("samples         %1 at %2 ms (%3)")
                 .arg(r.samples.size())
                 .arg(r.spec.sampleIntervalMs)
                 .arg(r.samplesFrom);
    if (!r.remoteKnobs.isEmpty())
        lines << RunCommand::tr("remote knobs    %1 recorded (see --json)").arg(r.remoteKnobs.size());
    if (r.interrupted)
        lines << RunCommand::tr("INTERRUPTED     %1").arg(r.error);
    return lines.join(QLatin1Char('\n'));
}

void printFinishedRun(QJsonObject resultJson, const RunRecord &diagnosis)
{
    const QList<Finding> findings = RunDiagnosis::findingsOf(diagnosis);
    resultJson.insert(QStringLiteral("diagnosis"),
                      QJsonObject{{QStringLiteral("verdict"), diagnosis.verdict},
                                  {QStringLiteral("findings"), findingsToJson(findings)},
                                  {QStringLiteral("path_full"), RunDiagnosis::filledPath(findings)},
                                  {QStringLiteral("settling"), diagnosis.details.value(QStringLiteral("settling"))},
                                  {QStringLiteral("limiters"), limitersJson(diagnosis)},
                                  {QStringLiteral("ends"), endsJson(diagnosis)}});
    resultJson.insert(jsonschema::kField, jsonschema::kRun);
    out() << QJsonDocument(resultJson).toJson(QJsonDocument::Indented);
    out().flush();
}

void printFinishedRun(const QString &summary, const RunRecord &diagnosis)
{
    out() << summary << Qt::endl;
    if (!diagnosis.verdict.isEmpty())
        out() << RunCommand::tr("verdict         %1").arg(diagnosis.verdict) << Qt::endl;
}

int exitCodeOf(bool interrupted, bool cancelled, const QString &error)
{
    if (interrupted) {
        err() << "tcptune: " << error << Qt::endl;
        return cancelled ? 130 : 3;
    }
    if (!error.isEmpty())
        return failWith(error, 1);
    return 0;
}

} // namespace tcptune::cli

#include "report/raw_data_writer.h"

#include "report/report_file.h"
#include "report/report_format.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace tcptune {
namespace {

QString csvField(const QString &s)
{
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) && !s.contains(QLatin1Char('\n')))
        return s;
    QString q = s;
    q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

QString line(const QStringList &fields)
{
    QStringList out;
    for (const QString &f : fields)
        out << csvField(f);
    return out.join(QLatin1Char(',')) + QLatin1Char('\n');
}

QString num(double v, int decimals = 3)
{
    return reportformat::number(v, decimals);
}

// Unknown values (negative by the store's convention) become empty fields / JSON null.
QString known(double v, int decimals = 3)
{
    return v < 0 ? QString() : num(v, decimals);
}

QJsonValue knownJson(double v)
{
    return v < 0 ? QJsonValue() : QJsonValue(v);
}

} // namespace

QByteArray RawDataWriter::pointsCsv(const ReportModel &model)
{
    QString s = line({QStringLiteral("point"), QStringLiteral("planned_runs"), QStringLiteral("ok_runs"),
                      QStringLiteral("failed_runs"), QStringLiteral("mean_mbps"), QStringLiteral("sd_mbps"),
                      QStringLiteral("median_mbps"), QStringLiteral("min_mbps"), QStringLiteral("max_mbps"),
                      QStringLiteral("cv"), QStringLiteral("rtt_median_ms"), QStringLiteral("rtt_p95_ms"),
                      QStringLiteral("collapsed_runs"), QStringLiteral("high_variance"),
                      QStringLiteral("run_values_mbps"), QStringLiteral("errors")});
    for (const ReportRow &r : model.rows) {
        QStringList values;
        for (double v : r.runValuesBps)
            values << num(v / 1e6);
        s += line({r.value, QString::number(r.plannedRuns), QString::number(r.okRuns), QString::number(r.failedRuns),
                   num(r.meanBps / 1e6), num(r.sdBps / 1e6), num(r.medianBps / 1e6), num(r.minBps / 1e6),
                   num(r.maxBps / 1e6), num(r.cv, 4), known(r.rttMedianMs), known(r.rttP95Ms),
                   QString::number(r.collapsedRuns), r.highVariance ? QStringLiteral("1") : QStringLiteral("0"),
                   values.join(QLatin1Char(' ')), r.errors.join(QStringLiteral(" | "))});
    }
    return s.toUtf8();
}

QByteArray RawDataWriter::runsCsv(const ReportModel &model)
{
    QString s = line({QStringLiteral("run_id"), QStringLiteral("run_index"), QStringLiteral("point_index"),
                      QStringLiteral("point"), QStringLiteral("repeat"), QStringLiteral("status"),
                      QStringLiteral("throughput_mbps"), QStringLiteral("rtt_median_ms"), QStringLiteral("rtt_p95_ms"),
                      QStringLiteral("retransmits"), QStringLiteral("collapsed"), QStringLiteral("duration_s"),
                      QStringLiteral("error")});
    for (const ReportRun &r : model.runs)
        s += line({QString::number(r.id), QString::number(r.runIndex), QString::number(r.pointIndex), r.point,
                   QString::number(r.repeat), r.status, num(r.throughputBps / 1e6), known(r.rttMedianMs),
                   known(r.rttP95Ms), QString::number(r.retransmits),
                   r.collapsed ? QStringLiteral("1") : QStringLiteral("0"), num(r.durationS), r.error});
    return s.toUtf8();
}

QByteArray RawDataWriter::samplesCsv(const ReportModel &model)
{
    QString s = line({QStringLiteral("run_id"), QStringLiteral("point"), QStringLiteral("repeat"),
                      QStringLiteral("t_s"), QStringLiteral("stream"), QStringLiteral("throughput_mbps"),
                      QStringLiteral("rtt_ms"), QStringLiteral("rttvar_ms"), QStringLiteral("cwnd"),
                      QStringLiteral("retransmits"), QStringLiteral("unacked"), QStringLiteral("notsent_bytes")});
    for (const ReportRun &r : model.runs)
        for (const RunSample &x : r.samples)
            s += line({QString::number(r.id), r.point, QString::number(r.repeat), num(x.t), QString::number(x.stream),
                       num(x.throughputBps / 1e6), known(x.rttMs), known(x.rttVarMs),
                       x.cwnd < 0 ? QString() : QString::number(x.cwnd), QString::number(x.retransmits),
                       x.unacked < 0 ? QString() : QString::number(x.unacked),
                       x.notsentBytes < 0 ? QString() : QString::number(x.notsentBytes)});
    return s.toUtf8();
}

QJsonObject RawDataWriter::toJson(const ReportModel &model)
{
    QJsonArray points;
    for (const ReportRow &r : model.rows) {
        QJsonArray values;
        for (double v : r.runValuesBps)
            values.append(v);
        points.append(QJsonObject{{QStringLiteral("point"), r.value},
                                  {QStringLiteral("planned_runs"), r.plannedRuns},
                                  {QStringLiteral("ok_runs"), r.okRuns},
                                  {QStringLiteral("failed_runs"), r.failedRuns},
                                  {QStringLiteral("mean_bps"), r.meanBps},
                                  {QStringLiteral("sd_bps"), r.sdBps},
                                  {QStringLiteral("median_bps"), r.medianBps},
                                  {QStringLiteral("min_bps"), r.minBps},
                                  {QStringLiteral("max_bps"), r.maxBps},
                                  {QStringLiteral("cv"), r.cv},
                                  {QStringLiteral("rtt_median_ms"), knownJson(r.rttMedianMs)},
                                  {QStringLiteral("rtt_p95_ms"), knownJson(r.rttP95Ms)},
                                  {QStringLiteral("run_values_bps"), values},
                                  {QStringLiteral("collapsed_runs"), r.collapsedRuns},
                                  {QStringLiteral("high_variance"), r.highVariance},
                                  {QStringLiteral("flags"), QJsonArray::fromStringList(r.flags())},
                                  {QStringLiteral("errors"), QJsonArray::fromStringList(r.errors)}});
    }
    QJsonArray runs;
    for (const ReportRun &r : model.runs) {
        QJsonArray samples;
        for (const RunSample &x : r.samples)
            samples.append(QJsonObject{{QStringLiteral("t"), x.t},
                                       {QStringLiteral("stream"), x.stream},
                                       {QStringLiteral("throughput_bps"), x.throughputBps},
                                       {QStringLiteral("rtt_ms"), knownJson(x.rttMs)},
                                       {QStringLiteral("rttvar_ms"), knownJson(x.rttVarMs)},
                                       {QStringLiteral("cwnd"), x.cwnd < 0 ? QJsonValue() : QJsonValue(x.cwnd)},
                                       {QStringLiteral("retransmits"), x.retransmits}});
        QJsonArray intervals;
        for (double v : r.intervalThroughputBps)
            intervals.append(v);
        runs.append(QJsonObject{{QStringLiteral("id"), r.id},
                                {QStringLiteral("run_index"), r.runIndex},
                                {QStringLiteral("point_index"), r.pointIndex},
                                {QStringLiteral("point"), r.point},
                                {QStringLiteral("repeat"), r.repeat},
                                {QStringLiteral("status"), r.status},
                                {QStringLiteral("error"), r.error},
                                {QStringLiteral("throughput_bps"), r.throughputBps},
                                {QStringLiteral("rtt_median_ms"), knownJson(r.rttMedianMs)},
                                {QStringLiteral("rtt_p95_ms"), knownJson(r.rttP95Ms)},
                                {QStringLiteral("retransmits"), r.retransmits},
                                {QStringLiteral("collapsed"), r.collapsed},
                                {QStringLiteral("duration_s"), r.durationS},
                                {QStringLiteral("interval_s"), r.intervalS},
                                {QStringLiteral("interval_throughput_bps"), intervals},
                                {QStringLiteral("samples"), samples}});
    }
    QJsonArray knobs;
    for (const ReportKnob &k : model.knobs)
        knobs.append(QJsonObject{{QStringLiteral("key"), k.key},
                                 {QStringLiteral("local_before"), k.localBefore},
                                 {QStringLiteral("remote_before"), k.remoteBefore},
                                 {QStringLiteral("set_to"), k.setTo},
                                 {QStringLiteral("swept"), k.swept}});
    QJsonArray nics;
    for (const NicFacts &n : model.host.nics)
        nics.append(QJsonObject{{QStringLiteral("name"), n.name},
                                {QStringLiteral("driver"), n.driver},
                                {QStringLiteral("mtu"), n.mtu},
                                {QStringLiteral("speed"), n.speed},
                                {QStringLiteral("qdisc"), n.qdisc}});
    return QJsonObject{
        {QStringLiteral("format"), QStringLiteral("tcptune-report")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("title"), model.title},
        {QStringLiteral("date"), model.date.toString(Qt::ISODate)},
        {QStringLiteral("experiment_id"), model.experimentId},
        {QStringLiteral("run_id"), model.runId},
        {QStringLiteral("status"), model.status},
        {QStringLiteral("axis"), model.axisName},
        {QStringLiteral("host"), QJsonObject{{QStringLiteral("hostname"), model.host.hostname},
                                             {QStringLiteral("kernel"), model.host.kernel},
                                             {QStringLiteral("nics"), nics}}},
        {QStringLiteral("knobs"), knobs},
        {QStringLiteral("spec"), QJsonDocument::fromJson(model.specJson).object()},
        {QStringLiteral("points"), points},
        {QStringLiteral("runs"), runs},
        {QStringLiteral("notes"), QJsonArray::fromStringList(model.notes)},
        {QStringLiteral("rerun"), model.rerunCommand},
    };
}

Result<QStringList> RawDataWriter::writeCsv(const ReportModel &model, const QString &path)
{
    const QString runsPath = reportfile::sibling(path, QStringLiteral("-runs.csv"));
    const QString samplesPath = reportfile::sibling(path, QStringLiteral("-samples.csv"));
    for (const auto &[file, data] : {std::pair{path, pointsCsv(model)}, std::pair{runsPath, runsCsv(model)},
                                     std::pair{samplesPath, samplesCsv(model)}})
        if (auto ok = reportfile::write(file, data); !ok)
            return std::unexpected(ok.error());
    return QStringList{path, runsPath, samplesPath};
}

Result<QStringList> RawDataWriter::writeJson(const ReportModel &model, const QString &path)
{
    if (auto ok = reportfile::write(path, QJsonDocument(toJson(model)).toJson(QJsonDocument::Indented)); !ok)
        return std::unexpected(ok.error());
    return QStringList{path};
}

} // namespace tcptune

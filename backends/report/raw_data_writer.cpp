#include "report/raw_data_writer.h"

#include "experiment/tables/sweep_table_csv.h"
#include "experiment/tables/sweep_table_json.h"
#include "report/report_file.h"
#include "report/report_format.h"
#include "traffic/traffic_spec.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace tcptune {
namespace {

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

QString knownCount(qint64 v)
{
    return v < 0 ? QString() : QString::number(v);
}

// Whose sending a sample is: "up" this host's, "down" the target's (direction both has both).
QString directionOf(const RunSample &sample)
{
    return directionName(sample.farSender ? Direction::Down : Direction::Up);
}

QJsonArray samplesJson(const QList<RunSample> &samples)
{
    QJsonArray out;
    for (const RunSample &x : samples)
        out.append(QJsonObject{{QStringLiteral("t"), x.t},
                               {QStringLiteral("stream"), x.stream},
                               {QStringLiteral("direction"), directionOf(x)},
                               {QStringLiteral("throughput_bps"), x.throughputBps},
                               {QStringLiteral("rtt_ms"), knownJson(x.rttMs)},
                               {QStringLiteral("rttvar_ms"), knownJson(x.rttVarMs)},
                               {QStringLiteral("cwnd"), x.cwnd < 0 ? QJsonValue() : QJsonValue(x.cwnd)},
                               {QStringLiteral("retransmits"), x.retransmits}});
    return out;
}

// The result table's points (as results.json has them), each run with its samples.
QJsonArray pointsWithSamples(const ReportModel &model)
{
    QJsonArray points;
    for (const PointResult &p : model.results.points) {
        QJsonObject point = pointJson(p);
        QJsonArray runs;
        for (const RunRecord &r : p.runs) {
            QJsonObject run = runJson(r);
            run.insert(QStringLiteral("samples"), samplesJson(model.samples.value(r.id)));
            runs.append(run);
        }
        point.insert(QStringLiteral("runs"), runs);
        points.append(point);
    }
    return points;
}

} // namespace

QByteArray RawDataWriter::pointsCsv(const ReportModel &model)
{
    return tcptune::pointsCsv(model.results).toUtf8();
}

QByteArray RawDataWriter::runsCsv(const ReportModel &model)
{
    return tcptune::runsCsv(model.results).toUtf8();
}

QByteArray RawDataWriter::samplesCsv(const ReportModel &model)
{
    QString s =
        csv::line({QStringLiteral("run_id"), QStringLiteral("point"), QStringLiteral("repeat"), QStringLiteral("t_s"),
                   QStringLiteral("stream"), QStringLiteral("throughput_mbps"), QStringLiteral("rtt_ms"),
                   QStringLiteral("rttvar_ms"), QStringLiteral("cwnd"), QStringLiteral("retransmits"),
                   QStringLiteral("unacked"), QStringLiteral("notsent_bytes"), QStringLiteral("direction")});
    for (const RunRecord *r : model.runs())
        for (const RunSample &x : model.samples.value(r->id))
            s += csv::line({QString::number(r->id), model.pointLabel(*r), QString::number(r->repeat), num(x.t),
                            QString::number(x.stream), num(x.throughputBps / 1e6), known(x.rttMs), known(x.rttVarMs),
                            knownCount(x.cwnd), QString::number(x.retransmits), knownCount(x.unacked),
                            knownCount(x.notsentBytes), directionOf(x)});
    return s.toUtf8();
}

QJsonObject RawDataWriter::toJson(const ReportModel &model)
{
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
        {QStringLiteral("version"), 2},
        // 1: points carry n, ci_low, ci_high and p (docs/report.md); nothing of 2.0 changed.
        {QStringLiteral("minor_version"), 1},
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
        {QStringLiteral("points"), pointsWithSamples(model)},
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

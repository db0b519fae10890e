#include "capture/capture_json.h"

#include "common/json_schema_version.h"

#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tcptune {
namespace {

QJsonValue number(double ms, bool present)
{
    return present ? QJsonValue(ms) : QJsonValue();
}

// Both sides' sparse series merged into [interval, c2s, s2c] rows.
QJsonArray intervalRows(const FlowAnalysis &f)
{
    QJsonArray rows;
    const auto &a = f.c2s.intervals;
    const auto &b = f.s2c.intervals;
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < a.size() || j < b.size()) {
        const std::int64_t k = j >= b.size() || (i < a.size() && a[i].index <= b[j].index) ? a[i].index : b[j].index;
        const qint64 c2s = i < a.size() && a[i].index == k ? a[i++].frame_bytes : 0;
        const qint64 s2c = j < b.size() && b[j].index == k ? b[j++].frame_bytes : 0;
        rows.append(QJsonArray{qint64(k), c2s, s2c});
    }
    return rows;
}

QJsonObject flowJson(const CaptureAnalysis &capture, const FlowAnalysis &f)
{
    const RttStats &r = f.c2s.rtt_stats;
    const bool any = r.count > 0;
    return QJsonObject{
        {QStringLiteral("client"), f.client.toString()},
        {QStringLiteral("server"), f.server.toString()},
        {QStringLiteral("via"), f.via},
        {QStringLiteral("packets"), qint64(f.packets)},
        {QStringLiteral("bytes_c2s"), qint64(f.c2s.frame_bytes)},
        {QStringLiteral("bytes_s2c"), qint64(f.s2c.frame_bytes)},
        {QStringLiteral("payload_c2s"), qint64(f.c2s.payload_bytes)},
        {QStringLiteral("payload_s2c"), qint64(f.s2c.payload_bytes)},
        {QStringLiteral("retransmissions"), qint64(f.retransmissions())},
        {QStringLiteral("rtt_ms"), QJsonObject{{QStringLiteral("count"), qint64(r.count)},
                                               {QStringLiteral("min"), number(r.min_ms, any)},
                                               {QStringLiteral("median"), number(r.median_ms, any)},
                                               {QStringLiteral("p95"), number(r.p95_ms, any)},
                                               {QStringLiteral("max"), number(r.max_ms, any)}}},
        {QStringLiteral("interval_s"), capture.interval_s},
        {QStringLiteral("bytes_per_interval"), intervalRows(f)},
    };
}

QJsonObject headerJson(const CaptureAnalysis &a)
{
    QJsonObject o{
        {jsonschema::kField, jsonschema::kAnalyze},
        {QStringLiteral("file"), a.file},
        {QStringLiteral("link_type"), a.link_type},
        {QStringLiteral("packets"), qint64(a.packets)},
        {QStringLiteral("tcp_packets"), qint64(a.tcp_packets)},
        {QStringLiteral("malformed"), qint64(a.malformed)},
        {QStringLiteral("cut_short"), qint64(a.cut_short)},
        {QStringLiteral("time_outliers"), qint64(a.time_outliers)},
        {QStringLiteral("duration_s"), a.duration_s},
        {QStringLiteral("interval_s"), a.interval_s},
        {QStringLiteral("interval_count"), qint64(a.interval_count)},
        {QStringLiteral("complete"), !a.truncated},
        {QStringLiteral("warnings"), QJsonArray::fromStringList(a.warnings)},
    };
    if (a.truncated)
        o.insert(QStringLiteral("problem"), a.truncation_message);
    return o;
}

} // namespace

void writeCaptureJson(const CaptureAnalysis &analysis, QIODevice &out)
{
    // The header object, reopened to append the flows one at a time.
    QByteArray head = QJsonDocument(headerJson(analysis)).toJson(QJsonDocument::Compact);
    head.chop(1);
    out.write(head);
    out.write(",\"flows\":[");
    bool first = true;
    for (const FlowAnalysis &f : analysis.flows) {
        out.write(first ? "\n" : ",\n");
        out.write(QJsonDocument(flowJson(analysis, f)).toJson(QJsonDocument::Compact));
        first = false;
    }
    out.write("\n]}\n");
}

} // namespace tcptune

#include "traffic/summary_stats.h"

#include "common/statistics.h"

#include <algorithm>

namespace tcptune {
namespace {

QString key(const char *k)
{
    return QString::fromLatin1(k);
}

} // namespace

SummaryStats SummaryStats::of(QList<double> values)
{
    SummaryStats s;
    if (values.isEmpty())
        return s;
    std::sort(values.begin(), values.end());
    s.count = int(values.size());
    s.min = values.front();
    s.max = values.back();
    s.median = stats::percentileOfSorted(values, 50);
    s.p95 = stats::percentileOfSorted(values, 95);
    s.p99 = stats::percentileOfSorted(values, 99);
    s.mean = stats::mean(values);
    return s;
}

QJsonObject SummaryStats::toJson() const
{
    return {{key("count"), count}, {key("min"), min}, {key("median"), median}, {key("p95"), p95},
            {key("p99"), p99},     {key("max"), max}, {key("mean"), mean}};
}

SummaryStats SummaryStats::fromJson(const QJsonObject &o)
{
    SummaryStats s;
    s.count = o.value(key("count")).toInt();
    s.min = o.value(key("min")).toDouble();
    s.median = o.value(key("median")).toDouble();
    s.p95 = o.value(key("p95")).toDouble();
    s.p99 = o.value(key("p99")).toDouble();
    s.max = o.value(key("max")).toDouble();
    s.mean = o.value(key("mean")).toDouble();
    return s;
}

} // namespace tcptune

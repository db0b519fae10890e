#pragma once
// A distribution in seven numbers, as results and reports show latencies and RTTs.

#include <QJsonObject>
#include <QList>

namespace tcptune {

// Count, min, max, mean and the percentiles of common/statistics (numpy's default definition).
struct SummaryStats {
    int count = 0;
    double min = 0;
    double median = 0;
    double p95 = 0;
    double p99 = 0;
    double max = 0;
    double mean = 0;

    // Over VALUES (need not be sorted); all zero when empty.
    static SummaryStats of(QList<double> values);
    QJsonObject toJson() const; // {count, min, median, p95, p99, max, mean}
    static SummaryStats fromJson(const QJsonObject &json);
};

} // namespace tcptune

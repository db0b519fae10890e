#pragma once
// How a mean over repeated runs is shown beside its 95 % confidence interval, the same in the
// sweep table and in History: "47.1 (46.3–47.9)"; a point of one run measured no spread and
// says so, "47.1 (–, 1 run)", never "± 0.0" (docs/statistics.md).

#include "common/confidence_interval.h"
#include "experiment/tables/sweep_statistics.h"

#include <QCoreApplication>
#include <QString>

namespace tcptune {

class MeanIntervalText final {
    Q_DECLARE_TR_FUNCTIONS(MeanIntervalText)

public:
    // INTERVAL's mean and bounds divided by SCALE, with DECIMALS.
    static QString of(const stats::MeanInterval &interval, double scale = 1, int decimals = 1);
    // "Mean of 3 runs and its 95 % confidence interval" / "1 run: no spread was measured".
    static QString toolTip(const stats::MeanInterval &interval);
};

// The mean throughput of a point's runs with its 95 % interval, in bit/s.
stats::MeanInterval throughputInterval(const PointStatistics &point);

} // namespace tcptune

#pragma once
// `tcptune check`'s judgement: an experiment (the candidate) against a baseline, point by point,
// metric by metric, from `results diff`'s comparison (experiment_diff.h): a regression is a
// significant change for the worse beyond the metric's limit; a change the 95 % interval cannot
// place on either side of the limit is undecided, with the repeats that would decide it. The
// gated metrics are throughput (worse: lower), RTT median and RTT p95 (worse: higher).

#include "common/error.h"
#include "experiment/tables/experiment_diff.h"

#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace tcptune {

// The largest change for the worse that passes, in % of the baseline, per gated metric.
struct RegressionLimits {
    Q_DECLARE_TR_FUNCTIONS(RegressionLimits)

public:
    static constexpr double kDefaultPercent = 5;
    QMap<QString, double> percent; // metric key -> limit

    RegressionLimits();
    // "5" (every gated metric) or "throughput=3,rtt_median=20" (those; the rest keep 5); a
    // message naming the gated metrics otherwise.
    [[nodiscard]] static Result<RegressionLimits> parse(const QString &text);
    static QStringList gatedMetrics();
};

enum class CheckOutcome { Pass, Improvement, Regression, Undecided };

struct MetricCheck {
    Q_DECLARE_TR_FUNCTIONS(MetricCheck)

public:
    QString point; // the candidate's point label (empty: the experiment's one point)
    MetricRow row; // the comparison, B = the candidate against A = the baseline
    double limitPercent = RegressionLimits::kDefaultPercent;
    CheckOutcome outcome = CheckOutcome::Undecided;
    int repeatsNeeded = 0; // Undecided: runs per side that would decide it

    // "throughput -1.2 % (95 % CI -3.1 .. +0.8 %): within the 5 % limit", translated.
    QString sentence() const;
};

struct RegressionCheck {
    ExperimentDiff diff;
    QList<MetricCheck> checks;

    // 0: no significant regression beyond a limit; 1: at least one; 2: none, but at least one
    // metric (or a baseline point the candidate lacks) too noisy or too short to decide.
    int exitCode() const;
    int count(CheckOutcome outcome) const;
};

RegressionCheck checkRegressions(ExperimentDiff diff, const RegressionLimits &limits);

// VALUE (a percentage) with its sign: "+1.2 %", "-0.4 %"; "–" when it is not a number.
QString signedPercent(double value);

// "pass", "improvement", "regression", "undecided".
QString checkOutcomeName(CheckOutcome outcome);

} // namespace tcptune

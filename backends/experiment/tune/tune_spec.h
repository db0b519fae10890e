#pragma once
// TuneSpec: what `tcptune tune` (a spec's "tune" object) searches for and within which limits:
// the goal, the ends whose knobs it may change, the budget, knobs to leave alone and ranges, and
// how hard each candidate is raced. The JSON is documented in docs/experiment-spec.md ("tune");
// parsing names the offending field ("tune.budget.runs") and says what to write instead.

#include "common/error.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QJsonValue>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace tcptune {

enum class TuneGoal {
    Throughput,   // the most goodput (default)
    Latency,      // the lowest RTT p95 that keeps keepThroughputPct of the best throughput seen
    Transactions, // the most request/response transactions per second ("rr")
};
QString tuneGoalName(TuneGoal goal); // "throughput", "latency", "rr"
std::optional<TuneGoal> tuneGoalFromName(const QString &name);

// The values a numeric knob may take in the search; empty: the catalogue's bound. Canonical
// values (a triple's range applies to its maximum, the number the tuner moves).
struct TuneRange {
    QString minimum;
    QString maximum;
};

struct TuneSpec {
    Q_DECLARE_TR_FUNCTIONS(TuneSpec)
public:
    TuneGoal goal = TuneGoal::Throughput;
    double keepThroughputPct = 90; // latency: the share of the best throughput seen a candidate keeps
    // Whose knobs may change: this end (the lab's client namespace; this host's own knobs only
    // with allowHost) and the far end ("remote:" knobs, ssh targets).
    bool localEnd = true;
    bool remoteEnd = true;
    bool allowHost = false; // --host: this host's init-namespace knobs, for targets other than the lab
    int budgetRuns = 60;    // at most this many runs, the baseline's included
    double budgetS = 0;     // and at most this long (seconds); 0: no time limit
    QStringList leaveAlone; // knob keys the search never moves ("remote:" keys for the far end's)
    QMap<QString, TuneRange> ranges;
    int baselineRepeats = 3; // runs of the starting configuration
    int minRepeats = 2;      // a candidate's runs before it is first compared with the incumbent
    int maxRepeats = 5;      // its most: not significantly better by then, it is dropped
    double alpha = 0.05;     // a difference is real when Welch's p is below this

    static constexpr int kMaxBudgetRuns = 1000;
    static constexpr int kMaxRepeats = 20;

    QJsonObject toJson() const;
    [[nodiscard]] static Result<TuneSpec> fromJson(const QJsonValue &json);
};

} // namespace tcptune

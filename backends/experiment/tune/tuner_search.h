#pragma once
// The tuner's search, guided by the verdict: measure the starting configuration with repeats,
// read its verdict, try the knobs the dominant finding points at (tune_moves.h), race each
// candidate against the incumbent with Welch's test (common/hypothesis_tests.h) until it is
// significantly better or worse or has its most runs, accept the better, read the verdict again
// and follow the new limiter; stop when a round wins nothing, the path is full (throughput) or
// the budget is spent. docs/tune.md describes each step.

#include "experiment/tune/tune_spec.h"
#include "experiment/tune/tune_trial.h"

#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

namespace tcptune {

// What the target allows the search to change.
struct TuneEnvironment {
    QString direction = QStringLiteral("up"); // up: this end sends; down: the far end does
    bool localKnobs = true;                   // this end's sysctls (the lab's client, or --host)
    bool remoteKnobs = false;                 // the far end's ("remote:"): ssh targets
    // Values of the Choice moves whose table gives none, by knob key (the congestion controls the
    // kernel offers at that end).
    QMap<QString, QStringList> choices;
    // The socket options the spec sets: a sysctl one of them replaces on its socket
    // (SocketOptionInfo::overrides) is moved as that option (from the spec's value, which the
    // search's starting configuration holds).
    QSet<QString> socketOptions;
};

// One configuration the search measured.
struct TuneTrial {
    enum class Outcome {
        Baseline,
        Accepted,     // significantly better than the incumbent: it became the incumbent
        Worse,        // significantly worse: dropped early
        NoDifference, // its most runs without a significant difference: dropped
        Infeasible,   // latency goal: it lost more throughput than the goal allows
        Failed,       // its runs failed
    };
    int index = 0;
    TuneConfig config;
    QString knob; // the knob it moved (empty for the baseline)
    QString from; // its value in the incumbent ("" when unset)
    QString to;
    QString label;
    QList<TrialRun> runs;
    Outcome outcome = Outcome::Baseline;
    // Against the incumbent it raced: objective difference (candidate - incumbent, in the goal's
    // unit), its 95 % interval and Welch's p; NaN-free (0 and p = 1 when undefined).
    double difference = 0;
    double ciLow = 0;
    double ciHigh = 0;
    double p = 1;
};
QString tuneOutcomeName(TuneTrial::Outcome outcome); // "baseline", "accepted", ...

// One change of the answer: a knob, from its value in the baseline to the recommended one, and
// what it won when it was accepted.
struct TuneChange {
    QString knob;
    QString from; // "" when the baseline left it unset
    QString to;
    Finding::Rule rule = Finding::Rule::NoLimiter; // the finding that pointed at it
    double difference = 0;                         // objective gained over the incumbent it beat
    double ciLow = 0;
    double ciHigh = 0;
    double p = 1;
};

struct TuneAnswer {
    enum class Stop {
        NoImprovement, // a whole round of candidates won nothing
        PathFull,      // throughput: the flow already fills the path
        Budget,        // runs or time spent
        Cancelled,
        NothingToTry, // the verdict points at no knob the search may change
        BaselineFailed,
    };
    TuneGoal goal = TuneGoal::Throughput;
    Stop stop = Stop::NoImprovement;
    TuneConfig baseline;
    TuneConfig recommended;
    QList<TuneChange> changes; // in the order they were accepted
    // Objective of the baseline and of the recommendation (means of their runs), and the
    // recommendation's difference against the baseline with its 95 % interval and p.
    double baselineObjective = 0;
    double recommendedObjective = 0;
    double gainCiLow = 0;
    double gainCiHigh = 0;
    double gainP = 1;
    QList<Finding> findingsBefore;
    QList<Finding> findingsAfter;
    QList<TuneTrial> trials;
    int runs = 0;
};
QString tuneStopName(TuneAnswer::Stop stop); // "no-improvement", "path-full", ...

class TunerSearch final {
    Q_DECLARE_TR_FUNCTIONS(TunerSearch)
public:
    TunerSearch(TuneSpec spec, TuneConfig base, TuneEnvironment environment);
    // Runs the whole search against SOURCE (blocking) and returns its answer.
    TuneAnswer run(TrialSource &source);
    // One line per step so far, for the log ("Trial 3: net.ipv4.tcp_rmem max 512 KiB: +38 %, accepted").
    static QString describe(const TuneTrial &trial, TuneGoal goal);

private:
    TuneSpec m_spec;
    TuneConfig m_base;
    TuneEnvironment m_environment;
};

// The objective of RUN for GOAL (throughput bit/s, RTT p95 ms, transactions/s); NaN when the run
// did not measure it. Latency is minimised, the others maximised.
double tuneObjective(const TrialRun &run, TuneGoal goal);
bool tuneMinimises(TuneGoal goal);

} // namespace tcptune

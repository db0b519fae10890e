#pragma once
// A whole tune on the runner's worker thread: opens a Runner session for the tune's experiment
// (a new one, or the one being resumed), runs TunerSearch over a TuneRunner, and closes the
// session with the knobs restored. The experiment's stored plan is the base spec's plan with a
// "tune" object (the TuneSpec); the answer itself is not stored: resuming a finished tune replays
// its runs and gives the same answer again without running anything (the search is
// deterministic).

#include "common/error.h"
#include "experiment/run/runner.h"
#include "experiment/spec/experiment_spec.h"
#include "experiment/tune/tune_spec.h"
#include "experiment/tune/tuner_search.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

#include <functional>

namespace tcptune {

struct TuneJob {
    ExperimentSpec spec; // the base spec: the starting configuration and everything else of a run
    TuneSpec tune;
    TuneEnvironment environment;
    qint64 resumeId = 0; // a stored tune to continue (0: a new one)
};

struct TuneOutcome {
    qint64 experimentId = 0;
    bool searched = false; // the search ran: ANSWER holds its answer
    TuneAnswer answer;
    QString failure; // why it could not start
    int replayedRuns = 0;
    int newRuns = 0;
};

class TuneJobRunner final {
    Q_DECLARE_TR_FUNCTIONS(TuneJobRunner)
public:
    // Runs JOB through RUNNER (on its worker thread; blocking). LOG gets a line per run.
    static TuneOutcome run(Runner &runner, const TuneJob &job, const std::function<void(const QString &)> &log);
    // The fields a tune adds to its experiment's stored plan: {"tune": TUNE}.
    static QJsonObject planFields(const TuneSpec &tune);
    // The base spec and TuneSpec of a stored tune's plan (PLAN, experiment ID); fails for a plan
    // that is not a tune's, saying how to resume it.
    [[nodiscard]] static Result<TuneJob> storedJob(qint64 experimentId, const QJsonObject &plan);
};

} // namespace tcptune

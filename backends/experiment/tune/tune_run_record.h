#pragma once
// The tuner's configurations in the runner's terms and back: the ExperimentSpec and SweepPoint
// of one run of a configuration, and the TrialRun the search reads from the run's record. Plain
// functions of their inputs, so a stored run converts exactly as it did when it ran (replay).

#include "common/error.h"
#include "experiment/record/run_record.h"
#include "experiment/spec/experiment_spec.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/tune/tune_trial.h"

#include <QCoreApplication>
#include <QMap>
#include <QString>

namespace tcptune {

class TuneRunRecord final {
    Q_DECLARE_TR_FUNCTIONS(TuneRunRecord)
public:
    // BASE's knobs as a configuration: the one the search starts from.
    static TuneConfig baseConfig(const ExperimentSpec &base);
    // The spec of a run of CONFIG: BASE with its knobs replaced by CONFIG's (the lab's own
    // parameters, lab.*, stay BASE's: the search never reshapes the path). Fails naming a value
    // the catalogue refuses.
    [[nodiscard]] static Result<ExperimentSpec> specFor(const ExperimentSpec &base, const TuneConfig &config);
    // The knobs in which CONFIG differs from BASE's: set to another value, or "default" for one
    // BASE sets and CONFIG leaves unset. What a stored run keeps as its point's settings.
    static QMap<QString, QString> settingsOf(const ExperimentSpec &base, const TuneConfig &config);
    // The point a run of CONFIG is stored under: trial TRIAL, labelled LABEL.
    static SweepPoint pointFor(const ExperimentSpec &base, const TuneConfig &config, int trial, const QString &label);
    // What RECORD (a run of CONFIG) showed: its figures, findings and the sysctls the ends ran
    // with (the "before" snapshots, plain keys for this end and "remote:" ones for the far end,
    // with CONFIG's own sysctls over them).
    static TrialRun trialRunOf(const RunRecord &record, const TuneConfig &config);
};

} // namespace tcptune

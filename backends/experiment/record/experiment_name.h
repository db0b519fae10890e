#pragma once
// How people read an experiment's name, the same in the workbench (History, crash recovery), in
// reports and in `tcptune sweep --markdown`. The store keeps names language-neutral: the names
// the workbench gives its own experiments are stored in English and translated here, on display;
// an experiment without a name is "Experiment <its id>".

#include "experiment/record/run_record.h"

#include <QString>

namespace tcptune {

enum class ExperimentNameForm {
    Name,   // "Sweep of socket.SO_SNDBUF"; "Experiment 4" when it has none (titles, headings)
    WithId, // "Experiment 4: Sweep of socket.SO_SNDBUF" (lists of experiments)
};

QString experimentName(const ExperimentRecord &experiment, ExperimentNameForm form = ExperimentNameForm::Name);

// The names the workbench stores for its own experiments, translated by experimentName().
QString neutralRunName();
QString neutralSweepName(const QString &parameter);
QString neutralTuneName(); // the Tune tab's tunes

} // namespace tcptune

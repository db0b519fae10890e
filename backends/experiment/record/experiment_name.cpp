#include "experiment/record/experiment_name.h"

#include <QCoreApplication>

namespace tcptune {
namespace {

// ExperimentName::tr(): lupdate files this file's text under the context tr() looks it up in.
class ExperimentName final {
    Q_DECLARE_TR_FUNCTIONS(ExperimentName)
};

const char *const kWorkbenchRun = "Workbench run";
const char *const kSweepOf = "Sweep of ";
const char *const kWorkbenchTune = "Workbench tune";

// The stored name in the reader's language.
QString translatedName(const QString &stored)
{
    if (stored == QLatin1String(kWorkbenchRun))
        return ExperimentName::tr("Workbench run");
    if (stored == QLatin1String(kWorkbenchTune))
        return ExperimentName::tr("Workbench tune");
    if (stored.startsWith(QLatin1String(kSweepOf)))
        return ExperimentName::tr("Sweep of %1").arg(stored.mid(int(qstrlen(kSweepOf))));
    return stored;
}

} // namespace

QString experimentName(const ExperimentRecord &experiment, ExperimentNameForm form)
{
    if (experiment.name.isEmpty())
        return ExperimentName::tr("Experiment %1").arg(experiment.id);
    const QString name = translatedName(experiment.name);
    return form == ExperimentNameForm::WithId ? ExperimentName::tr("Experiment %1: %2").arg(experiment.id).arg(name)
                                              : name;
}

QString neutralRunName()
{
    return QString::fromLatin1(kWorkbenchRun);
}

QString neutralTuneName()
{
    return QString::fromLatin1(kWorkbenchTune);
}

QString neutralSweepName(const QString &parameter)
{
    return QString::fromLatin1(kSweepOf) + parameter;
}

} // namespace tcptune

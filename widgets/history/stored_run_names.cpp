#include "history/stored_run_names.h"

#include <QCoreApplication>

namespace tcptune {
namespace {

// StoredRunNames::tr(): lupdate files this file's text under the context tr() looks it up in.
class StoredRunNames final {
    Q_DECLARE_TR_FUNCTIONS(StoredRunNames)
};

const char *const kWorkbenchRun = "Workbench run";
const char *const kSweepOf = "Sweep of ";

// The point's values in the user's language now, from the stored canonical settings (the stored
// label is in the language the run had).
QString pointText(const RunRecord &run)
{
    if (run.settings.isEmpty())
        return run.pointLabel;
    QStringList values;
    for (auto it = run.settings.begin(); it != run.settings.end(); ++it)
        values.append(ExperimentSpec::formatValue(it.key(), it.value()));
    return values.join(QStringLiteral(" x "));
}

} // namespace

QString runIdText(qint64 runId)
{
    return QStringLiteral("#%1").arg(runId);
}

QString storedRunName(const RunRecord &run)
{
    QStringList parts{runIdText(run.id)};
    if (const QString point = pointText(run); !point.isEmpty())
        parts.append(point);
    if (run.repeat > 0)
        parts.append(StoredRunNames::tr("repeat %1").arg(run.repeat + 1));
    return parts.join(QStringLiteral(" · "));
}

QString neutralRunName()
{
    return QString::fromLatin1(kWorkbenchRun);
}

QString neutralSweepName(const QString &parameter)
{
    return QString::fromLatin1(kSweepOf) + parameter;
}

QString storedExperimentName(const ExperimentRecord &experiment)
{
    QString name = experiment.name;
    if (name == QLatin1String(kWorkbenchRun))
        name = StoredRunNames::tr("Workbench run");
    else if (name.startsWith(QLatin1String(kSweepOf)))
        name = StoredRunNames::tr("Sweep of %1").arg(name.mid(int(qstrlen(kSweepOf))));
    return StoredRunNames::tr("Experiment %1: %2").arg(experiment.id).arg(name);
}

QString runStatusText(RunStatus status)
{
    switch (status) {
    case RunStatus::Running: return StoredRunNames::tr("running");
    case RunStatus::Ok: return StoredRunNames::tr("ok");
    case RunStatus::Failed: return StoredRunNames::tr("failed");
    case RunStatus::Cancelled: return StoredRunNames::tr("cancelled");
    }
    return {};
}

QString experimentStatusText(ExperimentStatus status)
{
    switch (status) {
    case ExperimentStatus::Running: return StoredRunNames::tr("running");
    case ExperimentStatus::Finished: return StoredRunNames::tr("finished");
    case ExperimentStatus::Cancelled: return StoredRunNames::tr("cancelled");
    case ExperimentStatus::Failed: return StoredRunNames::tr("failed");
    }
    return {};
}

QString configurationToolTip(const RunConfiguration &config)
{
    QStringList lines{config.summary()};
    if (!config.workload.isEmpty())
        lines.append(StoredRunNames::tr("Workload: %1").arg(config.workload));
    if (!config.target.isEmpty())
        lines.append(StoredRunNames::tr("Target: %1").arg(config.target));
    return lines.join(QLatin1Char('\n'));
}

} // namespace tcptune

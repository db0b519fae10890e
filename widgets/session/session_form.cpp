#include "session/session_form.h"

#include "charts/throughput_rtt_view.h"
#include "experiment/spec/experiment_spec.h"
#include "experiment/store/result_store.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_table_model.h"
#include "knobs/link_group.h"
#include "knobs/pending_knobs_note.h"
#include "panels/target_panel.h"
#include "panels/workload_panel.h"
#include "session/chart_session.h"
#include "sweep/sweep_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSpinBox>

namespace tcptune {
namespace {

// The local knobs set by hand: the table's changed ones, and those still waiting from a session.
QMap<QString, QString> handSetLocalKnobs(const KnobPanel &panel)
{
    QMap<QString, QString> knobs = panel.pendingKnobs()->knobs();
    const KnobTableModel *model = panel.model();
    for (const QString &key : model->changedKeys())
        knobs.insert(
            key,
            model->data(model->index(model->rowOf(key), KnobTableModel::ValueColumn), KnobTableModel::CanonicalRole)
                .toString());
    return knobs;
}

// The Links group's edits added to SESSION's knobs: link.DEV.x at this end, and at an ssh
// target's far host its remote:link.DEV.x without the prefix, as the far sysctls are kept.
Result<void> addLinkEdits(const KnobPanel &panel, WorkbenchSession &session)
{
    ExperimentSpec links;
    if (auto ok = panel.links()->applyTo(links); !ok)
        return ok;
    for (auto it = links.knobs.begin(); it != links.knobs.end(); ++it) {
        if (it.key().startsWith(ExperimentSpec::kRemotePrefix))
            session.knobs.remote.insert(it.key().mid(ExperimentSpec::kRemotePrefix.size()), it.value());
        else
            session.knobs.local.insert(it.key(), it.value());
    }
    return {};
}

} // namespace

Result<WorkbenchSession> SessionForm::collect(const SessionPanels &panels, bool charts)
{
    WorkbenchSession session;
    session.form.name = QStringLiteral("workbench session"); // not shown: the file name names it
    Result<void> ok = panels.target->applyTo(session.form);
    if (ok)
        ok = panels.workload->applyTo(session.form);
    if (!ok)
        return fail(tr("The form holds a mistake, so the session cannot be saved: %1").arg(ok.error().message));
    const KnobPanel *knobs = panels.knobs;
    session.knobs.netns = knobs->model()->netns();
    session.knobs.local = handSetLocalKnobs(*knobs);
    session.knobs.remote = knobs->model()->remoteChanges();
    if (auto links = addLinkEdits(*knobs, session); !links)
        return fail(tr("The form holds a mistake, so the session cannot be saved: %1").arg(links.error().message));
    session.sweep = sweepOf(panels);
    if (charts)
        session.charts = sessionChartRuns(*panels.charts, ResultStore::defaultPath());
    return session;
}

void SessionForm::apply(const SessionPanels &panels, const WorkbenchSession &session)
{
    panels.target->loadFrom(session.form);
    panels.workload->loadFrom(session.form);
    // Local knobs are not set now: they wait for the next run (MainWindow::currentSpec adds them).
    KnobPanel *knobs = panels.knobs;
    knobs->pendingKnobs()->setKnobs(session.knobs.local);
    knobs->model()->setRemoteChanges(session.knobs.remote);
    if (session.sweep)
        applySweep(panels, *session.sweep);
    drawSessionChartRuns(*panels.charts, session.charts);
}

SessionSweep SessionForm::sweepOf(const SessionPanels &panels)
{
    const SweepPanel *sweep = panels.sweep;
    return SessionSweep{sweep->parameterBox()->currentData().toString(), sweep->valuesEdit()->text(),
                        sweep->repeatsBox()->value(), sweep->ciTargetBox()->value(), sweep->maxRepeatsBox()->value()};
}

void SessionForm::applySweep(const SessionPanels &panels, const SessionSweep &sweep)
{
    SweepPanel *panel = panels.sweep;
    QComboBox *parameter = panel->parameterBox();
    if (!sweep.parameter.isEmpty() && parameter->findData(sweep.parameter) < 0)
        parameter->addItem(sweep.parameter, sweep.parameter);
    if (const int at = parameter->findData(sweep.parameter); at >= 0)
        parameter->setCurrentIndex(at);
    panel->valuesEdit()->setText(sweep.values);
    panel->repeatsBox()->setValue(sweep.repeats);
    panel->ciTargetBox()->setValue(sweep.ciTargetPct);
    panel->maxRepeatsBox()->setValue(sweep.maxRepeats);
}

QString SessionForm::openedText(const WorkbenchSession &session, const QString &fileName)
{
    QString text =
        tr("Session %1 opened: the form, %n run(s) on the charts", nullptr, int(session.charts.size())).arg(fileName);
    if (session.knobs.isEmpty())
        return text + QLatin1Char('.');
    return text + QStringLiteral("; ") +
           tr("%n knob(s) set by hand are listed in the Knobs tab but not applied to the system: the next run "
              "sets them.",
              nullptr, int(session.knobs.local.size() + session.knobs.remote.size()));
}

} // namespace tcptune

#include "knobs/knob_target_binder.h"

#include "experiment/spec/experiment_spec.h"
#include "helper/helper_connection.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_scope.h"
#include "lab/lab_requests.h"
#include "panels/ssh_target_page.h"
#include "panels/target_panel.h"

#include <QTabWidget>

#include <algorithm>

namespace tcptune {

KnobTargetBinder::KnobTargetBinder(TargetPanel *target, KnobPanel *knobs, QTabWidget *tabs, HelperConnection *helper,
                                   QObject *parent)
    : QObject(parent)
    , m_target(target)
    , m_knobs(knobs)
    , m_tabs(tabs)
    , m_helper(helper)
{
    connect(m_target, &TargetPanel::changed, this, &KnobTargetBinder::follow);
    connect(m_target->sshPage(), &SshTargetPage::farHostChanged, this, &KnobTargetBinder::follow);
    connect(m_knobs, &KnobPanel::placeChanged, this, [this](const QString &shortLabel) {
        if (m_tabs && m_tabs->indexOf(m_knobs) >= 0)
            m_tabs->setTabText(m_tabs->indexOf(m_knobs), tabTitle(shortLabel));
    });
    connect(m_knobs, &KnobPanel::labUpRequested, this, &KnobTargetBinder::bringLabUp);
    follow();
}

QString KnobTargetBinder::tabTitle(const QString &shortLabel)
{
    return tr("&Knobs: %1").arg(shortLabel);
}

void KnobTargetBinder::follow()
{
    // Several ends are all hosts (the lab runs alone), and for each this host's sockets are the
    // local place: the first end's scope is every end's.
    const QList<TargetSpec> ends = m_target->targets();
    m_knobs->setScope(knobScopeFor(ends.first()));
    showFarEnd(ends);
}

void KnobTargetBinder::showFarEnd(const QList<TargetSpec> &ends)
{
    // The Remote column holds what Test connection read of the ssh host typed on the Target panel.
    if (m_target->target().kind != TargetSpec::Kind::Ssh) {
        m_knobs->setRemoteEnd(false, {}, false, {});
        return;
    }
    const auto &far = m_target->sshPage()->farHost();
    const auto notSsh = std::find_if(ends.cbegin(), ends.cend(),
                                     [](const TargetSpec &end) { return end.kind != TargetSpec::Kind::Ssh; });
    if (notSsh != ends.cend())
        m_knobs->setRemoteEnd(true, far ? far->knobs : KnobSnapshot{}, false,
                              tr("far knobs apply to every end, and %1 is not an SSH host; remove it from the ends "
                                 "to change them.")
                                  .arg(notSsh->describe()),
                              far ? far->choices : QMap<QString, QStringList>{});
    else if (!far)
        m_knobs->setRemoteEnd(true, {}, false,
                              tr("press Test connection on the Target panel to read the far host's values."));
    else if (!far->helperUsable)
        m_knobs->setRemoteEnd(true, far->knobs, false,
                              tr("the far host's helper cannot set knobs: %1").arg(far->helper), far->choices);
    else
        m_knobs->setRemoteEnd(true, far->knobs, true, {}, far->choices);
}

void KnobTargetBinder::bringLabUp()
{
    ExperimentSpec spec;
    if (auto ok = m_target->applyTo(spec); !ok) {
        Q_EMIT problem(ok.error().message);
        return;
    }
    auto lab = parseLabSpec(spec.target.labName, spec.knobsOfKind(KnobKind::LabParameter));
    if (!lab) {
        Q_EMIT problem(lab.error().message);
        return;
    }
    m_helper->submit(this, [this, labSpec = *lab](HelperConnection &helper) -> std::function<void()> {
        auto status = requestLabUp(helper, labSpec);
        const QString error = status ? QString() : status.error().message;
        return [this, error] {
            if (!error.isEmpty())
                Q_EMIT problem(tr("Could not bring the lab up: %1").arg(error));
            m_knobs->refresh();
        };
    });
}

} // namespace tcptune

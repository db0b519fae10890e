#include "knobs/link_group.h"

#include "experiment/spec/experiment_spec.h"
#include "knobs/knob_scope.h"
#include "knobs/link_end_view.h"

#include <QHBoxLayout>

namespace tcptune {

LinkGroup::LinkGroup(QWidget *parent)
    : QGroupBox(tr("Links"), parent)
    , m_local(new LinkEndView(QStringLiteral("linkLocal"), this))
    , m_remote(new LinkEndView(QStringLiteral("linkRemote"), this))
{
    setObjectName(QStringLiteral("linkGroup"));
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(m_local, 1);
    layout->addWidget(m_remote, 1);
    m_remote->hide();
    connect(m_local, &LinkEndView::runValuesChanged, this, &LinkGroup::runValuesChanged);
    connect(m_remote, &LinkEndView::runValuesChanged, this, &LinkGroup::runValuesChanged);
}

void LinkGroup::showScope(const KnobScope &scope, const QString &netns)
{
    m_scope = scope;
    const KnobPlace *place = scope.find(netns);
    const KnobPlace *sender = scope.places.isEmpty() ? nullptr : &scope.places.first();
    const QString label = place ? place->label : (netns.isEmpty() ? tr("this host") : netns);
    QString whyNot;
    if (!place)
        whyNot = tr("%1 is not part of the current target: its runs do not change links here.").arg(label);
    else if (!place->sender && sender)
        whyNot = tr("The runs set link knobs where the traffic of %1 starts (%2); this place is shown for "
                    "comparison.")
                     .arg(scope.target, sender->label);
    m_local->showPlace(tr("Local: %1").arg(label), netns, place ? place->linkDevices : QStringList(), whyNot.isEmpty(),
                       whyNot);
    if (!m_farHost)
        showLabFar(scope);
}

void LinkGroup::showLabFar(const KnobScope &scope)
{
    const KnobPlace *far = scope.receiver();
    m_remote->setVisible(far != nullptr);
    if (!far)
        return;
    m_remote->showPlace(tr("Remote: %1").arg(far->label), far->netns, far->linkDevices, false,
                        tr("A lab run sets link knobs at the client's end only; the server's link is shown for "
                           "comparison."));
}

void LinkGroup::showFarHost(bool shown, const KnobSnapshot &values, bool editable, const QString &whyNot)
{
    m_farHost = shown;
    if (!shown) {
        showLabFar(m_scope);
        return;
    }
    m_remote->show();
    m_remote->showValues(tr("Remote: the far host"), values, editable, whyNot);
}

void LinkGroup::refresh()
{
    m_local->refresh();
    if (m_remote->isVisibleTo(this))
        m_remote->refresh();
}

Result<void> LinkGroup::applyTo(ExperimentSpec &spec) const
{
    const QMap<QString, QString> local = m_local->runValues();
    for (auto it = local.begin(); it != local.end(); ++it)
        if (auto ok = spec.setParameter(it.key(), it.value()); !ok)
            return fail(tr("Links, %1: %2").arg(it.key(), ok.error().message));
    const QMap<QString, QString> far = m_farHost ? m_remote->runValues() : QMap<QString, QString>();
    for (auto it = far.begin(); it != far.end(); ++it)
        if (auto ok = spec.setParameter(ExperimentSpec::kRemotePrefix + it.key(), it.value()); !ok)
            return fail(tr("Links, remote %1: %2").arg(it.key(), ok.error().message));
    return {};
}

bool LinkGroup::hostChangesConfirmed() const
{
    return (m_local->hostChangeConfirmed() && !m_local->runValues().isEmpty()) ||
           (m_farHost && m_remote->hostChangeConfirmed() && !m_remote->runValues().isEmpty());
}

} // namespace tcptune

#include "knobs/core_feature_confirmation.h"

#include "knobs/knob_info.h"
#include "knobs/knob_value.h"

#include <QMessageBox>

namespace tcptune {

bool CoreFeatureConfirmation::needed(const KnobInfo &knob, const QString &value, const QString &netns)
{
    if (!netns.isEmpty())
        return false;
    // A host device carries the machine's own traffic, ssh included: every change is asked.
    if (knob.kind == KnobKind::Link)
        return true;
    const QString canonical = knobvalue::parse(knob, value).value_or(value);
    return knobvalue::disablesCoreFeature(knob, canonical);
}

bool CoreFeatureConfirmation::ask(QWidget *parent, const KnobInfo &knob, const QString &value)
{
    const bool link = knob.kind == KnobKind::Link;
    QMessageBox box(QMessageBox::Warning,
                    link ? tr("Change a device of this host?") : tr("Turn off a core TCP feature on this host?"),
                    link ? tr("%1 = %2 changes device %3 of the host (not one of a lab namespace), which carries "
                              "its own traffic, ssh included, for each run until the run puts it back.\n\nDo it?")
                               .arg(knob.key, value, knob.device)
                         : tr("%1 = %2 turns a core TCP feature off for every new TCP connection of this machine, "
                              "ssh and the rest included, until it is restored.\n\nDo it?")
                               .arg(knob.key, value),
                    QMessageBox::Yes | QMessageBox::No, parent);
    box.setObjectName(QStringLiteral("coreFeatureConfirmation"));
    box.setDefaultButton(QMessageBox::No);
    return box.exec() == QMessageBox::Yes;
}

} // namespace tcptune

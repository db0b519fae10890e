#include "knobs/core_feature_confirmation.h"

#include "knobs/knob_info.h"
#include "knobs/knob_value.h"

#include <QMessageBox>

namespace tcptune {

bool CoreFeatureConfirmation::needed(const KnobInfo &knob, const QString &value, const QString &netns)
{
    if (!netns.isEmpty())
        return false;
    const QString canonical = knobvalue::parse(knob, value).value_or(value);
    return knobvalue::disablesCoreFeature(knob, canonical);
}

bool CoreFeatureConfirmation::ask(QWidget *parent, const KnobInfo &knob, const QString &value)
{
    QMessageBox box(QMessageBox::Warning, tr("Turn off a core TCP feature on this host?"),
                    tr("%1 = %2 turns a core TCP feature off for every new TCP connection of this machine, ssh "
                       "and the rest included, until it is restored.\n\nDo it?")
                        .arg(knob.key, value),
                    QMessageBox::Yes | QMessageBox::No, parent);
    box.setObjectName(QStringLiteral("coreFeatureConfirmation"));
    box.setDefaultButton(QMessageBox::No);
    return box.exec() == QMessageBox::Yes;
}

} // namespace tcptune

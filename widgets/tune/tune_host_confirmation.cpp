#include "tune/tune_host_confirmation.h"

#include "experiment/tune/tune_moves.h"
#include "knobs/knob_catalogue.h"

#include <QMessageBox>

namespace tcptune {

QStringList TuneHostConfirmation::hostKnobs(const TuneSpec &tune, const QString &direction)
{
    // This end sends going up and receives going down: its knobs are the sender's or receiver's.
    const bool sends = direction != QLatin1String("down");
    const bool receives = direction != QLatin1String("up");
    QStringList knobs;
    for (const RuleMoves &rule : tuneMoves())
        for (const KnobMove &move : rule.moves) {
            const KnobInfo *knob = KnobCatalogue::instance().find(move.knob);
            const bool here = (move.role == KnobRole::Sender && sends) || (move.role == KnobRole::Receiver && receives);
            if (here && knob && knob->kind == KnobKind::Sysctl && !tune.leaveAlone.contains(move.knob) &&
                !knobs.contains(move.knob))
                knobs.append(move.knob);
        }
    knobs.sort();
    return knobs;
}

bool TuneHostConfirmation::ask(QWidget *parent, const QStringList &knobs)
{
    QMessageBox box(QMessageBox::Warning, tr("Tune this host's own knobs?"),
                    tr("The tuner may change these knobs of this host while it runs; every connection of the "
                       "machine feels them. They are put back when the tune ends or is stopped."),
                    QMessageBox::Yes | QMessageBox::No, parent);
    box.setObjectName(QStringLiteral("tuneHostConfirmation"));
    box.setInformativeText(knobs.join(QLatin1Char('\n')));
    box.setDefaultButton(QMessageBox::No);
    return box.exec() == QMessageBox::Yes;
}

} // namespace tcptune

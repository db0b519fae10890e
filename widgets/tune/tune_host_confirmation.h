#pragma once
// The question before the tuner may change this host's own knobs (the command's --host): it
// names each knob the search may move on this host, since every connection of the machine feels
// them while the tune runs. They are put back when the tune ends, like every knob of a run.

#include "experiment/tune/tune_spec.h"

#include <QCoreApplication>
#include <QStringList>

class QWidget;

namespace tcptune {

class TuneHostConfirmation final {
    Q_DECLARE_TR_FUNCTIONS(TuneHostConfirmation)
public:
    // The sysctls of this host the search may change for DIRECTION ("up": this end sends; "down":
    // the far end does; empty: either), without those TUNE leaves alone.
    static QStringList hostKnobs(const TuneSpec &tune, const QString &direction);
    // Asks modally naming KNOBS; true on Yes (No is the default button).
    static bool ask(QWidget *parent, const QStringList &knobs);
};

} // namespace tcptune

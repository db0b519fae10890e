#pragma once
// Knobs that changed while a run went: each end's snapshot before the run, with the run's own
// changes laid over it, is what the knobs should still read at its end; any other value means
// something else (another program, a person, the system) changed it, and the run's figures may
// not be the ones of its settings. Plain functions over snapshots, for both ends alike.

#include "knobs/knob_reader.h"

#include <QJsonArray>
#include <QList>
#include <QMap>
#include <QString>

namespace tcptune {

struct KnobDrift {
    QString end; // runEndName(): "local" or "remote"
    QString key;
    QString expected; // before the run, or what the run set it to
    QString after;    // what it read at the end of the run
};

// The knobs of one END whose AFTER value is not BEFORE overlaid with APPLIED. Keys missing from
// either snapshot are not compared (a kernel without the knob, a snapshot that failed).
QList<KnobDrift> knobDrift(const QString &end, const KnobSnapshot &before, const QMap<QString, QString> &applied,
                           const KnobSnapshot &after);

QJsonArray knobDriftToJson(const QList<KnobDrift> &drift);

} // namespace tcptune

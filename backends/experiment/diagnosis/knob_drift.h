#pragma once
// Knobs that changed while a run went: each end's snapshot before the run, with the run's own
// changes laid over it, is what the knobs should still read at its end; any other value means
// something else (another program, a person, the system) changed it, and the run's figures may
// not be the ones of its settings. Plain functions over snapshots, for every end alike.

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
    QString target;   // several ends: which far end ("ssh://host:2222"); empty for the only one
};

// The knobs of one END whose AFTER value is not BEFORE overlaid with APPLIED. Keys missing from
// either snapshot are not compared (a kernel without the knob, a snapshot that failed). TARGET
// names the far end when a run has several.
QList<KnobDrift> knobDrift(const QString &end, const KnobSnapshot &before, const QMap<QString, QString> &applied,
                           const KnobSnapshot &after, const QString &target = {});

QJsonArray knobDriftToJson(const QList<KnobDrift> &drift);
QList<KnobDrift> knobDriftFromJson(const QJsonArray &json);

// One sentence for a run's verdict naming each changed knob and its end, from the run's details
// "knobs_changed_during_run"; empty when none changed.
QString knobDriftSummary(const QJsonArray &json);

} // namespace tcptune

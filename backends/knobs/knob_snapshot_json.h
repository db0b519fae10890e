#pragma once
// A knob snapshot on the wire and in files: a JSON object of catalogue key -> value text. One
// form for the agent's messages, its client and the run results.

#include "knobs/knob_reader.h"

#include <QJsonObject>

namespace tcptune {

QJsonObject knobSnapshotToJson(const KnobSnapshot &snapshot);
// Values that are not strings read as empty.
KnobSnapshot knobSnapshotFromJson(const QJsonObject &json);

} // namespace tcptune

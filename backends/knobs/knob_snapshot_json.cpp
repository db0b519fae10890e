#include "knobs/knob_snapshot_json.h"

namespace tcptune {

QJsonObject knobSnapshotToJson(const KnobSnapshot &snapshot)
{
    QJsonObject o;
    for (auto it = snapshot.cbegin(); it != snapshot.cend(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

KnobSnapshot knobSnapshotFromJson(const QJsonObject &json)
{
    KnobSnapshot s;
    for (auto it = json.begin(); it != json.end(); ++it)
        s.insert(it.key(), it.value().toString());
    return s;
}

} // namespace tcptune

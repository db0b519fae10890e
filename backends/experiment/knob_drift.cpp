#include "experiment/knob_drift.h"

#include <QJsonObject>

namespace tcptune {

QList<KnobDrift> knobDrift(const QString &end, const KnobSnapshot &before, const QMap<QString, QString> &applied,
                           const KnobSnapshot &after)
{
    QList<KnobDrift> out;
    if (before.isEmpty() || after.isEmpty())
        return out;
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        if (!before.contains(it.key()))
            continue;
        const QString expected = applied.value(it.key(), before.value(it.key()));
        if (it.value() != expected)
            out.append({end, it.key(), expected, it.value()});
    }
    return out;
}

QJsonArray knobDriftToJson(const QList<KnobDrift> &drift)
{
    QJsonArray out;
    for (const KnobDrift &d : drift)
        out.append(QJsonObject{{QStringLiteral("end"), d.end},
                               {QStringLiteral("key"), d.key},
                               {QStringLiteral("expected"), d.expected},
                               {QStringLiteral("after"), d.after}});
    return out;
}

} // namespace tcptune

#include "experiment/diagnosis/knob_drift.h"

#include "experiment/record/run_record.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QStringList>

namespace tcptune {
namespace {

// KnobDriftText::tr(): lupdate files this file's text under the context that tr() looks it up in.
class KnobDriftText final {
    Q_DECLARE_TR_FUNCTIONS(KnobDriftText)
};

QString key(const char *name)
{
    return QString::fromLatin1(name);
}

QString endName(const KnobDrift &d)
{
    if (d.end != runEndName(RunEnd::Remote))
        return KnobDriftText::tr("the local end");
    return d.target.isEmpty() ? KnobDriftText::tr("the far end") : KnobDriftText::tr("the far end %1").arg(d.target);
}

} // namespace

QList<KnobDrift> knobDrift(const QString &end, const KnobSnapshot &before, const QMap<QString, QString> &applied,
                           const KnobSnapshot &after, const QString &target)
{
    QList<KnobDrift> out;
    if (before.isEmpty() || after.isEmpty())
        return out;
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        if (!before.contains(it.key()))
            continue;
        const QString expected = applied.value(it.key(), before.value(it.key()));
        if (it.value() != expected)
            out.append({end, it.key(), expected, it.value(), target});
    }
    return out;
}

QJsonArray knobDriftToJson(const QList<KnobDrift> &drift)
{
    QJsonArray out;
    for (const KnobDrift &d : drift) {
        QJsonObject o{{key("end"), d.end}, {key("key"), d.key}, {key("expected"), d.expected}, {key("after"), d.after}};
        if (!d.target.isEmpty())
            o.insert(key("target"), d.target);
        out.append(o);
    }
    return out;
}

QList<KnobDrift> knobDriftFromJson(const QJsonArray &json)
{
    QList<KnobDrift> out;
    for (const QJsonValue &v : json) {
        const QJsonObject o = v.toObject();
        out.append({o.value(key("end")).toString(), o.value(key("key")).toString(), o.value(key("expected")).toString(),
                    o.value(key("after")).toString(), o.value(key("target")).toString()});
    }
    return out;
}

QString knobDriftSummary(const QJsonArray &json)
{
    QStringList parts;
    for (const KnobDrift &d : knobDriftFromJson(json))
        parts << KnobDriftText::tr("%1 on %2 (%3, at the end %4)").arg(d.key, endName(d), d.expected, d.after);
    if (parts.isEmpty())
        return {};
    return KnobDriftText::tr("Changed during the run by something else: %1; the figures may not show the run's "
                             "settings.")
        .arg(parts.join(QStringLiteral("; ")));
}

} // namespace tcptune

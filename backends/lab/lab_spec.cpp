#include "lab/lab_spec.h"

#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"
#include "lab/lab_enum_names.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace tcptune {
namespace {

const QString kTopology = QStringLiteral("lab.topology");
const QString kRate = QStringLiteral("lab.rate");
const QString kQueue = QStringLiteral("lab.queue");
const QString kMtu = QStringLiteral("lab.mtu");
const QString kDelay = QStringLiteral("lab.delay");

} // namespace

QString topologyName(LabTopology topology)
{
    return nameOf(kLabTopologyNames, topology);
}

Result<void> validateLabName(const QString &name)
{
    static const QRegularExpression valid(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9][A-Za-z0-9_-]{0,16}")));
    if (!valid.match(name).hasMatch())
        return fail(
            LabSpec::tr("'%1' is not a usable lab name: use 1 to 17 letters, digits, '-' or '_', starting with a "
                        "letter or digit.")
                .arg(name));
    return {};
}

Result<LabSpec> parseLabSpec(const QString &name, const QMap<QString, QString> &labKnobs)
{
    if (auto ok = validateLabName(name); !ok)
        return std::unexpected(ok.error());
    const KnobCatalogue &catalogue = KnobCatalogue::instance();
    QMap<QString, QString> values;
    for (const KnobInfo &knob : catalogue.ofKind(KnobKind::LabParameter))
        values.insert(knob.key, knob.defaultValue);
    for (auto it = labKnobs.cbegin(); it != labKnobs.cend(); ++it) {
        const KnobInfo *knob = catalogue.find(it.key());
        if (knob == nullptr || knob->kind != KnobKind::LabParameter)
            return fail(
                LabSpec::tr("'%1' is not a lab parameter; the lab knows lab.topology, lab.rate, lab.queue, lab.mtu "
                            "and lab.delay.")
                    .arg(it.key()));
        auto canonical = knobvalue::parse(*knob, it.value());
        if (!canonical)
            return fail(canonical.error().message.startsWith(it.key() + QLatin1Char(':'))
                            ? canonical.error().message // it names the parameter already
                            : QStringLiteral("%1: %2").arg(it.key(), canonical.error().message));
        values.insert(it.key(), *canonical);
    }

    LabSpec spec;
    spec.name = name;
    spec.topology = parseName(kLabTopologyNames, values.value(kTopology)).value_or(LabTopology::Routed);
    spec.rateBitsPerSecond = values.value(kRate).toLongLong();
    spec.queueBytes = values.value(kQueue).toLongLong();
    spec.mtu = values.value(kMtu).toInt();
    spec.delayMs = values.value(kDelay).toInt();
    return spec;
}

QMap<QString, QString> labKnobValues(const LabSpec &spec)
{
    return {
        {kTopology, topologyName(spec.topology)},   {kRate, QString::number(spec.rateBitsPerSecond)},
        {kQueue, QString::number(spec.queueBytes)}, {kMtu, QString::number(spec.mtu)},
        {kDelay, QString::number(spec.delayMs)},
    };
}

QJsonObject toJson(const LabSpec &spec)
{
    return {
        {QStringLiteral("name"), spec.name},
        {QStringLiteral("topology"), topologyName(spec.topology)},
        {QStringLiteral("rate_bps"), double(spec.rateBitsPerSecond)},
        {QStringLiteral("queue_bytes"), double(spec.queueBytes)},
        {QStringLiteral("mtu"), spec.mtu},
        {QStringLiteral("delay_ms"), spec.delayMs},
    };
}

Result<LabSpec> labSpecFromJson(const QJsonObject &object)
{
    // Goes through the catalogue again: a request or a state file is input like any other.
    QMap<QString, QString> knobs;
    const auto number = [&](const char *field, const QString &key) {
        const QJsonValue v = object.value(QLatin1String(field));
        if (!v.isUndefined())
            knobs.insert(key, v.isDouble() ? QString::number(qint64(v.toDouble())) : v.toString());
    };
    if (object.contains(QLatin1String("topology")))
        knobs.insert(kTopology, object.value(QLatin1String("topology")).toString());
    number("rate_bps", kRate);
    number("queue_bytes", kQueue);
    number("mtu", kMtu);
    number("delay_ms", kDelay);
    const QString name = object.value(QLatin1String("name")).toString(QString::fromLatin1(kDefaultLabName));
    return parseLabSpec(name, knobs);
}

QString describe(const LabSpec &spec)
{
    const KnobCatalogue &catalogue = KnobCatalogue::instance();
    QStringList parts{topologyName(spec.topology)};
    parts << (spec.rateBitsPerSecond > 0
                  ? knobvalue::formatHuman(*catalogue.find(kRate), QString::number(spec.rateBitsPerSecond))
                  : LabSpec::tr("unshaped"));
    if (spec.rateBitsPerSecond > 0)
        parts << LabSpec::tr("queue %1")
                     .arg(knobvalue::formatHuman(*catalogue.find(kQueue), QString::number(spec.queueBytes)));
    parts << LabSpec::tr("MTU %1").arg(spec.mtu);
    if (spec.delayMs > 0)
        parts << LabSpec::tr("delay %1 ms").arg(spec.delayMs);
    return parts.join(QStringLiteral(", "));
}

} // namespace tcptune

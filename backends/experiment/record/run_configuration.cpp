#include "experiment/record/run_configuration.h"

#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"
#include "lab/lab_layout.h"
#include "traffic/workload_registry.h"

#include <QStringList>

#include <array>

namespace tcptune {
namespace {

const QString kRemotePrefix = QStringLiteral("remote:");

const KnobInfo *knobOf(const QString &key)
{
    return KnobCatalogue::instance().find(key.startsWith(kRemotePrefix) ? key.mid(kRemotePrefix.size()) : key);
}

QString compactInteger(qint64 v, Unit unit)
{
    static constexpr std::array<std::pair<qint64, const char *>, 3> bytes{
        {{1024LL * 1024 * 1024, "G"}, {1024LL * 1024, "M"}, {1024, "K"}}};
    static constexpr std::array<std::pair<qint64, const char *>, 3> bits{
        {{1000LL * 1000 * 1000, "gbit"}, {1000LL * 1000, "mbit"}, {1000, "kbit"}}};
    if (unit == Unit::Bytes || unit == Unit::BitsPerSecond)
        for (const auto &[scale, suffix] : unit == Unit::Bytes ? bytes : bits)
            if (v >= scale && v % scale == 0)
                return QString::number(v / scale) + QLatin1String(suffix);
    return QString::number(v);
}

// Snapshot values over which the run's own sysctls were applied; far-end keys get "remote:".
QMap<QString, QString> effectiveKnobs(const ExperimentSpec &spec, const KnobSnapshot &local, const KnobSnapshot &remote)
{
    QMap<QString, QString> all = local;
    const QMap<QString, QString> applied = spec.helperKnobs();
    for (auto it = applied.begin(); it != applied.end(); ++it)
        all.insert(it.key(), it.value());
    for (auto it = remote.begin(); it != remote.end(); ++it)
        all.insert(kRemotePrefix + it.key(), it.value());
    // The far end's own sysctls for the run (remote:KEY) over its snapshot, as locally.
    const QMap<QString, QString> far = spec.remoteSysctls();
    for (auto it = far.begin(); it != far.end(); ++it)
        all.insert(kRemotePrefix + it.key(), it.value());
    return all;
}

QString workloadText(const WorkloadSpec &w)
{
    const QString name = workloadName(w.type);
    QString text = w.streams == 1 ? RunConfiguration::tr("%1, 1 stream").arg(name)
                                  : RunConfiguration::tr("%1, %2 streams").arg(name).arg(w.streams);
    // A workload of requests is its messages' sizes; otherwise the write the user sets.
    if (workloadDescriptor(w.type).uses(WorkloadField::RequestSize))
        return text + RunConfiguration::tr(", %1/%2 B messages").arg(w.requestSize).arg(w.responseSize);
    return text + RunConfiguration::tr(", %1 writes").arg(compactInteger(w.writeSize, Unit::Bytes));
}

QString targetText(const ExperimentSpec &spec)
{
    QStringList ends; // several ends at once: all of them
    for (const TargetSpec &end : spec.targets())
        ends << end.describe();
    QStringList parts{ends.join(QStringLiteral(" + "))};
    const QMap<QString, QString> lab = spec.knobsOfKind(KnobKind::LabParameter);
    for (auto it = lab.begin(); it != lab.end(); ++it)
        parts.append(QStringLiteral("%1=%2").arg(shortKnobName(it.key()), compactKnobValue(it.key(), it.value())));
    return parts.join(QStringLiteral(", "));
}

// A link knob has no kernel default (the device decides): one the run set itself is a change
// when it differs from what the device had before the run (its snapshot), at either end.
void addOwnKnobsWithoutDefault(RunConfiguration &c, const ExperimentSpec &spec, const KnobSnapshot &local,
                               const KnobSnapshot &remote)
{
    const auto add = [&c](const QString &key, const QString &value, const KnobSnapshot &before, const QString &bare) {
        const KnobInfo *knob = knobOf(key);
        if (knob && knob->kind == KnobKind::Link && knob->defaultValue.isEmpty() &&
            (!before.contains(bare) || !knobvalue::sameValue(before.value(bare), value)))
            c.changed.insert(key, value);
    };
    const QMap<QString, QString> own = spec.helperKnobs();
    for (auto it = own.begin(); it != own.end(); ++it)
        add(it.key(), it.value(), local, it.key());
    const QMap<QString, QString> far = spec.remoteSysctls();
    for (auto it = far.begin(); it != far.end(); ++it)
        add(kRemotePrefix + it.key(), it.value(), remote, it.key());
}

} // namespace

QString shortKnobName(const QString &key)
{
    const bool remote = key.startsWith(kRemotePrefix);
    const QString bare = remote ? key.mid(kRemotePrefix.size()) : key;
    // A link knob keeps its device: "tcpt-c0.gso".
    const QString name = bare.startsWith(QLatin1String("link.")) ? bare.mid(5) : bare.section(QLatin1Char('.'), -1);
    return (remote ? kRemotePrefix : QString()) + name;
}

QString compactKnobValue(const QString &key, const QString &canonical)
{
    const KnobInfo *knob = knobOf(key);
    if (!knob)
        return canonical;
    if (knob->type == ValueType::Triple) {
        QStringList parts;
        for (const QString &part : canonical.simplified().split(QLatin1Char(' ')))
            parts.append(compactInteger(part.toLongLong(), Unit::Bytes));
        return parts.join(QLatin1Char(' '));
    }
    bool ok = false;
    const qint64 v = canonical.toLongLong(&ok);
    if (knob->type != ValueType::Integer || !ok)
        return canonical;
    // "unlimited" stays a word: formatHuman knows the kernel's no-limit value.
    if (knob->unit == Unit::Bytes && v == knob->maximum && knob->maximum == 4294967295LL)
        return QStringLiteral("unlimited");
    return compactInteger(v, knob->unit);
}

RunConfiguration configurationOf(const ExperimentSpec &spec, const KnobSnapshot &local, const KnobSnapshot &remote)
{
    RunConfiguration c;
    c.all = effectiveKnobs(spec, local, remote);
    for (auto it = c.all.begin(); it != c.all.end(); ++it) {
        const KnobInfo *knob = knobOf(it.key());
        if (knob && !knob->defaultValue.isEmpty() && !knobvalue::sameValue(knob->defaultValue, it.value()))
            c.changed.insert(it.key(), it.value());
    }
    addOwnKnobsWithoutDefault(c, spec, local, remote);
    const QMap<QString, QString> socket = spec.knobsOfKind(KnobKind::SocketOption);
    for (auto it = socket.begin(); it != socket.end(); ++it) {
        c.changed.insert(it.key(), it.value());
        c.all.insert(it.key(), it.value());
    }
    // The lab's shaping is part of what a run was: two runs at other rates must say so (A/B,
    // results diff), though the target's text already names it.
    const QMap<QString, QString> shaping = spec.knobsOfKind(KnobKind::LabParameter);
    for (auto it = shaping.begin(); it != shaping.end(); ++it)
        c.all.insert(it.key(), it.value());
    QStringList ownKeys = spec.helperKnobs().keys() + socket.keys();
    for (const QString &key : spec.remoteSysctls().keys())
        ownKeys.append(kRemotePrefix + key);
    for (const QString &key : ownKeys)
        if (c.changed.contains(key))
            c.setByRun.insert(key);
    c.workload = workloadText(spec.workload);
    c.target = targetText(spec);
    if (spec.target.kind == TargetSpec::Kind::Lab && spec.targets().size() == 1) {
        const QString lab = spec.target.labName.isEmpty() ? QString::fromLatin1(kDefaultLabName) : spec.target.labName;
        const LabLayout layout = layoutFor(lab, LabTopology::Direct);
        c.labClientNetns = layout.clientNetns;
        c.labServerNetns = layout.serverNetns;
    }
    return c;
}

QStringList RunConfiguration::changedKeys() const
{
    QStringList own;
    QStringList found;
    for (const QString &key : changed.keys())
        (setByRun.contains(key) ? own : found).append(key);
    return own + found;
}

QString RunConfiguration::changedText() const
{
    QStringList parts;
    for (const QString &key : changedKeys())
        parts.append(QStringLiteral("%1=%2").arg(shortKnobName(key), compactKnobValue(key, changed.value(key))));
    return parts.join(QStringLiteral(", "));
}

QString RunConfiguration::summary() const
{
    const QString text = changedText();
    return text.isEmpty() ? tr("kernel defaults") : tr("changed: %1").arg(text);
}

} // namespace tcptune

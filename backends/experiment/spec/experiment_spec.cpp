#include "experiment/spec/experiment_spec.h"

#include "experiment/spec/spec_enum_names.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"
#include "traffic/traffic_spec.h"

namespace tcptune {

QString TargetSpec::kindName(Kind kind)
{
    return nameOf(kTargetSpecKindNames, kind);
}

QString TargetSpec::describe() const
{
    switch (kind) {
    case TargetSpec::Kind::Lab: return labName.isEmpty() ? QStringLiteral("lab") : QStringLiteral("lab:") + labName;
    case TargetSpec::Kind::Agent: return port ? QStringLiteral("%1:%2").arg(host).arg(port) : host;
    case TargetSpec::Kind::Iperf3:
        return QStringLiteral("iperf3://") + (port ? QStringLiteral("%1:%2").arg(host).arg(port) : host);
    case TargetSpec::Kind::Ssh:
        return QStringLiteral("ssh://") + (user.isEmpty() ? QString() : user + QLatin1Char('@')) +
               (port ? QStringLiteral("%1:%2").arg(host).arg(port) : host);
    }
    return QString();
}

bool TargetSpec::sameEndAs(const TargetSpec &other) const
{
    if (kind != other.kind)
        return false;
    if (kind == Kind::Lab)
        return labName == other.labName;
    const auto effectivePort = [](const TargetSpec &t) {
        if (t.port)
            return t.port;
        switch (t.kind) {
        case Kind::Agent: return int(TrafficTarget::kDefaultAgentPort);
        case Kind::Iperf3: return int(TrafficTarget::kDefaultIperf3Port);
        case Kind::Ssh: return 22;
        case Kind::Lab: break;
        }
        return 0;
    };
    return host.compare(other.host, Qt::CaseInsensitive) == 0 && effectivePort(*this) == effectivePort(other);
}

QList<TargetSpec> ExperimentSpec::targets() const
{
    return QList<TargetSpec>{target} + moreTargets;
}

void ExperimentSpec::setTargets(const QList<TargetSpec> &ends)
{
    Q_ASSERT(!ends.isEmpty());
    target = ends.value(0);
    moreTargets = ends.mid(1);
}

void ExperimentSpec::setUntilPrecise(int minRuns, int maxRuns, double ciPct)
{
    repeats = qMax(2, minRuns);
    maxRepeats = qMax(repeats, maxRuns);
    ciTargetPct = ciPct;
}

QStringList workloadParameters()
{
    return {QStringLiteral("workload.type"),          QStringLiteral("workload.streams"),
            QStringLiteral("workload.write_size"),    QStringLiteral("workload.request_size"),
            QStringLiteral("workload.response_size"), QStringLiteral("workload.header_size"),
            QStringLiteral("workload.direction"),     QStringLiteral("workload.idle_s")};
}

QMap<QString, QString> ExperimentSpec::remoteSysctls() const
{
    QMap<QString, QString> out;
    for (auto it = knobs.begin(); it != knobs.end(); ++it)
        if (it.key().startsWith(kRemotePrefix))
            out.insert(it.key().mid(kRemotePrefix.size()), it.value());
    return out;
}

QMap<QString, QString> ExperimentSpec::knobsOfKind(KnobKind kind) const
{
    QMap<QString, QString> out;
    for (auto it = knobs.begin(); it != knobs.end(); ++it) {
        const KnobInfo *k = KnobCatalogue::instance().find(it.key());
        if (k && k->kind == kind)
            out.insert(it.key(), it.value());
    }
    return out;
}

QMap<QString, QString> ExperimentSpec::helperKnobs() const
{
    QMap<QString, QString> out;
    for (auto it = knobs.begin(); it != knobs.end(); ++it) {
        const KnobInfo *k = KnobCatalogue::instance().find(it.key());
        if (k && k->changedByHelper())
            out.insert(it.key(), it.value());
    }
    return out;
}

QString ExperimentSpec::parameter(const QString &parameter) const
{
    if (parameter == QLatin1String("workload.type"))
        return workloadName(workload.type);
    if (parameter == QLatin1String("workload.direction"))
        return workload.direction;
    if (parameter == QLatin1String("workload.streams"))
        return QString::number(workload.streams);
    if (parameter == QLatin1String("workload.write_size"))
        return QString::number(workload.writeSize);
    if (parameter == QLatin1String("workload.request_size"))
        return QString::number(workload.requestSize);
    if (parameter == QLatin1String("workload.response_size"))
        return QString::number(workload.responseSize);
    if (parameter == QLatin1String("workload.header_size"))
        return QString::number(workload.headerSize);
    if (parameter == QLatin1String("workload.idle_s"))
        return QString::number(workload.idleS);
    return knobs.value(parameter);
}

QString ExperimentSpec::formatValue(const QString &parameter, const QString &value)
{
    if (value.isEmpty())
        return QLatin1String(kDefaultValue);
    if (parameter.endsWith(QLatin1String("_size"))) {
        bool ok = false;
        const qint64 n = value.toLongLong(&ok);
        return ok ? knobvalue::formatInteger(n, Unit::Bytes) : value;
    }
    if (auto k = lookupKnob(parameter))
        return knobvalue::formatHuman(**k, value);
    return value;
}

} // namespace tcptune

#include "experiment/spec/experiment_spec.h"

#include "common/log_text.h"
#include "experiment/spec/experiment_spec_error.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"
#include "traffic/traffic_enum_names.h"
#include "traffic/workload_registry.h"

#include <QRegularExpression>

namespace tcptune {

using specerror::fieldError;

namespace {

// Which end sends: up = this host, down = the target.
const QStringList kDirections = {QStringLiteral("up"), QStringLiteral("down"), QStringLiteral("both")};
constexpr qint64 kMaxMessage = 64LL * 1024 * 1024;
constexpr int kMaxStreams = ExperimentSpec::kMaxStreams;

[[nodiscard]] Result<qint64> parseSize(const QString &parameter, const QString &value, qint64 min, qint64 max)
{
    auto n = knobvalue::parseInteger(value, Unit::Bytes);
    if (!n)
        return std::unexpected(fieldError(parameter, n.error().message));
    if (*n < min || *n > max)
        return std::unexpected(
            fieldError(parameter, ExperimentSpec::tr("%1 is outside %2 .. %3 bytes.").arg(*n).arg(min).arg(max)));
    return *n;
}

// A far end's enum sysctl whose values come from its kernel (tcp_congestion_control): this
// kernel's list says nothing about that one, so any module name passes here and the far helper
// checks it against its own list before it changes anything. Otherwise nothing (this kernel's
// list applies).
std::optional<QStringList> farChoices(const KnobInfo &knob, const QString &parameter, const QString &value)
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9_.-]{1,64}$"));
    const QString text = value.trimmed();
    if (!parameter.startsWith(ExperimentSpec::kRemotePrefix) || knob.type != ValueType::Enum ||
        knob.enumSource.isEmpty() || !name.match(text).hasMatch())
        return std::nullopt;
    return QStringList{text};
}

} // namespace

std::optional<ExperimentSpec::TargetListProblem> ExperimentSpec::targetListProblem(const QList<TargetSpec> &ends)
{
    if (ends.isEmpty())
        return TargetListProblem{-1, tr("the list of ends is empty; give at least one.")};
    if (ends.size() > kMaxTargets)
        return TargetListProblem{
            -1, tr("%1 ends are more than one run drives at once (at most %2); split them into several runs.")
                    .arg(ends.size())
                    .arg(kMaxTargets)};
    for (qsizetype i = 0; i < ends.size(); ++i) {
        if (ends.size() > 1 && ends.at(i).kind == TargetSpec::Kind::Lab)
            return TargetListProblem{i, tr("the local lab runs only as the one end of a run; remove it from the "
                                           "list, or run it alone.")};
        for (qsizetype j = 0; j < i; ++j)
            if (ends.at(i).sameEndAs(ends.at(j)))
                return TargetListProblem{i, tr("%1 is the same end as %2 before it; give each end once.")
                                                .arg(ends.at(i).describe(), ends.at(j).describe())};
    }
    return std::nullopt;
}

Result<void> ExperimentSpec::checkTargets(const QList<TargetSpec> &ends)
{
    const auto problem = targetListProblem(ends);
    if (!problem)
        return {};
    return std::unexpected(
        fieldError(problem->index < 0 ? QStringLiteral("target") : QStringLiteral("target[%1]").arg(problem->index),
                   problem->problem));
}

Result<void> ExperimentSpec::checkRemoteKnobs() const
{
    if (!severalEnds() || remoteSysctls().isEmpty())
        return {}; // one end: the traffic spec says what a non-ssh end with far knobs lacks
    const QList<TargetSpec> ends = targets();
    for (qsizetype i = 0; i < ends.size(); ++i)
        if (ends.at(i).kind != TargetSpec::Kind::Ssh)
            return std::unexpected(fieldError(
                QStringLiteral("knobs"),
                tr("remote: knobs apply to every end, and target[%1] (%2) is not an ssh:// end; make every end an "
                   "ssh:// target or remove the remote: knobs.")
                    .arg(i)
                    .arg(ends.at(i).describe())));
    return {};
}

Result<const KnobInfo *> ExperimentSpec::lookupKnob(const QString &key)
{
    if (!key.startsWith(kRemotePrefix))
        return KnobCatalogue::instance().lookup(key);
    auto knob = KnobCatalogue::instance().lookup(key.mid(kRemotePrefix.size()));
    if (knob && !(*knob)->changedByHelper())
        return fail(tr("only sysctls and link knobs can be set on the far host; socket options apply at the sending "
                       "end wherever "
                       "it is, so give %1 without \"remote:\".")
                        .arg((*knob)->key));
    return knob;
}

Result<QString> ExperimentSpec::canonicalValue(const QString &parameter, const QString &value)
{
    if (parameter.startsWith(QLatin1String("workload."))) {
        ExperimentSpec probe;
        if (auto r = probe.setParameter(parameter, value); !r)
            return std::unexpected(r.error());
        return probe.parameter(parameter);
    }
    auto knob = lookupKnob(parameter);
    if (!knob)
        return std::unexpected(fieldError(parameter, knob.error().message));
    // "default" leaves the knob untouched: the way to sweep "fixed buffer vs autotuning".
    if (value.trimmed().compare(QLatin1String(kDefaultValue), Qt::CaseInsensitive) == 0)
        return QString();
    auto canonical = knobvalue::parse(**knob, value, farChoices(**knob, parameter, value));
    if (!canonical)
        return std::unexpected(fieldError(parameter, canonical.error().message));
    return *canonical;
}

Result<void> ExperimentSpec::setParameter(const QString &parameter, const QString &value)
{
    if (parameter == QLatin1String("workload.type")) {
        // Exactly the name: a spec and a sweep's values write it as the registry does.
        const auto type = parseName(kWorkloadNames, value);
        if (!type)
            return std::unexpected(
                fieldError(parameter, ExperimentSpec::tr("'%1' is not a workload; use one of: %2.")
                                          .arg(logSafe(value, 40), workloadNames().join(QStringLiteral(", ")))));
        workload.type = *type;
        return {};
    }
    if (parameter == QLatin1String("workload.direction")) {
        if (!kDirections.contains(value))
            return std::unexpected(
                fieldError(parameter, ExperimentSpec::tr("'%1' is not a direction; use one of: %2.")
                                          .arg(logSafe(value, 40), kDirections.join(QStringLiteral(", ")))));
        workload.direction = value;
        return {};
    }
    if (parameter == QLatin1String("workload.streams")) {
        bool ok = false;
        const int n = value.trimmed().toInt(&ok);
        if (!ok || n < 1 || n > kMaxStreams)
            return std::unexpected(fieldError(
                parameter,
                ExperimentSpec::tr("'%1' is not a stream count; give 1 .. %2.").arg(value).arg(kMaxStreams)));
        workload.streams = n;
        return {};
    }
    if (parameter == QLatin1String("workload.idle_s")) {
        bool ok = false;
        const double s = value.trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(s) || s < 0 || s > 600)
            return std::unexpected(fieldError(
                parameter, ExperimentSpec::tr("'%1' is not an idle phase; give 0 .. 600 seconds.").arg(value)));
        workload.idleS = s;
        return {};
    }
    struct SizeField {
        const char *name;
        qint64 WorkloadSpec::*member;
        qint64 min;
    };
    static const SizeField sizes[] = {
        {"workload.write_size", &WorkloadSpec::writeSize, 1},
        {"workload.request_size", &WorkloadSpec::requestSize, 1},
        {"workload.response_size", &WorkloadSpec::responseSize, 0},
        {"workload.header_size", &WorkloadSpec::headerSize, 1},
    };
    for (const SizeField &f : sizes) {
        if (parameter != QLatin1String(f.name))
            continue;
        auto n = parseSize(parameter, value, f.min, kMaxMessage);
        if (!n)
            return std::unexpected(n.error());
        workload.*f.member = *n;
        return {};
    }
    if (parameter.startsWith(QLatin1String("workload.")))
        return std::unexpected(
            fieldError(parameter, ExperimentSpec::tr("unknown workload parameter; sweepable ones are: %1.")
                                      .arg(workloadParameters().join(QStringLiteral(", ")))));
    auto canonical = value.isEmpty() ? Result<QString>(QString()) : canonicalValue(parameter, value);
    if (!canonical)
        return std::unexpected(canonical.error());
    if (canonical->isEmpty())
        knobs.remove(parameter);
    else
        knobs.insert(parameter, *canonical);
    return {};
}

} // namespace tcptune

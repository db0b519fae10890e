#include "experiment/spec/sweep_plan.h"

#include "common/log_text.h"
#include "experiment/spec/parameter_heading.h"
#include "experiment/spec/preset_notes.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"
#include "traffic/ssh_channel.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <random>

namespace tcptune {
namespace {

Error fieldError(const QString &field, const QString &problem)
{
    return Error{ExperimentSpec::tr("Spec field '%1': %2").arg(field, problem)};
}

// What an ssh target makes this host execute (the ssh command line), so --dry-run and the
// report show it before anything runs; empty for the other kinds.
QStringList executedCommand(const TargetSpec &target)
{
    if (target.kind != TargetSpec::Kind::Ssh)
        return {};
    TrafficSpec spec;
    spec.target.kind = TargetKind::Ssh;
    spec.target.host = target.host;
    spec.target.port = std::uint16_t(target.port);
    spec.target.user = target.user;
    spec.sshConfig = target.sshConfig;
    return QStringList{QStringLiteral("ssh")} + SshChannel::arguments(spec);
}

bool isLabParameter(const QString &parameter)
{
    const KnobInfo *k = KnobCatalogue::instance().find(parameter);
    return k && k->kind == KnobKind::LabParameter;
}

// A swept value: as a spec writes a knob's value, or null for "default".
std::optional<QString> jsonScalarText(const QJsonValue &v)
{
    if (v.isNull())
        return QString::fromLatin1(ExperimentSpec::kDefaultValue);
    return ExperimentSpec::valueTextOf(v);
}

// The integer unit a range over PARAMETER is written in.
Unit unitOf(const QString &parameter)
{
    if (parameter.startsWith(QLatin1String("workload.")))
        return parameter == QLatin1String("workload.streams") ? Unit::None : Unit::Bytes;
    const auto k = ExperimentSpec::lookupKnob(parameter);
    return k ? (*k)->unit : Unit::None;
}

[[nodiscard]] Result<QStringList> expandRange(const QString &parameter, const QJsonObject &range, const QString &field)
{
    for (auto it = range.begin(); it != range.end(); ++it)
        if (!QStringList{QStringLiteral("from"), QStringLiteral("to"), QStringLiteral("steps"), QStringLiteral("scale")}
                 .contains(it.key()))
            return std::unexpected(fieldError(field + QStringLiteral(".") + it.key(),
                                              SweepPlan::tr("unknown field; use from, to, steps, scale.")));
    const Unit unit = unitOf(parameter);
    const auto k = ExperimentSpec::lookupKnob(parameter);
    if (k && (*k)->type != ValueType::Integer)
        return std::unexpected(fieldError(
            field, SweepPlan::tr("%1 is not a number knob; list its values instead of a range.").arg(parameter)));
    if (parameter == QLatin1String("workload.type") || parameter == QLatin1String("workload.direction"))
        return std::unexpected(fieldError(field, SweepPlan::tr("%1 has no range; list its values.").arg(parameter)));
    std::int64_t ends[2] = {0, 0};
    const char *names[2] = {"from", "to"};
    for (int i = 0; i < 2; ++i) {
        const auto text = jsonScalarText(range.value(QLatin1String(names[i])));
        if (!text || text->isEmpty())
            return std::unexpected(fieldError(field + QStringLiteral(".") + QLatin1String(names[i]),
                                              SweepPlan::tr("expected a value such as \"64K\" or 65536.")));
        auto n = knobvalue::parseInteger(*text, unit);
        if (!n)
            return std::unexpected(
                fieldError(field + QStringLiteral(".") + QLatin1String(names[i]), n.error().message));
        ends[i] = *n;
    }
    const QJsonValue stepsValue = range.value(QStringLiteral("steps"));
    if (!stepsValue.isDouble() || stepsValue.toDouble() != std::floor(stepsValue.toDouble()) ||
        stepsValue.toDouble() < 2 || stepsValue.toDouble() > 1000)
        return std::unexpected(fieldError(field + QStringLiteral(".steps"),
                                          SweepPlan::tr("expected the number of values, a whole number 2 .. 1000.")));
    const int steps = int(stepsValue.toDouble());
    const QString scale = range.value(QStringLiteral("scale")).toString(QStringLiteral("linear"));
    if (scale != QLatin1String("linear") && scale != QLatin1String("log"))
        return std::unexpected(
            fieldError(field + QStringLiteral(".scale"), SweepPlan::tr("use \"linear\" or \"log\".")));
    if (scale == QLatin1String("log") && (ends[0] <= 0 || ends[1] <= 0))
        return std::unexpected(fieldError(field, SweepPlan::tr("a log range needs from and to above 0.")));
    QStringList out;
    for (int i = 0; i < steps; ++i) {
        const double f = double(i) / (steps - 1);
        double v =
            scale == QLatin1String("log")
                ? std::exp(std::log(double(ends[0])) + f * (std::log(double(ends[1])) - std::log(double(ends[0]))))
                : double(ends[0]) + f * double(ends[1] - ends[0]);
        const QString text = QString::number(std::llround(v));
        if (!out.contains(text))
            out.append(text);
    }
    return out;
}

// The "sweep" object's axes, each an object, after checking its fields and their number.
[[nodiscard]] Result<QJsonArray> sweepAxesOf(const QJsonValue &sweepValue, int maxAxes)
{
    if (!sweepValue.isObject())
        return std::unexpected(fieldError(QStringLiteral("sweep"), SweepPlan::tr("expected an object with \"axes\".")));
    const QJsonObject sweep = sweepValue.toObject();
    for (auto it = sweep.begin(); it != sweep.end(); ++it)
        if (!QStringList{QStringLiteral("axes"), QStringLiteral("shuffle"), QStringLiteral("seed")}.contains(it.key()))
            return std::unexpected(
                fieldError(QStringLiteral("sweep.") + it.key(),
                           SweepPlan::tr("unknown field; known fields here are: axes, shuffle, seed.")));
    const QJsonValue axesValue = sweep.value(QStringLiteral("axes"));
    if (!axesValue.isUndefined() && !axesValue.isArray())
        return std::unexpected(fieldError(QStringLiteral("sweep.axes"), SweepPlan::tr("expected a list of axes.")));
    const QJsonArray axes = axesValue.toArray();
    if (axes.size() > maxAxes)
        return std::unexpected(
            fieldError(QStringLiteral("sweep.axes"),
                       SweepPlan::tr("%1 axes given; at most %2 are supported.").arg(axes.size()).arg(maxAxes)));
    for (int a = 0; a < axes.size(); ++a) {
        const QString field = QStringLiteral("sweep.axes[%1]").arg(a);
        if (!axes.at(a).isObject())
            return std::unexpected(
                fieldError(field, SweepPlan::tr("expected an object with \"parameter\" and \"values\".")));
        const QJsonObject axis = axes.at(a).toObject();
        for (auto it = axis.begin(); it != axis.end(); ++it)
            if (!QStringList{QStringLiteral("parameter"), QStringLiteral("parameters"), QStringLiteral("values"),
                             QStringLiteral("range")}
                     .contains(it.key()))
                return std::unexpected(
                    fieldError(field + QStringLiteral(".") + it.key(),
                               SweepPlan::tr("unknown field; use parameter (or parameters) with values or range.")));
    }
    return axes;
}

// The parameter (or parameters) an axis turns; unknown ones are named before any value is read.
[[nodiscard]] Result<QStringList> axisParameters(const QJsonObject &axis, const QString &field)
{
    QStringList parameters;
    if (axis.contains(QStringLiteral("parameter"))) {
        if (!axis.value(QStringLiteral("parameter")).isString())
            return std::unexpected(
                fieldError(field + QStringLiteral(".parameter"), SweepPlan::tr("expected a string.")));
        parameters << axis.value(QStringLiteral("parameter")).toString();
    } else {
        const QJsonArray list = axis.value(QStringLiteral("parameters")).toArray();
        for (const QJsonValue &p : list)
            parameters << p.toString();
        if (parameters.isEmpty() || parameters.contains(QString()))
            return std::unexpected(
                fieldError(field + QStringLiteral(".parameter"),
                           SweepPlan::tr("name the swept knob, e.g. \"parameter\": \"socket.SO_SNDBUF\".")));
    }
    for (const QString &p : parameters) {
        if (p.startsWith(QLatin1String("workload."))) {
            if (!workloadParameters().contains(p))
                return std::unexpected(
                    fieldError(field + QStringLiteral(".parameter"),
                               SweepPlan::tr("%1 is not a sweepable workload parameter; use one of: %2.")
                                   .arg(p, workloadParameters().join(QStringLiteral(", ")))));
        } else if (auto k = ExperimentSpec::lookupKnob(p); !k) {
            return std::unexpected(fieldError(field + QStringLiteral(".parameter"), k.error().message));
        }
    }
    return parameters;
}

// One entry of a "values" list: a scalar for one parameter, a list of scalars for several.
[[nodiscard]] Result<QStringList> listedValue(const QJsonValue &value, qsizetype parameters, const QString &valueField)
{
    if (parameters == 1) {
        const auto text = jsonScalarText(value);
        if (!text)
            return std::unexpected(fieldError(valueField, SweepPlan::tr("expected a value such as \"64K\" or 65536.")));
        return QStringList{*text};
    }
    if (!value.isArray())
        return std::unexpected(fieldError(valueField, SweepPlan::tr("expected a list of %1 values.").arg(parameters)));
    QStringList tuple;
    for (const QJsonValue &v : value.toArray()) {
        const auto text = jsonScalarText(v);
        if (!text)
            return std::unexpected(fieldError(valueField, SweepPlan::tr("expected scalar values.")));
        tuple << *text;
    }
    return tuple;
}

// An axis's values, one tuple per position: from "range" (one parameter) or from "values".
[[nodiscard]] Result<QList<QStringList>> axisValues(const QJsonObject &axis, const QStringList &parameters,
                                                    const QString &field)
{
    QList<QStringList> tuples;
    if (axis.contains(QStringLiteral("range"))) {
        if (parameters.size() != 1)
            return std::unexpected(fieldError(field + QStringLiteral(".range"),
                                              SweepPlan::tr("a range sweeps one parameter; list tuples for several.")));
        if (!axis.value(QStringLiteral("range")).isObject())
            return std::unexpected(
                fieldError(field + QStringLiteral(".range"), SweepPlan::tr("expected {\"from\", \"to\", \"steps\"}.")));
        auto values = expandRange(parameters.first(), axis.value(QStringLiteral("range")).toObject(),
                                  field + QStringLiteral(".range"));
        if (!values)
            return std::unexpected(values.error());
        for (const QString &v : *values)
            tuples.append(QStringList{v});
        return tuples;
    }
    const QJsonValue valuesValue = axis.value(QStringLiteral("values"));
    if (!valuesValue.isArray())
        return std::unexpected(fieldError(field + QStringLiteral(".values"),
                                          SweepPlan::tr("expected a list of values (or a \"range\").")));
    const QJsonArray values = valuesValue.toArray();
    for (int i = 0; i < values.size(); ++i) {
        auto tuple = listedValue(values.at(i), parameters.size(), QStringLiteral("%1.values[%2]").arg(field).arg(i));
        if (!tuple)
            return std::unexpected(tuple.error());
        tuples.append(*tuple);
    }
    return tuples;
}
} // namespace

QString SweepAxis::label(int i) const
{
    if (i < 0 || i >= values.size())
        return QString();
    QStringList parts;
    for (int p = 0; p < parameters.size(); ++p)
        parts.append(ExperimentSpec::formatValue(parameters.at(p), values.at(i).value(p)));
    return parts.join(QStringLiteral(" + "));
}

SweepPlan::SweepPlan(ExperimentSpec spec)
    : m_spec(std::move(spec))
{
}

Result<void> SweepPlan::checkAxis(const SweepAxis &axis, const QString &field) const
{
    if (axis.parameters.isEmpty())
        return std::unexpected(fieldError(field + QStringLiteral(".parameter"), SweepPlan::tr("no parameter named.")));
    if (axis.values.isEmpty())
        return std::unexpected(
            fieldError(field + QStringLiteral(".values"),
                       SweepPlan::tr("the axis over %1 has no values; give at least one.").arg(axis.name())));
    QSet<QString> own;
    for (const QString &p : axis.parameters) {
        if (own.contains(p))
            return std::unexpected(
                fieldError(field + QStringLiteral(".parameters"), SweepPlan::tr("%1 is named twice.").arg(p)));
        own.insert(p);
        for (const SweepAxis &other : m_axes)
            if (other.parameters.contains(p))
                return std::unexpected(fieldError(
                    field + QStringLiteral(".parameter"),
                    SweepPlan::tr("%1 is already swept by another axis; a 2-D sweep needs two different parameters.")
                        .arg(p)));
    }
    QSet<QStringList> seen;
    for (int i = 0; i < axis.values.size(); ++i) {
        if (seen.contains(axis.values.at(i)))
            return std::unexpected(
                fieldError(QStringLiteral("%1.values[%2]").arg(field).arg(i),
                           SweepPlan::tr("the value %1 appears twice on this axis.").arg(axis.label(i))));
        seen.insert(axis.values.at(i));
    }
    return {};
}

Result<void> SweepPlan::addAxis(const QStringList &parameters, const QList<QStringList> &values)
{
    const QString field = QStringLiteral("sweep.axes[%1]").arg(m_axes.size());
    if (m_axes.size() >= kMaxAxes)
        return std::unexpected(
            fieldError(QStringLiteral("sweep.axes"), SweepPlan::tr("at most %1 axes.").arg(kMaxAxes)));
    SweepAxis axis;
    axis.parameters = parameters;
    for (int i = 0; i < values.size(); ++i) {
        const QStringList &tuple = values.at(i);
        if (tuple.size() != parameters.size())
            return std::unexpected(
                fieldError(QStringLiteral("%1.values[%2]").arg(field).arg(i),
                           SweepPlan::tr("give %1 values, one per parameter.").arg(parameters.size())));
        QStringList canonical;
        for (int p = 0; p < parameters.size(); ++p) {
            auto c = ExperimentSpec::canonicalValue(parameters.at(p), tuple.at(p));
            if (!c) {
                // Name the value's place in the file; the parameter's own prefix would name it twice.
                QString problem = c.error().message;
                const QString prefix = fieldError(parameters.at(p), QString()).message;
                if (problem.startsWith(prefix))
                    problem = problem.mid(prefix.size());
                return std::unexpected(fieldError(QStringLiteral("%1.values[%2]").arg(field).arg(i), problem));
            }
            canonical.append(*c);
        }
        axis.values.append(canonical);
    }
    if (auto r = checkAxis(axis, field); !r)
        return r;
    QJsonArray list;
    for (const QStringList &tuple : values)
        list.append(parameters.size() == 1 ? QJsonValue(tuple.value(0))
                                           : QJsonValue(QJsonArray::fromStringList(tuple)));
    axis.source = parameters.size() == 1
                      ? QJsonObject{{QStringLiteral("parameter"), parameters.first()}, {QStringLiteral("values"), list}}
                      : QJsonObject{{QStringLiteral("parameters"), QJsonArray::fromStringList(parameters)},
                                    {QStringLiteral("values"), list}};
    m_axes.append(axis);
    return {};
}

Result<void> SweepPlan::addAxis(const QString &parameter, const QStringList &values)
{
    QList<QStringList> tuples;
    for (const QString &v : values)
        tuples.append(QStringList{v});
    return addAxis(QStringList{parameter}, tuples);
}

QList<SweepPoint> SweepPlan::points() const
{
    QList<SweepPoint> out;
    QList<int> sizes;
    for (const SweepAxis &a : m_axes)
        sizes.append(a.size());
    int total = 1;
    for (int s : sizes)
        total *= s;
    for (int i = 0; i < total; ++i) {
        SweepPoint p;
        p.index = i;
        // The first axis varies slowest, so rows of a 2-D table group by the first axis.
        int rest = i;
        QList<int> positions(m_axes.size());
        for (int a = int(m_axes.size()) - 1; a >= 0; --a) {
            positions[a] = rest % sizes[a];
            rest /= sizes[a];
        }
        p.positions = positions;
        for (int a = 0; a < m_axes.size(); ++a) {
            const SweepAxis &axis = m_axes.at(a);
            for (int k = 0; k < axis.parameters.size(); ++k)
                p.settings.insert(axis.parameters.at(k), axis.values.at(positions[a]).at(k));
            p.labels.append(axis.label(positions[a]));
        }
        out.append(p);
    }
    return out;
}

QList<PlannedRun> SweepPlan::runs() const
{
    QList<PlannedRun> out;
    const int pointCount = int(points().size());
    for (int p = 0; p < pointCount; ++p)
        for (int r = 0; r < repeats(); ++r)
            out.append(PlannedRun{0, p, r});
    if (m_shuffle) {
        std::mt19937 rng(m_seed);
        std::shuffle(out.begin(), out.end(), rng);
    }
    for (int i = 0; i < out.size(); ++i)
        out[i].index = i;
    return out;
}

ExperimentSpec SweepPlan::specForPoint(int index) const
{
    ExperimentSpec spec = m_spec;
    const QList<SweepPoint> all = points();
    if (index < 0 || index >= all.size())
        return spec;
    for (auto it = all.at(index).settings.begin(); it != all.at(index).settings.end(); ++it)
        (void)spec.setParameter(it.key(), it.value()); // canonical values were validated by addAxis
    return spec;
}

double SweepPlan::expectedDurationS() const
{
    const QList<PlannedRun> order = runs();
    const QList<SweepPoint> all = points();
    double total = 0;
    QMap<QString, QString> lastLab;
    bool first = true;
    for (const PlannedRun &run : order) {
        QMap<QString, QString> lab;
        for (auto it = all.at(run.point).settings.begin(); it != all.at(run.point).settings.end(); ++it)
            if (isLabParameter(it.key()))
                lab.insert(it.key(), it.value());
        if (first || lab != lastLab)
            total += kLabReshapeS;
        lastLab = lab;
        total += m_spec.omitS + m_spec.durationS + kRunOverheadS;
        if (!first)
            total += m_spec.pauseS;
        first = false;
    }
    return total;
}

QString SweepPlan::labNoteLine() const
{
    if (m_spec.target.kind != TargetSpec::Kind::Lab || m_spec.labNote.isEmpty())
        return QString();
    return SweepPlan::tr("In the lab: %1").arg(translatedLabNote(m_spec.labNote));
}

QList<QStringList> SweepPlan::executedCommands() const
{
    QList<QStringList> commands;
    for (const TargetSpec &target : m_spec.targets())
        if (QStringList command = executedCommand(target); !command.isEmpty())
            commands.append(command);
    return commands;
}

QString SweepPlan::describe() const
{
    QStringList lines;
    lines << SweepPlan::tr("Experiment: %1").arg(m_spec.name.isEmpty() ? SweepPlan::tr("(unnamed)") : m_spec.name);
    lines << SweepPlan::tr("Target: %1").arg(m_spec.target.describe());
    for (const QStringList &command : executedCommands())
        lines << SweepPlan::tr("Runs on this host: %1").arg(logSafe(command.join(QLatin1Char(' ')), 1000));
    if (const QString note = labNoteLine(); !note.isEmpty())
        lines << note;
    lines << SweepPlan::tr("Workload: %1, %2 stream(s), %3 s per run (%4 s omitted), sampling every %5 ms%6")
                 .arg(workloadName(m_spec.workload.type))
                 .arg(m_spec.workload.streams)
                 .arg(m_spec.durationS)
                 .arg(m_spec.omitS)
                 .arg(m_spec.sampleMs)
                 .arg(m_spec.capture ? SweepPlan::tr(", with capture") : QString());
    for (auto it = m_spec.knobs.begin(); it != m_spec.knobs.end(); ++it)
        lines << SweepPlan::tr("Knob: %1 = %2").arg(it.key(), ExperimentSpec::formatValue(it.key(), it.value()));
    for (int a = 0; a < m_axes.size(); ++a) {
        QStringList labels;
        for (int i = 0; i < m_axes.at(a).size(); ++i)
            labels << m_axes.at(a).label(i);
        lines << SweepPlan::tr("Axis %1: %2 = %3")
                     .arg(a + 1)
                     .arg(axisHeading(*this, a), labels.join(QStringLiteral(", ")));
    }
    const int pointCount = int(points().size());
    lines << SweepPlan::tr("Points: %1, repeats: %2, runs: %3, order: %4")
                 .arg(pointCount)
                 .arg(repeats())
                 .arg(pointCount * repeats())
                 .arg(m_shuffle ? SweepPlan::tr("shuffled (seed %1)").arg(m_seed) : SweepPlan::tr("in sequence"));
    if (m_spec.untilPrecise())
        lines << SweepPlan::tr("Then more runs of each point until its 95 % CI is within %1 % of its mean, up to %2 "
                               "runs a point (%3 in all).")
                     .arg(m_spec.ciTargetPct)
                     .arg(m_spec.maxRepeats)
                     .arg(pointCount * m_spec.maxRepeats);
    lines << SweepPlan::tr("Expected duration: about %1 s").arg(std::ceil(expectedDurationS()));
    return lines.join(QLatin1Char('\n'));
}

QJsonObject SweepPlan::toJson() const
{
    QJsonObject o = m_spec.toJson();
    QJsonArray axes;
    for (const SweepAxis &a : m_axes)
        axes.append(a.source);
    QJsonObject sweep{{QStringLiteral("axes"), axes}};
    if (m_shuffle) {
        sweep.insert(QStringLiteral("shuffle"), true);
        sweep.insert(QStringLiteral("seed"), double(m_seed));
    }
    o.insert(QStringLiteral("sweep"), sweep);
    return o;
}

QByteArray SweepPlan::toJsonText() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
}

Result<SweepPlan> SweepPlan::fromJson(const QJsonObject &json)
{
    // "tune": a tune's stored plan (and a spec's tune object), read by TuneSpec.
    auto spec = ExperimentSpec::fromJson(json, {QStringLiteral("sweep"), QStringLiteral("tune")});
    if (!spec)
        return std::unexpected(spec.error());
    SweepPlan plan(*spec);
    const QJsonValue sweepValue = json.value(QStringLiteral("sweep"));
    if (sweepValue.isUndefined())
        return plan;
    auto axes = sweepAxesOf(sweepValue, kMaxAxes);
    if (!axes)
        return std::unexpected(axes.error());
    for (int a = 0; a < axes->size(); ++a) {
        const QString field = QStringLiteral("sweep.axes[%1]").arg(a);
        const QJsonObject axis = axes->at(a).toObject();
        auto parameters = axisParameters(axis, field);
        if (!parameters)
            return std::unexpected(parameters.error());
        auto tuples = axisValues(axis, *parameters, field);
        if (!tuples)
            return std::unexpected(tuples.error());
        if (auto r = plan.addAxis(*parameters, *tuples); !r)
            return std::unexpected(r.error());
        plan.m_axes.last().source = axis;
    }
    const QJsonObject sweep = sweepValue.toObject();
    const QJsonValue shuffle = sweep.value(QStringLiteral("shuffle"));
    if (!shuffle.isUndefined() && !shuffle.isBool())
        return std::unexpected(fieldError(QStringLiteral("sweep.shuffle"), SweepPlan::tr("expected true or false.")));
    const QJsonValue seed = sweep.value(QStringLiteral("seed"));
    if (!seed.isUndefined() && (!seed.isDouble() || seed.toDouble() < 0 || seed.toDouble() > 4294967295.0))
        return std::unexpected(
            fieldError(QStringLiteral("sweep.seed"), SweepPlan::tr("expected a whole number 0 .. 4294967295.")));
    plan.setShuffle(shuffle.toBool(false), quint32(seed.toDouble(1)));
    if (qint64(plan.points().size()) * plan.repeats() > kMaxRuns)
        return std::unexpected(fieldError(QStringLiteral("sweep"),
                                          SweepPlan::tr("more than %1 runs; reduce values or repeats.").arg(kMaxRuns)));
    return plan;
}

Result<SweepPlan> SweepPlan::fromJsonText(const QByteArray &text)
{
    auto object = ExperimentSpec::objectFromJsonText(text);
    if (!object)
        return std::unexpected(object.error());
    return fromJson(*object);
}

QString axisHeading(const SweepPlan &plan, int a)
{
    return parametersHeading(plan.spec(), plan.axes().at(a).parameters);
}

QString axesHeading(const SweepPlan &plan)
{
    QStringList headings;
    for (int a = 0; a < plan.axes().size(); ++a)
        headings << axisHeading(plan, a);
    return headings.join(QStringLiteral(" x "));
}

} // namespace tcptune

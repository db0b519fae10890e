#include "experiment/spec/experiment_spec.h"

#include "common/log_text.h"
#include "experiment/spec/experiment_spec_error.h"
#include "experiment/spec/spec_enum_names.h"
#include "knobs/knob_value.h"
#include "traffic/traffic_spec.h"
#include "traffic/workload_registry.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace tcptune {

using specerror::fieldError;

namespace {

constexpr double kMaxDuration = ExperimentSpec::kMaxDurationS;

QString jsonTypeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("true/false");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("a list");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("nothing");
}

[[nodiscard]] Result<void> rejectUnknown(const QJsonObject &o, const QStringList &known, const QString &prefix)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!known.contains(it.key()))
            return std::unexpected(fieldError(
                prefix + it.key(),
                ExperimentSpec::tr("unknown field; known fields here are: %1.").arg(known.join(QStringLiteral(", ")))));
    }
    return {};
}

[[nodiscard]] Result<double> readNumber(const QJsonObject &o, const QString &key, const QString &field, double min,
                                        double max, double fallback)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        return fallback;
    if (!v.isDouble())
        return std::unexpected(
            fieldError(field, ExperimentSpec::tr("expected a number, got %1.").arg(jsonTypeName(v))));
    const double d = v.toDouble();
    if (!std::isfinite(d) || d < min || d > max)
        return std::unexpected(
            fieldError(field, ExperimentSpec::tr("%1 is outside %2 .. %3.").arg(d).arg(min).arg(max)));
    return d;
}

[[nodiscard]] Result<qint64> readInteger(const QJsonObject &o, const QString &key, const QString &field, qint64 min,
                                         qint64 max, qint64 fallback)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        return fallback;
    if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()))
        return std::unexpected(
            fieldError(field, ExperimentSpec::tr("expected a whole number, got %1.").arg(jsonTypeName(v))));
    const auto n = qint64(v.toDouble());
    if (n < min || n > max)
        return std::unexpected(
            fieldError(field, ExperimentSpec::tr("%1 is outside %2 .. %3.").arg(n).arg(min).arg(max)));
    return n;
}

[[nodiscard]] Result<QString> readString(const QJsonObject &o, const QString &key, const QString &field,
                                         const QString &fallback)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        return fallback;
    if (!v.isString())
        return std::unexpected(
            fieldError(field, ExperimentSpec::tr("expected a string, got %1.").arg(jsonTypeName(v))));
    return v.toString();
}

[[nodiscard]] Result<bool> readBool(const QJsonObject &o, const QString &key, const QString &field, bool fallback)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        return fallback;
    if (!v.isBool())
        return std::unexpected(
            fieldError(field, ExperimentSpec::tr("expected true or false, got %1.").arg(jsonTypeName(v))));
    return v.toBool();
}

// A knob value in JSON may be a string ("256K"), a number (262144) or a boolean (switches).
[[nodiscard]] Result<QString> valueText(const QJsonValue &v, const QString &field)
{
    if (auto text = ExperimentSpec::valueTextOf(v))
        return *text;
    return std::unexpected(fieldError(
        field, ExperimentSpec::tr("expected a value such as \"256K\", 262144 or true, got %1.").arg(jsonTypeName(v))));
}

[[nodiscard]] Result<void> checkVersion(const QJsonObject &json, int understood)
{
    auto version = readInteger(json, QStringLiteral("version"), QStringLiteral("version"), 1, 1000, understood);
    if (!version)
        return std::unexpected(version.error());
    if (*version > understood)
        return std::unexpected(
            fieldError(QStringLiteral("version"),
                       ExperimentSpec::tr("format %1 is newer than this tcptune understands (%2); update tcptune.")
                           .arg(*version)
                           .arg(understood)));
    return {};
}

// "knobs": catalogue keys with their values, each parsed into its canonical form.
[[nodiscard]] Result<QMap<QString, QString>> parseKnobs(const QJsonValue &knobsValue)
{
    if (!knobsValue.isUndefined() && !knobsValue.isObject())
        return std::unexpected(fieldError(
            QStringLiteral("knobs"),
            ExperimentSpec::tr("expected an object of \"key\": value, got %1.").arg(jsonTypeName(knobsValue))));
    QMap<QString, QString> knobs;
    const QJsonObject knobObject = knobsValue.toObject();
    for (auto it = knobObject.begin(); it != knobObject.end(); ++it) {
        const QString field = QStringLiteral("knobs.") + it.key();
        if (it.key().startsWith(QLatin1String("workload.")))
            return std::unexpected(
                fieldError(field, ExperimentSpec::tr("workload parameters go into \"workload\", not \"knobs\".")));
        auto text = valueText(it.value(), field);
        if (!text)
            return std::unexpected(text.error());
        auto knob = ExperimentSpec::lookupKnob(it.key());
        if (!knob)
            return std::unexpected(fieldError(field, knob.error().message));
        auto canonical = knobvalue::parse(**knob, *text);
        if (!canonical)
            return std::unexpected(fieldError(field, canonical.error().message));
        knobs.insert(it.key(), *canonical);
    }
    return knobs;
}

// "repeats": a whole number of runs per point, or {"min": 3, "max": 20, "ci_pct": 2}: at least
// min runs, then more until the throughput's 95 % interval is within ci_pct % of its mean or max
// runs ended (docs/experiment-spec.md).
[[nodiscard]] Result<void> readRepeats(const QJsonObject &json, ExperimentSpec &spec)
{
    const QJsonValue v = json.value(QStringLiteral("repeats"));
    if (!v.isObject()) {
        auto repeats = readInteger(json, QStringLiteral("repeats"), QStringLiteral("repeats"), 1, 1000, 1);
        if (!repeats)
            return std::unexpected(repeats.error());
        spec.repeats = int(*repeats);
        return {};
    }
    const QJsonObject o = v.toObject();
    if (auto r = rejectUnknown(o, {QStringLiteral("min"), QStringLiteral("max"), QStringLiteral("ci_pct")},
                               QStringLiteral("repeats."));
        !r)
        return r;
    auto min = readInteger(o, QStringLiteral("min"), QStringLiteral("repeats.min"), 2, 1000, 3);
    auto max = readInteger(o, QStringLiteral("max"), QStringLiteral("repeats.max"), 2, 1000, 20);
    auto pct = readNumber(o, QStringLiteral("ci_pct"), QStringLiteral("repeats.ci_pct"), 1e-6, 100, 2);
    if (!min)
        return std::unexpected(min.error());
    if (!max)
        return std::unexpected(max.error());
    if (!pct)
        return std::unexpected(pct.error());
    if (*max < *min)
        return std::unexpected(fieldError(
            QStringLiteral("repeats.max"),
            ExperimentSpec::tr("%1 is below repeats.min (%2); make it at least as large.").arg(*max).arg(*min)));
    spec.repeats = int(*min);
    spec.maxRepeats = int(*max);
    spec.ciTargetPct = *pct;
    return {};
}

// How each run goes: capture, duration, omitted start, repeats, pause between runs, sampling.
[[nodiscard]] Result<void> readRunShape(const QJsonObject &json, ExperimentSpec &spec)
{
    auto capture = readBool(json, QStringLiteral("capture"), QStringLiteral("capture"), false);
    auto duration = readNumber(json, QStringLiteral("duration_s"), QStringLiteral("duration_s"),
                               ExperimentSpec::kMinDurationS, kMaxDuration, 10);
    auto omit = readNumber(json, QStringLiteral("omit_s"), QStringLiteral("omit_s"), 0, kMaxDuration, 0);
    auto pause = readNumber(json, QStringLiteral("pause_s"), QStringLiteral("pause_s"), 0, 600, 0);
    auto sample =
        readInteger(json, QStringLiteral("sample_ms"), QStringLiteral("sample_ms"), TrafficLimits::kMinSampleMs,
                    ExperimentSpec::kMaxSampleMs, TrafficLimits::kDefaultSampleMs);
    if (!capture)
        return std::unexpected(capture.error());
    if (!duration)
        return std::unexpected(duration.error());
    if (!omit)
        return std::unexpected(omit.error());
    if (auto repeats = readRepeats(json, spec); !repeats)
        return repeats;
    if (!pause)
        return std::unexpected(pause.error());
    if (!sample)
        return std::unexpected(sample.error());
    if (*omit >= *duration)
        return std::unexpected(
            fieldError(QStringLiteral("omit_s"), ExperimentSpec::tr("%1 s leaves nothing of a %2 s run; make it "
                                                                    "shorter than duration_s.")
                                                     .arg(*omit)
                                                     .arg(*duration)));
    spec.capture = *capture;
    spec.durationS = *duration;
    spec.omitS = *omit;
    spec.pauseS = *pause;
    spec.sampleMs = int(*sample);
    return {};
}

// "ssh://[USER@]HOST[:PORT]", read as `tcptune run --target` reads it.
[[nodiscard]] Result<TargetSpec> sshTarget(const QString &text, const QString &field)
{
    auto parsed = TrafficTarget::parse(text);
    if (!parsed)
        return std::unexpected(fieldError(field, parsed.error().message));
    TargetSpec t;
    t.kind = TargetSpec::Kind::Ssh;
    t.host = parsed->host;
    t.port = parsed->port;
    t.user = parsed->user;
    return t;
}

// Shorthand: "lab", "lab:NAME", "HOST[:PORT]" (agent), "iperf3://HOST[:PORT]", "ssh://[USER@]HOST[:PORT]".
// FIELD names it in errors ("target", or "target[1]" in a list).
[[nodiscard]] Result<TargetSpec> parseTargetText(QString s, const QString &field)
{
    TargetSpec t;
    if (s == QLatin1String("lab"))
        return t;
    if (s.startsWith(QLatin1String("lab:"))) {
        t.labName = s.mid(4);
        return t;
    }
    if (s.startsWith(QLatin1String("ssh://")))
        return sshTarget(s, field);
    t.kind = TargetSpec::Kind::Agent;
    if (s.startsWith(QLatin1String("iperf3://"))) {
        t.kind = TargetSpec::Kind::Iperf3;
        s = s.mid(9);
    }
    const int colon = s.lastIndexOf(QLatin1Char(':'));
    if (colon > 0 && !s.contains(QLatin1Char(']')) && s.count(QLatin1Char(':')) == 1) {
        bool ok = false;
        t.port = s.mid(colon + 1).toInt(&ok);
        if (!ok || t.port < 1 || t.port > 65535)
            return std::unexpected(
                fieldError(field, ExperimentSpec::tr("'%1' is not a valid port.").arg(s.mid(colon + 1))));
        s = s.left(colon);
    }
    if (s.isEmpty())
        return std::unexpected(fieldError(field, ExperimentSpec::tr("no host given; write \"lab\", "
                                                                    "\"HOST:PORT\" or \"iperf3://HOST\".")));
    // An IPv6 address keeps its brackets here ("[::1]:5300" is a host the agent client resolves).
    if (auto host = TrafficTarget::checkHost(QString(s).remove(QLatin1Char('[')).remove(QLatin1Char(']'))); !host)
        return std::unexpected(fieldError(field, host.error().message));
    t.host = s;
    return t;
}

[[nodiscard]] Result<TargetSpec::Kind> parseTargetKind(const QString &kind)
{
    if (const auto known = parseName(kTargetSpecKindNames, kind))
        return *known;
    return std::unexpected(fieldError(
        QStringLiteral("target.kind"),
        ExperimentSpec::tr("'%1' is not a target kind; use lab, agent, iperf3 or ssh.").arg(logSafe(kind, 40))));
}

// One end as an object; FIELD names it in errors ("target", or "target[1]" in a list).
[[nodiscard]] Result<TargetSpec> parseTargetObject(const QJsonObject &o, const QString &field)
{
    const QString prefix = field + QLatin1Char('.');
    if (auto r = rejectUnknown(o,
                               {QStringLiteral("kind"), QStringLiteral("host"), QStringLiteral("port"),
                                QStringLiteral("lab"), QStringLiteral("user"), QStringLiteral("ssh_config")},
                               prefix);
        !r)
        return std::unexpected(r.error());
    TargetSpec t;
    auto kindText = readString(o, QStringLiteral("kind"), prefix + QStringLiteral("kind"), QStringLiteral("lab"));
    if (!kindText)
        return std::unexpected(kindText.error());
    auto kind = parseTargetKind(*kindText);
    if (!kind)
        return std::unexpected(kind.error());
    t.kind = *kind;
    for (const auto &[name, member] :
         {std::pair{"host", &TargetSpec::host}, std::pair{"lab", &TargetSpec::labName},
          std::pair{"user", &TargetSpec::user}, std::pair{"ssh_config", &TargetSpec::sshConfig}}) {
        auto text = readString(o, QString::fromLatin1(name), prefix + QString::fromLatin1(name), QString());
        if (!text)
            return std::unexpected(text.error());
        t.*member = *text;
    }
    auto port = readInteger(o, QStringLiteral("port"), prefix + QStringLiteral("port"), 0, 65535, 0);
    if (!port)
        return std::unexpected(port.error());
    t.port = int(*port);
    if (t.kind != TargetSpec::Kind::Lab && t.host.isEmpty())
        return std::unexpected(
            fieldError(prefix + QStringLiteral("host"),
                       ExperimentSpec::tr("a %1 target needs a host.").arg(TargetSpec::kindName(t.kind))));
    // The same checks as the command line's: a host ssh could read as an option
    // ("-oProxyCommand=...") or a user name that is not one never reaches ssh.
    if (auto host = t.host.isEmpty() ? Result<void>() : TrafficTarget::checkHost(t.host); !host)
        return std::unexpected(fieldError(prefix + QStringLiteral("host"), host.error().message));
    if (auto user = t.user.isEmpty() ? Result<void>() : TrafficTarget::checkUser(t.user); !user)
        return std::unexpected(fieldError(prefix + QStringLiteral("user"), user.error().message));
    return t;
}

// One end: a string (shorthand) or an object.
[[nodiscard]] Result<TargetSpec> parseOneTarget(const QJsonValue &v, const QString &field)
{
    if (v.isString())
        return parseTargetText(v.toString().trimmed(), field);
    if (!v.isObject())
        return std::unexpected(
            fieldError(field, ExperimentSpec::tr("expected an object or a string, got %1.").arg(jsonTypeName(v))));
    return parseTargetObject(v.toObject(), field);
}

// "target": one end (object or string), or a list of them (several ends at once).
[[nodiscard]] Result<QList<TargetSpec>> parseTargets(const QJsonValue &v)
{
    if (v.isUndefined())
        return QList<TargetSpec>{TargetSpec{}};
    if (!v.isArray()) {
        auto one = parseOneTarget(v, QStringLiteral("target"));
        if (!one)
            return std::unexpected(one.error());
        return QList<TargetSpec>{*one};
    }
    const QJsonArray list = v.toArray();
    QList<TargetSpec> ends;
    for (qsizetype i = 0; i < list.size(); ++i) {
        auto one = parseOneTarget(list.at(i), QStringLiteral("target[%1]").arg(i));
        if (!one)
            return std::unexpected(one.error());
        ends.append(*one);
    }
    if (auto valid = ExperimentSpec::checkTargets(ends); !valid)
        return std::unexpected(valid.error());
    return ends;
}

[[nodiscard]] Result<WorkloadSpec> parseWorkloadObject(const QJsonValue &v)
{
    WorkloadSpec w;
    if (v.isUndefined())
        return w;
    if (!v.isObject())
        return std::unexpected(fieldError(QStringLiteral("workload"),
                                          ExperimentSpec::tr("expected an object, got %1.").arg(jsonTypeName(v))));
    const QJsonObject o = v.toObject();
    if (auto r = rejectUnknown(o,
                               {QStringLiteral("type"), QStringLiteral("streams"), QStringLiteral("write_size"),
                                QStringLiteral("request_size"), QStringLiteral("response_size"),
                                QStringLiteral("header_size"), QStringLiteral("latency_probe"),
                                QStringLiteral("direction"), QStringLiteral("idle_s")},
                               QStringLiteral("workload."));
        !r)
        return std::unexpected(r.error());
    for (const QString &field : workloadParameters()) {
        const QString key = field.mid(9);
        const QJsonValue fv = o.value(key);
        if (fv.isUndefined())
            continue;
        // A number as it is: idle_s takes fractions ("idle_s": 2.5, as the workbench writes it),
        // and a size field says itself what it makes of one.
        auto text = fv.isString()   ? Result<QString>(fv.toString())
                    : fv.isDouble() ? Result<QString>(QString::number(fv.toDouble(), 'g', 17))
                                    : valueText(fv, field);
        if (!text)
            return std::unexpected(text.error());
        ExperimentSpec holder;
        holder.workload = w;
        if (auto r = holder.setParameter(field, *text); !r)
            return std::unexpected(r.error());
        w = holder.workload;
    }
    // A spec that does not say runs its workload's own streams and direction (rrul: 4 each way).
    const WorkloadDescriptor &described = workloadDescriptor(w.type);
    if (!o.contains(QStringLiteral("direction")))
        w.direction = directionName(described.defaultDirection);
    if (!o.contains(QStringLiteral("streams")))
        w.streams = described.defaultStreams;
    auto probe = readBool(o, QStringLiteral("latency_probe"), QStringLiteral("workload.latency_probe"), false);
    if (!probe)
        return std::unexpected(probe.error());
    w.latencyProbe = *probe;
    return w;
}

} // namespace

std::optional<QString> ExperimentSpec::valueTextOf(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    if (v.isBool())
        return v.toBool() ? QStringLiteral("1") : QStringLiteral("0");
    if (v.isDouble() && v.toDouble() == std::floor(v.toDouble()))
        return QString::number(qint64(v.toDouble()));
    return std::nullopt;
}

Result<ExperimentSpec> ExperimentSpec::fromJson(const QJsonObject &json, const QStringList &ignored)
{
    QStringList known = {QStringLiteral("version"),  QStringLiteral("name"),    QStringLiteral("description"),
                         QStringLiteral("lab_note"), QStringLiteral("target"),  QStringLiteral("knobs"),
                         QStringLiteral("workload"), QStringLiteral("capture"), QStringLiteral("duration_s"),
                         QStringLiteral("omit_s"),   QStringLiteral("repeats"), QStringLiteral("pause_s"),
                         QStringLiteral("sample_ms")};
    known += ignored;
    if (auto r = rejectUnknown(json, known, QString()); !r)
        return std::unexpected(r.error());
    if (auto r = checkVersion(json, kFormatVersion); !r)
        return std::unexpected(r.error());

    ExperimentSpec spec;
    auto name = readString(json, QStringLiteral("name"), QStringLiteral("name"), QString());
    auto description = readString(json, QStringLiteral("description"), QStringLiteral("description"), QString());
    if (!name)
        return std::unexpected(name.error());
    if (!description)
        return std::unexpected(description.error());
    auto labNote = readString(json, QStringLiteral("lab_note"), QStringLiteral("lab_note"), QString());
    if (!labNote)
        return std::unexpected(labNote.error());
    spec.name = *name;
    spec.description = *description;
    spec.labNote = *labNote;

    auto targets = parseTargets(json.value(QStringLiteral("target")));
    if (!targets)
        return std::unexpected(targets.error());
    spec.setTargets(*targets);

    auto workload = parseWorkloadObject(json.value(QStringLiteral("workload")));
    if (!workload)
        return std::unexpected(workload.error());
    spec.workload = *workload;

    auto knobs = parseKnobs(json.value(QStringLiteral("knobs")));
    if (!knobs)
        return std::unexpected(knobs.error());
    spec.knobs = *knobs;
    if (auto r = spec.checkRemoteKnobs(); !r)
        return std::unexpected(r.error());

    if (auto r = readRunShape(json, spec); !r)
        return std::unexpected(r.error());
    return spec;
}

Result<QJsonObject> ExperimentSpec::objectFromJsonText(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError)
        return fail(ExperimentSpec::tr("The spec is not valid JSON at offset %1: %2.")
                        .arg(error.offset)
                        .arg(error.errorString()));
    if (!doc.isObject())
        return fail(ExperimentSpec::tr("The spec must be a JSON object ({ ... })."));
    return doc.object();
}

Result<ExperimentSpec> ExperimentSpec::fromJsonText(const QByteArray &text)
{
    auto object = objectFromJsonText(text);
    if (!object)
        return std::unexpected(object.error());
    return fromJson(*object);
}

} // namespace tcptune

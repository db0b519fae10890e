#include "experiment/experiment_spec.h"

#include "common/log_text.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"
#include "traffic/traffic_spec.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>

namespace tcptune {
namespace {

const QStringList kWorkloadTypes = {QStringLiteral("bulk"), QStringLiteral("rr"), QStringLiteral("split-write")};
// Which end sends: up = this host, down = the target.
const QStringList kDirections = {QStringLiteral("up"), QStringLiteral("down"), QStringLiteral("both")};
constexpr qint64 kMaxMessage = 64LL * 1024 * 1024;
constexpr int kMaxStreams = ExperimentSpec::kMaxStreams;
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

Error fieldError(const QString &field, const QString &problem)
{
    // A field's name may come from the file (an unknown key): escaped like any text tcptune did not write.
    return Error{ExperimentSpec::tr("Spec field '%1': %2").arg(logSafe(field, 120), problem)};
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
    for (const TargetSpec::Kind k :
         {TargetSpec::Kind::Lab, TargetSpec::Kind::Agent, TargetSpec::Kind::Iperf3, TargetSpec::Kind::Ssh})
        if (kind == TargetSpec::kindName(k))
            return k;
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

QJsonObject targetToJson(const TargetSpec &target)
{
    QJsonObject o{{QStringLiteral("kind"), TargetSpec::kindName(target.kind)}};
    if (!target.host.isEmpty())
        o.insert(QStringLiteral("host"), target.host);
    if (target.port)
        o.insert(QStringLiteral("port"), target.port);
    if (!target.labName.isEmpty())
        o.insert(QStringLiteral("lab"), target.labName);
    if (!target.user.isEmpty())
        o.insert(QStringLiteral("user"), target.user);
    if (!target.sshConfig.isEmpty())
        o.insert(QStringLiteral("ssh_config"), target.sshConfig);
    return o;
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
    if (auto r =
            rejectUnknown(o,
                          {QStringLiteral("type"), QStringLiteral("streams"), QStringLiteral("write_size"),
                           QStringLiteral("request_size"), QStringLiteral("response_size"),
                           QStringLiteral("header_size"), QStringLiteral("latency_probe"), QStringLiteral("direction")},
                          QStringLiteral("workload."));
        !r)
        return std::unexpected(r.error());
    for (const QString &field : workloadParameters()) {
        const QString key = field.mid(9);
        const QJsonValue fv = o.value(key);
        if (fv.isUndefined())
            continue;
        auto text = fv.isString() ? Result<QString>(fv.toString()) : valueText(fv, field);
        if (!text)
            return std::unexpected(text.error());
        ExperimentSpec holder;
        holder.workload = w;
        if (auto r = holder.setParameter(field, *text); !r)
            return std::unexpected(r.error());
        w = holder.workload;
    }
    auto probe = readBool(o, QStringLiteral("latency_probe"), QStringLiteral("workload.latency_probe"), false);
    if (!probe)
        return std::unexpected(probe.error());
    w.latencyProbe = *probe;
    return w;
}

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

} // namespace

QString TargetSpec::kindName(Kind kind)
{
    switch (kind) {
    case TargetSpec::Kind::Lab: return QStringLiteral("lab");
    case TargetSpec::Kind::Agent: return QStringLiteral("agent");
    case TargetSpec::Kind::Iperf3: return QStringLiteral("iperf3");
    case TargetSpec::Kind::Ssh: return QStringLiteral("ssh");
    }
    return QString();
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

QStringList workloadParameters()
{
    return {QStringLiteral("workload.type"),          QStringLiteral("workload.streams"),
            QStringLiteral("workload.write_size"),    QStringLiteral("workload.request_size"),
            QStringLiteral("workload.response_size"), QStringLiteral("workload.header_size"),
            QStringLiteral("workload.direction")};
}

QMap<QString, QString> ExperimentSpec::remoteSysctls() const
{
    QMap<QString, QString> out;
    for (auto it = knobs.begin(); it != knobs.end(); ++it)
        if (it.key().startsWith(kRemotePrefix))
            out.insert(it.key().mid(kRemotePrefix.size()), it.value());
    return out;
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

namespace {

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
        if (!kWorkloadTypes.contains(value))
            return std::unexpected(
                fieldError(parameter, ExperimentSpec::tr("'%1' is not a workload; use one of: %2.")
                                          .arg(logSafe(value, 40), kWorkloadTypes.join(QStringLiteral(", ")))));
        workload.type = value;
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

QString ExperimentSpec::parameter(const QString &parameter) const
{
    if (parameter == QLatin1String("workload.type"))
        return workload.type;
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

QJsonObject ExperimentSpec::toJson() const
{
    QJsonValue targetValue = targetToJson(target);
    if (!moreTargets.isEmpty()) { // several ends: a list, the first end first
        QJsonArray list{targetValue};
        for (const TargetSpec &t : moreTargets)
            list.append(targetToJson(t));
        targetValue = list;
    }
    QJsonObject knobObject;
    for (auto it = knobs.begin(); it != knobs.end(); ++it)
        knobObject.insert(it.key(), it.value());
    QJsonObject o{
        {QStringLiteral("version"), kFormatVersion},
        {QStringLiteral("target"), targetValue},
        {QStringLiteral("knobs"), knobObject},
        {QStringLiteral("workload"), QJsonObject{{QStringLiteral("type"), workload.type},
                                                 {QStringLiteral("streams"), workload.streams},
                                                 {QStringLiteral("write_size"), double(workload.writeSize)},
                                                 {QStringLiteral("request_size"), double(workload.requestSize)},
                                                 {QStringLiteral("response_size"), double(workload.responseSize)},
                                                 {QStringLiteral("header_size"), double(workload.headerSize)},
                                                 {QStringLiteral("latency_probe"), workload.latencyProbe},
                                                 {QStringLiteral("direction"), workload.direction}}},
        {QStringLiteral("capture"), capture},
        {QStringLiteral("duration_s"), durationS},
        {QStringLiteral("omit_s"), omitS},
        {QStringLiteral("repeats"), repeatsJson()},
        {QStringLiteral("pause_s"), pauseS},
        {QStringLiteral("sample_ms"), sampleMs},
    };
    if (!name.isEmpty())
        o.insert(QStringLiteral("name"), name);
    if (!description.isEmpty())
        o.insert(QStringLiteral("description"), description);
    if (!labNote.isEmpty())
        o.insert(QStringLiteral("lab_note"), labNote);
    return o;
}

QJsonValue ExperimentSpec::repeatsJson() const
{
    if (!untilPrecise())
        return repeats;
    return QJsonObject{
        {QStringLiteral("min"), repeats}, {QStringLiteral("max"), maxRepeats}, {QStringLiteral("ci_pct"), ciTargetPct}};
}

void ExperimentSpec::setUntilPrecise(int minRuns, int maxRuns, double ciPct)
{
    repeats = qMax(2, minRuns);
    maxRepeats = qMax(repeats, maxRuns);
    ciTargetPct = ciPct;
}

QByteArray ExperimentSpec::toJsonText() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
}

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

#include "traffic/agent_protocol.h"

#include "common/mib_counters.h"
#include "traffic/agent_auth.h"
#include "traffic/workload_registry.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_snapshot_json.h"
#include "knobs/knob_value.h"
#include "common/log_text.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>

#include <cmath>
#include <tuple>

namespace tcptune::agentproto {
namespace {

// AgentProtocol::tr(): lupdate files this file's text under the context that tr() looks it up in.
class AgentProtocol final {
    Q_DECLARE_TR_FUNCTIONS(AgentProtocol)
};

QString key(const char *k)
{
    return QString::fromLatin1(k);
}

} // namespace

QByteArray encode(QJsonObject message)
{
    message.insert(key("tcptune_agent"), kVersion);
    QByteArray line = QJsonDocument(message).toJson(QJsonDocument::Compact);
    line.append('\n');
    return line;
}

Result<QJsonObject> decode(const QByteArray &line)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return fail(AgentProtocol::tr("malformed control message (not a JSON object: %1)")
                        .arg(error.error != QJsonParseError::NoError ? error.errorString()
                                                                     : AgentProtocol::tr("not an object")));
    const QJsonObject o = doc.object();
    const QJsonValue version = o.value(key("tcptune_agent"));
    if (!version.isDouble())
        return fail(AgentProtocol::tr("malformed control message (no \"tcptune_agent\" protocol version)"));
    if (version.toInt() != kVersion)
        return fail(AgentProtocol::tr(
                        "protocol version %1 is not supported; this agent speaks version %2, update the older side")
                        .arg(version.toInt())
                        .arg(kVersion));
    if (!o.value(key("type")).isString())
        return fail(AgentProtocol::tr("malformed control message (no \"type\")"));
    return o;
}

QString typeOf(const QJsonObject &message)
{
    return message.value(key("type")).toString();
}

void insertCounters(QJsonObject &message, const Result<QMap<QString, qint64>> &counters)
{
    if (counters)
        message.insert(key("mib"), mib::toJson(*counters));
    else
        message.insert(key("mib_note"), counters.error().message);
}

Result<QMap<QString, qint64>> countersOf(const QJsonObject &message)
{
    const QJsonValue counters = message.value(key("mib"));
    if (counters.isObject())
        return mib::fromJson(counters.toObject());
    const QString note = message.value(key("mib_note")).toString();
    if (!note.isEmpty())
        return fail(note);
    return fail(AgentProtocol::tr("the agent does not report its counters (an older tcptune)"));
}

QByteArray helloLine(int protocol)
{
    QJsonObject hello{{key("type"), QStringLiteral("hello")}, {key("version"), QStringLiteral(TCPTUNE_VERSION)}};
    QByteArray line = encode(hello);
    if (protocol != kVersion) {
        hello.insert(key("tcptune_agent"), protocol);
        line = QJsonDocument(hello).toJson(QJsonDocument::Compact) + '\n';
    }
    return line;
}

PeerVersion peerVersionOf(const QByteArray &line)
{
    const QJsonObject o = QJsonDocument::fromJson(line).object();
    PeerVersion v;
    v.protocol = o.value(key("tcptune_agent")).toInt();
    v.hello = o.value(key("type")).toString() == QLatin1String("hello");
    if (v.hello)
        v.program = o.value(key("version")).toString().left(40);
    return v;
}

QJsonObject describeMessage()
{
    return {{key("type"), QStringLiteral("describe")}};
}

QJsonObject descriptionMessage(const HostDescription &description)
{
    QJsonObject o{{key("type"), QStringLiteral("description")},
                  {key("version"), description.program},
                  {key("kernel"), description.kernel},
                  {key("helper_usable"), description.helperUsable},
                  {key("helper"), description.helper}};
    if (description.knobsNote.isEmpty())
        o.insert(key("knobs"), knobSnapshotToJson(description.knobs));
    else
        o.insert(key("knobs_note"), description.knobsNote);
    QJsonObject choices;
    for (auto it = description.choices.begin(); it != description.choices.end(); ++it)
        choices.insert(it.key(), QJsonArray::fromStringList(it.value()));
    o.insert(key("choices"), choices);
    return o;
}

namespace {

// "choices": catalogue enum sysctls only, each a list of short names (a kernel's module names),
// so a far host cannot fill the editors with anything else.
QMap<QString, QStringList> choicesFrom(const QJsonObject &json)
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9_.-]{1,64}$"));
    QMap<QString, QStringList> out;
    for (auto it = json.begin(); it != json.end(); ++it) {
        const KnobInfo *knob = KnobCatalogue::instance().find(it.key());
        if (!knob || knob->kind != KnobKind::Sysctl || knob->type != ValueType::Enum)
            continue;
        QStringList values;
        for (const QJsonValue &v : it.value().toArray())
            if (values.size() < 64 && name.match(v.toString()).hasMatch())
                values << v.toString();
        out.insert(it.key(), values);
    }
    return out;
}

} // namespace

Result<HostDescription> parseDescription(const QJsonObject &message)
{
    if (typeOf(message) != QLatin1String("description"))
        return fail(AgentProtocol::tr("expected \"description\", got \"%1\"").arg(logSafe(typeOf(message), 40)));
    const QJsonValue usable = message.value(key("helper_usable"));
    if (!message.value(key("version")).isString() || !message.value(key("kernel")).isString() || !usable.isBool())
        return fail(AgentProtocol::tr("malformed description (version, kernel or helper_usable missing)"));
    HostDescription d;
    d.program = message.value(key("version")).toString().left(40);
    d.kernel = message.value(key("kernel")).toString().left(200);
    d.helperUsable = usable.toBool();
    d.helper = message.value(key("helper")).toString().left(1000);
    d.knobs = knobSnapshotFromJson(message.value(key("knobs")).toObject());
    d.knobsNote = message.value(key("knobs_note")).toString().left(1000);
    d.choices = choicesFrom(message.value(key("choices")).toObject());
    return d;
}

QJsonObject errorMessage(const QString &text)
{
    return {{key("type"), QStringLiteral("error")}, {key("message"), text}};
}

QJsonObject challengeMessage(const QByteArray &nonce, const QByteArray &proof)
{
    return {{key("type"), QStringLiteral("challenge")},
            {key("nonce"), QString::fromLatin1(nonce)},
            {key("proof"), QString::fromLatin1(proof)}};
}

QJsonObject authMessage(const QByteArray &proof)
{
    return {{key("type"), QStringLiteral("auth")}, {key("proof"), QString::fromLatin1(proof)}};
}

QByteArray canonical(QJsonObject start)
{
    start.insert(key("tcptune_agent"), kVersion);
    return QJsonDocument(start).toJson(QJsonDocument::Compact);
}

QByteArray clientNonceOf(const QJsonObject &start)
{
    const QByteArray nonce = start.value(key("client_nonce")).toString().toLatin1();
    return agentauth::isNonce(nonce) ? nonce : QByteArray();
}

QJsonObject dataHelloMessage(const QString &session, int stream, const QByteArray &secret)
{
    QJsonObject o{{key("type"), stream < 0 ? QStringLiteral("probe") : QStringLiteral("data")},
                  {key("session"), session},
                  {key("proof"), QString::fromLatin1(agentauth::dataProof(secret, session, stream))}};
    if (stream >= 0)
        o.insert(key("stream"), stream);
    return o;
}

QJsonObject startMessage(const TrafficSpec &spec)
{
    // What the agent reads of each message before it answers; nothing when nothing is answered.
    const WorkloadDescriptor &workload = workloadDescriptor(spec.workload);
    const bool answered = workload.answered(spec);
    const std::int64_t request = answered ? workloadFieldsSum(spec, workload.message) : 0;
    const std::int64_t response = answered ? spec.responseSize : 0;
    QJsonObject o{
        {key("type"), QStringLiteral("start")},
        {key("workload"), workloadName(spec.workload)},
        {key("streams"), spec.streams},
        {key("duration_s"), spec.durationS},
        {key("omit_s"), spec.omitS},
        {key("sample_ms"), spec.sampleIntervalMs},
        {key("request_bytes"), double(request)},
        {key("response_bytes"), double(response)},
        {key("rcvbuf"), double(spec.rcvbuf)},
        {key("latency_probe"), spec.probesLatency()},
        {key("client"), QStringLiteral("tcptune %1").arg(QStringLiteral(TCPTUNE_VERSION))},
        {key("client_nonce"), QString::fromLatin1(agentauth::randomHex(agentauth::kNonceBytes))},
    };
    if (spec.workload == Workload::Rrul)
        o.insert(key("idle_s"), spec.idleS); // its omit_s includes it (TrafficClient's engine spec)
    if (!spec.remoteSysctls.isEmpty())
        o.insert(key("knobs"), knobSnapshotToJson(spec.remoteSysctls));
    if (!spec.remoteSysctls.isEmpty() && spec.confirmRemoteHostChanges)
        o.insert(key("confirm_host_changes"), true);
    if (spec.direction != Direction::Up) {
        o.insert(key("direction"), directionName(spec.direction));
        o.insert(key("sender"), QJsonObject{{key("workload"), workloadName(spec.workload)},
                                            {key("write_size"), double(spec.writeSize)},
                                            {key("header_size"), double(spec.headerSize)},
                                            {key("sndbuf"), double(spec.sndbuf)},
                                            {key("nodelay"), spec.nodelay},
                                            {key("cork"), spec.cork},
                                            {key("notsent_lowat"), double(spec.notsentLowat)},
                                            {key("congestion_control"), spec.congestionControl},
                                            {key("max_pacing_rate_bps"), double(spec.maxPacingRateBps)}});
    }
    return o;
}

namespace {

[[nodiscard]] Result<void> wholeNumber(const QJsonObject &m, const char *name, std::int64_t min, std::int64_t max,
                                       std::int64_t &out)
{
    const QJsonValue v = m.value(key(name));
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || !std::isfinite(d) || d != std::floor(d) || d < double(min) || d > double(max))
        return fail(AgentProtocol::tr("\"%1\" must be a whole number from %2 to %3").arg(key(name)).arg(min).arg(max));
    out = std::int64_t(d);
    return {};
}

// The agent's own sending: the same limits and checks as a client's spec.
[[nodiscard]] Result<void> parseSending(const QJsonObject &m, SessionParams &p)
{
    auto direction = parseDirection(m.value(key("direction")).toString(QStringLiteral("up")));
    if (!direction)
        return std::unexpected(direction.error());
    p.direction = *direction;
    if (p.direction == Direction::Up)
        return {};
    const QJsonObject s = m.value(key("sender")).toObject();
    TrafficSpec &t = p.sending;
    auto workload = parseWorkload(s.value(key("workload")).toString());
    if (!workload)
        return std::unexpected(workload.error());
    t.workload = *workload;
    t.direction = p.direction;
    if (workloadDescriptor(t.workload).responseOptional)
        t.responseSize = 0; // the agent's own messages go one way
    using L = TrafficLimits;
    for (auto [name, field, min, max] :
         {std::tuple{"write_size", &t.writeSize, std::int64_t(1), L::kMaxWriteSize},
          std::tuple{"header_size", &t.headerSize, std::int64_t(1), std::int64_t(1) << 20},
          std::tuple{"sndbuf", &t.sndbuf, std::int64_t(0), L::kMaxSocketBuffer},
          std::tuple{"notsent_lowat", &t.notsentLowat, std::int64_t(0), L::kMaxSocketBuffer},
          std::tuple{"max_pacing_rate_bps", &t.maxPacingRateBps, std::int64_t(0),
                     std::int64_t(8LL * 0xFFFFFFFFLL * 1000)}})
        if (auto r = wholeNumber(s, name, min, max, *field); !r)
            return r;
    t.nodelay = s.value(key("nodelay")).toBool();
    t.cork = s.value(key("cork")).toBool();
    t.congestionControl = s.value(key("congestion_control")).toString();
    t.streams = p.streams;
    t.durationS = p.durationS;
    t.omitS = p.omitS;
    t.idleS = p.idleS;
    t.sampleIntervalMs = p.sampleMs;
    t.target.host = QStringLiteral("client");
    return t.validate();
}

// "knobs": catalogue sysctls only, each value checked as the helper checks it; anything else is
// refused before the agent changes anything; "confirm_host_changes": the user agreed (--force)
// that they may change the host's devices or turn its core TCP features off.
[[nodiscard]] Result<void> parseKnobs(const QJsonObject &m, SessionParams &p)
{
    const QJsonValue confirmed = m.value(key("confirm_host_changes"));
    if (!confirmed.isUndefined() && !confirmed.isBool())
        return fail(AgentProtocol::tr("\"confirm_host_changes\" must be true or false"));
    p.confirmHostChanges = confirmed.toBool(false);
    const QJsonValue knobs = m.value(key("knobs"));
    if (knobs.isUndefined())
        return {};
    if (!knobs.isObject())
        return fail(AgentProtocol::tr("\"knobs\" must be an object of catalogue keys and values"));
    const QJsonObject o = knobs.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const KnobInfo *knob = KnobCatalogue::instance().find(it.key());
        if (!knob || !knob->changedByHelper())
            return fail(AgentProtocol::tr("the far knob '%1' is not a sysctl or link knob of tcptune's catalogue "
                                          "('tcptune knobs' lists them); nothing was changed")
                            .arg(logSafe(it.key(), 80)));
        auto value = knobvalue::parse(*knob, it.value().toString());
        if (!value)
            return fail(
                AgentProtocol::tr("the far knob %1: %2; nothing was changed").arg(it.key(), value.error().message));
        p.sysctls.insert(it.key(), *value);
    }
    return {};
}

} // namespace

Result<SessionParams> parseStart(const QJsonObject &m)
{
    SessionParams p;
    auto w = parseWorkload(m.value(key("workload")).toString());
    if (!w)
        return std::unexpected(w.error());
    p.workload = *w;
    auto integer = [&m](const char *name, std::int64_t min, std::int64_t max, std::int64_t &out) -> Result<void> {
        const QJsonValue v = m.value(key(name));
        const double d = v.toDouble(std::nan(""));
        if (!v.isDouble() || !std::isfinite(d) || d != std::floor(d) || d < double(min) || d > double(max))
            return fail(
                AgentProtocol::tr("\"%1\" must be a whole number from %2 to %3").arg(key(name)).arg(min).arg(max));
        out = std::int64_t(d);
        return {};
    };
    std::int64_t streams = 0, sampleMs = 0;
    if (auto r = integer("streams", 1, TrafficLimits::kMaxStreams, streams); !r)
        return std::unexpected(r.error());
    if (auto r = integer("sample_ms", TrafficLimits::kMinSampleMs, TrafficLimits::kMaxSampleMs, sampleMs); !r)
        return std::unexpected(r.error());
    if (auto r = integer("request_bytes", 0, TrafficLimits::kMaxMessageSize * 2, p.requestBytes); !r)
        return std::unexpected(r.error());
    if (auto r = integer("response_bytes", 0, TrafficLimits::kMaxMessageSize, p.responseBytes); !r)
        return std::unexpected(r.error());
    if (auto r = integer("rcvbuf", 0, TrafficLimits::kMaxSocketBuffer, p.rcvbuf); !r)
        return std::unexpected(r.error());
    p.streams = int(streams);
    p.sampleMs = int(sampleMs);
    p.durationS = m.value(key("duration_s")).toDouble(-1);
    p.omitS = m.value(key("omit_s")).toDouble(0);
    if (!std::isfinite(p.durationS) || p.durationS <= 0 || p.durationS > TrafficLimits::kMaxDurationS)
        return fail(
            AgentProtocol::tr("\"duration_s\" must be more than 0 and at most %1").arg(TrafficLimits::kMaxDurationS));
    if (!std::isfinite(p.omitS) || p.omitS < 0 || p.omitS > 600)
        return fail(AgentProtocol::tr("\"omit_s\" must be from 0 to 600"));
    if ((p.requestBytes == 0) != (p.responseBytes == 0))
        return fail(
            AgentProtocol::tr("\"request_bytes\" and \"response_bytes\" must both be 0 (sink) or both positive"));
    p.latencyProbe = m.value(key("latency_probe")).toBool(false);
    p.idleS = m.value(key("idle_s")).toDouble(0);
    if (!std::isfinite(p.idleS) || p.idleS < 0 || p.idleS > p.omitS)
        return fail(AgentProtocol::tr("\"idle_s\" must be from 0 to \"omit_s\" (the idle phase is part of it)"));
    if (p.workload == Workload::Rrul && !p.latencyProbe)
        return fail(AgentProtocol::tr("latency under load (\"rrul\") needs \"latency_probe\""));
    if (auto r = parseSending(m, p); !r)
        return std::unexpected(r.error());
    if (auto r = parseKnobs(m, p); !r)
        return std::unexpected(r.error());
    return p;
}

} // namespace tcptune::agentproto

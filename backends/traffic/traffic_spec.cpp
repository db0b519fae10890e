#include "traffic/traffic_spec.h"

#include "common/log_text.h"
#include "knobs/knob_snapshot_json.h"
#include "traffic/traffic_enum_names.h"
#include "traffic/workload_registry.h"

#include <QCoreApplication>
#include <QJsonValue>
#include <QRegularExpression>

#include <cmath>
#include <utility>
#include <variant>

namespace tcptune {
namespace {

QString key(const char *k)
{
    return QString::fromLatin1(k);
}

// Reads optional fields of one JSON object into typed fields; the first wrong type is kept as
// the problem (a sentence naming the field).
class JsonFields final {
public:
    explicit JsonFields(const QJsonObject &json)
        : m_json(json)
    {
    }
    template <typename T> void number(const char *name, T &field)
    {
        const QJsonValue v = present(name);
        if (v.isUndefined())
            return;
        if (!v.isDouble())
            return complain(TrafficSpec::tr("'%1' must be a number."), name);
        const double d = v.toDouble();
        if constexpr (std::is_floating_point_v<T>) {
            field = d;
        } else {
            if (!std::isfinite(d) || std::abs(d) > 9.0e15 || d != std::floor(d))
                return complain(TrafficSpec::tr("'%1' must be a whole number."), name);
            field = T(d);
        }
    }
    void boolean(const char *name, bool &field)
    {
        const QJsonValue v = present(name);
        if (v.isUndefined())
            return;
        if (!v.isBool())
            return complain(TrafficSpec::tr("'%1' must be true or false."), name);
        field = v.toBool();
    }
    void text(const char *name, QString &field)
    {
        const QJsonValue v = present(name);
        if (v.isUndefined())
            return;
        if (!v.isString())
            return complain(TrafficSpec::tr("'%1' must be a string."), name);
        field = v.toString();
    }
    const QString &problem() const { return m_problem; }

private:
    // The value of NAME, or undefined when absent or null (the default stays).
    QJsonValue present(const char *name) const
    {
        const QJsonValue v = m_json.value(key(name));
        return v.isNull() ? QJsonValue(QJsonValue::Undefined) : v;
    }
    void complain(const QString &sentence, const char *name)
    {
        if (m_problem.isEmpty())
            m_problem = sentence.arg(key(name));
    }

    const QJsonObject &m_json;
    QString m_problem;
};

// The socket options the engine sets, by their JSON field: the one list toJson(), fromJson() and
// setSocketOption() share (the knob catalogue's entries name these fields, SocketOptionInfo).
using SocketField = std::variant<std::int64_t TrafficSpec::*, bool TrafficSpec::*, QString TrafficSpec::*>;
const std::pair<const char *, SocketField> kSocketFields[] = {
    {"sndbuf", &TrafficSpec::sndbuf},
    {"rcvbuf", &TrafficSpec::rcvbuf},
    {"nodelay", &TrafficSpec::nodelay},
    {"cork", &TrafficSpec::cork},
    {"notsent_lowat", &TrafficSpec::notsentLowat},
    {"congestion_control", &TrafficSpec::congestionControl},
    {"max_pacing_rate_bps", &TrafficSpec::maxPacingRateBps},
};

QJsonValue socketJson(std::int64_t value)
{
    return double(value);
}
QJsonValue socketJson(bool value)
{
    return value;
}
QJsonValue socketJson(const QString &value)
{
    return value;
}

void readSocketField(JsonFields &f, const char *name, std::int64_t &field)
{
    f.number(name, field);
}
void readSocketField(JsonFields &f, const char *name, bool &field)
{
    f.boolean(name, field);
}
void readSocketField(JsonFields &f, const char *name, QString &field)
{
    f.text(name, field);
}

// VALUE as the knob catalogue writes it (knobvalue::parse): a whole number (times SCALE), 0 or 1,
// a word.
void setSocketField(std::int64_t &field, const QString &value, std::int64_t scale)
{
    field = value.toLongLong() * scale;
}
void setSocketField(bool &field, const QString &value, std::int64_t)
{
    field = value == QLatin1String("1");
}
void setSocketField(QString &field, const QString &value, std::int64_t)
{
    field = value;
}

// "target": a HOST[:PORT] string or {kind, host, port, user, token_file}.
[[nodiscard]] Result<TrafficTarget> targetFromJson(const QJsonValue &tv)
{
    if (tv.isString())
        return TrafficTarget::parse(tv.toString());
    if (!tv.isObject())
        return fail(TrafficSpec::tr("'target' must be an object or a HOST[:PORT] string."));
    TrafficTarget target;
    const QJsonObject to = tv.toObject();
    const QString kindText = to.value(key("kind")).toString(QStringLiteral("agent"));
    const auto kind = parseName(kTargetKindNames, kindText);
    if (!kind)
        return fail(TrafficSpec::tr("Unknown target kind '%1'; use agent, iperf3 or ssh.").arg(logSafe(kindText, 40)));
    target.kind = *kind;
    if (target.kind == TargetKind::Iperf3) {
        target.port = TrafficTarget::kDefaultIperf3Port;
    } else if (target.kind == TargetKind::Ssh) {
        target.port = 0;
        target.user = to.value(key("user")).toString();
    }
    target.host = to.value(key("host")).toString();
    if (!target.host.isEmpty())
        if (auto host = TrafficTarget::checkHost(target.host); !host)
            return std::unexpected(host.error());
    if (!target.user.isEmpty())
        if (auto user = TrafficTarget::checkUser(target.user); !user)
            return std::unexpected(user.error());
    if (to.contains(key("port"))) {
        const int port = to.value(key("port")).toInt(-1);
        if (port < (target.kind == TargetKind::Ssh ? 0 : 1) || port > 65535)
            return fail(TrafficSpec::tr("The target port must be a number from 1 to 65535."));
        target.port = std::uint16_t(port);
    }
    if (to.contains(key("token")))
        return fail(TrafficSpec::tr("A spec holds no token: it would be stored with every result. Put the token in "
                                    "a file only you can read and give its path as \"token_file\", or set the "
                                    "TCPTUNE_TOKEN environment variable."));
    target.tokenFile = to.value(key("token_file")).toString();
    return target;
}

} // namespace

QString workloadName(Workload workload)
{
    return nameOf(kWorkloadNames, workload);
}

Result<Workload> parseWorkload(const QString &name)
{
    if (const auto workload = parseName(kWorkloadNames, name.trimmed().toLower()))
        return *workload;
    return fail(TrafficSpec::tr("Unknown workload '%1'; use %2.").arg(logSafe(name, 40), workloadNameList()));
}

QString sendMethodName(SendMethod method)
{
    return nameOf(kSendMethodNames, method);
}

Result<SendMethod> parseSendMethod(const QString &name)
{
    if (const auto method = parseName(kSendMethodNames, name.trimmed().toLower()))
        return *method;
    return fail(TrafficSpec::tr("Unknown send method '%1'; use copy, zerocopy or sendfile.").arg(logSafe(name, 40)));
}

QString directionName(Direction direction)
{
    return nameOf(kDirectionNames, direction);
}

Result<Direction> parseDirection(const QString &name)
{
    if (const auto direction = parseName(kDirectionNames, name.trimmed().toLower()))
        return *direction;
    return fail(TrafficSpec::tr("Unknown direction '%1'; use up (this host sends), down (the target sends) or "
                                "both.")
                    .arg(logSafe(name, 40)));
}

Result<TrafficTarget> TrafficTarget::parse(const QString &text)
{
    TrafficTarget t;
    QString rest = text.trimmed();
    if (rest.startsWith(QLatin1String("iperf3://"), Qt::CaseInsensitive)) {
        t.kind = TargetKind::Iperf3;
        t.port = kDefaultIperf3Port;
        rest = rest.mid(9);
    } else if (rest.startsWith(QLatin1String("tcptune://"), Qt::CaseInsensitive)) {
        rest = rest.mid(10);
    } else if (rest.startsWith(QLatin1String("ssh://"), Qt::CaseInsensitive)) {
        t.kind = TargetKind::Ssh;
        t.port = 0;
        rest = rest.mid(6);
        const qsizetype at = rest.lastIndexOf(QLatin1Char('@'));
        if (at >= 0) {
            t.user = rest.left(at);
            rest = rest.mid(at + 1);
            if (auto user = checkUser(t.user); !user)
                return std::unexpected(user.error());
        }
    } else if (rest.contains(QLatin1String("://"))) {
        return fail(TrafficSpec::tr("Unknown target scheme in '%1'; give HOST[:PORT] for a tcptune agent, "
                                    "iperf3://HOST[:PORT] for an iperf3 server or ssh://[USER@]HOST[:PORT] for a "
                                    "host tcptune reaches over ssh.")
                        .arg(logSafe(text, 120)));
    }
    if (rest.endsWith(QLatin1Char('/')))
        rest.chop(1);
    QString portText;
    if (rest.startsWith(QLatin1Char('['))) {
        const qsizetype close = rest.indexOf(QLatin1Char(']'));
        if (close < 0)
            return fail(TrafficSpec::tr("Missing ']' in target '%1'; write IPv6 addresses as [ADDR]:PORT.")
                            .arg(logSafe(text, 120)));
        t.host = rest.mid(1, close - 1);
        const QString after = rest.mid(close + 1);
        if (!after.isEmpty()) {
            if (!after.startsWith(QLatin1Char(':')))
                return fail(TrafficSpec::tr("Unexpected text after ']' in target '%1'; write [ADDR]:PORT.")
                                .arg(logSafe(text, 120)));
            portText = after.mid(1);
        }
    } else if (rest.count(QLatin1Char(':')) == 1) {
        t.host = rest.section(QLatin1Char(':'), 0, 0);
        portText = rest.section(QLatin1Char(':'), 1);
    } else {
        t.host = rest; // a name, an IPv4 address or a bare IPv6 address
    }
    if (t.host.isEmpty())
        return fail(TrafficSpec::tr("The target '%1' has no host; give HOST[:PORT].").arg(logSafe(text, 120)));
    if (auto host = checkHost(t.host); !host)
        return std::unexpected(host.error());
    if (!portText.isNull()) {
        bool ok = false;
        const int port = portText.toInt(&ok);
        if (!ok || port < 1 || port > 65535)
            return fail(
                TrafficSpec::tr("'%1' is not a port; give a number from 1 to 65535.").arg(logSafe(portText, 40)));
        t.port = std::uint16_t(port);
    }
    return t;
}

Result<void> TrafficTarget::checkHost(const QString &host)
{
    static const QRegularExpression hostChars(QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9._:%-]+")));
    if (!hostChars.match(host).hasMatch() || host.startsWith(QLatin1Char('-')))
        return fail(TrafficSpec::tr("'%1' is not a host name or address; give HOST[:PORT].").arg(logSafe(host, 120)));
    return {};
}

Result<void> TrafficTarget::checkUser(const QString &user)
{
    static const QRegularExpression userChars(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9._][A-Za-z0-9._-]*")));
    if (!userChars.match(user).hasMatch())
        return fail(TrafficSpec::tr("'%1' is not a user name; give ssh://USER@HOST[:PORT].").arg(logSafe(user, 80)));
    return {};
}

QString TrafficTarget::toString() const
{
    const QString h = host.contains(QLatin1Char(':')) ? QStringLiteral("[%1]").arg(host) : host;
    const QString hp = QStringLiteral("%1:%2").arg(h).arg(port);
    if (kind == TargetKind::Ssh)
        return QStringLiteral("ssh://") + (user.isEmpty() ? QString() : user + QLatin1Char('@')) + (port == 0 ? h : hp);
    return kind == TargetKind::Iperf3 ? QStringLiteral("iperf3://") + hp : hp;
}

QJsonObject TrafficSpec::toJson() const
{
    QJsonObject targetJson{
        {key("kind"), nameOf(kTargetKindNames, this->target.kind)},
        {key("host"), this->target.host},
        {key("port"), int(this->target.port)},
    };
    if (!this->target.tokenFile.isEmpty())
        targetJson.insert(key("token_file"), this->target.tokenFile);
    if (!this->target.user.isEmpty())
        targetJson.insert(key("user"), this->target.user);
    QJsonObject o{
        {key("workload"), workloadName(workload)},
        {key("direction"), directionName(direction)},
        {key("duration_s"), durationS},
        {key("omit_s"), omitS},
        {key("streams"), streams},
        {key("write_size"), double(writeSize)},
        {key("request_size"), double(requestSize)},
        {key("response_size"), double(responseSize)},
        {key("header_size"), double(headerSize)},
        {key("send"), sendMethodName(send)},
        {key("sample_ms"), sampleIntervalMs},
        {key("latency_probe"), latencyProbe},
        {key("connect_timeout_ms"), connectTimeoutMs},
        {key("target"), targetJson},
    };
    for (const auto &[name, member] : kSocketFields)
        o.insert(key(name), std::visit([this](auto m) { return socketJson(this->*m); }, member));
    if (!clientNetns.isEmpty())
        o.insert(key("client_netns"), clientNetns);
    if (!sendfileFile.isEmpty())
        o.insert(key("sendfile_file"), sendfileFile);
    if (!sshConfig.isEmpty())
        o.insert(key("ssh_config"), sshConfig);
    if (workload == Workload::Rrul)
        o.insert(key("idle_s"), idleS);
    if (!remoteSysctls.isEmpty())
        o.insert(key("remote_knobs"), knobSnapshotToJson(remoteSysctls));
    return o;
}

Result<TrafficSpec> TrafficSpec::fromJson(const QJsonObject &json)
{
    TrafficSpec s;
    if (json.contains(key("workload"))) {
        auto w = parseWorkload(json.value(key("workload")).toString());
        if (!w)
            return std::unexpected(w.error());
        s.workload = *w;
    }
    if (json.contains(key("send"))) {
        auto m = parseSendMethod(json.value(key("send")).toString());
        if (!m)
            return std::unexpected(m.error());
        s.send = *m;
    }
    if (json.contains(key("direction"))) {
        auto d = parseDirection(json.value(key("direction")).toString());
        if (!d)
            return std::unexpected(d.error());
        s.direction = *d;
    }
    // A spec that does not say runs its workload's own streams and direction (rrul: 4 each way).
    const WorkloadDescriptor &described = workloadDescriptor(s.workload);
    s.streams = described.defaultStreams;
    if (!json.contains(key("direction")))
        s.direction = described.defaultDirection;
    JsonFields f(json);
    f.number("duration_s", s.durationS);
    f.number("idle_s", s.idleS);
    f.number("omit_s", s.omitS);
    f.number("streams", s.streams);
    f.number("write_size", s.writeSize);
    f.number("request_size", s.requestSize);
    f.number("response_size", s.responseSize);
    f.number("header_size", s.headerSize);
    for (const auto &[name, member] : kSocketFields)
        std::visit([&f, &s, name](auto m) { readSocketField(f, name, s.*m); }, member);
    f.text("sendfile_file", s.sendfileFile);
    f.number("sample_ms", s.sampleIntervalMs);
    f.boolean("latency_probe", s.latencyProbe);
    f.number("connect_timeout_ms", s.connectTimeoutMs);
    f.text("client_netns", s.clientNetns);
    f.text("ssh_config", s.sshConfig);
    if (!f.problem().isEmpty())
        return fail(f.problem());
    s.remoteSysctls = knobSnapshotFromJson(json.value(key("remote_knobs")).toObject());
    const QJsonValue tv = json.value(key("target"));
    if (!tv.isUndefined() && !tv.isNull()) {
        auto t = targetFromJson(tv);
        if (!t)
            return std::unexpected(t.error());
        s.target = *t;
    }
    if (auto v = s.validate(); !v)
        return std::unexpected(v.error());
    return s;
}

bool TrafficSpec::setSocketOption(const QString &field, const QString &value, std::int64_t scale)
{
    for (const auto &[name, member] : kSocketFields) {
        if (field != QLatin1StringView(name))
            continue;
        std::visit([&](auto m) { setSocketField(this->*m, value, scale); }, member);
        return true;
    }
    return false;
}

Result<void> TrafficSpec::validate() const
{
    if (!std::isfinite(durationS) || durationS < TrafficLimits::kMinDurationS ||
        durationS > TrafficLimits::kMaxDurationS)
        return fail(tr("Duration %1 s is out of range; give %2 to %3 seconds.")
                        .arg(durationS)
                        .arg(TrafficLimits::kMinDurationS)
                        .arg(TrafficLimits::kMaxDurationS));
    if (!std::isfinite(omitS) || omitS < 0 || omitS > 600)
        return fail(tr("Omit %1 s is out of range; give 0 to 600 seconds.").arg(omitS));
    // The agent takes the idle phase as part of the omitted time, which it bounds at 600 s.
    if (!std::isfinite(idleS) || idleS < 0 || idleS + omitS > 600)
        return fail(tr("Idle phase %1 s and omit %2 s are out of range; give 0 to 600 seconds together.")
                        .arg(idleS)
                        .arg(omitS));
    if (streams < 1 || streams > TrafficLimits::kMaxStreams)
        return fail(tr("%1 streams is out of range; give 1 to %2.").arg(streams).arg(TrafficLimits::kMaxStreams));
    if (auto r = validateSizes(); !r)
        return r;
    if (auto r = validateSocketOptions(); !r)
        return r;
    if (auto r = validateSendMethod(); !r)
        return r;
    if (sampleIntervalMs < TrafficLimits::kMinSampleMs || sampleIntervalMs > TrafficLimits::kMaxSampleMs)
        return fail(tr("Sample interval %1 ms is out of range; give %2 to %3 ms.")
                        .arg(sampleIntervalMs)
                        .arg(TrafficLimits::kMinSampleMs)
                        .arg(TrafficLimits::kMaxSampleMs));
    if (connectTimeoutMs < 1 || connectTimeoutMs > TrafficLimits::kMaxConnectTimeoutMs)
        return fail(tr("Connect timeout %1 ms is out of range; give 1 to %2 ms.")
                        .arg(connectTimeoutMs)
                        .arg(TrafficLimits::kMaxConnectTimeoutMs));
    return validateTarget();
}

Result<void> TrafficSpec::validateSizes() const
{
    using L = TrafficLimits;
    auto sizeCheck = [](const QString &name, std::int64_t value, std::int64_t min, std::int64_t max) -> Result<void> {
        if (value < min || value > max)
            return fail(tr("%1 %2 is out of range; give %3 to %4 bytes.").arg(name).arg(value).arg(min).arg(max));
        return {};
    };
    if (auto r = sizeCheck(tr("Write size"), writeSize, 1, L::kMaxWriteSize); !r)
        return r;
    if (auto r = sizeCheck(tr("Request size"), requestSize, 1, L::kMaxMessageSize); !r)
        return r;
    // A workload whose response is optional takes 0 for one way.
    const std::int64_t minResponse = workloadDescriptor(workload).responseOptional ? 0 : 1;
    if (auto r = sizeCheck(tr("Response size"), responseSize, minResponse, L::kMaxMessageSize); !r)
        return r;
    if (auto r = sizeCheck(tr("Header size"), headerSize, 1, 1 << 20); !r)
        return r;
    if (sndbuf != 0)
        if (auto r = sizeCheck(tr("Send buffer (SO_SNDBUF)"), sndbuf, 1024, L::kMaxSocketBuffer); !r)
            return fail(r.error().message + QLatin1Char(' ') + tr("Use 0 to keep autotuning."));
    if (rcvbuf != 0)
        if (auto r = sizeCheck(tr("Receive buffer (SO_RCVBUF)"), rcvbuf, 1024, L::kMaxSocketBuffer); !r)
            return fail(r.error().message + QLatin1Char(' ') + tr("Use 0 to keep autotuning."));
    return {};
}

Result<void> TrafficSpec::validateSocketOptions() const
{
    if (notsentLowat < 0 || notsentLowat > TrafficLimits::kMaxSocketBuffer)
        return fail(tr("TCP_NOTSENT_LOWAT %1 is out of range; give 0 (off) to %2 bytes.")
                        .arg(notsentLowat)
                        .arg(TrafficLimits::kMaxSocketBuffer));
    if (maxPacingRateBps < 0 || maxPacingRateBps > 8LL * 0xFFFFFFFFLL * 1000)
        return fail(
            tr("Pacing rate %1 bit/s is out of range; give 0 (unlimited) or a positive rate.").arg(maxPacingRateBps));
    static const QRegularExpression ccName(QRegularExpression::anchoredPattern(QStringLiteral("[a-z0-9_]{0,15}")));
    if (!ccName.match(congestionControl).hasMatch())
        return fail(tr("'%1' is not a congestion control name; see net.ipv4.tcp_available_congestion_control.")
                        .arg(logSafe(congestionControl, 40)));
    return {};
}

Result<void> TrafficSpec::validateSendMethod() const
{
    if (send != SendMethod::Copy && !workloadDescriptor(workload).stream)
        return fail(tr("The %1 send method applies to the bulk workload only; use copy for rr and split-write.")
                        .arg(sendMethodName(send)));
    if (!sendfileFile.isEmpty() && send != SendMethod::Sendfile)
        return fail(tr("A file to send from is given but the send method is %1; choose sendfile, or leave the "
                       "file out.")
                        .arg(sendMethodName(send)));
    return {};
}

Result<void> TrafficSpec::validateTarget() const
{
    if (target.host.isEmpty())
        return fail(tr("No target host; give --target HOST[:PORT] or iperf3://HOST[:PORT]."));
    if (target.port == 0 && target.kind != TargetKind::Ssh)
        return fail(tr("Target port 0 is not valid; give a port from 1 to 65535."));
    const WorkloadDescriptor &described = workloadDescriptor(workload);
    if (target.kind == TargetKind::Iperf3) {
        if (described.answered(*this) && !described.responseOptional)
            return fail(tr("An iperf3 server cannot answer requests; run the rr workload against "
                           "`tcptune serve`, or use bulk."));
        if (described.answered(*this))
            return fail(tr("An iperf3 server cannot answer split-write messages; set the response size to 0 "
                           "(one-way) or run against `tcptune serve`."));
        if (latencyProbe)
            return fail(tr("An iperf3 server cannot answer the latency probe; turn the probe off or run "
                           "against `tcptune serve`."));
        if (described.underLoad)
            return fail(tr("An iperf3 server cannot answer latency probes; run latency under load against "
                           "`tcptune serve`, the lab or an ssh target."));
    }
    if (auto r = validateDirection(); !r)
        return r;
    if (!remoteSysctls.isEmpty() && target.kind != TargetKind::Ssh)
        return fail(tr("Far knobs (%1) are changed by an agent that ssh started: give the target as "
                       "ssh://[USER@]HOST, or remove the remote: knobs.")
                        .arg(QStringList(remoteSysctls.keys()).join(QStringLiteral(", "))));
    if (!clientNetns.isEmpty() && !clientNetns.startsWith(QLatin1String("tcptune-")))
        return fail(tr("Client namespace '%1' is not a tcptune namespace; names start with 'tcptune-'.")
                        .arg(logSafe(clientNetns, 80)));
    return {};
}

Result<void> TrafficSpec::validateDirection() const
{
    if (direction == Direction::Up)
        return {};
    if (send != SendMethod::Copy)
        return fail(tr("Direction %1: the target sends with plain send(); use --zerocopy and --sendfile with "
                       "direction up.")
                        .arg(directionName(direction)));
    // The target sends without anything coming back on the data connections: bulk, or split-write
    // messages without responses.
    const WorkloadDescriptor &described = workloadDescriptor(workload);
    if (described.answered(*this) && !described.responseOptional)
        return fail(tr("Direction %1 needs a one-way workload; request/response already goes both ways, so run rr "
                       "with direction up.")
                        .arg(directionName(direction)));
    if (described.answered(*this))
        return fail(tr("Direction %1 runs split-write one way only; set the response size to 0.")
                        .arg(directionName(direction)));
    if (target.kind == TargetKind::Iperf3 && !described.stream)
        return fail(tr("An iperf3 server sends only bulk data; use the bulk workload with direction %1, or run "
                       "against `tcptune serve`.")
                        .arg(directionName(direction)));
    return {};
}

} // namespace tcptune

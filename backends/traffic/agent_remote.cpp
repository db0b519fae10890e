#include "traffic/agent_remote.h"

#include "common/log_text.h"
#include "common/mib_counters.h"
#include "knobs/knob_snapshot_json.h"
#include "traffic/agent_auth.h"
#include "traffic/agent_protocol.h"
#include "traffic/agent_result.h"
#include "traffic/agent_token.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <sys/socket.h>

namespace tcptune {
namespace {

QString key(const char *k)
{
    return QString::fromLatin1(k);
}

} // namespace

AgentRemote::AgentRemote(const TrafficSpec &spec)
    : m_spec(spec)
    , m_where(spec.target.toString())
{
}

Result<QJsonObject> AgentRemote::readMessage(int timeoutMs, int maxLength)
{
    auto line =
        sock::readLine(m_control, m_buffer, maxLength, sock::Clock::now() + std::chrono::milliseconds(timeoutMs));
    if (!line)
        return fail(tr("The agent at %1 stopped answering (%2).").arg(m_where, line.error().message));
    auto message = agentproto::decode(*line);
    if (!message)
        return fail(tr("The agent at %1 sent something this client does not understand (%2); is it a tcptune "
                       "agent of the same version?")
                        .arg(m_where, message.error().message));
    if (agentproto::typeOf(*message) == QLatin1String("error"))
        return fail(
            tr("The agent at %1 refused: %2.").arg(m_where, logSafe(message->value(key("message")).toString(), 1000)));
    return message;
}

Result<QJsonObject> AgentRemote::readReply(int timeoutMs, int maxLength)
{
    const auto deadline = sock::Clock::now() + std::chrono::milliseconds(timeoutMs);
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - sock::Clock::now());
        auto message = readMessage(std::max(1, int(left.count())), maxLength);
        if (!message || agentproto::typeOf(*message) != QLatin1String("samples"))
            return message;
        keepSamples(*message);
    }
}

void AgentRemote::keepSamples(const QJsonObject &message)
{
    constexpr qsizetype kMaxKeptTicks = 1'000'000; // a client that never takes them stays bounded
    for (const QJsonValue &v : message.value(key("ticks")).toArray()) {
        const QJsonObject o = v.toObject();
        FarTick tick;
        tick.aggregate = TrafficSample::fromJson(o.value(key("aggregate")).toObject());
        for (const QJsonValue &s : o.value(key("streams")).toArray())
            tick.streams.append(TrafficSample::fromJson(s.toObject()));
        if (m_ticks.size() < kMaxKeptTicks)
            m_ticks.append(tick);
    }
}

// Over ssh both sides announce their versions first; a mismatch stops here with both named.
Result<void> AgentRemote::exchangeVersions()
{
    if (auto sent = sock::sendAll(m_control, agentproto::helloLine(), sock::Clock::now() + std::chrono::seconds(5));
        !sent)
        return fail(tr("Cannot talk to the agent at %1: %2.").arg(m_where, sent.error().message));
    auto line = sock::readLine(m_control, m_buffer, agentproto::kMaxHandshakeLine,
                               sock::Clock::now() + std::chrono::seconds(10));
    if (!line)
        return fail(tr("The agent at %1 stopped answering (%2).").arg(m_where, line.error().message));
    const agentproto::PeerVersion far = agentproto::peerVersionOf(*line);
    if (far.hello && far.protocol == agentproto::kVersion)
        return {};
    const QString ours = QStringLiteral(TCPTUNE_VERSION);
    const QString theirs =
        far.program.isEmpty()
            ? tr("The far host %1 runs an older tcptune (agent protocol %2)").arg(m_spec.target.host).arg(far.protocol)
            : tr("The far host %1 runs tcptune %2 (agent protocol %3)")
                  .arg(m_spec.target.host, far.program)
                  .arg(far.protocol);
    return fail(tr("%1, this host tcptune %2 (protocol %3): install tcptune %2 on %4, or set TCPTUNE_REMOTE_PROGRAM "
                   "to a tcptune %2 there.")
                    .arg(theirs, ours)
                    .arg(agentproto::kVersion)
                    .arg(m_spec.target.host));
}

Result<void> AgentRemote::open(int control)
{
    m_control = control;
    if (m_spec.target.kind == TargetKind::Ssh)
        if (auto versions = exchangeVersions(); !versions)
            return versions;
    // Over ssh, ssh authenticated the far end; a token is for agents reached directly.
    auto token = m_spec.target.kind == TargetKind::Ssh ? Result<QString>(QString()) : clientToken();
    if (!token)
        return std::unexpected(token.error());
    auto ready = handshake(*token);
    if (!ready)
        return std::unexpected(ready.error());
    if (agentproto::typeOf(*ready) != QLatin1String("ready"))
        return fail(tr("The agent at %1 answered '%2' instead of 'ready'.")
                        .arg(m_where, logSafe(agentproto::typeOf(*ready), 40)));
    m_session = ready->value(key("session")).toString();
    if (token->isEmpty())
        m_agentNonce = ready->value(key("nonce")).toString().toLatin1();
    if (!agentauth::isNonce(m_agentNonce))
        return fail(
            tr("The agent at %1 sent no nonce for this run; is it a tcptune of the same version?").arg(m_where));
    m_secret = agentauth::dataSecret(*token, m_agentNonce, m_clientNonce);
    m_trafficOnly = ready->value(key("traffic_only")).toBool();
    m_version = ready->value(key("version")).toString();
    m_knobs = knobSnapshotFromJson(ready->value(key("knobs")).toObject());
    m_knobsNote = ready->value(key("knobs_note")).toString();
    m_dataHost = ready->value(key("data_address")).toString();
    m_dataPort = std::uint16_t(ready->value(key("data_port")).toInt());
    if (m_spec.target.kind == TargetKind::Ssh && (m_dataHost.isEmpty() || m_dataPort == 0))
        return fail(
            tr("The agent at %1 opened no data port for this run; is it a tcptune of the same version?").arg(m_where));
    m_countersBefore = agentproto::countersOf(*ready);
    return {};
}

Result<agentproto::HostDescription> AgentRemote::describe(int control)
{
    m_control = control;
    if (auto versions = exchangeVersions(); !versions)
        return std::unexpected(versions.error());
    if (auto sent = sock::sendAll(control, agentproto::encode(agentproto::describeMessage()),
                                  sock::Clock::now() + std::chrono::seconds(2));
        !sent)
        return fail(tr("Cannot talk to the agent at %1: %2.").arg(m_where, sent.error().message));
    auto reply = readMessage(8000, agentproto::kMaxReadyLine);
    if (!reply)
        return std::unexpected(reply.error());
    auto description = agentproto::parseDescription(*reply);
    if (!description)
        return fail(tr("The agent at %1 did not describe its host (%2); is it a tcptune of the same version?")
                        .arg(m_where, description.error().message));
    return description;
}

// The token this client holds: the spec's (in memory), its token file's or TCPTUNE_TOKEN; empty
// when none.
Result<QString> AgentRemote::clientToken() const
{
    if (!m_spec.target.token.isEmpty())
        return m_spec.target.token;
    return AgentToken::resolve(m_spec.target.tokenFile);
}

// "start" with this client's nonce, then the agent's challenge when it has a token: "ready", or
// why the agent was refused or refused us.
Result<QJsonObject> AgentRemote::handshake(const QString &token)
{
    const QJsonObject start = agentproto::startMessage(m_spec);
    m_clientNonce = agentproto::clientNonceOf(start);
    m_start = agentproto::canonical(start);
    if (auto sent = sock::sendAll(m_control, agentproto::encode(start), sock::Clock::now() + std::chrono::seconds(5));
        !sent)
        return fail(tr("Cannot talk to the agent at %1: %2.").arg(m_where, sent.error().message));
    auto reply = readMessage(10000, agentproto::kMaxReadyLine);
    if (!reply)
        return reply;
    if (agentproto::typeOf(*reply) == QLatin1String("challenge"))
        return answerChallenge(*reply, token);
    if (!token.isEmpty() && agentproto::typeOf(*reply) == QLatin1String("ready"))
        return fail(tr("The agent at %1 did not prove that it knows the token (it sent no challenge), so it may not be "
                       "the agent you started; nothing was run. Check the address, and start the agent with the same "
                       "token (--token-file).")
                        .arg(m_where));
    return reply;
}

// The agent proves first; the token itself never leaves this host.
Result<QJsonObject> AgentRemote::answerChallenge(const QJsonObject &challenge, const QString &token)
{
    if (token.isEmpty())
        return fail(tr("The agent at %1 needs a token; give the one it was started with (--token-file FILE or the "
                       "TCPTUNE_TOKEN environment variable).")
                        .arg(m_where));
    m_agentNonce = challenge.value(key("nonce")).toString().toLatin1();
    const QByteArray theirs = challenge.value(key("proof")).toString().toLatin1();
    const auto expected = [&](agentauth::Role role) {
        return agentauth::proof(token, role, m_agentNonce, m_clientNonce, m_start);
    };
    if (!agentauth::isNonce(m_agentNonce) || !agentauth::constantTimeEqual(theirs, expected(agentauth::Role::Agent)))
        return fail(tr("The agent at %1 could not prove that it knows the token, so it may not be the agent you "
                       "started (or it was started with another token); nothing was run. Check the address and the "
                       "token file on both ends.")
                        .arg(m_where));
    const QByteArray auth = agentproto::encode(agentproto::authMessage(expected(agentauth::Role::Client)));
    if (auto sent = sock::sendAll(m_control, auth, sock::Clock::now() + std::chrono::seconds(5)); !sent)
        return fail(tr("Cannot talk to the agent at %1: %2.").arg(m_where, sent.error().message));
    return readMessage(10000, agentproto::kMaxReadyLine);
}

QByteArray AgentRemote::dataHello(int stream) const
{
    return agentproto::encode(agentproto::dataHelloMessage(m_session, stream, m_secret));
}

QByteArray AgentRemote::probeHello() const
{
    return agentproto::encode(agentproto::dataHelloMessage(m_session, -1, m_secret));
}

Result<void> AgentRemote::waitRunning()
{
    if (auto sent = sock::sendAll(m_control, agentproto::encode({{key("type"), QStringLiteral("begin")}}),
                                  sock::Clock::now() + std::chrono::seconds(5));
        !sent)
        return fail(tr("The agent at %1 went away: %2.").arg(m_where, sent.error().message));
    auto running = readMessage(15000, agentproto::kMaxControlLine);
    if (!running)
        return std::unexpected(running.error());
    if (agentproto::typeOf(*running) != QLatin1String("running"))
        return fail(tr("The agent at %1 answered '%2' instead of 'running'.")
                        .arg(m_where, logSafe(agentproto::typeOf(*running), 40)));
    return {};
}

// Takes what has arrived and every complete line in it; the rest of a line waits in the buffer
// for the next call. It never waits for the rest: on a path whose queue drops most packets (a
// latency-under-load run against a tiny queue) a line's last segment may take seconds of
// retransmission timeouts, which is no reason to end the run.
Result<void> AgentRemote::peerEvent()
{
    char chunk[16 * 1024];
    const ssize_t n = ::recv(m_control, chunk, sizeof chunk, MSG_DONTWAIT);
    if (n == 0)
        return fail(tr("The agent at %1 closed the connection during the run.").arg(m_where));
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
        return fail(
            tr("The connection to the agent at %1 failed during the run: %2.").arg(m_where, sock::errnoText(errno)));
    if (n > 0)
        m_buffer.append(chunk, n);
    while (m_buffer.contains('\n')) {
        auto message = readMessage(1000, agentproto::kMaxSamplesLine);
        if (!message)
            return std::unexpected(message.error());
        if (agentproto::typeOf(*message) == QLatin1String("samples"))
            keepSamples(*message);
    }
    if (m_buffer.size() > agentproto::kMaxSamplesLine)
        return fail(tr("The agent at %1 sent a line longer than %2 bytes during the run.")
                        .arg(m_where)
                        .arg(agentproto::kMaxSamplesLine));
    return {};
}

Result<RemoteFigures> AgentRemote::finish(const LocalFigures &)
{
    if (auto sent = sock::sendAll(m_control, agentproto::encode({{key("type"), QStringLiteral("end")}}),
                                  sock::Clock::now() + std::chrono::seconds(5));
        !sent)
        return fail(tr("The agent at %1 went away at the end of the run: %2.").arg(m_where, sent.error().message));
    auto result = readReply(30000, agentproto::kMaxResultLine);
    if (!result)
        return std::unexpected(result.error());
    if (agentproto::typeOf(*result) != QLatin1String("result"))
        return fail(tr("The agent at %1 answered '%2' instead of 'result'.")
                        .arg(m_where, logSafe(agentproto::typeOf(*result), 40)));
    RemoteFigures f = figuresFromResult(*result, m_spec.omitS);
    const auto after = agentproto::countersOf(*result);
    if (m_countersBefore && after) {
        f.countersRead = true;
        f.counterDeltas = mib::deltas(*m_countersBefore, *after);
    } else {
        f.countersNote = !m_countersBefore ? m_countersBefore.error().message : after.error().message;
    }
    return f;
}

} // namespace tcptune

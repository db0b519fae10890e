#include "probe_session.h"

#include "loopback_client.h"
#include "traffic/agent_auth.h"
#include "traffic/agent_protocol.h"
#include "traffic/traffic_spec.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace tcptune::test {
namespace {

bool sendLine(int fd, const QJsonObject &message)
{
    const QByteArray line = agentproto::encode(message);
    return ::send(fd, line.constData(), std::size_t(line.size()), MSG_NOSIGNAL) == line.size();
}

// "challenge" answered with TOKEN's proof over START; the agent's next line.
QJsonObject answerChallenge(int control, const QJsonObject &challenge, const QString &token, const QJsonObject &start)
{
    const QByteArray proof =
        agentauth::proof(token, agentauth::Role::Client, challenge.value(QStringLiteral("nonce")).toString().toLatin1(),
                         agentproto::clientNonceOf(start), agentproto::canonical(start));
    if (!sendLine(control, agentproto::authMessage(proof)))
        return {};
    return readJsonLine(control);
}

} // namespace

void HandRun::close()
{
    if (control >= 0)
        ::close(control);
    control = -1;
}

HandRun openHandRun(std::uint16_t port, const QString &token, bool probe, const char *source)
{
    HandRun run;
    TrafficSpec spec;
    spec.target.host = QStringLiteral("127.0.0.1");
    spec.target.port = port;
    spec.durationS = 5;
    // Latency under load asks for the UDP probe; its idle phase is left out, as the start message
    // carries it inside omit_s (TrafficClient's engine spec) and this spec omits nothing.
    spec.workload = probe ? Workload::Rrul : Workload::Bulk;
    spec.idleS = 0;
    const QJsonObject start = agentproto::startMessage(spec);
    run.control = connectLoopback(port, source);
    if (run.control < 0 || !sendLine(run.control, start)) {
        run.error = QStringLiteral("cannot send start");
        return run;
    }
    QJsonObject reply = readJsonLine(run.control);
    if (agentproto::typeOf(reply) == QLatin1String("challenge"))
        reply = answerChallenge(run.control, reply, token, start);
    if (agentproto::typeOf(reply) != QLatin1String("ready")) {
        run.error = reply.value(QStringLiteral("message")).toString(QStringLiteral("no ready"));
        return run;
    }
    run.session = reply.value(QStringLiteral("session")).toString();
    run.secret = agentauth::dataSecret(token, reply.value(QStringLiteral("nonce")).toString().toLatin1(),
                                       agentproto::clientNonceOf(start));
    return run;
}

std::optional<QByteArray> exchange(int fd, const QByteArray &datagram, int timeoutMs)
{
    if (::send(fd, datagram.constData(), std::size_t(datagram.size()), MSG_NOSIGNAL) != datagram.size())
        return std::nullopt;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, timeoutMs) <= 0)
        return std::nullopt;
    QByteArray back(2048, '\0');
    const ssize_t n = ::recv(fd, back.data(), std::size_t(back.size()), MSG_DONTWAIT);
    if (n < 0)
        return std::nullopt;
    back.truncate(n);
    return back;
}

QByteArray request(const HandRun &run, std::uint32_t sequence)
{
    udpprobe::Probe probe;
    probe.session = run.session;
    probe.sequence = sequence;
    probe.sentNs = 1000000ULL * sequence + 7;
    return udpprobe::encode(probe, run.secret);
}

std::optional<udpprobe::Probe> probeOnce(int fd, const HandRun &run, std::uint32_t sequence, int timeoutMs)
{
    const std::optional<QByteArray> back = exchange(fd, request(run, sequence), timeoutMs);
    return back ? udpprobe::decode(*back, run.secret) : std::nullopt;
}

} // namespace tcptune::test

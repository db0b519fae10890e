#include "traffic/iperf3_remote.h"

#include "traffic/workload_registry.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>

#include <arpa/inet.h>
#include <cmath>
#include <sys/socket.h>

namespace tcptune {
namespace {

QString key(const char *k)
{
    return QString::fromLatin1(k);
}

constexpr int kMaxJson = 16 * 1024 * 1024;

} // namespace

Iperf3Remote::Iperf3Remote(const TrafficSpec &spec)
    : m_spec(spec)
    , m_where(spec.target.toString())
{
    // The cookie identifies this test on every connection: 36 characters from iperf3's alphabet.
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
    m_cookie.resize(kCookieSize);
    for (int i = 0; i < kCookieSize - 1; ++i)
        m_cookie[i] = alphabet[QRandomGenerator::global()->bounded(32)];
    m_cookie[kCookieSize - 1] = '\0';
}

QJsonObject Iperf3Remote::parameters(const TrafficSpec &spec)
{
    // The server's read size, a whole write cycle; iperf3 caps TCP blocks at 1 MiB.
    const std::int64_t len =
        std::min<std::int64_t>(workloadFieldsSum(spec, workloadDescriptor(spec.workload).writes), 1 << 20);
    QJsonObject p{
        {key("tcp"), true},
        {key("omit"), int(std::ceil(spec.omitS))},
        {key("time"), int(std::ceil(spec.durationS))},
        {key("num"), 0},
        {key("blockcount"), 0},
        {key("parallel"), spec.streams},
        {key("len"), int(len)},
        {key("pacing_timer"), 1000},
        {key("client_version"), QStringLiteral("3.12")},
    };
    if (spec.direction == Direction::Down)
        p.insert(key("reverse"), true); // the server sends
    if (spec.direction == Direction::Both)
        p.insert(key("bidirectional"), true); // both send: the client's streams first, then the server's
    if (spec.rcvbuf > 0)
        p.insert(key("window"), int(std::min<std::int64_t>(spec.rcvbuf, INT32_MAX)));
    if (!spec.congestionControl.isEmpty())
        p.insert(key("congestion"), spec.congestionControl);
    return p;
}

Result<signed char> Iperf3Remote::readState(int timeoutMs)
{
    char c = 0;
    if (auto r = sock::recvAll(m_control, &c, 1, sock::Clock::now() + std::chrono::milliseconds(timeoutMs)); !r)
        return fail(tr("The iperf3 server at %1 stopped answering (%2).").arg(m_where, r.error().message));
    return static_cast<signed char>(c);
}

QString Iperf3Remote::describeState(signed char state)
{
    if (state == AccessDenied)
        return tr("The iperf3 server at %1 is busy with another test (it serves one client at a time); try again "
                  "later, or run `tcptune serve` there, which serves several.")
            .arg(m_where);
    if (state == ServerError) {
        std::uint32_t codes[2] = {0, 0};
        if (!sock::recvAll(m_control, reinterpret_cast<char *>(codes), sizeof codes,
                           sock::Clock::now() + std::chrono::seconds(1)))
            return tr("The iperf3 server at %1 reported an error but closed before saying which; see its log.")
                .arg(m_where);
        return tr("The iperf3 server at %1 reported error %2 (errno %3); see its log.")
            .arg(m_where)
            .arg(int(ntohl(codes[0])))
            .arg(int(ntohl(codes[1])));
    }
    if (state == ServerTerminate)
        return tr("The iperf3 server at %1 was terminated during the test.").arg(m_where);
    return tr("The iperf3 server at %1 sent unexpected state %2; is it iperf3 3.x?").arg(m_where).arg(int(state));
}

Result<void> Iperf3Remote::expectState(signed char wanted, int timeoutMs)
{
    auto state = readState(timeoutMs);
    if (!state)
        return std::unexpected(state.error());
    if (*state != wanted)
        return fail(describeState(*state));
    return {};
}

Result<void> Iperf3Remote::sendState(signed char state)
{
    const char c = static_cast<char>(state);
    if (auto r = sock::sendAll(m_control, &c, 1, sock::Clock::now() + std::chrono::seconds(5)); !r)
        return fail(tr("The iperf3 server at %1 went away (%2).").arg(m_where, r.error().message));
    return {};
}

Result<void> Iperf3Remote::sendJson(const QJsonObject &json)
{
    const QByteArray body = QJsonDocument(json).toJson(QJsonDocument::Compact);
    const std::uint32_t length = htonl(std::uint32_t(body.size()));
    QByteArray message(reinterpret_cast<const char *>(&length), sizeof length);
    message += body;
    if (auto r = sock::sendAll(m_control, message, sock::Clock::now() + std::chrono::seconds(5)); !r)
        return fail(tr("The iperf3 server at %1 went away (%2).").arg(m_where, r.error().message));
    return {};
}

Result<QJsonObject> Iperf3Remote::readJson(int timeoutMs)
{
    const auto deadline = sock::Clock::now() + std::chrono::milliseconds(timeoutMs);
    std::uint32_t length = 0;
    if (auto r = sock::recvAll(m_control, reinterpret_cast<char *>(&length), sizeof length, deadline); !r)
        return fail(tr("The iperf3 server at %1 sent no results (%2).").arg(m_where, r.error().message));
    length = ntohl(length);
    if (length == 0 || length > std::uint32_t(kMaxJson))
        return fail(
            tr("The iperf3 server at %1 announced %2 bytes of results; that is not iperf3.").arg(m_where).arg(length));
    QByteArray body(qsizetype(length), '\0');
    if (auto r = sock::recvAll(m_control, body.data(), length, deadline); !r)
        return fail(tr("The iperf3 server at %1 sent incomplete results (%2).").arg(m_where, r.error().message));
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (!doc.isObject())
        return fail(tr("The iperf3 server at %1 sent results that are not a JSON object.").arg(m_where));
    return doc.object();
}

Result<void> Iperf3Remote::open(int control)
{
    m_control = control;
    if (auto r = sock::sendAll(control, m_cookie, sock::Clock::now() + std::chrono::seconds(5)); !r)
        return fail(tr("Cannot talk to the iperf3 server at %1: %2.").arg(m_where, r.error().message));
    if (auto r = expectState(ParamExchange, 10000); !r)
        return r;
    if (auto r = sendJson(parameters(m_spec)); !r)
        return r;
    return expectState(CreateStreams, 10000);
}

QByteArray Iperf3Remote::dataHello(int) const
{
    return m_cookie;
}

Result<void> Iperf3Remote::waitRunning()
{
    if (auto r = expectState(TestStart, 10000); !r)
        return r;
    return expectState(TestRunning, 10000);
}

Result<void> Iperf3Remote::peerEvent()
{
    char c;
    const ssize_t n = ::recv(m_control, &c, 1, MSG_DONTWAIT);
    if (n == 0)
        return fail(tr("The iperf3 server at %1 closed the connection during the test.").arg(m_where));
    if (n < 0)
        return (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
                   ? Result<void>{}
                   : fail(tr("The connection to the iperf3 server at %1 failed: %2.")
                              .arg(m_where, sock::errnoText(errno)));
    return fail(describeState(static_cast<signed char>(c)));
}

Result<RemoteFigures> Iperf3Remote::finish(const LocalFigures &local)
{
    if (auto r = sendState(TestEnd); !r)
        return std::unexpected(r.error());
    if (auto r = expectState(ExchangeResults, 15000); !r)
        return std::unexpected(r.error());
    QJsonArray streams;
    for (int i = 0; i < local.bytesPerStream.size(); ++i)
        streams.append(QJsonObject{{key("id"), streamId(i)},
                                   {key("bytes"), double(local.bytesPerStream[i])},
                                   {key("retransmits"), double(local.retransPerStream.value(i))},
                                   {key("jitter"), 0},
                                   {key("errors"), 0},
                                   {key("packets"), 0},
                                   {key("start_time"), 0},
                                   {key("end_time"), local.durationS}});
    QJsonObject results{{key("cpu_util_total"), 0},
                        {key("cpu_util_user"), 0},
                        {key("cpu_util_system"), 0},
                        {key("sender_has_retransmits"), m_spec.direction == Direction::Down ? 0 : 1},
                        {key("streams"), streams}};
    if (!local.congestionControl.isEmpty())
        results.insert(key("congestion_used"), local.congestionControl);
    if (auto r = sendJson(results); !r)
        return std::unexpected(r.error());
    auto server = readJson(15000);
    if (!server)
        return std::unexpected(server.error());
    if (auto r = expectState(DisplayResults, 15000); !r)
        return std::unexpected(r.error());
    (void)sendState(IperfDone); // the server may already have closed; the figures are in

    RemoteFigures f = sentByServer(*server); // direction up: nothing
    if (m_spec.upStreams() == 0)
        return f;
    f.receiverBytes = 0;
    QList<std::pair<int, std::int64_t>> byId;
    for (const QJsonValue &v : server->value(key("streams")).toArray()) {
        const QJsonObject s = v.toObject();
        if (s.value(key("id")).toInt() >= streamId(m_spec.upStreams()))
            continue; // one the server sent on (direction both)
        const auto bytes = std::int64_t(s.value(key("bytes")).toDouble());
        f.receiverBytes += bytes;
        byId.append({s.value(key("id")).toInt(), bytes});
        f.durationS =
            std::max(f.durationS, s.value(key("end_time")).toDouble() - s.value(key("start_time")).toDouble());
    }
    for (int i = 0; i < m_spec.upStreams() && i < local.bytesPerStream.size(); ++i) {
        std::int64_t bytes = -1;
        for (const auto &[id, b] : byId)
            if (id == streamId(i))
                bytes = b;
        f.bytesPerStream.append(bytes);
    }
    return f;
}

RemoteFigures Iperf3Remote::sentByServer(const QJsonObject &server) const
{
    RemoteFigures f;
    // The server's sending streams follow the client's (bidirectional mode makes those first).
    const int first = m_spec.upStreams();
    for (const QJsonValue &v : server.value(key("streams")).toArray()) {
        const QJsonObject s = v.toObject();
        const int id = s.value(key("id")).toInt();
        for (int i = first; i < first + m_spec.downStreams(); ++i)
            if (streamId(i) == id)
                f.sent.append({i,
                               std::int64_t(s.value(key("bytes")).toDouble()),
                               std::int64_t(s.value(key("retransmits")).toDouble()),
                               0,
                               0,
                               server.value(key("congestion_used")).toString(),
                               {}});
    }
    return f;
}

QString Iperf3Remote::knobsNote() const
{
    return tr("A stock iperf3 server does not report its sysctls; run `tcptune serve` on the target to record "
              "both ends.");
}

} // namespace tcptune

// The agent's answer to the latency-under-load UDP probe, against a real AgentServer on loopback
// and runs opened by hand: a live run's signed request from its client is answered with its
// sequence and send time; everything else (a wrong HMAC, an unknown run, the wrong magic or
// size, another source address, a run that did not ask for probes, a wrong token) gets nothing;
// answers are rate-limited per run and stop when the run ends; a taken UDP port leaves TCP
// serving; over ssh the client's address is the first data connection's; addresses compare
// across IPv4 and IPv4-mapped IPv6.

#include "loopback_client.h"
#include "probe_session.h"
#include "traffic/agent_auth.h"
#include "traffic/agent_protocol.h"
#include "traffic/agent_server.h"
#include "traffic/agent_udp_echo.h"
#include "traffic/socket_util.h"
#include "traffic/traffic_client.h"

#include <QScopeGuard>
#include <QTest>

#include <algorithm>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kToken = QStringLiteral("udp-s3cret");

// An agent on loopback and a run opened by hand on it (closed with it).
struct Probed {
    QString token;
    AgentServer agent;
    std::uint16_t port = 0;
    HandRun run;

    explicit Probed(AgentOptions options = {.token = kToken})
        : token(options.token)
        , agent(std::move(options))
    {
    }
    ~Probed() { run.close(); }
    // Listens on a free port; the reason when it cannot.
    QString listen()
    {
        auto listening = agent.listen(QStringLiteral("127.0.0.1"), 0);
        port = listening.value_or(0);
        return listening ? QString() : listening.error().message;
    }
    // Listens and opens the run (with the agent's token, asking for probes when PROBE).
    QString open(bool probe = true)
    {
        if (QString why = listen(); !why.isEmpty())
            return why;
        run = openHandRun(port, token, probe);
        return run.ok() ? QString() : QStringLiteral("no run: ") + run.error;
    }
    sock::Fd udp(const char *source = "127.0.0.1") const { return sock::Fd(udpSocketTo(port, source)); }
};

} // namespace

class TestAgentUdpEcho final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void peerAddressesCompareAcrossFamilies();
    void liveRunIsAnswered();
    void unanswered_data();
    void unanswered();
    void wrongTokenGetsNoRun();
    void agentWithoutTokenAnswersItsRuns();
    void answersAreRateLimited();
    void answersStopWhenTheRunEnds();
    void udpPortTakenLeavesTcpServing();
    void overSshTheFirstDataConnectionNamesTheClient();
};

// The control connection's "address:port" against a datagram's source: IPv4 equals its
// IPv4-mapped IPv6 form (a dual-stack socket's), ports do not matter, "ssh" names no address.
void TestAgentUdpEcho::peerAddressesCompareAcrossFamilies()
{
    sockaddr_storage v4{};
    auto *in = reinterpret_cast<sockaddr_in *>(&v4);
    in->sin_family = AF_INET;
    in->sin_port = htons(40000);
    ::inet_pton(AF_INET, "192.0.2.7", &in->sin_addr);
    sockaddr_storage mapped{};
    auto *in6 = reinterpret_cast<sockaddr_in6 *>(&mapped);
    in6->sin6_family = AF_INET6;
    ::inet_pton(AF_INET6, "::ffff:192.0.2.7", &in6->sin6_addr);
    sockaddr_storage v6 = mapped;
    ::inet_pton(AF_INET6, "2001:db8::7", &reinterpret_cast<sockaddr_in6 *>(&v6)->sin6_addr);
    QVERIFY(PeerIp::fromPeer(QStringLiteral("192.0.2.7:5300")) == PeerIp::fromSockaddr(v4));
    QVERIFY(PeerIp::fromPeer(QStringLiteral("192.0.2.7:5300")) == PeerIp::fromSockaddr(mapped));
    QVERIFY(PeerIp::fromPeer(QStringLiteral("2001:db8::7:5300")) == PeerIp::fromSockaddr(v6));
    QVERIFY(!(PeerIp::fromPeer(QStringLiteral("192.0.2.8:5300")) == PeerIp::fromSockaddr(v4)));
    QVERIFY(!(PeerIp::fromPeer(QStringLiteral("2001:db8::8:5300")) == PeerIp::fromSockaddr(v6)));
    QVERIFY(!PeerIp::fromPeer(QStringLiteral("ssh")).valid);
    QVERIFY(!(PeerIp::fromPeer(QStringLiteral("ssh")) == PeerIp::fromPeer(QStringLiteral("ssh"))));
}

void TestAgentUdpEcho::liveRunIsAnswered()
{
    Probed p;
    QCOMPARE(p.open(), QString());
    const sock::Fd udp = p.udp();
    for (std::uint32_t sequence : {0u, 1u, 4711u}) {
        const std::optional<udpprobe::Probe> answer = probeOnce(udp.get(), p.run, sequence);
        QVERIFY(answer.has_value());
        QVERIFY(answer->kind == udpprobe::Kind::Answer);
        QCOMPARE(answer->session, p.run.session);
        QCOMPARE(answer->sequence, sequence);
        QCOMPARE(answer->sentNs, 1000000ULL * sequence + 7);
    }
    QTRY_COMPARE(p.agent.udpProbeCounts().answered, 3); // counted just after the answer is sent
    QCOMPARE(p.agent.udpProbeCounts().dropped, 0);
}

void TestAgentUdpEcho::unanswered_data()
{
    QTest::addColumn<QString>("what");
    for (const char *what : {"wrong hmac", "unknown run", "answer magic", "other magic", "short", "long", "empty",
                             "other source", "run without probe", "secret of another run"})
        QTest::addRow("%s", what) << QString::fromLatin1(what);
}

// DATAGRAM made into the kind of unanswerable request WHAT names (OTHER: another live run).
static QByteArray spoiled(QByteArray datagram, const QString &what, const HandRun &run, const HandRun &other)
{
    HandRun forged = run;
    if (what == QLatin1String("wrong hmac"))
        datagram[40] = char(datagram[40] ^ 0x01);
    if (what == QLatin1String("unknown run"))
        forged.session = QStringLiteral("0123456789abcdef");
    if (what == QLatin1String("secret of another run"))
        forged.secret = other.secret;
    if (forged.session != run.session || forged.secret != run.secret)
        datagram = request(forged, 9);
    if (what == QLatin1String("answer magic")) // signed, but an answer: never echoed
        datagram = udpprobe::encode({udpprobe::Kind::Answer, run.session, 9, 7}, run.secret);
    if (what == QLatin1String("other magic"))
        datagram.replace(0, 4, "XXXX");
    if (what == QLatin1String("short"))
        datagram.chop(1);
    if (what == QLatin1String("long"))
        datagram.append('\0');
    if (what == QLatin1String("empty"))
        datagram.clear();
    return datagram;
}

void TestAgentUdpEcho::unanswered()
{
    QFETCH(QString, what);
    Probed p;
    QCOMPARE(p.open(what != QLatin1String("run without probe")), QString());
    HandRun other = openHandRun(p.port, kToken);
    auto closeOther = qScopeGuard([&] { other.close(); });
    QVERIFY2(other.ok(), qPrintable(other.error));
    const sock::Fd udp = p.udp(what == QLatin1String("other source") ? "127.0.0.2" : "127.0.0.1");
    QVERIFY(!exchange(udp.get(), spoiled(request(p.run, 9), what, p.run, other), 300).has_value());
    QTRY_COMPARE(p.agent.udpProbeCounts().dropped, 1);
    QCOMPARE(p.agent.udpProbeCounts().answered, 0);
    // The other run, from its own address, is answered all the while.
    QVERIFY(probeOnce(p.udp().get(), other, 1).has_value());
}

// On an agent with a token no run starts without the proof, so a client without it has no
// session and no secret to sign a probe with.
void TestAgentUdpEcho::wrongTokenGetsNoRun()
{
    Probed p;
    QCOMPARE(p.listen(), QString());
    p.run = openHandRun(p.port, QStringLiteral("guessed"));
    QVERIFY(!p.run.ok());
    QVERIFY2(p.run.error.contains(QStringLiteral("token")), qPrintable(p.run.error));
    p.run.session = QStringLiteral("0123456789abcdef");
    p.run.secret = agentauth::dataSecret(QStringLiteral("guessed"), QByteArray(64, 'a'), QByteArray(64, 'b'));
    QVERIFY(!probeOnce(p.udp().get(), p.run, 1, 300).has_value());
    QTRY_COMPARE(p.agent.udpProbeCounts().dropped, 1);
}

// Without a token the agent serves traffic to anyone (as iperf3 -s does), probes included.
void TestAgentUdpEcho::agentWithoutTokenAnswersItsRuns()
{
    Probed p(AgentOptions{});
    QCOMPARE(p.open(), QString());
    const std::optional<udpprobe::Probe> answer = probeOnce(p.udp().get(), p.run, 3);
    QVERIFY(answer.has_value());
    QCOMPARE(answer->sequence, 3u);
}

// A replayed or looped request gets the run's burst of answers and then its rate, not one each.
void TestAgentUdpEcho::answersAreRateLimited()
{
    Probed p;
    QCOMPARE(p.open(), QString());
    const sock::Fd udp = p.udp();
    const QByteArray replayed = request(p.run, 5);
    constexpr int kSent = 100; // within the agent's socket buffer: none is lost before it is read
    const auto started = sock::Clock::now();
    for (int i = 0; i < kSent; ++i)
        QCOMPARE(::send(udp.get(), replayed.constData(), std::size_t(replayed.size()), 0), ssize_t(replayed.size()));
    QTRY_COMPARE(p.agent.udpProbeCounts().answered + p.agent.udpProbeCounts().rateLimited, std::int64_t(kSent));
    const double seconds = std::chrono::duration<double>(sock::Clock::now() - started).count();
    const std::int64_t answered = p.agent.udpProbeCounts().answered;
    QVERIFY2(answered >= 20 && answered <= 20 + std::int64_t(50 * seconds) + 1,
             qPrintable(QStringLiteral("%1 answers in %2 s").arg(answered).arg(seconds)));
    QTest::qWait(200); // the bucket refills at 50 a second
    char sink[2048];
    while (::recv(udp.get(), sink, sizeof sink, MSG_DONTWAIT) > 0) {
    }
    const std::optional<udpprobe::Probe> answer = probeOnce(udp.get(), p.run, 6);
    QVERIFY(answer.has_value());
    QCOMPARE(answer->sequence, 6u);
}

void TestAgentUdpEcho::answersStopWhenTheRunEnds()
{
    Probed p;
    QCOMPARE(p.open(), QString());
    const sock::Fd udp = p.udp();
    QVERIFY(probeOnce(udp.get(), p.run, 1).has_value());
    QCOMPARE(p.agent.activeSessions(), 1);
    HandRun ended = p.run;
    p.run.close();
    QTRY_COMPARE(p.agent.activeSessions(), 0);
    QVERIFY(!probeOnce(udp.get(), ended, 2, 300).has_value());
    QTRY_COMPARE(p.agent.udpProbeCounts().dropped, 1);
    QCOMPARE(p.agent.udpProbeCounts().answered, 1);
}

void TestAgentUdpEcho::udpPortTakenLeavesTcpServing()
{
    const sock::Fd taken(::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0));
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QCOMPARE(::bind(taken.get(), reinterpret_cast<sockaddr *>(&a), sizeof a), 0);
    const std::uint16_t udpPort = sock::localPort(taken.get());
    AgentServer agent;
    QStringList logged;
    QObject receiver;
    QObject::connect(
        &agent, &AgentServer::logged, &receiver, [&logged](const QString &line) { logged << line; },
        Qt::QueuedConnection);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), udpPort);
    if (!port)
        QSKIP("the TCP port of the same number is taken too");
    QTRY_VERIFY(std::any_of(logged.begin(), logged.end(), [](const QString &line) {
        return line.contains(QStringLiteral("no UDP latency probes"));
    }));
    TrafficClient client;
    TrafficSpec spec;
    spec.target.host = QStringLiteral("127.0.0.1");
    spec.target.port = *port;
    spec.durationS = 0.3;
    const TrafficResult r = client.run(spec);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(agent.udpProbeCounts().answered, 0);
}

// Over ssh the control channel has no address: probes are answered once a data connection that
// proved the run's secret named where the client is, and only to that address.
void TestAgentUdpEcho::overSshTheFirstDataConnectionNamesTheClient()
{
    AgentOptions stdio;
    stdio.controlOnlyOverStdio = true;
    stdio.dataAddress = QStringLiteral("127.0.0.1");
    Probed p(stdio);
    QCOMPARE(p.listen(), QString());
    int channel[2];
    QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, channel), 0);
    const sock::Fd ours(channel[0]);
    const sock::Fd agents(channel[1]);
    std::thread control([&] { p.agent.serveControl(agents.get()); });
    auto endChannel = qScopeGuard([&] {
        ::shutdown(ours.get(), SHUT_RDWR); // ssh's pipe closed: the run ends
        control.join();
    });
    TrafficSpec spec;
    spec.target.port = p.port;
    spec.durationS = 5;
    spec.workload = Workload::Rrul; // its idle phase would be inside omit_s, which is 0 here
    spec.idleS = 0;
    const QJsonObject start = agentproto::startMessage(spec);
    const QByteArray lines = agentproto::helloLine() + agentproto::encode(start);
    QCOMPARE(::send(ours.get(), lines.constData(), std::size_t(lines.size()), 0), ssize_t(lines.size()));
    readJsonLine(ours.get()); // the agent's hello comes first, whatever the client sends
    const QJsonObject ready = readJsonLine(ours.get());
    QCOMPARE(agentproto::typeOf(ready), QStringLiteral("ready"));
    p.run.session = ready.value(QStringLiteral("session")).toString();
    p.run.secret = agentauth::dataSecret({}, ready.value(QStringLiteral("nonce")).toString().toLatin1(),
                                         agentproto::clientNonceOf(start));
    const sock::Fd udp = p.udp();
    QVERIFY(!probeOnce(udp.get(), p.run, 1, 300).has_value()); // no data connection yet: no address
    const sock::Fd data(connectLoopback(p.port));
    const QByteArray hello = agentproto::encode(agentproto::dataHelloMessage(p.run.session, 0, p.run.secret));
    QCOMPARE(::send(data.get(), hello.constData(), std::size_t(hello.size()), 0), ssize_t(hello.size()));
    QTRY_VERIFY(probeOnce(udp.get(), p.run, 2, 100).has_value());
    QVERIFY(!probeOnce(p.udp("127.0.0.2").get(), p.run, 3, 300).has_value());
}

QTEST_GUILESS_MAIN(TestAgentUdpEcho)
#include "tst_agent_udp_echo.moc"

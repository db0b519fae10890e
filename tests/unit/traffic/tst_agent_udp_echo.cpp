// The agent's answer to the latency-under-load UDP probe, against a real AgentServer on loopback
// and runs opened by hand: a live run's signed request from its client is answered with its
// sequence and send time; everything else (a wrong HMAC, an unknown run, the wrong magic or
// size, another source address, a run that did not ask for probes, a wrong token) gets nothing;
// answers are rate-limited per run and stop when the run ends; a taken UDP port leaves TCP
// serving; over ssh the client's address is the first data connection's.

#include "loopback_client.h"
#include "probe_session.h"
#include "traffic/agent_auth.h"
#include "traffic/agent_protocol.h"
#include "traffic/agent_server.h"
#include "traffic/socket_util.h"
#include "traffic/traffic_client.h"

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

AgentOptions withToken()
{
    AgentOptions options;
    options.token = kToken;
    return options;
}

// Closes the descriptor when the test function returns, however it returns.
struct Closing {
    int fd;
    ~Closing()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

} // namespace

class TestAgentUdpEcho final : public QObject {
    Q_OBJECT
private Q_SLOTS:
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

void TestAgentUdpEcho::liveRunIsAnswered()
{
    AgentServer agent(withToken());
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    HandRun run = openHandRun(*port, kToken);
    QVERIFY2(run.ok(), qPrintable(run.error));
    const Closing udp{udpSocketTo(*port)};
    QVERIFY(udp.fd >= 0);
    for (std::uint32_t sequence : {0u, 1u, 4711u}) {
        const std::optional<udpprobe::Probe> answer = probeOnce(udp.fd, run, sequence);
        QVERIFY(answer.has_value());
        QVERIFY(answer->kind == udpprobe::Kind::Answer);
        QCOMPARE(answer->session, run.session);
        QCOMPARE(answer->sequence, sequence);
        QCOMPARE(answer->sentNs, 1000000ULL * sequence + 7);
    }
    QTRY_COMPARE(agent.udpProbeCounts().answered, 3); // counted just after the answer is sent
    QCOMPARE(agent.udpProbeCounts().dropped, 0);
    run.close();
}

void TestAgentUdpEcho::unanswered_data()
{
    QTest::addColumn<QString>("what");
    for (const char *what : {"wrong hmac", "unknown run", "answer magic", "other magic", "short", "long", "empty",
                             "other source", "run without probe", "secret of another run"})
        QTest::addRow("%s", what) << QString::fromLatin1(what);
}

void TestAgentUdpEcho::unanswered()
{
    QFETCH(QString, what);
    AgentServer agent(withToken());
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    HandRun run = openHandRun(*port, kToken, what != QLatin1String("run without probe"));
    QVERIFY2(run.ok(), qPrintable(run.error));
    HandRun other = openHandRun(*port, kToken);
    QVERIFY2(other.ok(), qPrintable(other.error));
    const Closing udp{udpSocketTo(*port, what == QLatin1String("other source") ? "127.0.0.2" : "127.0.0.1")};
    QVERIFY(udp.fd >= 0);
    QByteArray datagram = request(run, 9);
    if (what == QLatin1String("wrong hmac")) {
        datagram[40] = char(datagram[40] ^ 0x01);
    } else if (what == QLatin1String("unknown run")) {
        HandRun unknown = run;
        unknown.session = QStringLiteral("0123456789abcdef");
        datagram = request(unknown, 9);
    } else if (what == QLatin1String("answer magic")) {
        udpprobe::Probe probe{udpprobe::Kind::Answer, run.session, 9, 7};
        datagram = udpprobe::encode(probe, run.secret); // signed, but an answer: never echoed
    } else if (what == QLatin1String("other magic")) {
        datagram.replace(0, 4, "XXXX");
    } else if (what == QLatin1String("short")) {
        datagram.chop(1);
    } else if (what == QLatin1String("long")) {
        datagram.append('\0');
    } else if (what == QLatin1String("empty")) {
        datagram.clear();
    } else if (what == QLatin1String("secret of another run")) {
        HandRun forged = run;
        forged.secret = other.secret;
        datagram = request(forged, 9);
    }
    QVERIFY(!exchange(udp.fd, datagram, 300).has_value());
    QTRY_COMPARE(agent.udpProbeCounts().dropped, 1);
    QCOMPARE(agent.udpProbeCounts().answered, 0);
    // The other run, from its own address, is answered all the while.
    const Closing good{udpSocketTo(*port)};
    QVERIFY(probeOnce(good.fd, other, 1).has_value());
    run.close();
    other.close();
}

// On an agent with a token no run starts without the proof, so a client without it has no
// session and no secret to sign a probe with.
void TestAgentUdpEcho::wrongTokenGetsNoRun()
{
    AgentServer agent(withToken());
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    HandRun run = openHandRun(*port, QStringLiteral("guessed"));
    QVERIFY(!run.ok());
    QVERIFY2(run.error.contains(QStringLiteral("token")), qPrintable(run.error));
    run.session = QStringLiteral("0123456789abcdef");
    run.secret = agentauth::dataSecret(QStringLiteral("guessed"), QByteArray(64, 'a'), QByteArray(64, 'b'));
    const Closing udp{udpSocketTo(*port)};
    QVERIFY(!probeOnce(udp.fd, run, 1, 300).has_value());
    QTRY_COMPARE(agent.udpProbeCounts().dropped, 1);
    run.close();
}

// Without a token the agent serves traffic to anyone (as iperf3 -s does), probes included.
void TestAgentUdpEcho::agentWithoutTokenAnswersItsRuns()
{
    AgentServer agent;
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    HandRun run = openHandRun(*port);
    QVERIFY2(run.ok(), qPrintable(run.error));
    const Closing udp{udpSocketTo(*port)};
    const std::optional<udpprobe::Probe> answer = probeOnce(udp.fd, run, 3);
    QVERIFY(answer.has_value());
    QCOMPARE(answer->sequence, 3u);
    run.close();
}

// A replayed or looped request gets the run's burst of answers and then its rate, not one each.
void TestAgentUdpEcho::answersAreRateLimited()
{
    AgentServer agent(withToken());
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    HandRun run = openHandRun(*port, kToken);
    QVERIFY2(run.ok(), qPrintable(run.error));
    const Closing udp{udpSocketTo(*port)};
    const QByteArray replayed = request(run, 5);
    constexpr int kSent = 100; // within the agent's socket buffer: none is lost before it is read
    const auto started = sock::Clock::now();
    for (int i = 0; i < kSent; ++i)
        QCOMPARE(::send(udp.fd, replayed.constData(), std::size_t(replayed.size()), 0), ssize_t(replayed.size()));
    QTRY_COMPARE(agent.udpProbeCounts().answered + agent.udpProbeCounts().rateLimited, std::int64_t(kSent));
    const double seconds = std::chrono::duration<double>(sock::Clock::now() - started).count();
    const std::int64_t answered = agent.udpProbeCounts().answered;
    QVERIFY2(answered >= 20 && answered <= 20 + std::int64_t(50 * seconds) + 1,
             qPrintable(QStringLiteral("%1 answers in %2 s").arg(answered).arg(seconds)));
    QTest::qWait(200); // the bucket refills at 50 a second
    char sink[2048];
    while (::recv(udp.fd, sink, sizeof sink, MSG_DONTWAIT) > 0) {
    }
    const std::optional<udpprobe::Probe> answer = probeOnce(udp.fd, run, 6);
    QVERIFY(answer.has_value());
    QCOMPARE(answer->sequence, 6u);
    run.close();
}

void TestAgentUdpEcho::answersStopWhenTheRunEnds()
{
    AgentServer agent(withToken());
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    HandRun run = openHandRun(*port, kToken);
    QVERIFY2(run.ok(), qPrintable(run.error));
    const Closing udp{udpSocketTo(*port)};
    QVERIFY(probeOnce(udp.fd, run, 1).has_value());
    QCOMPARE(agent.activeSessions(), 1);
    run.close();
    QTRY_COMPARE(agent.activeSessions(), 0);
    QVERIFY(!probeOnce(udp.fd, run, 2, 300).has_value());
    QCOMPARE(agent.udpProbeCounts().answered, 1);
    QTRY_COMPARE(agent.udpProbeCounts().dropped, 1);
}

void TestAgentUdpEcho::udpPortTakenLeavesTcpServing()
{
    const Closing taken{::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0)};
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QCOMPARE(::bind(taken.fd, reinterpret_cast<sockaddr *>(&a), sizeof a), 0);
    const std::uint16_t udpPort = sock::localPort(taken.fd);
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
    AgentOptions options;
    options.controlOnlyOverStdio = true;
    options.dataAddress = QStringLiteral("127.0.0.1");
    AgentServer agent(options);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    int pair[2];
    QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair), 0);
    std::thread control([&] { agent.serveControl(pair[1]); });
    TrafficSpec spec;
    spec.target.port = *port;
    spec.durationS = 5;
    spec.latencyProbe = true; // rrul
    const QJsonObject start = agentproto::startMessage(spec);
    const QByteArray lines = agentproto::helloLine() + agentproto::encode(start);
    QCOMPARE(::send(pair[0], lines.constData(), std::size_t(lines.size()), 0), ssize_t(lines.size()));
    readJsonLine(pair[0]); // the agent's hello comes first, whatever the client sends
    const QJsonObject ready = readJsonLine(pair[0]);
    QCOMPARE(agentproto::typeOf(ready), QStringLiteral("ready"));
    HandRun run;
    run.session = ready.value(QStringLiteral("session")).toString();
    run.secret = agentauth::dataSecret({}, ready.value(QStringLiteral("nonce")).toString().toLatin1(),
                                       agentproto::clientNonceOf(start));
    const Closing udp{udpSocketTo(*port)};
    QVERIFY(!probeOnce(udp.fd, run, 1, 300).has_value()); // no data connection yet: no address
    const Closing data{connectLoopback(*port)};
    const QByteArray hello = agentproto::encode(agentproto::dataHelloMessage(run.session, 0, run.secret));
    QCOMPARE(::send(data.fd, hello.constData(), std::size_t(hello.size()), 0), ssize_t(hello.size()));
    QTRY_VERIFY(probeOnce(udp.fd, run, 2, 100).has_value());
    const Closing elsewhere{udpSocketTo(*port, "127.0.0.2")};
    QVERIFY(!probeOnce(elsewhere.fd, run, 3, 300).has_value());
    ::close(pair[0]);
    control.join();
    ::close(pair[1]);
}

QTEST_GUILESS_MAIN(TestAgentUdpEcho)
#include "tst_agent_udp_echo.moc"

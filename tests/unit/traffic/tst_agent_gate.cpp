// The agent's front door against crafted clients over real loopback sockets: idle connections cost
// no thread and are closed at the handshake deadline, the caps per source network (/24, /64) and
// its token bucket refuse with a reason, a full waiting room closes the connection that waited
// longest instead of the newcomer, a client that proved the token has reserved slots for its data
// connections (and so does a run admitted without a token), a connection refused at accept is
// closed a second after its reason, runs without a token are capped per network, a full descriptor table pauses
// accepting instead of spinning, the thread budget refuses a run it cannot serve, the challenge cannot be replayed,
// data connections need the run's secret, peer-controlled text reaches the log escaped, and a
// connection the gate handed to the agent is no longer the gate's to read.

#include "loopback_client.h"
#include "traffic/agent_auth.h"
#include "traffic/agent_gate.h"
#include "traffic/agent_protocol.h"
#include "traffic/agent_server.h"
#include "traffic/traffic_client.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QTest>

#include <arpa/inet.h>
#include <atomic>
#include <mutex>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace tcptune;
using tcptune::test::connectLoopback;
using tcptune::test::readJsonLine;

namespace {

const QString kToken = QStringLiteral("correct horse battery staple");

bool sendText(int fd, const QByteArray &line)
{
    return ::send(fd, line.constData(), std::size_t(line.size()), MSG_NOSIGNAL) == line.size();
}

QByteArray startLine(int streams = 1)
{
    TrafficSpec spec;
    spec.streams = streams;
    spec.durationS = 1;
    return agentproto::encode(agentproto::startMessage(spec));
}

int threadsOfThisProcess()
{
    return int(QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size());
}

double cpuSecondsOfThisProcess()
{
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

TrafficSpec specFor(std::uint16_t port, const QString &token = {})
{
    TrafficSpec s;
    s.target.host = QStringLiteral("127.0.0.1");
    s.target.port = port;
    s.target.token = token;
    s.durationS = 0.5;
    return s;
}

} // namespace

class TestAgentGate final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void idleConnectionsCostNoThreadAndExpire();
    void sourceNetworks();
    void capsPerNetworkAndFullRoomDropsTheOldest();
    void tokenBucketPerNetwork();
    void refusedAtAcceptIsClosedASecondLater();
    void provedClientHasReservedSlots();
    void admittedRunWithoutTokenHasReservedSlots();
    void runsWithoutTokenCappedPerNetwork();
    void outOfDescriptorsPausesAccepting();
    void threadBudgetRefusesARunItCannotServe();
    void replayedAnswerIsRefused();
    void dataConnectionNeedsTheSecret();
    void peerTextIsEscapedInTheLog();
    void handedOnConnectionIsNoLongerRead();
};

void TestAgentGate::idleConnectionsCostNoThreadAndExpire()
{
    AgentServer agent;
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    const int threadsBefore = threadsOfThisProcess();
    std::vector<int> fds;
    for (int i = 0; i < 30; ++i) {
        fds.push_back(connectLoopback(*port));
        QVERIFY(fds.back() >= 0);
    }
    sendText(fds[0], "{\"tcptune_agent\":6,"); // a slow, unfinished line
    QTest::qWait(300);
    QCOMPARE(threadsOfThisProcess(), threadsBefore);
    QCOMPARE(agent.threadsInUse(), 0);
    // Every one is told why and closed at the handshake deadline (5 s).
    for (int fd : fds) {
        const QJsonObject reply = readJsonLine(fd, 15000);
        QCOMPARE(reply.value(QStringLiteral("type")).toString(), QStringLiteral("error"));
        QVERIFY2(reply.value(QStringLiteral("message")).toString().contains(QStringLiteral("no complete handshake")),
                 qPrintable(reply.value(QStringLiteral("message")).toString()));
        ::close(fd);
    }
    const TrafficResult r = TrafficClient().run(specFor(*port));
    QVERIFY2(r.ok(), qPrintable(r.error));
}

QString messageOf(const QJsonObject &reply)
{
    return reply.value(QStringLiteral("message")).toString();
}

// Whether FD has had nothing to read for MS (the agent neither answered nor closed it).
bool stillWaiting(int fd, int ms = 300)
{
    pollfd p{fd, POLLIN, 0};
    return ::poll(&p, 1, ms) == 0;
}

void TestAgentGate::sourceNetworks()
{
    QCOMPARE(sourceNetworkOf(QStringLiteral("127.0.0.11")), QStringLiteral("127.0.0.0/24"));
    QCOMPARE(sourceNetworkOf(QStringLiteral("198.18.7.200")), QStringLiteral("198.18.7.0/24"));
    QCOMPARE(sourceNetworkOf(QStringLiteral("::ffff:198.18.7.9")), QStringLiteral("198.18.7.0/24"));
    QCOMPARE(sourceNetworkOf(QStringLiteral("2001:db8:1:2:aaaa::1")), QStringLiteral("2001:db8:1:2::/64"));
    QCOMPARE(sourceNetworkOf(QStringLiteral("2001:db8:1:2:ffff:1:2:3")), QStringLiteral("2001:db8:1:2::/64"));
    QVERIFY(sourceNetworkOf(QStringLiteral("2001:db8:1:3::1")) != sourceNetworkOf(QStringLiteral("2001:db8:1:2::1")));
}

// The per-source cap counts a /24, so ten addresses are one source: at the cap, the newcomer
// pushes out the oldest of its own network, and other networks keep theirs; a full waiting room
// closes the connection that waited longest of all and keeps the newcomer.
void TestAgentGate::capsPerNetworkAndFullRoomDropsTheOldest()
{
    AgentOptions options;
    options.maxConnections = 6;
    options.maxPerAddress = 3;
    AgentServer agent(options);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    std::vector<int> idle;
    idle.push_back(connectLoopback(*port, "127.2.0.2")); // the oldest of all, another network
    for (const char *source : {"127.1.0.2", "127.1.0.3", "127.1.0.4"})
        idle.push_back(connectLoopback(*port, source));
    QVERIFY(stillWaiting(idle.back()));
    const int overNetwork = connectLoopback(*port, "127.1.0.5"); // another address, the same /24
    QJsonObject reply = readJsonLine(idle[1]);
    QVERIFY2(messageOf(reply).contains(QStringLiteral("from 127.1.0.0/24 are waiting")), qPrintable(messageOf(reply)));
    QVERIFY(stillWaiting(idle[0], 10)); // 127.2.0.2 was older, but of another network
    QVERIFY(stillWaiting(overNetwork, 10));
    // Another network still runs: one source cannot lock everybody out.
    const TrafficResult r = TrafficClient().run(specFor(*port));
    QVERIFY2(r.ok(), qPrintable(r.error));
    for (const char *source : {"127.3.0.2", "127.3.0.3"})
        idle.push_back(connectLoopback(*port, source));
    QVERIFY(stillWaiting(idle.back()));
    // The room holds 6 (127.2.0.2, 127.1.0.3-5, 127.3.0.2-3): the seventh pushes out the oldest.
    const int newcomer = connectLoopback(*port, "127.4.0.2");
    reply = readJsonLine(idle[0]);
    QVERIFY2(messageOf(reply).contains(QStringLiteral("6 connections are waiting")), qPrintable(messageOf(reply)));
    QVERIFY(stillWaiting(newcomer));
    for (std::size_t i = 2; i < idle.size(); ++i)
        QVERIFY(stillWaiting(idle[i], 10));
    QCOMPARE(agent.connectionsRefused(), 2);
    ::close(newcomer);
    ::close(overNetwork);
    for (int fd : idle)
        ::close(fd);
}

// New connections from an address that keeps connecting meet its network's bucket: a burst of
// maxPerAddress, then newPerSecond; an address with nothing waiting and other networks pass.
void TestAgentGate::tokenBucketPerNetwork()
{
    AgentOptions options;
    options.maxPerAddress = 4;
    options.newPerSecond = 2;
    AgentServer agent(options);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    std::vector<int> held;
    for (int i = 0; i < 4; ++i)
        held.push_back(connectLoopback(*port, "127.4.0.2"));
    QVERIFY(stillWaiting(held.back()));
    const int fifth = connectLoopback(*port, "127.4.0.2");
    const QJsonObject reply = readJsonLine(fifth);
    QVERIFY2(messageOf(reply).contains(QStringLiteral("new connections a second from 127.4.0.0/24")),
             qPrintable(messageOf(reply)));
    ::close(fifth);
    for (int fd : held)
        QVERIFY(stillWaiting(fd, 10));
    // A neighbour with nothing waiting is let in (pushing out the network's oldest).
    const int neighbour = connectLoopback(*port, "127.4.0.3");
    QVERIFY(stillWaiting(neighbour));
    QVERIFY(!readJsonLine(held.front()).isEmpty());
    // Another network is not slowed down by it.
    const int other = connectLoopback(*port, "127.5.0.2");
    QVERIFY(stillWaiting(other));
    QTest::qWait(700); // a token comes back after 0.5 s
    const int later = connectLoopback(*port, "127.4.0.2");
    QVERIFY(stillWaiting(later));
    for (int fd : {neighbour, other, later})
        ::close(fd);
    for (int fd : held)
        ::close(fd);
}

// A connection refused at accept reads its reason at once, and the agent closes it about a second
// later: a flood that reconnects whenever it is closed is paced, instead of costing a handshake
// per turn of the agent's loop.
void TestAgentGate::refusedAtAcceptIsClosedASecondLater()
{
    AgentOptions options;
    options.maxPerAddress = 1;
    options.newPerSecond = 0.5;
    AgentServer agent(options);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    const int first = connectLoopback(*port, "127.7.0.2");
    QVERIFY(stillWaiting(first));
    const int refused = connectLoopback(*port, "127.7.0.2");
    QElapsedTimer clock;
    clock.start();
    const QJsonObject reply = readJsonLine(refused);
    QVERIFY2(messageOf(reply).contains(QStringLiteral("new connections a second")), qPrintable(messageOf(reply)));
    QVERIFY2(stillWaiting(refused, 600), "the refused connection was closed at once");
    pollfd p{refused, POLLIN, 0};
    QCOMPARE(::poll(&p, 1, 3000), 1);
    char byte = 0;
    QCOMPARE(::recv(refused, &byte, 1, MSG_DONTWAIT), ssize_t(0)); // the close, nothing more
    QVERIFY2(clock.elapsed() < 2500, qPrintable(QString::number(clock.elapsed())));
    ::close(refused);
    ::close(first);
}

// A client that proved the token gets reserved slots for its data connections: they pass the
// per-network cap and bucket that its neighbours on the same /24 have used up.
void TestAgentGate::provedClientHasReservedSlots()
{
    AgentOptions options;
    options.token = kToken;
    options.maxPerAddress = 2;
    options.newPerSecond = 0.5;
    AgentServer agent(options);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    const int neighbour = connectLoopback(*port, "127.0.0.9"); // holds one of the two places of 127.0.0.0/24
    TrafficSpec spec = specFor(*port, kToken);
    spec.streams = 4;
    const TrafficResult r = TrafficClient().run(spec);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.streams, 4);
    // The neighbour, which still waits, does not get them: the bucket of 127.0.0.0/24 is empty.
    const int another = connectLoopback(*port, "127.0.0.9");
    const QJsonObject reply = readJsonLine(another);
    QVERIFY2(messageOf(reply).contains(QStringLiteral("new connections a second")), qPrintable(messageOf(reply)));
    ::close(another);
    ::close(neighbour);
}

// Without a token, a run the agent took (within the caps per network) gets its data connections
// in too, though its neighbours have used up their network's bucket and places.
void TestAgentGate::admittedRunWithoutTokenHasReservedSlots()
{
    AgentOptions options;
    options.maxPerAddress = 2;
    options.newPerSecond = 0.5;
    AgentServer agent(options);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    std::vector<int> neighbours; // the burst of 127.0.0.0/24, held
    for (int i = 0; i < 2; ++i)
        neighbours.push_back(connectLoopback(*port, "127.0.0.9"));
    QVERIFY(stillWaiting(neighbours.back()));
    TrafficSpec spec = specFor(*port);
    spec.streams = 8;
    const TrafficResult r = TrafficClient().run(spec);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.streams, 8);
    for (int fd : neighbours)
        ::close(fd);
}

// Without a token, a network may run maxSessionsPerSource runs at once; other networks go on.
void TestAgentGate::runsWithoutTokenCappedPerNetwork()
{
    AgentOptions options;
    options.maxSessionsPerSource = 1;
    AgentServer agent(options);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    const int first = connectLoopback(*port, "127.6.0.2");
    QVERIFY(sendText(first, startLine()));
    QCOMPARE(readJsonLine(first).value(QStringLiteral("type")).toString(), QStringLiteral("ready"));
    const int second = connectLoopback(*port, "127.6.0.3");
    QVERIFY(sendText(second, startLine()));
    const QJsonObject reply = readJsonLine(second);
    QVERIFY2(messageOf(reply).contains(QStringLiteral("1 runs from 127.6.0.0/24 are going on")),
             qPrintable(messageOf(reply)));
    ::close(second);
    const TrafficResult r = TrafficClient().run(specFor(*port));
    QVERIFY2(r.ok(), qPrintable(r.error));
    ::close(first);
    QTRY_COMPARE(agent.activeSessions(), 0);
}

// With the descriptor table full, accept() fails with EMFILE while the connection stays queued:
// an agent that polls again at once spins a core. It must pause, and serve once descriptors free up.
void TestAgentGate::outOfDescriptorsPausesAccepting()
{
    AgentServer agent;
    QStringList logged; // queued into this thread: a QSignalSpy would append from the agent's threads
    QObject receiver;   // ends the connection, and drops lines still queued, with this function
    QObject::connect(
        &agent, &AgentServer::logged, &receiver, [&logged](const QString &line) { logged << line; },
        Qt::QueuedConnection);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    std::vector<int> queued;
    for (int i = 0; i < 5; ++i)
        queued.push_back(connectLoopback(*port));
    QTest::qWait(300); // all accepted and waiting in the gate
    // The next client's socket exists before the table is closed; its connect() needs no descriptor.
    const int pending = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    QVERIFY(pending >= 0);
    rlimit original{};
    QCOMPARE(::getrlimit(RLIMIT_NOFILE, &original), 0);
    int highest = 0;
    for (const QString &name : QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::NoDotAndDotDot | QDir::System))
        highest = std::max(highest, name.toInt());
    rlimit tight = original;
    tight.rlim_cur = rlim_t(highest + 1);
    QCOMPARE(::setrlimit(RLIMIT_NOFILE, &tight), 0);
    std::vector<int> fillers; // the holes below the limit, so the agent's accept() finds none
    for (int fd = ::dup(0); fd >= 0; fd = ::dup(0))
        fillers.push_back(fd);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(*port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool connected = ::connect(pending, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0;
    const double cpuBefore = cpuSecondsOfThisProcess();
    QTest::qWait(1000);
    const double cpuUsed = cpuSecondsOfThisProcess() - cpuBefore;
    for (int fd : fillers)
        ::close(fd);
    QCOMPARE(::setrlimit(RLIMIT_NOFILE, &original), 0);
    QVERIFY(connected);
    // A spinning accept loop burns the whole second; pausing uses a few milliseconds.
    QVERIFY2(cpuUsed < 0.3, qPrintable(QString::number(cpuUsed)));
    QTRY_VERIFY(std::any_of(logged.begin(), logged.end(), [](const QString &line) {
        return line.contains(QStringLiteral("cannot accept connections"));
    }));
    for (int fd : queued)
        ::close(fd);
    ::close(pending);
    const TrafficResult r = TrafficClient().run(specFor(*port));
    QVERIFY2(r.ok(), qPrintable(r.error));
}

void TestAgentGate::threadBudgetRefusesARunItCannotServe()
{
    AgentOptions options;
    options.maxStreams = 4;
    options.maxThreads = 12;
    AgentServer agent(options);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    std::vector<int> controls;
    for (int i = 0; i < 2; ++i) { // 2 x (1 control + 4 streams) = 10 of 12
        controls.push_back(connectLoopback(*port));
        QVERIFY(sendText(controls.back(), startLine(4)));
        QCOMPARE(readJsonLine(controls.back()).value(QStringLiteral("type")).toString(), QStringLiteral("ready"));
    }
    QCOMPARE(agent.threadsInUse(), 10);
    const int third = connectLoopback(*port);
    QVERIFY(sendText(third, startLine(4)));
    const QJsonObject refused = readJsonLine(third);
    QVERIFY2(refused.value(QStringLiteral("message")).toString().contains(QStringLiteral("busy")),
             qPrintable(refused.value(QStringLiteral("message")).toString()));
    ::close(third);
    for (int fd : controls)
        ::close(fd); // abandoned before "begin": their threads are given back
    QTRY_COMPARE(agent.threadsInUse(), 0);
    QTRY_COMPARE(agent.activeSessions(), 0);
}

void TestAgentGate::replayedAnswerIsRefused()
{
    AgentOptions options;
    options.token = kToken;
    AgentServer agent(options);
    QStringList logged; // queued into this thread: a QSignalSpy would append from the agent's threads
    QObject receiver;   // ends the connection, and drops lines still queued, with this function
    QObject::connect(
        &agent, &AgentServer::logged, &receiver, [&logged](const QString &line) { logged << line; },
        Qt::QueuedConnection);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());

    const int first = connectLoopback(*port);
    TrafficSpec spec;
    spec.durationS = 1;
    const QJsonObject start = agentproto::startMessage(spec);
    QVERIFY(sendText(first, agentproto::encode(start)));
    const QJsonObject challenge = readJsonLine(first);
    QCOMPARE(challenge.value(QStringLiteral("type")).toString(), QStringLiteral("challenge"));
    const QByteArray nonce = challenge.value(QStringLiteral("nonce")).toString().toLatin1();
    QCOMPARE(nonce.size(), 2 * agentauth::kNonceBytes);
    // The agent proves first, over both nonces and the start as sent.
    const auto proofOf = [&](agentauth::Role role, const QByteArray &agentNonce) {
        return agentauth::proof(kToken, role, agentNonce, agentproto::clientNonceOf(start),
                                agentproto::canonical(start));
    };
    QCOMPARE(challenge.value(QStringLiteral("proof")).toString().toLatin1(), proofOf(agentauth::Role::Agent, nonce));
    const QByteArray answer = proofOf(agentauth::Role::Client, nonce);
    QVERIFY(sendText(first, agentproto::encode(agentproto::authMessage(answer))));
    const QJsonObject ready = readJsonLine(first);
    QCOMPARE(ready.value(QStringLiteral("type")).toString(), QStringLiteral("ready"));
    QVERIFY(ready.contains(QStringLiteral("knobs")));
    ::close(first);

    // The whole exchange replayed: the agent's new nonce makes the old proof worthless.
    const int second = connectLoopback(*port);
    QVERIFY(sendText(second, agentproto::encode(start)));
    const QJsonObject again = readJsonLine(second);
    QVERIFY(again.value(QStringLiteral("nonce")).toString().toLatin1() != nonce);
    QVERIFY(sendText(second, agentproto::encode(agentproto::authMessage(answer))));
    const QJsonObject refused = readJsonLine(second);
    QCOMPARE(refused.value(QStringLiteral("type")).toString(), QStringLiteral("error"));
    QVERIFY2(refused.value(QStringLiteral("message")).toString().contains(QStringLiteral("token")),
             qPrintable(refused.value(QStringLiteral("message")).toString()));
    ::close(second);
    QTRY_COMPARE(agent.activeSessions(), 0);
    for (const QString &line : std::as_const(logged))
        QVERIFY(!line.contains(kToken));
}

void TestAgentGate::dataConnectionNeedsTheSecret()
{
    AgentServer agent;
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    const int control = connectLoopback(*port);
    QVERIFY(sendText(control, startLine()));
    const QJsonObject ready = readJsonLine(control);
    QCOMPARE(ready.value(QStringLiteral("type")).toString(), QStringLiteral("ready"));
    const QString session = ready.value(QStringLiteral("session")).toString();
    QVERIFY(!ready.contains(QStringLiteral("secret"))); // derived on both ends, never sent
    QVERIFY(agentauth::isNonce(ready.value(QStringLiteral("nonce")).toString().toLatin1()));
    QVERIFY(!ready.contains(QStringLiteral("knobs"))); // no token: traffic only
    QVERIFY(!ready.contains(QStringLiteral("version")));
    for (const QString &proof : {QStringLiteral("guess"), QString()}) {
        const int data = connectLoopback(*port);
        QVERIFY(sendText(data, agentproto::encode({{QStringLiteral("type"), QStringLiteral("data")},
                                                   {QStringLiteral("session"), session},
                                                   {QStringLiteral("proof"), proof},
                                                   {QStringLiteral("stream"), 0}})));
        const QJsonObject refused = readJsonLine(data);
        QVERIFY2(refused.value(QStringLiteral("message")).toString().contains(QStringLiteral("unknown run")),
                 qPrintable(refused.value(QStringLiteral("message")).toString()));
        ::close(data);
    }
    QCOMPARE(agent.threadsInUse(), 2); // control + the stream's reserved thread, none for the guesses
    ::close(control);
    QTRY_COMPARE(agent.threadsInUse(), 0);
}

void TestAgentGate::peerTextIsEscapedInTheLog()
{
    AgentServer agent;
    QStringList logged; // queued into this thread: a QSignalSpy would append from the agent's threads
    QObject receiver;   // ends the connection, and drops lines still queued, with this function
    QObject::connect(
        &agent, &AgentServer::logged, &receiver, [&logged](const QString &line) { logged << line; },
        Qt::QueuedConnection);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    const int fd = connectLoopback(*port);
    QVERIFY(sendText(fd, "{\"tcptune_agent\":6,\"type\":\"x\\u001b[2J\\n2026-01-01 forged line\"}\n"));
    QCOMPARE(readJsonLine(fd).value(QStringLiteral("type")).toString(), QStringLiteral("error"));
    ::close(fd);
    QTRY_VERIFY(std::any_of(logged.begin(), logged.end(),
                            [](const QString &line) { return line.contains(QStringLiteral("x\\x1b[2J\\x0a2026")); }));
    for (const QString &line : std::as_const(logged)) {
        QVERIFY(!line.contains(QLatin1Char('\n')));
        QVERIFY(!line.contains(QChar(0x1b)));
    }
}

// The gate alone: a data line handed on (the hook keeps its descriptor) leaves what the client sends
// next to the descriptor's new owner, and the gate, which watched it, goes on serving others.
void TestAgentGate::handedOnConnectionIsNoLongerRead()
{
    sock::Fd listener(tcptune::test::listenLoopback(SOCK_NONBLOCK));
    QVERIFY(listener.valid());
    const auto port = sock::localPort(listener.get());

    std::mutex mutex;
    std::vector<sock::Fd> handedOn;
    GateHooks hooks;
    hooks.admitData = [&](Admitted &a) -> Result<void> {
        std::lock_guard lock(mutex);
        handedOn.push_back(std::move(a.fd));
        return {};
    };
    AgentGate gate(GateLimits{}, {}, hooks);
    QVERIFY(gate.valid().has_value());
    std::atomic<bool> stopping{false};
    std::thread loop([&] { gate.run(listener.get(), stopping); });
    const QByteArray dataLine = agentproto::encode({{QStringLiteral("type"), QStringLiteral("data")}});
    for (int round = 0; round < 2; ++round) {
        const int client = connectLoopback(port);
        QVERIFY(sendText(client, dataLine));
        QTRY_COMPARE(([&] {
                         std::lock_guard lock(mutex);
                         return int(handedOn.size());
                     }()),
                     round + 1);
        QVERIFY(sendText(client, "after the hand-over"));
        QTest::qWait(200); // time the gate would take to read it, had it still watched the descriptor
        char got[64] = {};
        const int fd = [&] {
            std::lock_guard lock(mutex);
            return handedOn.back().get();
        }();
        QCOMPARE(::recv(fd, got, sizeof got, MSG_DONTWAIT), ssize_t(19));
        QCOMPARE(QByteArray(got), QByteArray("after the hand-over"));
        ::close(client);
    }
    stopping = true;
    loop.join();
}

QTEST_GUILESS_MAIN(TestAgentGate)
#include "tst_agent_gate.moc"

// The agent against the real client over loopback: every workload, several clients at once,
// token and limits, an agent without a token, a bounded number of intervals, garbage on the
// control port, port in use, an agent that stops mid-run, and the `serve --stdio` agent (control
// over a given channel only, data connections with a secret).

#include "common/proc_sys.h"
#include "loopback_client.h"
#include "traffic/agent_auth.h"
#include "traffic/agent_protocol.h"
#include "traffic/agent_server.h"
#include "traffic/socket_util.h"
#include "traffic/traffic_client.h"

#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

#include <arpa/inet.h>
#include <future>
#include <mutex>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/utsname.h>
#include <thread>
#include <unistd.h>

using namespace tcptune;

class TestAgentServer final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void workloads_data();
    void workloads();
    void severalClientsAtOnce();
    void memoryBudget();
    void token_data();
    void token();
    void withoutTokenTrafficOnly();
    void intervalsAreBounded();
    void limits_data();
    void limits();
    void garbageIsAnsweredAndLogged_data();
    void garbageIsAnsweredAndLogged();
    void requestWithTheHelloIsAnswered();
    void portInUse();
    void agentStopsMidRun();
    void stdioAgentTakesDataOnly();
    void stdioAgentDescribesItsHost();
    void stdioAgentSetsAndRestoresFarKnobs();
};

static TrafficSpec specFor(std::uint16_t port, double seconds = 1)
{
    TrafficSpec s;
    s.target.host = QStringLiteral("127.0.0.1");
    s.target.port = port;
    s.durationS = seconds;
    return s;
}

void TestAgentServer::workloads_data()
{
    QTest::addColumn<int>("workload");
    QTest::addColumn<int>("streams");
    QTest::addColumn<qint64>("responseSize");
    QTest::addColumn<bool>("probe");
    QTest::addColumn<double>("omit");
    QTest::addRow("bulk 1") << int(Workload::Bulk) << 1 << qint64(64) << false << 0.0;
    QTest::addRow("bulk 3 + probe + omit") << int(Workload::Bulk) << 3 << qint64(64) << true << 0.3;
    QTest::addRow("rr 2") << int(Workload::RequestResponse) << 2 << qint64(256) << false << 0.0;
    QTest::addRow("split-write answered") << int(Workload::SplitWrite) << 1 << qint64(48) << false << 0.0;
    QTest::addRow("split-write one-way") << int(Workload::SplitWrite) << 2 << qint64(0) << false << 0.0;
}

void TestAgentServer::workloads()
{
    QFETCH(int, workload);
    QFETCH(int, streams);
    QFETCH(qint64, responseSize);
    QFETCH(bool, probe);
    QFETCH(double, omit);
    AgentOptions options;
    options.token = QStringLiteral("s3cret");
    AgentServer agent(options);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY2(port.has_value(), qPrintable(port ? QString() : port.error().message));

    TrafficSpec spec = specFor(*port);
    spec.target.token = options.token;
    spec.workload = Workload(workload);
    spec.streams = streams;
    spec.responseSize = responseSize;
    spec.latencyProbe = probe;
    spec.omitS = omit;
    spec.writeSize = spec.workload == Workload::Bulk ? 128 * 1024 : 8192;
    spec.nodelay = spec.workload != Workload::Bulk;
    TrafficClient client;
    QSignalSpy batches(&client, &TrafficClient::samplesReady);
    QSignalSpy connected(&client, &TrafficClient::connected);
    const TrafficResult r = client.run(spec);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.streams, streams);
    QCOMPARE(r.localPorts.size(), streams);
    QCOMPARE(connected.size(), 1);
    QVERIFY(!batches.isEmpty());
    // At most one sample per 10 ms tick over the run, in time order, up to its end; a loaded
    // 2-core machine may drop many ticks, so the lower bound only says the sampler ran (cadence
    // is a benchmark's business).
    const auto measured = std::count_if(r.samples.begin(), r.samples.end(), [](const auto &s) { return !s.omitted; });
    QVERIFY2(measured >= 5 && measured <= 102, qPrintable(QString::number(measured)));
    for (qsizetype i = 1; i < r.samples.size(); ++i)
        QVERIFY(r.samples[i].t > r.samples[i - 1].t);
    QVERIFY(r.samples.back().t > omit + 0.5);
    QVERIFY2(r.durationS > 0.95 && r.durationS < 3.0, qPrintable(QString::number(r.durationS)));
    QVERIFY(r.senderBytes > 0);
    QVERIFY(r.receiverBytes > 0);
    QVERIFY(!r.remoteKnobs.isEmpty());
    QVERIFY(r.remoteKnobs.contains(QStringLiteral("net.ipv4.tcp_autocorking")));
    QVERIFY(!r.remoteVersion.isEmpty());
    QVERIFY(!r.receiverIntervals.isEmpty());
    QVERIFY(r.throughputBps > 0);
    // What the receiver counted after the omit window matches what was written after it.
    QVERIFY2(qAbs(double(r.receiverBytes - r.senderBytes)) <= 0.05 * double(r.senderBytes) + 1e6,
             qPrintable(QStringLiteral("%1 vs %2").arg(r.receiverBytes).arg(r.senderBytes)));
    if (spec.workload == Workload::RequestResponse || (responseSize > 0 && spec.workload == Workload::SplitWrite)) {
        QVERIFY(r.transactionLatencyMs.count > 10);
        QVERIFY(r.transactionLatencyMs.median > 0);
        QVERIFY(r.transactionsPerSecond > 10);
    }
    if (probe) {
        QVERIFY2(r.probeLatencyMs.count >= 20, qPrintable(QString::number(r.probeLatencyMs.count)));
        QVERIFY(r.probeLocalPort != 0);
    }
    QTRY_COMPARE(agent.sessionsServed(), 1);
}

void TestAgentServer::severalClientsAtOnce()
{
    AgentServer agent;
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    auto runOne = [p = *port] {
        TrafficClient client;
        TrafficSpec spec = specFor(p, 1.5);
        spec.workload = Workload::RequestResponse;
        return client.run(spec);
    };
    auto a = std::async(std::launch::async, runOne);
    auto b = std::async(std::launch::async, runOne);
    auto c = std::async(std::launch::async, runOne);
    for (auto *f : {&a, &b, &c}) {
        const TrafficResult r = f->get();
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY(r.transactionLatencyMs.count > 0);
    }
    // A client may have its result before the agent has counted the session as served.
    QTRY_COMPARE(agent.sessionsServed(), 3);
    // Each run's share of the memory budget is given back once its threads are done.
    QTRY_COMPARE(agent.memoryInUse(), 0);
}

// A run the memory budget cannot hold is refused at `start` with the figures; a smaller one
// beside it still runs, and what it reserved is given back.
void TestAgentServer::memoryBudget()
{
    AgentOptions options;
    options.memoryBudget = 8 << 20;
    AgentServer agent(options);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    TrafficSpec greedy = specFor(*port, 1);
    greedy.direction = Direction::Down;
    greedy.streams = 4;
    greedy.writeSize = TrafficLimits::kMaxWriteSize;
    TrafficClient client;
    const TrafficResult refused = client.run(greedy);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error.contains(QStringLiteral("left of its 8.0 MiB memory budget")), qPrintable(refused.error));
    QCOMPARE(agent.threadsInUse(), 0);
    TrafficSpec small = specFor(*port, 1);
    small.direction = Direction::Down;
    small.writeSize = TrafficLimits::kMaxWriteSize; // one 1 MiB buffer: within the budget
    const TrafficResult served = client.run(small);
    QVERIFY2(served.ok(), qPrintable(served.error));
    QVERIFY(served.receiverBytes > TrafficLimits::kMaxWriteSize);
    QTRY_COMPARE(agent.memoryInUse(), 0);
}

void TestAgentServer::token_data()
{
    QTest::addColumn<QString>("given");
    QTest::addColumn<bool>("accepted");
    QTest::addRow("right") << QStringLiteral("s3cret") << true;
    QTest::addRow("wrong") << QStringLiteral("guess") << false;
    QTest::addRow("missing") << QString() << false;
}

void TestAgentServer::token()
{
    QFETCH(QString, given);
    QFETCH(bool, accepted);
    AgentOptions options;
    options.token = QStringLiteral("s3cret");
    AgentServer agent(options);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    TrafficSpec spec = specFor(*port, 0.2);
    spec.target.token = given;
    TrafficClient client;
    const TrafficResult r = client.run(spec);
    QCOMPARE(r.ok(), accepted);
    if (!accepted) {
        QVERIFY2(r.error.contains(QStringLiteral("token")), qPrintable(r.error));
        QTRY_COMPARE(agent.protocolErrors(), 1);
    }
}

void TestAgentServer::withoutTokenTrafficOnly()
{
    AgentServer agent;
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    TrafficSpec spec = specFor(*port, 0.3);
    const TrafficResult r = TrafficClient().run(spec);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QVERIFY(r.receiverBytes > 0);
    QVERIFY(r.remoteKnobs.isEmpty());
    QVERIFY(r.remoteVersion.isEmpty());
    QVERIFY2(r.remoteKnobsNote.contains(QStringLiteral("without a token")), qPrintable(r.remoteKnobsNote));
}

// sample_ms 10 for 1 s is 100 ticks; the agent keeps at most 20 intervals and loses no byte.
void TestAgentServer::intervalsAreBounded()
{
    AgentOptions options;
    options.maxIntervals = 20;
    AgentServer agent(options);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    const TrafficResult r = TrafficClient().run(specFor(*port, 1));
    QVERIFY2(r.ok(), qPrintable(r.error));
    QVERIFY2(r.receiverIntervals.size() <= 21 && r.receiverIntervals.size() >= 5,
             qPrintable(QString::number(r.receiverIntervals.size())));
    std::int64_t sum = 0;
    for (const ReceiverInterval &i : r.receiverIntervals)
        sum += i.bytes;
    QVERIFY2(sum >= r.receiverBytes, qPrintable(QStringLiteral("%1 vs %2").arg(sum).arg(r.receiverBytes)));
}

void TestAgentServer::limits_data()
{
    QTest::addColumn<int>("streams");
    QTest::addColumn<double>("seconds");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("too many streams") << 5 << 0.2 << QStringLiteral("5 streams is more than this agent allows (4)");
    QTest::addRow("too long") << 1 << 30.0 << QStringLiteral("longer than this agent allows (10 s)");
}

void TestAgentServer::limits()
{
    QFETCH(int, streams);
    QFETCH(double, seconds);
    QFETCH(QString, mentions);
    AgentOptions options;
    options.maxStreams = 4;
    options.maxDurationS = 10;
    AgentServer agent(options);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    TrafficSpec spec = specFor(*port, seconds);
    spec.streams = streams;
    TrafficClient client;
    const TrafficResult r = client.run(spec);
    QVERIFY(!r.ok());
    QVERIFY2(r.error.contains(mentions), qPrintable(r.error));
    QVERIFY(r.samples.isEmpty());
}

void TestAgentServer::garbageIsAnsweredAndLogged_data()
{
    QTest::addColumn<QByteArray>("garbage");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("http") << QByteArray("GET / HTTP/1.0\r\n\r\n") << QStringLiteral("malformed");
    QTest::addRow("binary") << QByteArray("\x00\xff\x13\x37\n", 5) << QStringLiteral("malformed");
    QTest::addRow("wrong version") << QByteArray("{\"tcptune_agent\":7,\"type\":\"start\"}\n")
                                   << QStringLiteral("version 7");
    QTest::addRow("unknown type") << QByteArray("{\"tcptune_agent\":6,\"type\":\"shell\"}\n")
                                  << QStringLiteral("unexpected message type");
    QTest::addRow("bad start") << QByteArray(
                                      "{\"tcptune_agent\":6,\"type\":\"start\",\"workload\":\"bulk\",\"streams\":-4}\n")
                               << QStringLiteral("refused start");
    QTest::addRow("data for no run") << QByteArray(
                                            "{\"tcptune_agent\":6,\"type\":\"data\",\"session\":\"42\",\"stream\":0}\n")
                                     << QStringLiteral("unknown run");
    QTest::addRow("far knobs over the network")
        << QByteArray("{\"tcptune_agent\":6,\"type\":\"start\",\"workload\":\"bulk\",\"streams\":1,\"sample_ms\":"
                      "10,\"request_bytes\":0,\"response_bytes\":0,\"rcvbuf\":0,\"duration_s\":1,\"knobs\":{"
                      "\"net.ipv4.tcp_autocorking\":\"0\"}}\n")
        << QStringLiteral("only for runs started over ssh");
    QTest::addRow("endless line") << QByteArray(70000, 'x') << QStringLiteral("longer than");
}

void TestAgentServer::garbageIsAnsweredAndLogged()
{
    QFETCH(QByteArray, garbage);
    QFETCH(QString, mentions);
    AgentServer agent;
    QStringList logged; // queued into this thread: a QSignalSpy would append from the agent's threads
    QObject receiver;   // ends the connection, and drops lines still queued, with this function
    QObject::connect(
        &agent, &AgentServer::logged, &receiver, [&logged](const QString &line) { logged << line; },
        Qt::QueuedConnection);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    const int fd = test::connectLoopback(*port);
    QVERIFY(fd >= 0);
    QCOMPARE(::send(fd, garbage.constData(), garbage.size(), MSG_NOSIGNAL), ssize_t(garbage.size()));
    QByteArray reply;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n <= 0)
            break;
        reply.append(buf, n);
    }
    ::close(fd);
    QVERIFY2(reply.contains("\"type\":\"error\""), reply.constData());
    QVERIFY2(QString::fromUtf8(reply).contains(mentions), reply.constData());
    QTRY_COMPARE(agent.protocolErrors(), 1);
    QTRY_VERIFY(
        std::any_of(logged.begin(), logged.end(), [&](const QString &line) { return line.contains(mentions); }));
    // And it still serves a proper client afterwards.
    TrafficClient client;
    const TrafficResult r = client.run(specFor(*port, 0.3));
    QVERIFY2(r.ok(), qPrintable(r.error));
}

// A client may send its first request in the same segment as the data line: the agent answers it
// (it used to wait for nothing and drop the stream).
void TestAgentServer::requestWithTheHelloIsAnswered()
{
    AgentServer agent;
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    TrafficSpec spec = specFor(*port);
    spec.workload = Workload::RequestResponse;
    spec.requestSize = 1;
    spec.responseSize = 1000;
    const int control = test::connectLoopback(*port);
    QVERIFY(control >= 0);
    const QJsonObject startObject = agentproto::startMessage(spec);
    const QByteArray start = agentproto::encode(startObject);
    QCOMPARE(::send(control, start.constData(), start.size(), MSG_NOSIGNAL), ssize_t(start.size()));
    QByteArray buffer;
    auto ready = sock::readLine(control, buffer, 65536, sock::Clock::now() + std::chrono::seconds(10));
    QVERIFY(ready.has_value());
    const QJsonObject r = QJsonDocument::fromJson(*ready).object();
    const int data = test::connectLoopback(*port);
    // Without a token the secret comes from the two nonces alone.
    const QByteArray secret = agentauth::dataSecret({}, r.value(QStringLiteral("nonce")).toString().toLatin1(),
                                                    agentproto::clientNonceOf(startObject));
    const QByteArray hello =
        agentproto::encode(agentproto::dataHelloMessage(r.value(QStringLiteral("session")).toString(), 0, secret)) +
        "x";
    QCOMPARE(::send(data, hello.constData(), hello.size(), MSG_NOSIGNAL), ssize_t(hello.size()));
    char answer[1000];
    QVERIFY(sock::recvAll(data, answer, sizeof answer, sock::Clock::now() + std::chrono::seconds(10)).has_value());
    ::close(data);
    ::close(control);
}

void TestAgentServer::portInUse()
{
    AgentServer first;
    auto port = first.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    AgentServer second;
    auto again = second.listen(QStringLiteral("127.0.0.1"), *port);
    QVERIFY(!again.has_value());
    QVERIFY2(again.error().message.contains(QStringLiteral("already in use")), qPrintable(again.error().message));
    QVERIFY2(again.error().message.contains(QStringLiteral("--port")), qPrintable(again.error().message));
    QVERIFY(!second.isListening());
}

void TestAgentServer::agentStopsMidRun()
{
    AgentServer agent;
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    TrafficClient client;
    std::atomic<int> batches{0};
    connect(
        &client, &TrafficClient::samplesReady, &client, [&batches] { ++batches; }, Qt::DirectConnection);
    auto run = std::async(std::launch::async, [&] { return client.run(specFor(*port, 5)); });
    QTRY_VERIFY_WITH_TIMEOUT(batches.load() >= 5, 5000); // running, samples arriving
    agent.stop();
    const TrafficResult r = run.get();
    QVERIFY(r.interrupted);
    QVERIFY(!r.cancelled);
    QVERIFY(!r.ok());
    QVERIFY2(r.samples.size() >= 20, qPrintable(QString::number(r.samples.size())));
    QVERIFY(r.durationS < 4.5);
    QVERIFY2(r.error.contains(QStringLiteral("kept")), qPrintable(r.error));
}

// `serve --stdio`: runs start only over the control channel it was given (ssh's pipe); its port
// takes data connections, each with the session's secret; the session ends with the channel.
// `serve --stdio` answers "describe" (a connection test) with its host's description and ends:
// its version, kernel release, knobs, and the helper as checkHelper reports it.
void TestAgentServer::stdioAgentDescribesItsHost()
{
    AgentOptions options;
    options.controlOnlyOverStdio = true;
    options.dataAddress = QStringLiteral("127.0.0.1");
    options.checkHelper = []() -> Result<QString> { return fail(QStringLiteral("add the sudoers line")); };
    AgentServer agent(options);
    QVERIFY(agent.listen(QStringLiteral("127.0.0.1"), 0).has_value());
    int pair[2];
    QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair), 0);
    std::thread control([&] { agent.serveControl(pair[1]); });
    QByteArray buffer;
    const auto deadline = sock::Clock::now() + std::chrono::seconds(10);
    QVERIFY(sock::readLine(pair[0], buffer, agentproto::kMaxControlLine, deadline).has_value()); // its hello
    const QByteArray ask = agentproto::helloLine() + agentproto::encode(agentproto::describeMessage());
    QCOMPARE(::send(pair[0], ask.constData(), std::size_t(ask.size()), 0), ssize_t(ask.size()));
    auto line = sock::readLine(pair[0], buffer, agentproto::kMaxControlLine * 4, deadline);
    QVERIFY(line.has_value());
    auto description = agentproto::parseDescription(agentproto::decode(*line).value_or(QJsonObject()));
    QVERIFY2(description.has_value(), line->constData());
    utsname name{};
    QCOMPARE(::uname(&name), 0);
    QCOMPARE(description->kernel, QString::fromLocal8Bit(name.release));
    QVERIFY(!description->program.isEmpty());
    QVERIFY(!description->helperUsable);
    QCOMPARE(description->helper, QStringLiteral("add the sudoers line"));
    QCOMPARE(description->knobs.value(QStringLiteral("net.ipv4.tcp_autocorking")),
             procsys::read(procsys::pathForKey(QStringLiteral("net.ipv4.tcp_autocorking"))).value_or(QString()));
    // The congestion controls this kernel offers, for the far end's editor.
    const QStringList offered = procsys::read(QStringLiteral("/proc/sys/net/ipv4/tcp_available_congestion_control"))
                                    .value_or(QString())
                                    .simplified()
                                    .split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QVERIFY(offered.contains(QStringLiteral("cubic")));
    QCOMPARE(description->choices.value(QStringLiteral("net.ipv4.tcp_congestion_control")), offered);
    control.join(); // no run follows: the agent is done with the channel
    QCOMPARE(agent.activeSessions(), 0);
    ::close(pair[0]);
    ::close(pair[1]);
}

void TestAgentServer::stdioAgentTakesDataOnly()
{
    AgentOptions options;
    options.controlOnlyOverStdio = true;
    options.dataAddress = QStringLiteral("127.0.0.1");
    AgentServer agent(options);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    TrafficClient client;
    const TrafficResult overTcp = client.run(specFor(*port, 0.2));
    QVERIFY(!overTcp.ok());
    QVERIFY2(overTcp.error.contains(QStringLiteral("ssh connection only")), qPrintable(overTcp.error));

    int pair[2];
    QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair), 0);
    std::thread control([&] { agent.serveControl(pair[1]); });
    // Versions first: the agent announces its own without waiting for the client's.
    QByteArray buffer;
    auto line =
        sock::readLine(pair[0], buffer, agentproto::kMaxControlLine * 4, sock::Clock::now() + std::chrono::seconds(10));
    QVERIFY(line.has_value());
    QVERIFY(agentproto::peerVersionOf(*line).hello);
    QCOMPARE(agentproto::peerVersionOf(*line).protocol, agentproto::kVersion);
    const QByteArray start = agentproto::helloLine() + agentproto::encode(agentproto::startMessage(specFor(*port, 5)));
    QCOMPARE(::send(pair[0], start.constData(), std::size_t(start.size()), 0), ssize_t(start.size()));
    line =
        sock::readLine(pair[0], buffer, agentproto::kMaxControlLine * 4, sock::Clock::now() + std::chrono::seconds(10));
    QVERIFY(line.has_value());
    const QJsonObject ready = agentproto::decode(*line).value_or(QJsonObject());
    QCOMPARE(agentproto::typeOf(ready), QStringLiteral("ready"));
    QCOMPARE(ready.value(QStringLiteral("data_address")).toString(), QStringLiteral("127.0.0.1"));
    QCOMPARE(ready.value(QStringLiteral("data_port")).toInt(), int(*port));
    QVERIFY(!ready.contains(QStringLiteral("secret"))); // derived on both ends, never sent
    QVERIFY(agentauth::isNonce(ready.value(QStringLiteral("nonce")).toString().toLatin1()));
    QVERIFY(ready.contains(QStringLiteral("knobs"))); // ssh authenticated the client

    // A data connection that names the session but does not know its secret is turned away.
    const int guess = test::connectLoopback(*port);
    QVERIFY(guess >= 0);
    const QByteArray hello = agentproto::encode(agentproto::dataHelloMessage(
        ready.value(QStringLiteral("session")).toString(), 0, QByteArray(agentauth::kSecretBytes, '\0')));
    ::send(guess, hello.constData(), std::size_t(hello.size()), 0);
    QByteArray reply(4096, '\0');
    const ssize_t n = ::recv(guess, reply.data(), std::size_t(reply.size()), 0);
    QVERIFY(n > 0);
    QVERIFY2(reply.left(n).contains("unknown run"), reply.constData());
    ::close(guess);

    // The channel ends (ssh's pipe closed): the session ends with it.
    ::close(pair[0]);
    control.join();
    QCOMPARE(agent.activeSessions(), 0);
    ::close(pair[1]);
}

// Far knobs over the ssh channel: set before "ready" (whose knobs are the ones before), put back
// when the channel ends in the middle of the run; a refusal to set them is the client's answer.
void TestAgentServer::stdioAgentSetsAndRestoresFarKnobs()
{
    QStringList calls;
    std::mutex callsMutex;
    bool refuse = false;
    AgentOptions options;
    options.controlOnlyOverStdio = true;
    options.dataAddress = QStringLiteral("127.0.0.1");
    options.readKnobs = [&](const QString &) -> Result<KnobSnapshot> {
        std::lock_guard lock(callsMutex);
        calls << QStringLiteral("read");
        return KnobSnapshot{{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1")}};
    };
    options.applyKnobs = [&](const QMap<QString, QString> &sysctls, bool) -> Result<void> {
        std::lock_guard lock(callsMutex);
        calls << QStringLiteral("apply ") + sysctls.value(QStringLiteral("net.ipv4.tcp_autocorking"));
        return refuse ? fail(QStringLiteral("sudo -n refused")) : Result<void>();
    };
    options.restoreKnobs = [&]() -> Result<void> {
        std::lock_guard lock(callsMutex);
        calls << QStringLiteral("restore");
        return {};
    };
    AgentServer agent(options);
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    TrafficSpec spec = specFor(*port, 5);
    spec.target.kind = TargetKind::Ssh;
    spec.remoteSysctls = {{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("0")}};
    for (const bool refused : {false, true}) {
        refuse = refused;
        calls.clear();
        int pair[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair), 0);
        std::thread control([&] { agent.serveControl(pair[1]); });
        const QByteArray start = agentproto::helloLine() + agentproto::encode(agentproto::startMessage(spec));
        QCOMPARE(::send(pair[0], start.constData(), std::size_t(start.size()), 0), ssize_t(start.size()));
        QByteArray buffer;
        const auto deadline = sock::Clock::now() + std::chrono::seconds(10);
        auto hello = sock::readLine(pair[0], buffer, agentproto::kMaxControlLine * 4, deadline);
        auto line = sock::readLine(pair[0], buffer, agentproto::kMaxControlLine * 4, deadline);
        QVERIFY(hello.has_value() && line.has_value());
        const QJsonObject reply = agentproto::decode(*line).value_or(QJsonObject());
        if (refused) {
            QCOMPARE(agentproto::typeOf(reply), QStringLiteral("error"));
            QVERIFY(reply.value(QStringLiteral("message")).toString().contains(QStringLiteral("sudo -n refused")));
        } else {
            QCOMPARE(agentproto::typeOf(reply), QStringLiteral("ready"));
            QCOMPARE(reply.value(QStringLiteral("knobs"))
                         .toObject()
                         .value(QStringLiteral("net.ipv4.tcp_autocorking"))
                         .toString(),
                     QStringLiteral("1"));
        }
        ::close(pair[0]); // ssh's pipe ends before the run does
        control.join();
        ::close(pair[1]);
        std::lock_guard lock(callsMutex);
        QCOMPARE(calls, (QStringList{QStringLiteral("read"), QStringLiteral("apply 0"), QStringLiteral("restore")}));
    }
}

QTEST_GUILESS_MAIN(TestAgentServer)
#include "tst_agent_server.moc"

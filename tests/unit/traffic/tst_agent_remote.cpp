// The client's side of the agent protocol against fake agents that misbehave: a client with a
// token refuses an agent that sends no challenge or cannot prove the token, and says so; an agent
// that proves it gets the client's own proof, over the same nonces and start; a result line of
// 64 MiB is cut at the client's cap with an error, reading it costs well under a second of CPU
// (the line reader is linear in what arrives), and a fake agent's line never makes the client
// buffer more than its cap.

#include "common/thread_cpu_time.h"
#include "traffic/agent_auth.h"
#include "traffic/agent_protocol.h"
#include "traffic/agent_remote.h"
#include "traffic/agent_result.h"
#include "traffic/socket_util.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <atomic>
#include <functional>
#include <memory>
#include <sys/resource.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace tcptune;

namespace {

using namespace std::chrono_literals;

// One line from FD (blocking, up to 64 KiB); empty on EOF.
QByteArray readLineFrom(int fd, QByteArray &buffer)
{
    auto line = sock::readLine(fd, buffer, 65536, sock::Clock::now() + 10s);
    return line ? *line : QByteArray();
}

bool writeAll(int fd, const QByteArray &bytes)
{
    return sock::sendAll(fd, bytes, sock::Clock::now() + 20s).has_value();
}

// A fake agent on the far end of a socket pair, running SCRIPT on its own thread.
class FakeAgent final {
public:
    explicit FakeAgent(std::function<void(int)> script)
    {
        int pair[2];
        if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
            return;
        m_client = pair[0];
        m_agent = pair[1];
        m_thread = std::thread([this, script = std::move(script)] { script(m_agent); });
    }
    ~FakeAgent()
    {
        closeClient();
        if (m_thread.joinable())
            m_thread.join();
        if (m_agent >= 0)
            ::close(m_agent);
    }
    int client() const { return m_client; }
    void closeClient()
    {
        if (m_client >= 0)
            ::close(m_client);
        m_client = -1;
    }

private:
    int m_client = -1;
    int m_agent = -1;
    std::thread m_thread;
};

const QString kToken = QStringLiteral("tst_agent_remote-0123456789abcdef0123456789abcdef");

QJsonObject readyMessage()
{
    return {{QStringLiteral("type"), QStringLiteral("ready")},
            {QStringLiteral("session"), QStringLiteral("s1")},
            {QStringLiteral("nonce"), QString::fromLatin1(agentauth::randomHex(agentauth::kNonceBytes))}};
}

// The start a fake agent read, decoded.
QJsonObject startFrom(const QByteArray &line)
{
    auto decoded = agentproto::decode(line);
    return decoded ? *decoded : QJsonObject();
}

TrafficSpec agentSpec()
{
    TrafficSpec spec;
    spec.target.host = QStringLiteral("127.0.0.1");
    spec.target.port = 5300;
    spec.durationS = 1;
    return spec;
}

} // namespace

class TestAgentRemote final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void refusesAgentWithoutChallenge();
    void refusesAgentThatCannotProve();
    void provedAgentGetsTheClientsProof();
    void resultLineIsCappedQuickly();
    void lyingResultNumbersAreNotTaken();
};

void TestAgentRemote::refusesAgentWithoutChallenge()
{
    // An agent without a token (or an impostor) goes straight to "ready".
    FakeAgent agent([](int fd) {
        QByteArray buffer;
        readLineFrom(fd, buffer);
        writeAll(fd, agentproto::encode(readyMessage()));
        readLineFrom(fd, buffer);
    });
    TrafficSpec spec = agentSpec();
    spec.target.token = kToken;
    AgentRemote remote(spec);
    auto opened = remote.open(agent.client());
    QVERIFY(!opened.has_value());
    QVERIFY2(opened.error().message.contains(QStringLiteral("did not prove")) &&
                 opened.error().message.contains(QStringLiteral("no challenge")),
             qPrintable(opened.error().message));
    // Without a token the same agent is fine: the client asked for no proof.
    FakeAgent open([](int fd) {
        QByteArray buffer;
        readLineFrom(fd, buffer);
        writeAll(fd, agentproto::encode(readyMessage()));
        readLineFrom(fd, buffer);
    });
    AgentRemote tokenless(agentSpec());
    QVERIFY(tokenless.open(open.client()).has_value());
}

void TestAgentRemote::refusesAgentThatCannotProve()
{
    // A challenge whose proof is made with another token, then one with no proof at all.
    for (const QString &agentToken : {QStringLiteral("another-token-0123456789abcdef0123456789"), QString()}) {
        std::atomic<bool> answered{false};
        auto agent = std::make_unique<FakeAgent>([&answered, agentToken](int fd) {
            QByteArray buffer;
            const QJsonObject start = startFrom(readLineFrom(fd, buffer));
            const QByteArray nonce = agentauth::randomHex(agentauth::kNonceBytes);
            const QByteArray proof =
                agentToken.isEmpty() ? QByteArray()
                                     : agentauth::proof(agentToken, agentauth::Role::Agent, nonce,
                                                        agentproto::clientNonceOf(start), agentproto::canonical(start));
            writeAll(fd, agentproto::encode(agentproto::challengeMessage(nonce, proof)));
            answered = !readLineFrom(fd, buffer).isEmpty();
        });
        TrafficSpec spec = agentSpec();
        spec.target.token = kToken;
        AgentRemote remote(spec);
        auto opened = remote.open(agent->client());
        agent.reset(); // closes the client's end and joins the fake agent
        QVERIFY(!opened.has_value());
        QVERIFY2(opened.error().message.contains(QStringLiteral("could not prove")),
                 qPrintable(opened.error().message));
        QVERIFY2(!answered.load(), "the client answered an agent that did not prove the token");
    }
}

void TestAgentRemote::provedAgentGetsTheClientsProof()
{
    std::atomic<bool> clientProved{false};
    FakeAgent agent([&clientProved](int fd) {
        QByteArray buffer;
        const QJsonObject start = startFrom(readLineFrom(fd, buffer));
        const QByteArray clientNonce = agentproto::clientNonceOf(start);
        const QByteArray nonce = agentauth::randomHex(agentauth::kNonceBytes);
        const QByteArray canonical = agentproto::canonical(start);
        writeAll(fd, agentproto::encode(agentproto::challengeMessage(
                         nonce, agentauth::proof(kToken, agentauth::Role::Agent, nonce, clientNonce, canonical))));
        auto auth = agentproto::decode(readLineFrom(fd, buffer));
        clientProved = auth && agentauth::constantTimeEqual(
                                   auth->value(QStringLiteral("proof")).toString().toLatin1(),
                                   agentauth::proof(kToken, agentauth::Role::Client, nonce, clientNonce, canonical));
        writeAll(fd, agentproto::encode(readyMessage()));
        readLineFrom(fd, buffer);
    });
    TrafficSpec spec = agentSpec();
    spec.target.token = kToken;
    AgentRemote remote(spec);
    auto opened = remote.open(agent.client());
    QVERIFY2(opened.has_value(), opened ? "" : qPrintable(opened.error().message));
    QVERIFY(clientProved.load());
    // The data connections' line carries a proof, never the secret or the token.
    const QByteArray hello = remote.dataHello(0);
    QVERIFY(hello.contains("\"proof\""));
    QVERIFY(!hello.contains("secret"));
    QVERIFY(!hello.contains(kToken.toLatin1()));
}

void TestAgentRemote::resultLineIsCappedQuickly()
{
    FakeAgent agent([](int fd) {
        QByteArray buffer;
        readLineFrom(fd, buffer); // start
        if (!writeAll(fd, agentproto::encode(readyMessage())))
            return;
        readLineFrom(fd, buffer); // end
        // A "result" of 64 MiB, written until the client stops reading.
        const QByteArray chunk(1 << 20, 'a');
        writeAll(fd, QByteArray(R"({"tcptune_agent":)") + QByteArray::number(agentproto::kVersion) +
                         R"(,"type":"result","x":")");
        for (int i = 0; i < 64; ++i)
            if (!writeAll(fd, chunk))
                return;
        writeAll(fd, "\"}\n");
    });
    QVERIFY(agent.client() >= 0);
    AgentRemote remote(agentSpec());
    auto opened = remote.open(agent.client());
    QVERIFY2(opened.has_value(), opened ? "" : qPrintable(opened.error().message));
    rusage before{};
    ::getrusage(RUSAGE_SELF, &before);
    const auto cpuBefore = thisThreadCpuTime();
    auto result = remote.finish({});
    const double cpuS = std::chrono::duration<double>(thisThreadCpuTime() - cpuBefore).count();
    rusage after{};
    ::getrusage(RUSAGE_SELF, &after);
    agent.closeClient();
    QVERIFY(!result.has_value());
    QVERIFY2(result.error().message.contains(QString::number(agentproto::kMaxResultLine)),
             qPrintable(result.error().message));
    QVERIFY2(cpuS < 1.0, qPrintable(QStringLiteral("%1 s of CPU").arg(cpuS)));
    // The client buffered about its cap, not the agent's 64 MiB (maxrss is in KiB).
    QVERIFY2(after.ru_maxrss - before.ru_maxrss < 48 * 1024,
             qPrintable(QStringLiteral("RSS grew by %1 KiB").arg(after.ru_maxrss - before.ru_maxrss)));
    qInfo("a 64 MiB result line: stopped after %.3f s of CPU", cpuS);
}

// A result line from a lying agent: counts out of range or negative are unknown, not cast (a
// 1e300 byte count was undefined behaviour and came out negative), and a zero-length interval has
// no infinite throughput.
void TestAgentRemote::lyingResultNumbersAreNotTaken()
{
    const QJsonObject result{
        {QStringLiteral("type"), QStringLiteral("result")},
        {QStringLiteral("receiver_bytes"), 1e300},
        {QStringLiteral("duration_s"), -5},
        {QStringLiteral("intervals"), QJsonArray{QJsonArray{0.5, 1000}, QJsonArray{0.5, 1e20}, QJsonArray{1.0, -7}}},
        {QStringLiteral("streams"), QJsonArray{QJsonObject{{QStringLiteral("bytes"), 1e300}}}},
        {QStringLiteral("sent"),
         QJsonArray{QJsonObject{{QStringLiteral("bytes"), -1}, {QStringLiteral("sndbuf"), 4096}}}},
    };
    const RemoteFigures f = figuresFromResult(result, 0);
    QCOMPARE(f.receiverBytes, -1);
    QCOMPARE(f.durationS, 0.0);
    QCOMPARE(f.intervals.size(), 3);
    QCOMPARE(f.intervals[0].throughputBps, 16000.0);
    QCOMPARE(f.intervals[1].bytes, 0); // over kMaxPeerCount
    QCOMPARE(f.intervals[1].throughputBps, 0.0);
    QCOMPARE(f.intervals[2].bytes, 0);
    QCOMPARE(f.bytesPerStream, QList<std::int64_t>{0});
    QCOMPARE(f.sent.size(), 1);
    QCOMPARE(f.sent[0].bytes, 0);
    QCOMPARE(f.sent[0].sndbuf, 4096);
}

QTEST_GUILESS_MAIN(TestAgentRemote)
#include "tst_agent_remote.moc"

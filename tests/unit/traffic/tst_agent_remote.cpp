// The client's side of the agent protocol against fake agents that misbehave: a result line of
// 64 MiB is cut at the client's cap with an error, reading it costs well under a second of CPU
// (the line reader is linear in what arrives), and a fake agent's line never makes the client
// buffer more than its cap.

#include "common/thread_cpu_time.h"
#include "traffic/agent_protocol.h"
#include "traffic/agent_remote.h"
#include "traffic/socket_util.h"

#include <QJsonObject>
#include <QTest>

#include <functional>
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

QJsonObject readyMessage()
{
    return {{QStringLiteral("type"), QStringLiteral("ready")},
            {QStringLiteral("session"), QStringLiteral("s1")},
            {QStringLiteral("secret"), QStringLiteral("00")}};
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
    void resultLineIsCappedQuickly();
};

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

QTEST_GUILESS_MAIN(TestAgentRemote)
#include "tst_agent_remote.moc"

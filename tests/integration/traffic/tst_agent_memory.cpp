// The agent's memory budget against a real `tcptune serve` without a token (the default), on
// loopback: a client asking for 16 down streams of 64 MiB writes (1 GiB of write buffers before
// the budget) gets its run, the agent sends from capped buffers and its peak RSS stays under
// 256 MB; an agent whose budget cannot hold that run refuses it with the figures and starts no
// thread for it.

#include "command_runner.h"
#include "proc_status.h"
#include "loopback_client.h"
#include "traffic/agent_auth.h"
#include "traffic/agent_protocol.h"
#include "traffic/traffic_spec.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTest>

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace tcptune;
using namespace tcptune::test;

namespace {

constexpr int kPort = 15253;
constexpr int kStreams = 16;

bool sendBytes(int fd, const QByteArray &bytes)
{
    return ::send(fd, bytes.constData(), std::size_t(bytes.size()), MSG_NOSIGNAL) == bytes.size();
}

QJsonObject greedyStart()
{
    TrafficSpec spec;
    spec.workload = Workload::Bulk;
    spec.direction = Direction::Down;
    spec.streams = kStreams;
    spec.durationS = 3;
    spec.writeSize = TrafficLimits::kMaxWriteSize;
    return agentproto::startMessage(spec);
}

void startAgent(QProcess &agent, const QStringList &extra)
{
    agent.start(binary(QStringLiteral("tcptune")),
                QStringList{QStringLiteral("serve"), QStringLiteral("--bind"), QStringLiteral("127.0.0.1"),
                            QStringLiteral("--port"), QString::number(kPort)} +
                    extra);
    QVERIFY(agent.waitForReadyRead(10000)); // "listening on ..."
}

void stopAgent(QProcess &agent)
{
    agent.terminate();
    if (!agent.waitForFinished(10000))
        agent.kill();
}

// Reads every data connection (and the control's samples), says "end" after the run's 3 s, and
// reads on until the agent has closed every stream or 20 s passed; the bytes each stream
// brought, or an empty list when a stream stayed open.
std::vector<qint64> drain(int control, const std::vector<int> &data)
{
    bool endSent = false;
    std::vector<qint64> bytes(data.size(), 0);
    std::vector<pollfd> fds;
    for (int fd : data)
        fds.push_back({fd, POLLIN, 0});
    fds.push_back({control, POLLIN, 0});
    std::vector<char> buffer(1 << 20);
    QElapsedTimer clock;
    clock.start();
    std::size_t open = data.size();
    while (open > 0 && clock.elapsed() < 20000) {
        if (!endSent && clock.elapsed() > 3000)
            endSent = sendBytes(control, agentproto::encode({{QStringLiteral("type"), QStringLiteral("end")}}));
        if (::poll(fds.data(), fds.size(), 200) <= 0)
            continue;
        for (std::size_t i = 0; i < fds.size(); ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t n = ::recv(fds[i].fd, buffer.data(), buffer.size(), MSG_DONTWAIT);
            if (n > 0 && i < data.size())
                bytes[i] += n;
            if (n == 0) {
                fds[i].fd = -1;
                if (i < data.size())
                    --open;
            }
        }
    }
    return open == 0 ? bytes : std::vector<qint64>{};
}

} // namespace

class TestAgentMemory final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void greedyDownStreamsSendFromCappedBuffers();
    void runOverTheBudgetIsRefusedWithTheFigures();
};

void TestAgentMemory::greedyDownStreamsSendFromCappedBuffers()
{
    QProcess agent;
    startAgent(agent, {});
    auto guard = qScopeGuard([&] { stopAgent(agent); });
    const int control = connectLoopback(kPort, "127.0.0.6");
    QVERIFY(control >= 0);
    const QJsonObject start = greedyStart();
    QVERIFY(sendBytes(control, agentproto::encode(start)));
    const QJsonObject ready = readJsonLine(control);
    QCOMPARE(ready.value(QStringLiteral("type")).toString(), QStringLiteral("ready"));
    const QByteArray secret = agentauth::dataSecret({}, ready.value(QStringLiteral("nonce")).toString().toLatin1(),
                                                    agentproto::clientNonceOf(start));
    std::vector<int> data;
    for (int i = 0; i < kStreams; ++i) {
        const int fd = connectLoopback(kPort, "127.0.0.6");
        QVERIFY(fd >= 0);
        data.push_back(fd);
        QVERIFY(sendBytes(fd, agentproto::encode(agentproto::dataHelloMessage(
                                  ready.value(QStringLiteral("session")).toString(), i, secret))));
    }
    QVERIFY(sendBytes(control, agentproto::encode({{QStringLiteral("type"), QStringLiteral("begin")}})));
    const std::vector<qint64> bytes = drain(control, data);
    const qint64 peakRssKb = statusField(agent.processId(), "VmHWM");
    qint64 total = 0;
    for (qint64 b : bytes)
        total += b;
    qInfo("16 down streams of 64 MiB writes: %lld MB received, agent peak RSS %lld kB", total / 1000000, peakRssKb);
    for (int fd : data)
        ::close(fd);
    ::close(control);
    QCOMPARE(bytes.size(), std::size_t(kStreams));
    // Every stream was served: each sent at least one whole 64 MiB write.
    for (qint64 b : bytes)
        QVERIFY2(b >= TrafficLimits::kMaxWriteSize, qPrintable(QString::number(b)));
    QVERIFY2(peakRssKb > 0 && peakRssKb < 256 * 1024, qPrintable(QString::number(peakRssKb)));
}

void TestAgentMemory::runOverTheBudgetIsRefusedWithTheFigures()
{
    QProcess agent;
    startAgent(agent, {QStringLiteral("--memory-budget"), QStringLiteral("16")});
    auto guard = qScopeGuard([&] { stopAgent(agent); });
    QTest::qWait(500);
    const qint64 idleThreads = statusField(agent.processId(), "Threads");
    const int control = connectLoopback(kPort, "127.0.0.6");
    QVERIFY(control >= 0);
    QVERIFY(sendBytes(control, agentproto::encode(greedyStart())));
    const QJsonObject reply = readJsonLine(control);
    ::close(control);
    const QString message = reply.value(QStringLiteral("message")).toString();
    QCOMPARE(reply.value(QStringLiteral("type")).toString(), QStringLiteral("error"));
    // What it asked (16 x 1 MiB capped buffers and more), what is left, what to do.
    QVERIFY2(message.contains(QStringLiteral("16.0 MiB left of its 16.0 MiB")), qPrintable(message));
    const QRegularExpressionMatch need = QRegularExpression(QStringLiteral("needs ([0-9.]+) MiB")).match(message);
    QVERIFY2(need.hasMatch() && need.captured(1).toDouble() > 16, qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("--memory-budget")), qPrintable(message));
    QCOMPARE(statusField(agent.processId(), "Threads"), idleThreads);
}

QTEST_GUILESS_MAIN(TestAgentMemory)
#include "tst_agent_memory.moc"

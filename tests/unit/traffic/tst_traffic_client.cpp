// TrafficClient on loopback, no namespace needed: refused port, unresolvable name, invalid specs
// (refused before any connection), cancel() from another thread, the kernel's SO_SNDBUF
// doubling and capping reported as such, and direction down (the agent sends, its TCP_INFO
// samples arrive while the run goes, this client counts what arrives).

#include "common/proc_sys.h"
#include "traffic/agent_server.h"
#include "traffic/traffic_client.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryFile>
#include <QTest>

#include <arpa/inet.h>
#include <future>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace tcptune;

namespace {

const QString kAgentToken = QStringLiteral("tst_traffic_client-0123456789abcdef0123");

AgentOptions tokenOptions()
{
    AgentOptions options;
    options.token = kAgentToken;
    return options;
}

} // namespace

class TestTrafficClient final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void refusedPort();
    void unresolvableName();
    void invalidSpecNeverConnects_data();
    void invalidSpecNeverConnects();
    void cancelFromAnotherThread();
    void sendBufferReported_data();
    void sendBufferReported();
    void sendMethods_data();
    void sendMethods();
    void sendfileFileMissing();
    void samplesAtOneMillisecond();
    void samplingCostLogged();
    void downloadFromAgent();
    void downloadRefusedForRequestResponse();
    void bothWaysAtOnce();
};

// A loopback port nobody listens on: bind, read the port, close.
static std::uint16_t closedPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a);
    socklen_t len = sizeof a;
    ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len);
    ::close(fd);
    return ntohs(a.sin_port);
}

// Starts AGENT on a free loopback port and points SPEC at it.
static bool listenOnLoopback(AgentServer &agent, TrafficSpec &spec)
{
    auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    if (!port)
        return false;
    spec.target.host = QStringLiteral("127.0.0.1");
    spec.target.port = *port;
    return true;
}

void TestTrafficClient::refusedPort()
{
    TrafficSpec spec;
    spec.target.host = QStringLiteral("127.0.0.1");
    spec.target.port = closedPort();
    TrafficClient client;
    QSignalSpy failed(&client, &TrafficClient::runFailed);
    const TrafficResult r = client.run(spec);
    QVERIFY(!r.ok());
    QVERIFY2(r.error.contains(QStringLiteral("refused")), qPrintable(r.error));
    QVERIFY2(r.error.contains(QStringLiteral("127.0.0.1:%1").arg(spec.target.port)), qPrintable(r.error));
    QVERIFY2(r.error.contains(QStringLiteral("tcptune serve")), qPrintable(r.error)); // what to do
    QCOMPARE(failed.size(), 1);
}

void TestTrafficClient::unresolvableName()
{
    TrafficSpec spec;
    spec.target = *TrafficTarget::parse(QStringLiteral("no-such-host.invalid:15200"));
    TrafficClient client;
    QElapsedTimer timer;
    timer.start();
    const TrafficResult r = client.run(spec);
    QVERIFY(!r.ok());
    QVERIFY2(r.error.contains(QStringLiteral("Cannot resolve host 'no-such-host.invalid'")), qPrintable(r.error));
    QVERIFY(timer.elapsed() < 10000);
}

void TestTrafficClient::invalidSpecNeverConnects_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<qint64>("value");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("write size 0") << QStringLiteral("writeSize") << qint64(0) << QStringLiteral("Write size");
    QTest::addRow("streams negative") << QStringLiteral("streams") << qint64(-1) << QStringLiteral("streams");
    QTest::addRow("sndbuf huge") << QStringLiteral("sndbuf") << (qint64(1) << 40) << QStringLiteral("Send buffer");
    QTest::addRow("sample 0") << QStringLiteral("sample") << qint64(0) << QStringLiteral("Sample interval");
}

void TestTrafficClient::invalidSpecNeverConnects()
{
    QFETCH(QString, field);
    QFETCH(qint64, value);
    QFETCH(QString, mentions);
    AgentServer agent;
    TrafficSpec spec;
    QVERIFY(listenOnLoopback(agent, spec));
    if (field == QLatin1String("writeSize"))
        spec.writeSize = value;
    else if (field == QLatin1String("streams"))
        spec.streams = int(value);
    else if (field == QLatin1String("sndbuf"))
        spec.sndbuf = value;
    else
        spec.sampleIntervalMs = int(value);
    TrafficClient client;
    const TrafficResult r = client.run(spec);
    QVERIFY(!r.ok());
    QVERIFY2(r.error.contains(mentions), qPrintable(r.error));
    QCOMPARE(agent.sessionsServed(), 0);
    QCOMPARE(agent.protocolErrors(), 0);
}

void TestTrafficClient::cancelFromAnotherThread()
{
    AgentServer agent;
    TrafficSpec spec;
    QVERIFY(listenOnLoopback(agent, spec));
    spec.durationS = 20;
    TrafficClient client;
    std::atomic<int> batches{0};
    connect(
        &client, &TrafficClient::samplesReady, &client, [&batches] { ++batches; }, Qt::DirectConnection);
    auto run = std::async(std::launch::async, [&] { return client.run(spec); });
    QTRY_VERIFY_WITH_TIMEOUT(batches.load() >= 2, 5000);
    client.cancel();
    const TrafficResult r = run.get();
    QVERIFY(r.interrupted);
    QVERIFY(r.cancelled);
    QVERIFY(!r.samples.isEmpty());
    QVERIFY(r.durationS < 10);
}

static qint64 wmemMaxNow()
{
    return procsys::read(QStringLiteral("/proc/sys/net/core/wmem_max")).value_or(QString()).toLongLong();
}

void TestTrafficClient::sendBufferReported_data()
{
    QTest::addColumn<qint64>("requested");
    QTest::addRow("64 KiB") << qint64(64 * 1024);
    QTest::addRow("above wmem_max") << qint64(64) * 1024 * 1024;
}

void TestTrafficClient::sendBufferReported()
{
    QFETCH(qint64, requested);
    const qint64 wmemMax = wmemMaxNow();
    QVERIFY(wmemMax > 0);
    AgentServer agent;
    TrafficSpec spec;
    QVERIFY(listenOnLoopback(agent, spec));
    spec.durationS = 0.3;
    spec.sndbuf = requested;
    TrafficClient client;
    const TrafficResult r = client.run(spec);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.sndbufRequested, requested);
    QCOMPARE(r.sndbufCapped, requested > wmemMax);
    // The kernel doubles the request (for its bookkeeping) after capping it at wmem_max.
    QCOMPARE(r.sndbufActual, 2 * std::min(requested, wmemMax));
    QCOMPARE(r.perStream.front().sndbufActual, r.sndbufActual);
}

void TestTrafficClient::sendMethods_data()
{
    QTest::addColumn<int>("method");
    QTest::addColumn<int>("streams");
    QTest::addColumn<bool>("fromFile");
    QTest::addRow("copy, 1 stream") << int(SendMethod::Copy) << 1 << false;
    QTest::addRow("copy, 3 streams") << int(SendMethod::Copy) << 3 << false;
    QTest::addRow("zerocopy, 1 stream") << int(SendMethod::Zerocopy) << 1 << false;
    QTest::addRow("zerocopy, 2 streams") << int(SendMethod::Zerocopy) << 2 << false;
    QTest::addRow("sendfile, memfd") << int(SendMethod::Sendfile) << 2 << false;
    QTest::addRow("sendfile, a file") << int(SendMethod::Sendfile) << 1 << true;
}

// Every send method moves data the agent counts in full, and says how it went: calls made and,
// for zerocopy, one completion for every accepted send (read from the error queue).
void TestTrafficClient::sendMethods()
{
    QFETCH(int, method);
    QFETCH(int, streams);
    QFETCH(bool, fromFile);
    AgentServer agent;
    TrafficSpec spec;
    QVERIFY(listenOnLoopback(agent, spec));
    spec.durationS = 0.5;
    spec.streams = streams;
    spec.send = SendMethod(method);
    QTemporaryFile file;
    if (fromFile) {
        QVERIFY(file.open());
        file.write(QByteArray(3 * 1000 * 1000 + 17, 'f')); // not a multiple of the write size
        file.flush();
        spec.sendfileFile = file.fileName();
    }
    TrafficClient client;
    const TrafficResult r = client.run(spec);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QVERIFY(r.senderBytes > 0);
    QCOMPARE(r.receiverBytes, r.senderBytes);
    QVERIFY(r.sendCalls.calls > 0);
    QVERIFY(r.sendCalls.calls * spec.writeSize >= r.senderBytes);
    if (spec.send == SendMethod::Zerocopy) {
        QVERIFY(r.sendCalls.zerocopySends > 0);
        QCOMPARE(r.sendCalls.zerocopyCompleted, r.sendCalls.zerocopySends);
        QVERIFY(r.sendCalls.zerocopyCopied <= r.sendCalls.zerocopyCompleted);
    } else {
        QCOMPARE(r.sendCalls.zerocopySends, 0);
    }
    const QJsonObject json = r.toJson();
    QCOMPARE(json.value(QStringLiteral("spec")).toObject().value(QStringLiteral("send")).toString(),
             sendMethodName(spec.send));
    QCOMPARE(qint64(json.value(QStringLiteral("send_calls")).toObject().value(QStringLiteral("calls")).toDouble()),
             r.sendCalls.calls);
}

void TestTrafficClient::sendfileFileMissing()
{
    AgentServer agent;
    TrafficSpec spec;
    QVERIFY(listenOnLoopback(agent, spec));
    spec.send = SendMethod::Sendfile;
    spec.sendfileFile = QStringLiteral("/nonexistent/tcptune-payload");
    TrafficClient client;
    const TrafficResult r = client.run(spec);
    QVERIFY(!r.ok());
    QVERIFY2(r.error.contains(QStringLiteral("/nonexistent/tcptune-payload")), qPrintable(r.error));
    QCOMPARE(agent.sessionsServed(), 0);
}

// Sampling between the sends at 1 ms: samples in time order, at most one per interval (a late
// wake-up skips what it missed instead of catching up in a burst).
void TestTrafficClient::samplesAtOneMillisecond()
{
    AgentServer agent;
    TrafficSpec spec;
    QVERIFY(listenOnLoopback(agent, spec));
    spec.durationS = 1;
    spec.sampleIntervalMs = 1;
    TrafficClient client;
    const TrafficResult r = client.run(spec);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QVERIFY2(r.samples.size() > 10 && r.samples.size() <= 1001, qPrintable(QString::number(r.samples.size())));
    for (qsizetype i = 1; i < r.samples.size(); ++i)
        QVERIFY2(r.samples[i].t > r.samples[i - 1].t, qPrintable(QString::number(i)));
}

// The messages of tcptune.traffic.cost while a test runs (the run calls back on this thread).
static QStringList g_costLines;
static void collectCostLines(QtMsgType, const QMessageLogContext &context, const QString &message)
{
    if (context.category && QByteArrayView(context.category) == "tcptune.traffic.cost")
        g_costLines.append(message);
}

// QT_LOGGING_RULES="tcptune.traffic.cost=true" makes a run log what its readings took of the
// run thread's CPU (bench/traffic/run.py reads it); off, nothing is metered or logged.
void TestTrafficClient::samplingCostLogged()
{
    AgentServer agent;
    TrafficSpec spec;
    QVERIFY(listenOnLoopback(agent, spec));
    spec.durationS = 1;
    g_costLines.clear();
    const QtMessageHandler previous = qInstallMessageHandler(collectCostLines);
    TrafficClient client;
    const TrafficResult quiet = client.run(spec);
    QLoggingCategory::setFilterRules(QStringLiteral("tcptune.traffic.cost.info=true"));
    const TrafficResult metered = client.run(spec);
    QLoggingCategory::setFilterRules({});
    qInstallMessageHandler(previous);
    QVERIFY2(quiet.ok() && metered.ok(), qPrintable(quiet.error + metered.error));
    QCOMPARE(g_costLines.size(), 1);
    static const QRegularExpression line(QStringLiteral(
        R"(^sampling: (\d+) readings of 1 streams took ([0-9.]+) ms of the run thread's ([0-9.]+) ms of CPU \(([0-9.]+) %\)$)"));
    const auto m = line.match(g_costLines.first());
    QVERIFY2(m.hasMatch(), qPrintable(g_costLines.first()));
    // Every reading of this one-stream run gave an aggregate sample.
    QCOMPARE(m.captured(1).toInt(), metered.samples.size());
    const double readings = m.captured(2).toDouble();
    const double all = m.captured(3).toDouble();
    QVERIFY2(readings > 0 && all > readings, qPrintable(g_costLines.first()));
    QVERIFY(qAbs(m.captured(4).toDouble() - 100 * readings / all) < 0.01);
}

void TestTrafficClient::downloadFromAgent()
{
    const qint64 wmemMax = wmemMaxNow();
    QVERIFY(wmemMax > 0);
    // The far sender's figures (buffers, congestion control, TCP_INFO) go to a client that proved the
    // agent's token only.
    AgentServer agent(tokenOptions());
    TrafficSpec spec;
    QVERIFY(listenOnLoopback(agent, spec));
    spec.target.token = kAgentToken;
    spec.direction = Direction::Down;
    spec.durationS = 1.5;
    spec.streams = 2;
    spec.sndbuf = 128 * 1024; // applies at the sending end: the agent's sockets
    spec.sampleIntervalMs = 10;
    TrafficClient client;
    QList<double> batchFirstT; // first timestamp of each live batch
    connect(
        &client, &TrafficClient::samplesReady, &client,
        [&batchFirstT](const QList<TrafficSample> &batch) { batchFirstT.append(batch.front().t); },
        Qt::DirectConnection);
    const TrafficResult r = client.run(spec);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.samplesFrom, QStringLiteral("target sender"));
    QCOMPARE(r.perStream.size(), 2);
    // This client only received: what it counted came from the agent, which reports what it sent.
    QVERIFY(r.receiverBytes > 1'000'000);
    QVERIFY2(r.receiverBytes <= r.senderBytes,
             qPrintable(QStringLiteral("%1 > %2").arg(r.receiverBytes).arg(r.senderBytes)));
    for (const StreamResult &s : r.perStream) {
        QVERIFY(s.senderBytes > 0);
        QVERIFY(s.receiverBytes > 0);
        QCOMPARE(s.sndbufActual, 2 * std::min<qint64>(spec.sndbuf, wmemMax)); // the agent's socket
        QVERIFY(!s.samples.isEmpty());
        QCOMPARE(s.samples.front().stream, s.index);
    }
    // The far sender's TCP_INFO, at most one aggregate per 10 ms tick, in time order (a loaded
    // 2-core machine may drop many ticks: the lower bound only says the far sampler ran).
    QVERIFY2(r.samples.size() >= 5 && r.samples.size() <= 152, qPrintable(QString::number(r.samples.size())));
    for (qsizetype i = 1; i < r.samples.size(); ++i)
        QVERIFY(r.samples[i].t > r.samples[i - 1].t);
    const TrafficSample &mid = r.samples[r.samples.size() / 2];
    QVERIFY(mid.cwnd > 0);
    QVERIFY(mid.rttMs > 0);
    QVERIFY(r.rttMs.count > 0);
    // They arrived during the run, in several batches, not all at the end.
    QVERIFY2(batchFirstT.size() >= 2, qPrintable(QString::number(batchFirstT.size())));
    QVERIFY(batchFirstT.front() < r.durationS / 2);
    // The receiver's goodput per interval adds up to what it counted.
    QVERIFY(r.receiverIntervals.size() >= 5);
    std::int64_t sum = 0;
    for (const ReceiverInterval &i : r.receiverIntervals)
        sum += i.bytes;
    QVERIFY2(qAbs(sum - r.receiverBytes) <= r.receiverBytes / 20,
             qPrintable(QStringLiteral("%1 vs %2").arg(sum).arg(r.receiverBytes)));
    QVERIFY(r.throughputBps > 0);
}

void TestTrafficClient::downloadRefusedForRequestResponse()
{
    TrafficSpec spec;
    spec.target.host = QStringLiteral("127.0.0.1");
    spec.target.port = closedPort();
    spec.direction = Direction::Down;
    spec.workload = Workload::RequestResponse;
    TrafficClient client;
    const TrafficResult r = client.run(spec);
    QVERIFY(!r.ok());
    QVERIFY2(r.error.contains(QStringLiteral("direction up")), qPrintable(r.error));
    QVERIFY(!r.error.contains(QStringLiteral("refused"))); // refused before any connection
}

// Direction both: this client's streams and the agent's run at once; each direction's figures
// and series stay apart, the live batches say whose sending each sample is, and the run's
// figures are the two directions' sums.
void TestTrafficClient::bothWaysAtOnce()
{
    // The far sender's figures (buffers, congestion control, TCP_INFO) go to a client that proved the
    // agent's token only.
    AgentServer agent(tokenOptions());
    TrafficSpec spec;
    QVERIFY(listenOnLoopback(agent, spec));
    spec.target.token = kAgentToken;
    spec.direction = Direction::Both;
    spec.durationS = 1.5;
    spec.streams = 2;
    spec.sampleIntervalMs = 10;
    TrafficClient client;
    QSet<int> liveDirections;
    connect(
        &client, &TrafficClient::samplesReady, &client,
        [&liveDirections](const QList<TrafficSample> &batch) {
            for (const TrafficSample &s : batch)
                liveDirections.insert(int(s.direction));
        },
        Qt::DirectConnection);
    const TrafficResult r = client.run(spec);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(liveDirections, (QSet<int>{int(Direction::Up), int(Direction::Down)}));
    QCOMPARE(r.perStream.size(), 4);
    for (const StreamResult &s : r.perStream) {
        QCOMPARE(s.direction, s.index < 2 ? Direction::Up : Direction::Down);
        QVERIFY2(s.senderBytes > 0 && s.receiverBytes > 0, qPrintable(QString::number(s.index)));
        QVERIFY(!s.samples.isEmpty());
        QCOMPARE(s.samples.front().stream, s.index);
        QCOMPARE(s.samples.front().direction, s.direction);
    }
    QCOMPARE(r.directions.size(), 2);
    const DirectionResult &up = r.directions[0];
    const DirectionResult &down = r.directions[1];
    QCOMPARE(up.direction, Direction::Up);
    QCOMPARE(up.samplesFrom, QStringLiteral("local sender"));
    QCOMPARE(down.samplesFrom, QStringLiteral("target sender"));
    for (const DirectionResult *d : {&up, &down}) {
        QVERIFY(d->receiverBytes > 1'000'000);
        QVERIFY2(d->receiverBytes <= d->senderBytes,
                 qPrintable(QStringLiteral("%1 > %2").arg(d->receiverBytes).arg(d->senderBytes)));
        QVERIFY(d->throughputBps > 0);
        QVERIFY(d->rttMs.count > 0);
        QVERIFY(d->samples.size() >= 5);
        QVERIFY(d->receiverIntervals.size() >= 5);
        for (const TrafficSample &s : d->samples)
            QCOMPARE(s.direction, d->direction);
        for (qsizetype i = 1; i < d->samples.size(); ++i)
            QVERIFY(d->samples[i].t > d->samples[i - 1].t);
    }
    QCOMPARE(r.throughputBps, up.throughputBps + down.throughputBps);
    QCOMPARE(r.receiverBytes, up.receiverBytes + down.receiverBytes);
    QCOMPARE(r.senderBytes, up.senderBytes + down.senderBytes);
    QCOMPARE(r.samples.size(), up.samples.size()); // the run's own series is this host's sending
}

QTEST_GUILESS_MAIN(TestTrafficClient)
#include "tst_traffic_client.moc"

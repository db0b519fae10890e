// Acceptance of issue 4 between two namespaces this test creates: `tcptune run` against
// `tcptune serve` and against a stock `iperf3 -s` reports the same throughput as iperf3's own
// client on the same path (within 10 %), with ~300 samples at 10 ms for 3 s.
// The veth path is shaped with tbf to 400 Mbit/s so that both tools measure the path rather
// than how much of the shared 2-core CPU they happen to get; bench/traffic compares them
// unshaped. The way back (b -> a) is shaped to 200 Mbit/s, so a run's figure shows which way its
// bytes went: --direction down (the target sends; iperf3's reverse mode) measures that path.

#include "both_directions.h"
#include "command_runner.h"
#include "common/cpu_affinity.h"
#include "scratch_namespace.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QThread>

using namespace tcptune::test;
using tcptune::CpuAffinity;

class TestRunCommand final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void agentMatchesIperf3();
    void iperf3TargetMatchesIperf3();
    void rrAndSplitWriteAgainstAgent_data();
    void rrAndSplitWriteAgainstAgent();
    void sendMethodOptions();
    void pinnedEnds();
    void downFromAgent();
    void downFromIperf3();
    void bothWithIperf3();
    void iperf3LayoutHasIperf3sKeys_data();
    void iperf3LayoutHasIperf3sKeys();

private:
    QStringList inA(const QStringList &command) const
    {
        return QStringList{QStringLiteral("netns"), QStringLiteral("exec"), m_pair->a().name()} + command;
    }
    QProcess *startInB(const QStringList &command);
    double iperf3Throughput();
    QJsonObject runTcptune(const QStringList &args);

    std::unique_ptr<ScratchPair> m_pair;
    QList<QProcess *> m_servers;
    static constexpr int kAgentPort = 15210;
    static constexpr int kIperf3Port = 15211;
};

QProcess *TestRunCommand::startInB(const QStringList &command)
{
    auto *p = new QProcess(this);
    p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p->start(QStringLiteral("ip"),
             QStringList{QStringLiteral("netns"), QStringLiteral("exec"), m_pair->b().name()} + command);
    m_servers.append(p);
    return p;
}

void TestRunCommand::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root for network namespaces");
    m_pair = std::make_unique<ScratchPair>(QStringLiteral("traffic1"), 10);
    QVERIFY2(m_pair->ok(), qPrintable(m_pair->error()));
    // Shape a -> b: the path both tools measure.
    QVERIFY2(ip({QStringLiteral("netns"), QStringLiteral("exec"), m_pair->a().name(), QStringLiteral("tc"),
                 QStringLiteral("qdisc"), QStringLiteral("add"), QStringLiteral("dev"), QStringLiteral("tttraffic1a"),
                 QStringLiteral("root"), QStringLiteral("tbf"), QStringLiteral("rate"), QStringLiteral("400mbit"),
                 QStringLiteral("burst"), QStringLiteral("256kb"), QStringLiteral("latency"), QStringLiteral("20ms")})
                 .isEmpty(),
             "tbf");
    // Agent and client (both started from here) share the token through the environment; with it
    // the agent reports its knobs.
    qputenv("TCPTUNE_TOKEN", "tst_run_command-token-0123456789abcdef");
    QVERIFY2(ip({QStringLiteral("netns"), QStringLiteral("exec"), m_pair->b().name(), QStringLiteral("tc"),
                 QStringLiteral("qdisc"), QStringLiteral("add"), QStringLiteral("dev"), QStringLiteral("tttraffic1b"),
                 QStringLiteral("root"), QStringLiteral("tbf"), QStringLiteral("rate"), QStringLiteral("200mbit"),
                 QStringLiteral("burst"), QStringLiteral("128kb"), QStringLiteral("latency"), QStringLiteral("20ms")})
                 .isEmpty(),
             "tbf back");
    QProcess *agent = startInB({binary(QStringLiteral("tcptune")), QStringLiteral("serve"), QStringLiteral("--port"),
                                QString::number(kAgentPort), QStringLiteral("--bind"), m_pair->addressB()});
    QVERIFY(agent->waitForReadyRead(10000)); // "listening on ..."
    QProcess *iperf =
        startInB({QStringLiteral("iperf3"), QStringLiteral("-s"), QStringLiteral("--forceflush"), QStringLiteral("-p"),
                  QString::number(kIperf3Port), QStringLiteral("-B"), m_pair->addressB()});
    QVERIFY(iperf->waitForReadyRead(10000)); // "Server listening on ..."
}

void TestRunCommand::cleanupTestCase()
{
    for (QProcess *p : m_servers) {
        p->terminate();
        if (!p->waitForFinished(5000))
            p->kill();
        p->waitForFinished(2000);
    }
    m_pair.reset();
}

double TestRunCommand::iperf3Throughput()
{
    const CommandResult r =
        runCommand(QStringLiteral("ip"),
                   inA({QStringLiteral("iperf3"), QStringLiteral("-c"), m_pair->addressB(), QStringLiteral("-p"),
                        QString::number(kIperf3Port), QStringLiteral("-t"), QStringLiteral("3"), QStringLiteral("-J")}),
                   30000);
    if (r.exitCode != 0)
        return -1;
    return QJsonDocument::fromJson(r.out)
        .object()
        .value(QStringLiteral("end"))
        .toObject()
        .value(QStringLiteral("sum_received"))
        .toObject()
        .value(QStringLiteral("bits_per_second"))
        .toDouble();
}

QJsonObject TestRunCommand::runTcptune(const QStringList &args)
{
    const CommandResult r = runCommand(
        QStringLiteral("ip"), inA(QStringList{binary(QStringLiteral("tcptune")), QStringLiteral("run")} + args), 30000);
    if (r.exitCode != 0)
        qWarning("tcptune run failed (%d): %s", r.exitCode, r.err.constData());
    return QJsonDocument::fromJson(r.out).object();
}

// The diagnosis's record of END ("local", "remote") in O, or an empty object.
static QJsonObject endOf(const QJsonObject &o, const QString &end)
{
    for (const QJsonValue &v : o.value(QStringLiteral("diagnosis")).toObject().value(QStringLiteral("ends")).toArray())
        if (v.toObject().value(QStringLiteral("end")).toString() == end)
            return v.toObject();
    return {};
}

static void checkSamples(const QJsonObject &o)
{
    const QJsonArray samples = o.value(QStringLiteral("samples")).toArray();
    // ~300 at 10 ms for 3 s; ticks a busy machine delays are skipped, not invented.
    QVERIFY2(samples.size() >= 240 && samples.size() <= 305, qPrintable(QString::number(samples.size())));
    const QJsonObject mid = samples.at(samples.size() / 2).toObject();
    for (const char *f : {"t", "throughput_bps", "rtt_ms", "cwnd", "retrans", "delivery_rate_bps"})
        QVERIFY2(mid.contains(QLatin1String(f)), f);
    QVERIFY(mid.value(QStringLiteral("cwnd")).toDouble() > 0);
    QVERIFY(mid.value(QStringLiteral("rtt_ms")).toDouble() > 0);
    const QJsonObject rtt = o.value(QStringLiteral("rtt_ms")).toObject();
    QVERIFY(rtt.value(QStringLiteral("min")).toDouble() > 0);
    QVERIFY(rtt.value(QStringLiteral("min")).toDouble() <= rtt.value(QStringLiteral("median")).toDouble());
    QVERIFY(rtt.value(QStringLiteral("median")).toDouble() <= rtt.value(QStringLiteral("p95")).toDouble());
    QVERIFY(rtt.value(QStringLiteral("p95")).toDouble() <= rtt.value(QStringLiteral("max")).toDouble());
}

void TestRunCommand::agentMatchesIperf3()
{
    const double reference = iperf3Throughput();
    QVERIFY(reference > 1e8);
    const QJsonObject o =
        runTcptune({QStringLiteral("--target"), QStringLiteral("%1:%2").arg(m_pair->addressB()).arg(kAgentPort),
                    QStringLiteral("--duration"), QStringLiteral("3"), QStringLiteral("--json")});
    QVERIFY(!o.isEmpty());
    const double ours = o.value(QStringLiteral("throughput_bps")).toDouble();
    qInfo("tcptune %.1f Mbit/s, iperf3 %.1f Mbit/s, %d samples", ours / 1e6, reference / 1e6,
          int(o.value(QStringLiteral("samples")).toArray().size()));
    QVERIFY2(qAbs(ours - reference) <= 0.10 * reference,
             qPrintable(QStringLiteral("tcptune %1 vs iperf3 %2").arg(ours).arg(reference)));
    QVERIFY(o.value(QStringLiteral("throughput_bps")).toDouble() < 4.2e8); // the shaper holds: we measured the path
    checkSamples(o);
    QVERIFY(o.value(QStringLiteral("duration_s")).toDouble() > 2.9);
    QCOMPARE(o.value(QStringLiteral("streams")).toInt(), 1);
    QVERIFY(o.value(QStringLiteral("sender_bytes")).toDouble() > 0);
    QVERIFY(o.value(QStringLiteral("receiver_bytes")).toDouble() > 0);
    QVERIFY(o.value(QStringLiteral("sndbuf_actual")).toDouble() > 0);
    // The target's own sysctls: the agent runs in a fresh namespace, where autocorking has its default.
    QCOMPARE(
        o.value(QStringLiteral("remote_knobs")).toObject().value(QStringLiteral("net.ipv4.tcp_autocorking")).toString(),
        QStringLiteral("1"));
    QCOMPARE(o.value(QStringLiteral("local_ports")).toArray().size(), 1);
    QVERIFY(!o.value(QStringLiteral("interrupted")).toBool());
    // The diagnosis: a verdict, the sender's limiters, and both ends' counters, each read where
    // it runs (this namespace; the agent's own in b).
    const QJsonObject diagnosis = o.value(QStringLiteral("diagnosis")).toObject();
    QVERIFY2(!diagnosis.value(QStringLiteral("verdict")).toString().isEmpty(), "no verdict");
    QVERIFY(diagnosis.value(QStringLiteral("limiters"))
                .toObject()
                .value(QStringLiteral("run"))
                .toObject()
                .contains(QStringLiteral("busy")));
    QStringList ends;
    for (const QJsonValue &v : diagnosis.value(QStringLiteral("ends")).toArray()) {
        const QJsonObject end = v.toObject();
        ends << end.value(QStringLiteral("end")).toString();
        QVERIFY2(end.value(QStringLiteral("counters_read")).toBool(),
                 qPrintable(end.value(QStringLiteral("counters_note")).toString()));
        QVERIFY(end.value(QStringLiteral("counters")).toObject().value(QStringLiteral("TcpOutSegs")).toDouble() > 0);
    }
    QCOMPARE(ends, QStringList({QStringLiteral("local"), QStringLiteral("remote")}));
}

void TestRunCommand::iperf3TargetMatchesIperf3()
{
    const double reference = iperf3Throughput();
    QVERIFY(reference > 1e8);
    const QJsonObject o = runTcptune({QStringLiteral("--target"),
                                      QStringLiteral("iperf3://%1:%2").arg(m_pair->addressB()).arg(kIperf3Port),
                                      QStringLiteral("--duration"), QStringLiteral("3"), QStringLiteral("--streams"),
                                      QStringLiteral("2"), QStringLiteral("--json")});
    QVERIFY(!o.isEmpty());
    const double ours = o.value(QStringLiteral("throughput_bps")).toDouble();
    qInfo("tcptune %.1f Mbit/s, iperf3 %.1f Mbit/s, %d samples", ours / 1e6, reference / 1e6,
          int(o.value(QStringLiteral("samples")).toArray().size()));
    QVERIFY2(qAbs(ours - reference) <= 0.10 * reference,
             qPrintable(QStringLiteral("tcptune %1 vs iperf3 %2").arg(ours).arg(reference)));
    checkSamples(o);
    QCOMPARE(o.value(QStringLiteral("streams")).toInt(), 2);
    QCOMPARE(o.value(QStringLiteral("per_stream")).toArray().size(), 2);
    // iperf3 counted what arrived: it agrees with what we wrote to within the last in-flight bytes.
    const double sent = o.value(QStringLiteral("sender_bytes")).toDouble();
    const double received = o.value(QStringLiteral("receiver_bytes")).toDouble();
    QVERIFY2(qAbs(sent - received) <= 0.02 * sent, qPrintable(QStringLiteral("%1 vs %2").arg(sent).arg(received)));
    QVERIFY(!o.contains(QStringLiteral("remote_knobs")));
    QVERIFY(o.value(QStringLiteral("remote_knobs_note")).toString().contains(QStringLiteral("tcptune serve")));
}

void TestRunCommand::rrAndSplitWriteAgainstAgent_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addRow("rr nodelay") << QStringList{QStringLiteral("--workload"), QStringLiteral("rr"),
                                               QStringLiteral("--nodelay"),  QStringLiteral("--request-size"),
                                               QStringLiteral("100"),        QStringLiteral("--response-size"),
                                               QStringLiteral("1000")};
    QTest::addRow("split-write probe") << QStringList{QStringLiteral("--workload"), QStringLiteral("split-write"),
                                                      QStringLiteral("--write-size"), QStringLiteral("16K"),
                                                      QStringLiteral("--latency-probe")};
}

void TestRunCommand::rrAndSplitWriteAgainstAgent()
{
    QFETCH(QStringList, args);
    const QJsonObject o = runTcptune(
        QStringList{QStringLiteral("--target"), QStringLiteral("%1:%2").arg(m_pair->addressB()).arg(kAgentPort),
                    QStringLiteral("--duration"), QStringLiteral("1"), QStringLiteral("--json")} +
        args);
    QVERIFY(!o.isEmpty());
    const QJsonObject latency = o.value(QStringLiteral("transaction_latency_ms")).toObject();
    QVERIFY(latency.value(QStringLiteral("count")).toDouble() > 100);
    QVERIFY(latency.value(QStringLiteral("median")).toDouble() > 0);
    QVERIFY(latency.value(QStringLiteral("transactions_per_second")).toDouble() > 100);
    if (args.contains(QStringLiteral("--latency-probe")))
        QVERIFY(o.value(QStringLiteral("probe_latency_ms")).toObject().value(QStringLiteral("count")).toDouble() > 20);
}

// --zerocopy and --sendfile from the command line across the veth pair: the report says how the
// bytes went (every zerocopy send completed), the JSON names the method, and both at once is
// refused before anything connects.
void TestRunCommand::sendMethodOptions()
{
    const QString target = QStringLiteral("%1:%2").arg(m_pair->addressB()).arg(kAgentPort);
    const CommandResult text =
        runCommand(QStringLiteral("ip"),
                   inA({binary(QStringLiteral("tcptune")), QStringLiteral("run"), QStringLiteral("--target"), target,
                        QStringLiteral("--duration"), QStringLiteral("1"), QStringLiteral("--zerocopy")}),
                   30000);
    QVERIFY2(text.exitCode == 0, text.err.constData());
    const QRegularExpression zerocopy(QStringLiteral("zerocopy +(\\d+) sends, (\\d+) completed"));
    const QRegularExpressionMatch m = zerocopy.match(QString::fromUtf8(text.out));
    QVERIFY2(m.hasMatch(), text.out.constData());
    QVERIFY(m.captured(1).toLongLong() > 0);
    QCOMPARE(m.captured(2), m.captured(1));

    const QJsonObject o = runTcptune({QStringLiteral("--target"), target, QStringLiteral("--duration"),
                                      QStringLiteral("1"), QStringLiteral("--sendfile"), QStringLiteral("--json")});
    QCOMPARE(o.value(QStringLiteral("spec")).toObject().value(QStringLiteral("send")).toString(),
             QStringLiteral("sendfile"));
    QVERIFY(o.value(QStringLiteral("send_calls")).toObject().value(QStringLiteral("calls")).toDouble() > 0);
    QCOMPARE(o.value(QStringLiteral("receiver_bytes")).toDouble(), o.value(QStringLiteral("sender_bytes")).toDouble());

    const CommandResult both =
        runCommand(QStringLiteral("ip"),
                   inA({binary(QStringLiteral("tcptune")), QStringLiteral("run"), QStringLiteral("--target"), target,
                        QStringLiteral("--zerocopy"), QStringLiteral("--sendfile")}),
                   30000);
    QVERIFY(both.exitCode != 0);
    QVERIFY2(both.err.contains("--zerocopy"), both.err.constData());
}

// The CPUs every thread of process PID may run on, as /proc lists them ("0-1", "1"); empty when the
// process is gone.
static QSet<QString> cpusAllowed(qint64 pid)
{
    QSet<QString> lists;
    const QString tasks = QStringLiteral("/proc/%1/task").arg(pid);
    for (const QString &task : QDir(tasks).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile status(tasks + QLatin1Char('/') + task + QStringLiteral("/status"));
        if (!status.open(QIODevice::ReadOnly))
            continue;
        for (const QByteArray &line : status.readAll().split('\n'))
            if (line.startsWith("Cpus_allowed_list:"))
                lists.insert(QString::fromLatin1(line.mid(18).trimmed()));
    }
    return lists;
}

// --affinity pins each end, with every thread it has while the run goes (iperf3 -A); a CPU the
// process may not use is refused, naming those it may.
void TestRunCommand::pinnedEnds()
{
    const QList<int> cpus = CpuAffinity::allowed();
    const QString agentCpu = QString::number(cpus.constLast());
    const QString clientCpu = QString::number(cpus.constFirst());
    constexpr int port = kAgentPort + 2;
    QProcess *agent = startInB({binary(QStringLiteral("tcptune")), QStringLiteral("serve"), QStringLiteral("--port"),
                                QString::number(port), QStringLiteral("--bind"), m_pair->addressB(),
                                QStringLiteral("--affinity"), agentCpu});
    QVERIFY(agent->waitForReadyRead(10000));
    QProcess client;
    client.start(QStringLiteral("ip"),
                 inA({binary(QStringLiteral("tcptune")), QStringLiteral("run"), QStringLiteral("--target"),
                      QStringLiteral("%1:%2").arg(m_pair->addressB()).arg(port), QStringLiteral("--streams"),
                      QStringLiteral("2"), QStringLiteral("--duration"), QStringLiteral("2"),
                      QStringLiteral("--affinity"), clientCpu, QStringLiteral("--json")}));
    QVERIFY(client.waitForStarted(5000));
    QThread::msleep(1500); // the run goes: its threads and the agent's data threads exist
    const QSet<QString> clientLists = cpusAllowed(client.processId());
    const QSet<QString> agentLists = cpusAllowed(agent->processId());
    QVERIFY(client.waitForFinished(30000));
    QCOMPARE(client.exitCode(), 0);
    QCOMPARE(clientLists, QSet<QString>{clientCpu});
    QCOMPARE(agentLists, QSet<QString>{agentCpu});
    QVERIFY(QJsonDocument::fromJson(client.readAllStandardOutput())
                .object()
                .value(QStringLiteral("throughput_bps"))
                .toDouble() > 0);

    const CommandResult refused =
        runCommand(binary(QStringLiteral("tcptune")),
                   {QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("127.0.0.1:1"),
                    QStringLiteral("--affinity"), QString::number(cpus.constLast() + 1)},
                   10000);
    QCOMPARE(refused.exitCode, 2);
    const QByteArray choices = QByteArray("choose from ") + CpuAffinity::describe(cpus).toUtf8();
    QVERIFY2(refused.err.contains(choices), refused.err.constData());
}

void TestRunCommand::downFromAgent()
{
    const QJsonObject o =
        runTcptune({QStringLiteral("--target"), QStringLiteral("%1:%2").arg(m_pair->addressB()).arg(kAgentPort),
                    QStringLiteral("--direction"), QStringLiteral("down"), QStringLiteral("--duration"),
                    QStringLiteral("3"), QStringLiteral("--cc"), QStringLiteral("reno"), QStringLiteral("--json")});
    QVERIFY(!o.isEmpty());
    const double ours = o.value(QStringLiteral("throughput_bps")).toDouble();
    qInfo("tcptune down %.1f Mbit/s, %d samples", ours / 1e6, int(o.value(QStringLiteral("samples")).toArray().size()));
    // The way back's shaper bounds it: the bytes went b -> a.
    QVERIFY2(ours > 1.5e8 && ours < 2.1e8, qPrintable(QString::number(ours)));
    QCOMPARE(o.value(QStringLiteral("direction")).toString(), QStringLiteral("down"));
    QCOMPARE(o.value(QStringLiteral("samples_from")).toString(), QStringLiteral("target sender"));
    checkSamples(o);
    // The sender's options applied at the sending end: the agent's socket runs reno.
    QCOMPARE(o.value(QStringLiteral("congestion_control")).toString(), QStringLiteral("reno"));
    const double sent = o.value(QStringLiteral("sender_bytes")).toDouble();
    const double received = o.value(QStringLiteral("receiver_bytes")).toDouble();
    QVERIFY2(received > 0 && received <= sent, qPrintable(QStringLiteral("%1 vs %2").arg(received).arg(sent)));
    QVERIFY(o.value(QStringLiteral("receiver_intervals")).toArray().size() >= 240);
    // The verdict is the far sender's: its TCP_INFO gave the limiter breakdown, and its own
    // counters (the agent's namespace) count the data segments; this end only acknowledged.
    const QJsonObject diagnosis = o.value(QStringLiteral("diagnosis")).toObject();
    QVERIFY2(!diagnosis.value(QStringLiteral("verdict")).toString().isEmpty(), "no verdict");
    QVERIFY(diagnosis.value(QStringLiteral("limiters"))
                .toObject()
                .value(QStringLiteral("run"))
                .toObject()
                .value(QStringLiteral("busy"))
                .toDouble() > 0);
    const QJsonObject far = endOf(o, QStringLiteral("remote"));
    const QJsonObject near = endOf(o, QStringLiteral("local"));
    QVERIFY(far.value(QStringLiteral("sender")).toBool());
    QVERIFY(!near.value(QStringLiteral("sender")).toBool());
    QVERIFY2(far.value(QStringLiteral("counters_read")).toBool(),
             qPrintable(far.value(QStringLiteral("counters_note")).toString()));
    QVERIFY2(near.value(QStringLiteral("counters_read")).toBool(),
             qPrintable(near.value(QStringLiteral("counters_note")).toString()));
    // Every byte that arrived left the far end in segments of at most one MSS (1448 here).
    const double farSegments =
        far.value(QStringLiteral("counters")).toObject().value(QStringLiteral("TcpOutSegs")).toDouble();
    QVERIFY2(farSegments >= received / 1448, qPrintable(QStringLiteral("%1 segments").arg(farSegments)));
    QVERIFY(
        far.value(QStringLiteral("counters")).toObject().value(QStringLiteral("TcpExtTCPOrigDataSent")).toDouble() >=
        received / 1448);
    QVERIFY(
        near.value(QStringLiteral("counters")).toObject().value(QStringLiteral("TcpExtTCPOrigDataSent")).toDouble() <
        received / 1448 / 10);
}

void TestRunCommand::downFromIperf3()
{
    const QJsonObject o = runTcptune({QStringLiteral("--target"),
                                      QStringLiteral("iperf3://%1:%2").arg(m_pair->addressB()).arg(kIperf3Port),
                                      QStringLiteral("--direction"), QStringLiteral("down"),
                                      QStringLiteral("--duration"), QStringLiteral("3"), QStringLiteral("--json")});
    QVERIFY(!o.isEmpty());
    const double ours = o.value(QStringLiteral("throughput_bps")).toDouble();
    qInfo("tcptune down from iperf3 %.1f Mbit/s", ours / 1e6);
    QVERIFY2(ours > 1.5e8 && ours < 2.1e8, qPrintable(QString::number(ours)));
    // iperf3 streams nothing of its sender while the run goes: the samples are the receiver's.
    QCOMPARE(o.value(QStringLiteral("samples_from")).toString(), QStringLiteral("local receiver"));
    QVERIFY(o.value(QStringLiteral("samples")).toArray().size() >= 240);
    // Its results say what it sent; we counted what arrived.
    const double sent = o.value(QStringLiteral("sender_bytes")).toDouble();
    const double received = o.value(QStringLiteral("receiver_bytes")).toDouble();
    QVERIFY2(sent > 0 && qAbs(sent - received) <= 0.05 * sent,
             qPrintable(QStringLiteral("%1 vs %2").arg(sent).arg(received)));
    // iperf3 sent and reports neither its TCP_INFO nor its counters: the verdict says so
    // instead of judging the sender from this end's (the receiver's) counters.
    const QJsonObject far = endOf(o, QStringLiteral("remote"));
    QVERIFY(far.value(QStringLiteral("sender")).toBool());
    QVERIFY(!far.value(QStringLiteral("counters_read")).toBool());
    QVERIFY(far.value(QStringLiteral("counters_note")).toString().contains(QStringLiteral("tcptune serve")));
    QVERIFY(!endOf(o, QStringLiteral("local")).value(QStringLiteral("sender")).toBool());
    const QString verdict = o.value(QStringLiteral("diagnosis")).toObject().value(QStringLiteral("verdict")).toString();
    QVERIFY2(verdict.contains(QStringLiteral("neither its TCP_INFO nor its MIB counters")), qPrintable(verdict));
}

// Direction both against a stock iperf3 server is its bidirectional mode (--bidir): this client's
// streams go a -> b through the 400 Mbit/s shaper while the server's come back through the
// 200 Mbit/s one, and the server's results say what it received and sent.
void TestRunCommand::bothWithIperf3()
{
    const QJsonObject o = runTcptune({QStringLiteral("--target"),
                                      QStringLiteral("iperf3://%1:%2").arg(m_pair->addressB()).arg(kIperf3Port),
                                      QStringLiteral("--direction"), QStringLiteral("both"),
                                      QStringLiteral("--duration"), QStringLiteral("3"), QStringLiteral("--json")});
    QVERIFY(!o.isEmpty());
    // iperf3 streams nothing of its sending: the down direction's samples are this receiver's.
    const QString problem =
        checkBothDirections(o, "tcptune both with iperf3", {2.0e8, 4.1e8, QStringLiteral("local sender"), 240},
                            {1.2e8, 2.1e8, QStringLiteral("local receiver"), 240});
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // The server's results: what it received of ours (within 5 % of what we sent), and what it
    // sent of its own. It sends until told the test ended, after our own streams' queues drained,
    // so it sent somewhat more than arrived within the measured time.
    const QJsonArray directions = o.value(QStringLiteral("directions")).toArray();
    for (const auto &[i, low] : {std::pair{0, 0.95}, std::pair{1, 0.85}}) {
        const double sent = directions.at(i).toObject().value(QStringLiteral("sender_bytes")).toDouble();
        const double received = directions.at(i).toObject().value(QStringLiteral("receiver_bytes")).toDouble();
        QVERIFY2(sent > 0 && received >= low * sent && received <= 1.05 * sent,
                 qPrintable(QStringLiteral("%1: %2 vs %3").arg(i).arg(sent).arg(received)));
    }
    const QJsonArray streams = o.value(QStringLiteral("per_stream")).toArray();
    QCOMPARE(streams.size(), 2);
    QCOMPARE(streams.at(1).toObject().value(QStringLiteral("direction")).toString(), QStringLiteral("down"));
}

// Every key path of V ("end.sum_received.bits_per_second", "intervals[].streams[].rtt").
static void keyPaths(const QJsonValue &v, const QString &path, QSet<QString> &out)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            keyPaths(it.value(), path.isEmpty() ? it.key() : path + QLatin1Char('.') + it.key(), out);
    } else if (v.isArray()) {
        for (const QJsonValue &element : v.toArray())
            keyPaths(element, path + QStringLiteral("[]"), out);
    } else {
        out.insert(path);
    }
}

void TestRunCommand::iperf3LayoutHasIperf3sKeys_data()
{
    QTest::addColumn<QStringList>("iperf3Args");
    QTest::addColumn<QStringList>("ourArgs");
    QTest::addRow("up, 2 streams") << QStringList{QStringLiteral("-P"), QStringLiteral("2")}
                                   << QStringList{QStringLiteral("--streams"), QStringLiteral("2")};
    QTest::addRow("down (reverse)") << QStringList{QStringLiteral("-R")}
                                    << QStringList{QStringLiteral("--direction"), QStringLiteral("down")};
}

// `run --json-iperf3` against the stock server: every key it writes is one iperf3 -J writes for
// the same test (asked of iperf3 here), the figures scripts read are there and agree with each
// other, and the layout refuses what iperf3's cannot hold.
void TestRunCommand::iperf3LayoutHasIperf3sKeys()
{
    QFETCH(QStringList, iperf3Args);
    QFETCH(QStringList, ourArgs);
    const CommandResult reference = runCommand(
        QStringLiteral("ip"),
        inA(QStringList{QStringLiteral("iperf3"), QStringLiteral("-c"), m_pair->addressB(), QStringLiteral("-p"),
                        QString::number(kIperf3Port), QStringLiteral("-t"), QStringLiteral("2"), QStringLiteral("-J")} +
            iperf3Args),
        30000);
    QVERIFY2(reference.exitCode == 0, reference.out.left(500).constData());
    QSet<QString> iperf3Keys;
    keyPaths(QJsonDocument::fromJson(reference.out).object(), QString(), iperf3Keys);
    const QJsonObject ours =
        runTcptune(QStringList{QStringLiteral("--target"),
                               QStringLiteral("iperf3://%1:%2").arg(m_pair->addressB()).arg(kIperf3Port),
                               QStringLiteral("--duration"), QStringLiteral("2"), QStringLiteral("--json-iperf3")} +
                   ourArgs);
    QCOMPARE(ours.value(QStringLiteral("schema_version")).toInt(), 1);
    QSet<QString> ourKeys;
    keyPaths(ours, QString(), ourKeys);
    ourKeys.remove(QStringLiteral("schema_version"));
    const QSet<QString> foreign = ourKeys - iperf3Keys;
    QVERIFY2(foreign.isEmpty(), qPrintable(QStringList(foreign.begin(), foreign.end()).join(QLatin1Char(' '))));
    // Down from a stock iperf3 server, this host only received: no per-stream series to write.
    const bool down = ourArgs.contains(QStringLiteral("down"));
    QStringList needed = {
        QStringLiteral("start.test_start.duration"),    QStringLiteral("start.test_start.num_streams"),
        QStringLiteral("start.connected[].local_port"), QStringLiteral("intervals[].sum.bits_per_second"),
        QStringLiteral("end.sum_sent.bytes"),           QStringLiteral("end.sum_received.bits_per_second"),
        QStringLiteral("end.streams[].sender.bytes")};
    if (!down)
        needed << QStringLiteral("intervals[].streams[].bytes") << QStringLiteral("intervals[].streams[].rtt")
               << QStringLiteral("intervals[].sum.retransmits");
    for (const QString &key : needed)
        QVERIFY2(ourKeys.contains(key), qPrintable(key));
    const QJsonObject end = ours.value(QStringLiteral("end")).toObject();
    const QJsonObject received = end.value(QStringLiteral("sum_received")).toObject();
    const double seconds = received.value(QStringLiteral("seconds")).toDouble();
    QVERIFY(seconds > 1.5 && seconds < 2.5);
    const double bytes = received.value(QStringLiteral("bytes")).toDouble();
    QVERIFY2(qAbs(bytes * 8 / seconds - received.value(QStringLiteral("bits_per_second")).toDouble()) <=
                 0.01 * bytes * 8 / seconds,
             qPrintable(QString::number(bytes)));
    // The intervals add up to the run's bytes, within what was still in flight at its end.
    double intervalBytes = 0;
    for (const QJsonValue &i : ours.value(QStringLiteral("intervals")).toArray())
        intervalBytes += i.toObject().value(QStringLiteral("sum")).toObject().value(QStringLiteral("bytes")).toDouble();
    QVERIFY2(qAbs(intervalBytes - bytes) <= 0.1 * bytes,
             qPrintable(QStringLiteral("%1 vs %2").arg(intervalBytes).arg(bytes)));
    QCOMPARE(ours.value(QStringLiteral("start"))
                 .toObject()
                 .value(QStringLiteral("test_start"))
                 .toObject()
                 .value(QStringLiteral("reverse"))
                 .toInt(),
             down ? 1 : 0);
}

QTEST_GUILESS_MAIN(TestRunCommand)
#include "tst_run_command.moc"

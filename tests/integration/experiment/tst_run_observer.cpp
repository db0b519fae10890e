// RunObserver on real traffic between two namespaces this test makes: each end's MIB counter
// deltas are read in that end's namespace (TcpOutSegs as `ip netns exec NS nstat` counts it over
// the same span), the far end's come from the agent, and the bottleneck's queue series ends with
// the drops `tc -s qdisc` reports for a fresh 16 KB tbf. Outside the lab the sender's own
// device queue is found by the route to the target and sampled the same way.

#include "command_runner.h"
#include "common/egress_interface.h"
#include "common/netns.h"
#include "experiment/run/run_observer.h"
#include "scratch_namespace.h"
#include "traffic/agent_server.h"
#include "traffic/traffic_client.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kVeth = QStringLiteral("ttobservea"); // ScratchPair's link in namespace a

// TcpOutSegs of NETNS as nstat prints it (absolute, history file untouched).
qint64 nstatOutSegs(const ScratchNamespace &ns)
{
    const QString json = ns.exec(
        {QStringLiteral("nstat"), QStringLiteral("-azs"), QStringLiteral("--json"), QStringLiteral("TcpOutSegs")});
    return qint64(QJsonDocument::fromJson(json.toUtf8())
                      .object()
                      .value(QStringLiteral("kernel"))
                      .toObject()
                      .value(QStringLiteral("TcpOutSegs"))
                      .toDouble(-1));
}

qint64 tcDrops(const ScratchNamespace &ns)
{
    const QString json = ns.exec({QStringLiteral("tc"), QStringLiteral("-s"), QStringLiteral("-j"),
                                  QStringLiteral("qdisc"), QStringLiteral("show"), QStringLiteral("dev"), kVeth});
    for (const QJsonValue &q : QJsonDocument::fromJson(json.toUtf8()).array())
        if (q.toObject().value(QStringLiteral("root")).toBool())
            return qint64(q.toObject().value(QStringLiteral("drops")).toDouble(-1));
    return -1;
}

const EndRecord *endOf(const QList<EndRecord> &ends, RunEnd which)
{
    for (const EndRecord &e : ends)
        if (e.end == which)
            return &e;
    return nullptr;
}

} // namespace

class TestRunObserver final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void readsEachEndInItsNamespaceAndTheQueue();
    void watchesTheSendersDeviceQueue();

private:
    // A 2 s bulk run from a to b's agent, watched by an observer of ENDPOINT.
    QList<EndRecord> observedRun(const RunEndpoint &endpoint);
    // A 2 s bulk run from a to the agent at PORT on b, its start told to OBSERVER.
    TrafficResult runWatched(RunObserver &observer, std::uint16_t port);
    std::unique_ptr<ScratchPair> m_pair;
};

void TestRunObserver::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root for network namespaces");
    m_pair = std::make_unique<ScratchPair>(QStringLiteral("observe"), 14);
    QVERIFY2(m_pair->ok(), qPrintable(m_pair->error()));
    // A bottleneck with a tiny queue at a's egress: it drops.
    const CommandResult tc =
        runCommand(QStringLiteral("tc"),
                   {QStringLiteral("-n"), m_pair->a().name(), QStringLiteral("qdisc"), QStringLiteral("add"),
                    QStringLiteral("dev"), kVeth, QStringLiteral("root"), QStringLiteral("tbf"), QStringLiteral("rate"),
                    QStringLiteral("50mbit"), QStringLiteral("burst"), QStringLiteral("16k"), QStringLiteral("limit"),
                    QStringLiteral("16k")},
                   10000);
    QVERIFY2(tc.exitCode == 0, tc.err.constData());
}

void TestRunObserver::readsEachEndInItsNamespaceAndTheQueue()
{
    AgentOptions options;
    options.knobNetns = m_pair->b().name();
    options.knobsWithoutToken = true; // as the lab's agent: it reports its knobs and counters
    AgentServer agent(options);
    Result<std::uint16_t> port = fail(QStringLiteral("not run"));
    auto entered = netns::runIn(m_pair->b().name(), [&] { port = agent.listen(m_pair->addressB(), 0); });
    QVERIFY2(entered && port, qPrintable(!entered ? entered.error().message : port.error().message));

    RunEndpoint endpoint;
    endpoint.lab = true;
    endpoint.clientNetns = m_pair->a().name();
    endpoint.routerNetns = m_pair->b().name(); // a second end to read: here the server's namespace
    endpoint.bottleneckNetns = m_pair->a().name();
    endpoint.bottleneckInterface = kVeth;
    endpoint.bottleneckRateBps = 50'000'000;
    endpoint.bottleneckQueueBytes = 16384;

    const qint64 aBefore = nstatOutSegs(m_pair->a());
    const qint64 bBefore = nstatOutSegs(m_pair->b());
    QVERIFY(aBefore >= 0 && bBefore >= 0);
    RunObserver observer(nullptr, endpoint);
    observer.start();
    const TrafficResult r = runWatched(observer, *port);
    QVERIFY2(r.ok(), qPrintable(r.error));
    // The closing handshakes and last ACKs are over before the counters are read again.
    QTest::qWait(500);
    const QList<EndRecord> ends = observer.finish(true);
    const qint64 aAfter = nstatOutSegs(m_pair->a());
    const qint64 bAfter = nstatOutSegs(m_pair->b());
    agent.stop();

    const EndRecord *local = endOf(ends, RunEnd::Local);
    const EndRecord *other = endOf(ends, RunEnd::Router);
    QVERIFY(local && other);
    QVERIFY2(local->countersRead, qPrintable(local->countersNote));
    QVERIFY2(other->countersRead, qPrintable(other->countersNote));
    QVERIFY(local->sender);
    QCOMPARE(local->where, m_pair->a().name());
    QVERIFY(aAfter - aBefore > 1000); // the sender: thousands of data segments
    QCOMPARE(local->counter(QStringLiteral("TcpOutSegs")), aAfter - aBefore);
    QCOMPARE(other->counter(QStringLiteral("TcpOutSegs")), bAfter - bBefore);
    QVERIFY(bAfter - bBefore < aAfter - aBefore); // the receiver sends ACKs only (GRO merges)

    // The far end's own reading, from the agent: between its "ready" and "result".
    QVERIFY2(r.remoteCountersRead, qPrintable(r.remoteCountersNote));
    const qint64 agentOut = r.remoteCounterDeltas.value(QStringLiteral("TcpOutSegs"));
    QVERIFY(agentOut > 0 && agentOut <= bAfter - bBefore);

    // The queue: sampled every 100 ms through the run, its drops those tc counts.
    const EndRecord *queueEnd = local; // the bottleneck is at a's egress
    QCOMPARE(queueEnd->queueInterface, kVeth);
    QVERIFY2(queueEnd->queue.size() >= 15, qPrintable(QString::number(queueEnd->queue.size())));
    QVERIFY(queueEnd->queueNote.isEmpty());
    const qint64 drops = queueEnd->queue.last().drops;
    QVERIFY(drops > 0);
    QCOMPARE(drops, tcDrops(m_pair->a()));
    qint64 peak = 0;
    for (const QueueSample &q : queueEnd->queue) {
        QVERIFY(q.backlogBytes >= 0 && q.backlogBytes <= 16384 + 65536); // limit, plus one GSO burst
        peak = qMax(peak, q.backlogBytes);
    }
    QVERIFY(peak > 0);
}

// Not the lab: the sender's device is the one the client's namespace routes the target through
// (the veth whose tbf tc set up), and its root qdisc is sampled as the device queue.
void TestRunObserver::watchesTheSendersDeviceQueue()
{
    QCOMPARE(egressInterface(QStringLiteral("127.0.0.1")), QStringLiteral("lo"));
    QVERIFY(egressInterface(QString()).isEmpty());
    RunEndpoint endpoint;
    endpoint.clientNetns = m_pair->a().name();
    endpoint.host = m_pair->addressB();
    const QList<EndRecord> ends = observedRun(endpoint);
    const EndRecord *local = endOf(ends, RunEnd::Local);
    QVERIFY(local);
    QCOMPARE(local->deviceQueueInterface, kVeth);
    QCOMPARE(local->deviceQueueKind, QStringLiteral("tbf"));
    QVERIFY2(local->deviceQueue.size() >= 15, qPrintable(QString::number(local->deviceQueue.size())));
    qint64 peak = 0;
    for (const QueueSample &q : local->deviceQueue)
        peak = qMax(peak, q.backlogPackets);
    QVERIFY(peak > 0);               // the tbf at 50 Mbit/s held packets
    QVERIFY(local->queue.isEmpty()); // no lab bottleneck was named
}

TrafficResult TestRunObserver::runWatched(RunObserver &observer, std::uint16_t port)
{
    TrafficSpec spec;
    spec.target.host = m_pair->addressB();
    spec.target.port = port;
    spec.durationS = 2;
    spec.clientNetns = m_pair->a().name();
    TrafficClient client;
    QObject::connect(
        &client, &TrafficClient::trafficStarted, &client,
        [&observer] { observer.trafficStarted(std::chrono::steady_clock::now()); }, Qt::DirectConnection);
    return client.run(spec);
}

QList<EndRecord> TestRunObserver::observedRun(const RunEndpoint &endpoint)
{
    AgentOptions options;
    options.knobNetns = m_pair->b().name();
    AgentServer agent(options);
    Result<std::uint16_t> port = fail(QStringLiteral("not run"));
    auto entered = netns::runIn(m_pair->b().name(), [&] { port = agent.listen(m_pair->addressB(), 0); });
    if (!entered || !port)
        return {};
    RunObserver observer(nullptr, endpoint);
    observer.start();
    const TrafficResult r = runWatched(observer, *port);
    agent.stop();
    if (!r.ok())
        qWarning("%s", qPrintable(r.error));
    return r.ok() ? observer.finish(true) : QList<EndRecord>{};
}

QTEST_GUILESS_MAIN(TestRunObserver)
#include "tst_run_observer.moc"

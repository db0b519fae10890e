// The lab's way of running traffic: the agent's listening socket made inside the server
// namespace (listen() within netns::runIn), the client's sockets inside the client namespace
// (TrafficSpec::clientNetns), and the agent's knob snapshot read in its own namespace.

#include "common/netns.h"
#include "scratch_namespace.h"
#include "traffic/agent_server.h"
#include "traffic/traffic_client.h"

#include <QTest>

using namespace tcptune;
using namespace tcptune::test;

class TestClientNetns final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void runsBetweenNamespaces_data();
    void runsBetweenNamespaces();
    void sendMethodsOverVeth_data();
    void sendMethodsOverVeth();
    void missingNamespaceIsReported();

private:
    // Starts AGENT listening inside namespace b and points SPEC at it, from namespace a.
    bool listenInB(AgentServer &agent, TrafficSpec &spec);

    std::unique_ptr<ScratchPair> m_pair;
};

bool TestClientNetns::listenInB(AgentServer &agent, TrafficSpec &spec)
{
    Result<std::uint16_t> port = fail(QStringLiteral("not run"));
    auto entered = netns::runIn(m_pair->b().name(), [&] { port = agent.listen(m_pair->addressB(), 0); });
    if (!entered || !port) {
        qWarning("%s", qPrintable(!entered ? entered.error().message : port.error().message));
        return false;
    }
    spec.target.host = m_pair->addressB();
    spec.target.port = *port;
    spec.clientNetns = m_pair->a().name();
    return true;
}

void TestClientNetns::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root for network namespaces");
    m_pair = std::make_unique<ScratchPair>(QStringLiteral("traffic3"), 12);
    QVERIFY2(m_pair->ok(), qPrintable(m_pair->error()));
    // Distinguishable knobs on the server side only.
    m_pair->b().exec({QStringLiteral("sysctl"), QStringLiteral("-q"), QStringLiteral("-w"),
                      QStringLiteral("net.ipv4.tcp_autocorking=0")});
    QCOMPARE(
        m_pair->b().exec({QStringLiteral("sysctl"), QStringLiteral("-n"), QStringLiteral("net.ipv4.tcp_autocorking")}),
        QStringLiteral("0"));
}

void TestClientNetns::runsBetweenNamespaces_data()
{
    QTest::addColumn<bool>("explicitKnobNetns");
    QTest::addRow("knobs read by inherited namespace") << false;
    QTest::addRow("knobs read via knobNetns") << true;
}

void TestClientNetns::runsBetweenNamespaces()
{
    QFETCH(bool, explicitKnobNetns);
    AgentOptions options;
    options.knobsWithoutToken = true; // as the lab's agent
    if (explicitKnobNetns)
        options.knobNetns = m_pair->b().name();
    AgentServer agent(options);
    TrafficSpec spec;
    QVERIFY(listenInB(agent, spec));
    spec.durationS = 1;
    spec.streams = 2;
    TrafficClient client;
    const TrafficResult r = client.run(spec);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QVERIFY(r.throughputBps > 1e7);
    QCOMPARE(r.localPorts.size(), 2);
    QCOMPARE(r.remoteKnobs.value(QStringLiteral("net.ipv4.tcp_autocorking")), QStringLiteral("0"));
    agent.stop();
}

void TestClientNetns::sendMethodsOverVeth_data()
{
    QTest::addColumn<int>("method");
    QTest::addRow("zerocopy") << int(SendMethod::Zerocopy);
    QTest::addRow("sendfile") << int(SendMethod::Sendfile);
}

// Zerocopy and sendfile across the veth pair: the agent counts every byte the sender wrote, and
// every zerocopy send the kernel accepted had its completion read from the error queue.
void TestClientNetns::sendMethodsOverVeth()
{
    QFETCH(int, method);
    AgentServer agent;
    TrafficSpec spec;
    QVERIFY(listenInB(agent, spec));
    spec.durationS = 0.5;
    spec.streams = 2;
    spec.send = SendMethod(method);
    TrafficClient client;
    const TrafficResult r = client.run(spec);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QVERIFY(r.senderBytes > 0);
    QCOMPARE(r.receiverBytes, r.senderBytes);
    QVERIFY(r.sendCalls.calls > 0);
    if (spec.send == SendMethod::Zerocopy) {
        QVERIFY(r.sendCalls.zerocopySends > 0);
        QCOMPARE(r.sendCalls.zerocopyCompleted, r.sendCalls.zerocopySends);
    }
    agent.stop();
}

void TestClientNetns::missingNamespaceIsReported()
{
    TrafficSpec spec;
    spec.target.host = m_pair->addressB();
    spec.target.port = 15230;
    spec.clientNetns = QStringLiteral("tcptune-t-nonexistent");
    TrafficClient client;
    const TrafficResult r = client.run(spec);
    QVERIFY(!r.ok());
    QVERIFY2(r.error.contains(QStringLiteral("tcptune-t-nonexistent")), qPrintable(r.error));
}

QTEST_GUILESS_MAIN(TestClientNetns)
#include "tst_client_netns.moc"

// The agent's wire format: versioned JSON lines; malformed or foreign input gives a clear error.

#include "traffic/agent_protocol.h"

#include <QJsonDocument>
#include <QTest>

using namespace tcptune;

class TestAgentProtocol final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void encodeDecodeRoundTrip();
    void rejectsMalformed_data();
    void rejectsMalformed();
    void startCarriesWorkloadSizes_data();
    void startCarriesWorkloadSizes();
    void parseStartRejects_data();
    void parseStartRejects();
    void farKnobsTravelCanonical();
    void helloNamesBothVersions();
    void descriptionRoundTrip();
    void descriptionChoicesAreChecked();
    void descriptionRejectsMalformed();
};

void TestAgentProtocol::encodeDecodeRoundTrip()
{
    const QByteArray line = agentproto::encode({{QStringLiteral("type"), QStringLiteral("begin")}});
    QVERIFY(line.endsWith('\n'));
    QCOMPARE(line.count('\n'), 1);
    auto back = agentproto::decode(line.trimmed());
    QVERIFY(back.has_value());
    QCOMPARE(agentproto::typeOf(*back), QStringLiteral("begin"));
    QCOMPARE(back->value(QStringLiteral("tcptune_agent")).toInt(), agentproto::kVersion);
}

void TestAgentProtocol::rejectsMalformed_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("garbage") << QByteArray("GET / HTTP/1.1") << QStringLiteral("malformed");
    QTest::addRow("binary") << QByteArray("\x01\x02\xff\xfe", 4) << QStringLiteral("malformed");
    QTest::addRow("array") << QByteArray("[1,2]") << QStringLiteral("malformed");
    QTest::addRow("no version") << QByteArray(R"({"type":"start"})") << QStringLiteral("protocol version");
    QTest::addRow("future version") << QByteArray(R"({"tcptune_agent":99,"type":"start"})")
                                    << QStringLiteral("version 99");
    QTest::addRow("version 1 (token in clear)")
        << QByteArray(R"({"tcptune_agent":1,"type":"start"})") << QStringLiteral("version 1");
    QTest::addRow("no type") << QByteArray(R"({"tcptune_agent":6})") << QStringLiteral("type");
}

void TestAgentProtocol::rejectsMalformed()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, mentions);
    auto m = agentproto::decode(line);
    QVERIFY(!m.has_value());
    QVERIFY2(m.error().message.contains(mentions), qPrintable(m.error().message));
}

void TestAgentProtocol::startCarriesWorkloadSizes_data()
{
    QTest::addColumn<int>("workload");
    QTest::addColumn<qint64>("responseSize");
    QTest::addColumn<qint64>("request");
    QTest::addColumn<qint64>("response");
    QTest::addRow("bulk sinks") << int(Workload::Bulk) << qint64(64) << qint64(0) << qint64(0);
    QTest::addRow("rr") << int(Workload::RequestResponse) << qint64(200) << qint64(100) << qint64(200);
    QTest::addRow("split answered") << int(Workload::SplitWrite) << qint64(48) << qint64(48 + 4096) << qint64(48);
    QTest::addRow("split one-way") << int(Workload::SplitWrite) << qint64(0) << qint64(0) << qint64(0);
}

void TestAgentProtocol::startCarriesWorkloadSizes()
{
    QFETCH(int, workload);
    QFETCH(qint64, responseSize);
    QFETCH(qint64, request);
    QFETCH(qint64, response);
    TrafficSpec spec;
    spec.workload = Workload(workload);
    spec.requestSize = 100;
    spec.responseSize = responseSize;
    spec.headerSize = 48;
    spec.writeSize = 4096;
    spec.streams = 3;
    spec.target.token = QStringLiteral("t0k");
    auto decoded = agentproto::decode(agentproto::encode(agentproto::startMessage(spec)).trimmed());
    QVERIFY(decoded.has_value());
    auto p = agentproto::parseStart(*decoded);
    QVERIFY2(p.has_value(), qPrintable(p ? QString() : p.error().message));
    QCOMPARE(p->requestBytes, request);
    QCOMPARE(p->responseBytes, response);
    QCOMPARE(p->streams, 3);
    // The token never crosses the wire: the agent asks for HMAC-SHA256(token, nonce) instead.
    QVERIFY(!agentproto::encode(agentproto::startMessage(spec)).contains("t0k"));
}

void TestAgentProtocol::parseStartRejects_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("mentions");
    const QString base = QStringLiteral(
        R"("type":"start","workload":"bulk","sample_ms":10,"request_bytes":0,"response_bytes":0,"rcvbuf":0,"duration_s":1)");
    QTest::addRow("streams missing") << QStringLiteral("{") + base + QStringLiteral("}") << QStringLiteral("streams");
    QTest::addRow("streams huge") << QStringLiteral("{") + base + QStringLiteral(R"(,"streams":100000})")
                                  << QStringLiteral("streams");
    QTest::addRow("streams text") << QStringLiteral("{") + base + QStringLiteral(R"(,"streams":"all"})")
                                  << QStringLiteral("streams");
    QTest::addRow("workload") << R"({"type":"start","workload":"flood","streams":1})" << QStringLiteral("workload");
    QTest::addRow("duration")
        << R"({"type":"start","workload":"bulk","streams":1,"sample_ms":10,"request_bytes":0,"response_bytes":0,"rcvbuf":0,"duration_s":-1})"
        << QStringLiteral("duration_s");
    const QString one = base + QStringLiteral(R"(,"streams":1)");
    QTest::addRow("far knob outside the catalogue")
        << QStringLiteral("{") + one + QStringLiteral(R"(,"knobs":{"net.ipv4.ip_forward":"1"}})")
        << QStringLiteral("not a sysctl or link knob of tcptune's catalogue");
    QTest::addRow("far socket option") << QStringLiteral("{") + one +
                                              QStringLiteral(R"(,"knobs":{"socket.SO_SNDBUF":"65536"}})")
                                       << QStringLiteral("not a sysctl");
    QTest::addRow("far knob out of range")
        << QStringLiteral("{") + one + QStringLiteral(R"(,"knobs":{"net.ipv4.tcp_autocorking":"7"}})")
        << QStringLiteral("nothing was changed");
    QTest::addRow("knobs not an object") << QStringLiteral("{") + one +
                                                QStringLiteral(R"(,"knobs":["net.ipv4.tcp_autocorking"]})")
                                         << QStringLiteral("object");
    QTest::addRow("confirmation not a bool")
        << QStringLiteral("{") + one + QStringLiteral(R"(,"confirm_host_changes":"yes"})")
        << QStringLiteral("confirm_host_changes");
    QTest::addRow("half rr")
        << R"({"type":"start","workload":"rr","streams":1,"sample_ms":10,"request_bytes":5,"response_bytes":0,"rcvbuf":0,"duration_s":1})"
        << QStringLiteral("both");
}

void TestAgentProtocol::parseStartRejects()
{
    QFETCH(QString, json);
    QFETCH(QString, mentions);
    auto p = agentproto::parseStart(QJsonDocument::fromJson(json.toUtf8()).object());
    QVERIFY(!p.has_value());
    QVERIFY2(p.error().message.contains(mentions), qPrintable(p.error().message));
}

// Far knobs go in "start" and come out checked and canonical ("on" is 1).
void TestAgentProtocol::farKnobsTravelCanonical()
{
    TrafficSpec spec;
    spec.target.kind = TargetKind::Ssh;
    spec.remoteSysctls = {{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("0")},
                          {QStringLiteral("net.ipv4.tcp_limit_output_bytes"), QStringLiteral("256K")}};
    auto decoded = agentproto::decode(agentproto::encode(agentproto::startMessage(spec)).trimmed());
    QVERIFY(decoded.has_value());
    auto p = agentproto::parseStart(*decoded);
    QVERIFY2(p.has_value(), qPrintable(p ? QString() : p.error().message));
    QCOMPARE(p->sysctls.value(QStringLiteral("net.ipv4.tcp_autocorking")), QStringLiteral("0"));
    QCOMPARE(p->sysctls.value(QStringLiteral("net.ipv4.tcp_limit_output_bytes")), QStringLiteral("262144"));
    QVERIFY(!p->confirmHostChanges); // not unless the user gave --force
    QVERIFY(!agentproto::startMessage(TrafficSpec{}).contains(QStringLiteral("knobs")));
    spec.confirmRemoteHostChanges = true;
    auto confirmed = agentproto::parseStart(agentproto::startMessage(spec));
    QVERIFY(confirmed && confirmed->confirmHostChanges);
    // Without far knobs there is nothing to confirm, and nothing is sent.
    spec.remoteSysctls.clear();
    QVERIFY(!agentproto::startMessage(spec).contains(QStringLiteral("confirm_host_changes")));
}

void TestAgentProtocol::helloNamesBothVersions()
{
    const agentproto::PeerVersion same = agentproto::peerVersionOf(agentproto::helloLine());
    QVERIFY(same.hello);
    QCOMPARE(same.protocol, agentproto::kVersion);
    QVERIFY(!same.program.isEmpty());
    QCOMPARE(agentproto::peerVersionOf(agentproto::helloLine(99)).protocol, 99);
    // An agent older than the exchange answers the hello with an error of its own protocol.
    const agentproto::PeerVersion old =
        agentproto::peerVersionOf(R"({"tcptune_agent":2,"type":"error","message":"expected start"})");
    QVERIFY(!old.hello);
    QCOMPARE(old.protocol, 2);
    QVERIFY(old.program.isEmpty());
}

// Version 4: "describe" is answered by "description", which carries what a connection test shows;
// version 5 adds the far kernel's choices for enum sysctls.
void TestAgentProtocol::descriptionRoundTrip()
{
    QCOMPARE(agentproto::kVersion, 6);
    QCOMPARE(agentproto::typeOf(agentproto::describeMessage()), QStringLiteral("describe"));
    agentproto::HostDescription d;
    d.program = QStringLiteral("0.9.0");
    d.kernel = QStringLiteral("6.1.0-18-amd64");
    d.helperUsable = true;
    d.helper = QStringLiteral("as root");
    d.knobs = {{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("0")}};
    d.choices = {{QStringLiteral("net.ipv4.tcp_congestion_control"),
                  {QStringLiteral("reno"), QStringLiteral("cubic"), QStringLiteral("bbr")}}};
    auto decoded = agentproto::decode(agentproto::encode(agentproto::descriptionMessage(d)).trimmed());
    QVERIFY(decoded.has_value());
    auto back = agentproto::parseDescription(*decoded);
    QVERIFY2(back.has_value(), qPrintable(back ? QString() : back.error().message));
    QCOMPARE(back->program, d.program);
    QCOMPARE(back->kernel, d.kernel);
    QVERIFY(back->helperUsable);
    QCOMPARE(back->helper, d.helper);
    QCOMPARE(back->knobs, d.knobs);
    QVERIFY(back->knobsNote.isEmpty());
    QCOMPARE(back->choices, d.choices);

    d.helperUsable = false;
    d.helper = QStringLiteral("sudo -n refused");
    d.knobsNote = QStringLiteral("cannot read /proc/sys");
    back = agentproto::parseDescription(agentproto::descriptionMessage(d));
    QVERIFY(back.has_value());
    QVERIFY(!back->helperUsable);
    QCOMPARE(back->helper, d.helper);
    QCOMPARE(back->knobsNote, d.knobsNote);
    QVERIFY(back->knobs.isEmpty());
}

// A far host's choices fill editors: only catalogue enum sysctls, only short names.
void TestAgentProtocol::descriptionChoicesAreChecked()
{
    agentproto::HostDescription d;
    d.program = QStringLiteral("0.9.0");
    d.kernel = QStringLiteral("6.1.0");
    d.choices = {{QStringLiteral("net.ipv4.tcp_congestion_control"),
                  {QStringLiteral("cubic"), QStringLiteral("a b"), QStringLiteral("<b>bold</b>")}},
                 {QStringLiteral("net.ipv4.tcp_autocorking"), {QStringLiteral("0")}},
                 {QStringLiteral("kernel.hostname"), {QStringLiteral("x")}}};
    auto back = agentproto::parseDescription(agentproto::descriptionMessage(d));
    QVERIFY(back.has_value());
    QCOMPARE(back->choices.keys(), QStringList{QStringLiteral("net.ipv4.tcp_congestion_control")});
    QCOMPARE(back->choices.first(), QStringList{QStringLiteral("cubic")});
}

void TestAgentProtocol::descriptionRejectsMalformed()
{
    QVERIFY(!agentproto::parseDescription(agentproto::errorMessage(QStringLiteral("no"))).has_value());
    QVERIFY(!agentproto::parseDescription({{QStringLiteral("type"), QStringLiteral("description")},
                                           {QStringLiteral("version"), QStringLiteral("1")}})
                 .has_value());
    QVERIFY(!agentproto::parseDescription({{QStringLiteral("type"), QStringLiteral("description")},
                                           {QStringLiteral("version"), QStringLiteral("1")},
                                           {QStringLiteral("kernel"), QStringLiteral("6")},
                                           {QStringLiteral("helper_usable"), QStringLiteral("yes")}})
                 .has_value());
}

QTEST_GUILESS_MAIN(TestAgentProtocol)
#include "tst_agent_protocol.moc"

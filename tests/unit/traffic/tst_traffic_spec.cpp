// TrafficSpec: target parsing, JSON round trip, and validation that names the wrong value.

#include "traffic/traffic_spec.h"

#include <QJsonDocument>
#include <QTest>

using namespace tcptune;

class TestTrafficSpec final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parsesTargets_data();
    void parsesTargets();
    void rejectsBadTargets_data();
    void rejectsBadTargets();
    void jsonRoundTrip();
    void tokenIsNeverWritten();
    void fromJsonFillsDefaults();
    void fromJsonRejectsWrongTypes_data();
    void fromJsonRejectsWrongTypes();
    void rejectsAbsurdValues_data();
    void rejectsAbsurdValues();
    void iperf3CannotAnswer_data();
    void iperf3CannotAnswer();
    void sendMethods_data();
    void sendMethods();
    void directions_data();
    void directions();
    void farKnobsNeedSsh();
    void latencyUnderLoad();
};

void TestTrafficSpec::parsesTargets_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("canonical");
    QTest::addRow("host") << "198.18.1.2" << int(TargetKind::Agent) << "198.18.1.2" << 5300 << "198.18.1.2:5300";
    QTest::addRow("host:port") << "198.18.1.2:15200" << int(TargetKind::Agent) << "198.18.1.2" << 15200
                               << "198.18.1.2:15200";
    QTest::addRow("name") << "target.lab" << int(TargetKind::Agent) << "target.lab" << 5300 << "target.lab:5300";
    QTest::addRow("iperf3") << "iperf3://198.18.1.2" << int(TargetKind::Iperf3) << "198.18.1.2" << 5201
                            << "iperf3://198.18.1.2:5201";
    QTest::addRow("iperf3 port") << "iperf3://localhost:15201/" << int(TargetKind::Iperf3) << "localhost" << 15201
                                 << "iperf3://localhost:15201";
    QTest::addRow("tcptune scheme") << "tcptune://127.0.0.1:15202" << int(TargetKind::Agent) << "127.0.0.1" << 15202
                                    << "127.0.0.1:15202";
    QTest::addRow("v6 bracket") << "[::1]:15203" << int(TargetKind::Agent) << "::1" << 15203 << "[::1]:15203";
    QTest::addRow("v6 bare") << "::1" << int(TargetKind::Agent) << "::1" << 5300 << "[::1]:5300";
    QTest::addRow("ssh") << "ssh://nas.example" << int(TargetKind::Ssh) << "nas.example" << 0 << "ssh://nas.example";
    QTest::addRow("ssh user port") << "ssh://root@198.18.1.2:2222" << int(TargetKind::Ssh) << "198.18.1.2" << 2222
                                   << "ssh://root@198.18.1.2:2222";
}

void TestTrafficSpec::parsesTargets()
{
    QFETCH(QString, text);
    QFETCH(int, kind);
    QFETCH(QString, host);
    QFETCH(int, port);
    QFETCH(QString, canonical);
    auto t = TrafficTarget::parse(text);
    QVERIFY2(t.has_value(), qPrintable(t ? QString() : t.error().message));
    QCOMPARE(int(t->kind), kind);
    QCOMPARE(t->host, host);
    QCOMPARE(int(t->port), port);
    QCOMPARE(t->toString(), canonical);
    auto again = TrafficTarget::parse(t->toString());
    QVERIFY(again.has_value());
    QCOMPARE(*again, *t);
}

void TestTrafficSpec::rejectsBadTargets_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("empty") << ""
                           << "no host";
    QTest::addRow("port zero") << "198.18.1.2:0"
                               << "1 to 65535";
    QTest::addRow("port too big") << "198.18.1.2:70000"
                                  << "1 to 65535";
    QTest::addRow("port word") << "198.18.1.2:http"
                               << "not a port";
    QTest::addRow("scheme") << "http://198.18.1.2"
                            << "iperf3://";
    QTest::addRow("bracket") << "[::1:5300"
                             << "]";
    QTest::addRow("spaces") << "a b"
                            << "not a host";
    QTest::addRow("ssh option as host") << "ssh://-oProxyCommand=x"
                                        << "not a host";
    QTest::addRow("ssh bad user") << "ssh://a b@host"
                                  << "not a user name";
}

void TestTrafficSpec::rejectsBadTargets()
{
    QFETCH(QString, text);
    QFETCH(QString, mentions);
    auto t = TrafficTarget::parse(text);
    QVERIFY(!t.has_value());
    QVERIFY2(t.error().message.contains(mentions), qPrintable(t.error().message));
}

void TestTrafficSpec::jsonRoundTrip()
{
    TrafficSpec s;
    s.workload = Workload::SplitWrite;
    s.durationS = 2.5;
    s.omitS = 1;
    s.streams = 4;
    s.writeSize = 65536;
    s.requestSize = 100;
    s.responseSize = 48;
    s.headerSize = 48;
    s.sndbuf = 262144;
    s.rcvbuf = 131072;
    s.nodelay = true;
    s.cork = true;
    s.notsentLowat = 16384;
    s.congestionControl = QStringLiteral("cubic");
    s.maxPacingRateBps = 100'000'000;
    s.sampleIntervalMs = 20;
    s.latencyProbe = true;
    s.connectTimeoutMs = 1500;
    s.target = *TrafficTarget::parse(QStringLiteral("198.18.3.2:15200"));
    s.target.tokenFile = QStringLiteral("/home/me/.config/tcptune/nas.token");
    s.clientNetns = QStringLiteral("tcptune-client");
    s.direction = Direction::Down;
    s.responseSize = 0; // down runs split-write one way
    s.sshConfig = QStringLiteral("/tmp/ssh_config");
    const QByteArray text = QJsonDocument(s.toJson()).toJson();
    auto back = TrafficSpec::fromJson(QJsonDocument::fromJson(text).object());
    QVERIFY2(back.has_value(), qPrintable(back ? QString() : back.error().message));
    QCOMPARE(*back, s);

    TrafficSpec bulk;
    bulk.target = s.target;
    bulk.send = SendMethod::Sendfile;
    bulk.sendfileFile = QStringLiteral("/srv/data/file.bin");
    auto bulkBack = TrafficSpec::fromJson(bulk.toJson());
    QVERIFY2(bulkBack.has_value(), qPrintable(bulkBack ? QString() : bulkBack.error().message));
    QCOMPARE(*bulkBack, bulk);
    QCOMPARE(bulk.toJson().value(QStringLiteral("send")).toString(), QStringLiteral("sendfile"));
}

// A token given in memory authenticates this run only: stored specs, sweep plans and results
// (all of which are this JSON) keep the token file's path instead.
void TestTrafficSpec::tokenIsNeverWritten()
{
    TrafficSpec s;
    s.target = *TrafficTarget::parse(QStringLiteral("198.18.3.2:15200"));
    s.target.token = QStringLiteral("in-memory-s3cret");
    s.target.tokenFile = QStringLiteral("/etc/tcptune/token");
    const QByteArray text = QJsonDocument(s.toJson()).toJson();
    QVERIFY(!text.contains("in-memory-s3cret"));
    auto back = TrafficSpec::fromJson(QJsonDocument::fromJson(text).object());
    QVERIFY(back.has_value());
    QVERIFY(back->target.token.isEmpty());
    QCOMPARE(back->target.tokenFile, s.target.tokenFile);
}

void TestTrafficSpec::fromJsonFillsDefaults()
{
    auto s = TrafficSpec::fromJson(
        QJsonObject{{QStringLiteral("target"), QStringLiteral("iperf3://127.0.0.1")}, {QStringLiteral("streams"), 2}});
    QVERIFY(s.has_value());
    QCOMPARE(s->streams, 2);
    QCOMPARE(s->sampleIntervalMs, 10);
    QCOMPARE(s->durationS, 10.0);
    QCOMPARE(s->target.kind, TargetKind::Iperf3);
    QCOMPARE(int(s->target.port), 5201);
}

void TestTrafficSpec::fromJsonRejectsWrongTypes_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("streams string") << R"({"target":"127.0.0.1","streams":"4"})"
                                    << "streams";
    QTest::addRow("streams fraction") << R"({"target":"127.0.0.1","streams":1.5})"
                                      << "whole number";
    QTest::addRow("nodelay number") << R"({"target":"127.0.0.1","nodelay":1})"
                                    << "true or false";
    QTest::addRow("workload") << R"({"target":"127.0.0.1","workload":"ping"})"
                              << "bulk, rr, split-write or rrul";
    QTest::addRow("target kind") << R"({"target":{"kind":"ftp","host":"x"}})"
                                 << "agent, iperf3 or ssh";
    QTest::addRow("no target") << R"({})"
                               << "--target";
    QTest::addRow("token in the spec") << R"({"target":{"kind":"agent","host":"x","token":"s3cret"}})"
                                       << "token_file";
}

void TestTrafficSpec::fromJsonRejectsWrongTypes()
{
    QFETCH(QString, json);
    QFETCH(QString, mentions);
    auto s = TrafficSpec::fromJson(QJsonDocument::fromJson(json.toUtf8()).object());
    QVERIFY(!s.has_value());
    QVERIFY2(s.error().message.contains(mentions), qPrintable(s.error().message));
}

void TestTrafficSpec::rejectsAbsurdValues_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("duration 0") << "duration_s" << 0.0 << "Duration";
    QTest::addRow("duration negative") << "duration_s" << -3.0 << "Duration";
    QTest::addRow("duration 2 days") << "duration_s" << 172800.0 << "Duration";
    QTest::addRow("streams 0") << "streams" << 0.0 << "streams";
    QTest::addRow("streams 1000") << "streams" << 1000.0 << "streams";
    QTest::addRow("write 0") << "write_size" << 0.0 << "Write size";
    QTest::addRow("write negative") << "write_size" << -1.0 << "Write size";
    QTest::addRow("write 1 GiB") << "write_size" << 1073741824.0 << "Write size";
    QTest::addRow("request 0") << "request_size" << 0.0 << "Request size";
    QTest::addRow("sndbuf tiny") << "sndbuf" << 10.0 << "autotuning";
    QTest::addRow("sndbuf 8 GiB") << "sndbuf" << 8589934592.0 << "autotuning";
    QTest::addRow("rcvbuf negative") << "rcvbuf" << -4096.0 << "autotuning";
    QTest::addRow("sample 0") << "sample_ms" << 0.0 << "Sample interval";
    QTest::addRow("omit negative") << "omit_s" << -1.0 << "Omit";
    QTest::addRow("lowat negative") << "notsent_lowat" << -1.0 << "NOTSENT_LOWAT";
    QTest::addRow("pacing negative") << "max_pacing_rate_bps" << -1.0 << "Pacing";
    QTest::addRow("timeout 0") << "connect_timeout_ms" << 0.0 << "Connect timeout";
}

void TestTrafficSpec::rejectsAbsurdValues()
{
    QFETCH(QString, field);
    QFETCH(double, value);
    QFETCH(QString, mentions);
    QJsonObject o{{QStringLiteral("target"), QStringLiteral("127.0.0.1:15200")}};
    o.insert(field, value);
    auto s = TrafficSpec::fromJson(o);
    QVERIFY2(!s.has_value(), qPrintable(field));
    QVERIFY2(s.error().message.contains(mentions), qPrintable(s.error().message));
}

void TestTrafficSpec::iperf3CannotAnswer_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<bool>("valid");
    QTest::addRow("bulk") << R"({"target":"iperf3://127.0.0.1","workload":"bulk"})" << true;
    QTest::addRow("rr") << R"({"target":"iperf3://127.0.0.1","workload":"rr"})" << false;
    QTest::addRow("split one-way") << R"({"target":"iperf3://127.0.0.1","workload":"split-write","response_size":0})"
                                   << true;
    QTest::addRow("split answered") << R"({"target":"iperf3://127.0.0.1","workload":"split-write"})" << false;
    QTest::addRow("probe") << R"({"target":"iperf3://127.0.0.1","latency_probe":true})" << false;
    QTest::addRow("agent rr") << R"({"target":"127.0.0.1","workload":"rr"})" << true;
}

void TestTrafficSpec::iperf3CannotAnswer()
{
    QFETCH(QString, json);
    QFETCH(bool, valid);
    auto s = TrafficSpec::fromJson(QJsonDocument::fromJson(json.toUtf8()).object());
    QCOMPARE(s.has_value(), valid);
    if (!valid)
        QVERIFY2(s.error().message.contains(QStringLiteral("tcptune serve")), qPrintable(s.error().message));
}

void TestTrafficSpec::sendMethods_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("mentions"); // empty: valid
    QTest::addRow("copy is the default") << R"({"target":"127.0.0.1"})"
                                         << "";
    QTest::addRow("zerocopy bulk") << R"({"target":"127.0.0.1","send":"zerocopy"})"
                                   << "";
    QTest::addRow("sendfile to iperf3") << R"({"target":"iperf3://127.0.0.1","send":"sendfile"})"
                                        << "";
    QTest::addRow("sendfile from a file") << R"({"target":"127.0.0.1","send":"sendfile","sendfile_file":"/tmp/x"})"
                                          << "";
    QTest::addRow("unknown method") << R"({"target":"127.0.0.1","send":"splice"})"
                                    << "copy, zerocopy or sendfile";
    QTest::addRow("zerocopy rr") << R"({"target":"127.0.0.1","send":"zerocopy","workload":"rr"})"
                                 << "bulk workload only";
    QTest::addRow("file without sendfile") << R"({"target":"127.0.0.1","sendfile_file":"/tmp/x"})"
                                           << "choose sendfile";
}

void TestTrafficSpec::sendMethods()
{
    QFETCH(QString, json);
    QFETCH(QString, mentions);
    auto s = TrafficSpec::fromJson(QJsonDocument::fromJson(json.toUtf8()).object());
    QCOMPARE(s.has_value(), mentions.isEmpty());
    if (!mentions.isEmpty())
        QVERIFY2(s.error().message.contains(mentions), qPrintable(s.error().message));
}

void TestTrafficSpec::directions_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("mentions"); // empty: valid
    QTest::addRow("up by default") << R"({"target":"127.0.0.1"})"
                                   << "";
    QTest::addRow("down bulk") << R"({"target":"127.0.0.1","direction":"down"})"
                               << "";
    QTest::addRow("down iperf3") << R"({"target":"iperf3://127.0.0.1","direction":"down"})"
                                 << "";
    QTest::addRow("down ssh") << R"({"target":"ssh://root@127.0.0.1","direction":"down"})"
                              << "";
    QTest::addRow("down split one-way")
        << R"({"target":"127.0.0.1","direction":"down","workload":"split-write","response_size":0})"
        << "";
    QTest::addRow("down split answered") << R"({"target":"127.0.0.1","direction":"down","workload":"split-write"})"
                                         << "response size to 0";
    QTest::addRow("down rr") << R"({"target":"127.0.0.1","direction":"down","workload":"rr"})"
                             << "direction up";
    QTest::addRow("down iperf3 split")
        << R"({"target":"iperf3://127.0.0.1","direction":"down","workload":"split-write","response_size":0})"
        << "bulk";
    QTest::addRow("both bulk") << R"({"target":"127.0.0.1","direction":"both","streams":2})"
                               << "";
    QTest::addRow("both ssh") << R"({"target":"ssh://root@127.0.0.1","direction":"both"})"
                              << "";
    QTest::addRow("both split one-way")
        << R"({"target":"127.0.0.1","direction":"both","workload":"split-write","response_size":0})"
        << "";
    QTest::addRow("both iperf3") << R"({"target":"iperf3://127.0.0.1","direction":"both"})"
                                 << "";
    QTest::addRow("both rr") << R"({"target":"127.0.0.1","direction":"both","workload":"rr"})"
                             << "direction up";
    QTest::addRow("both zerocopy") << R"({"target":"127.0.0.1","direction":"both","send":"zerocopy"})"
                                   << "plain send()";
    QTest::addRow("sideways") << R"({"target":"127.0.0.1","direction":"sideways"})"
                              << "up (this host sends)";
}

void TestTrafficSpec::directions()
{
    QFETCH(QString, json);
    QFETCH(QString, mentions);
    auto s = TrafficSpec::fromJson(QJsonDocument::fromJson(json.toUtf8()).object());
    QCOMPARE(s.has_value(), mentions.isEmpty());
    if (!s)
        QVERIFY2(s.error().message.contains(mentions), qPrintable(s.error().message));
    else
        QCOMPARE(s->upStreams() + s->downStreams(), s->direction == Direction::Both ? 2 * s->streams : s->streams);
    // What is valid reads back as written.
    if (s)
        QCOMPARE(TrafficSpec::fromJson(s->toJson()).value(), *s);
}

// Far knobs travel with the spec of an ssh target, and only there: an agent reached over the
// network has no way to prove who asks.
void TestTrafficSpec::farKnobsNeedSsh()
{
    TrafficSpec s;
    s.target = *TrafficTarget::parse(QStringLiteral("ssh://root@198.18.3.2:2222"));
    s.remoteSysctls = {{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("0")}};
    auto back = TrafficSpec::fromJson(s.toJson());
    QVERIFY2(back.has_value(), qPrintable(back ? QString() : back.error().message));
    QCOMPARE(*back, s);
    s.target = *TrafficTarget::parse(QStringLiteral("198.18.3.2:5300"));
    const auto refused = s.validate();
    QVERIFY(!refused.has_value());
    QVERIFY2(refused.error().message.contains(QStringLiteral("ssh://")), qPrintable(refused.error().message));
}

// rrul: four streams each way unless the spec says, an idle phase that round-trips, the TCP
// probe always on, and only against `tcptune serve`.
void TestTrafficSpec::latencyUnderLoad()
{
    auto s = TrafficSpec::fromJson(QJsonDocument::fromJson(R"({"target":"198.18.1.2","workload":"rrul"})").object());
    QVERIFY(s.has_value());
    QCOMPARE(s->direction, Direction::Both);
    QCOMPARE(s->streams, 4);
    QCOMPARE(s->idleS, 5.0);
    QVERIFY(s->probesLatency());
    QCOMPARE(s->idlePhaseS(), 5.0);
    auto asked = TrafficSpec::fromJson(
        QJsonDocument::fromJson(
            R"({"target":"198.18.1.2","workload":"rrul","direction":"up","streams":2,"idle_s":1.5})")
            .object());
    QVERIFY(asked.has_value());
    QCOMPARE(asked->direction, Direction::Up);
    QCOMPARE(asked->streams, 2);
    QCOMPARE(TrafficSpec::fromJson(asked->toJson())->idleS, 1.5);
    TrafficSpec bulk;
    bulk.target.host = QStringLiteral("198.18.1.2");
    QVERIFY(!bulk.toJson().contains(QStringLiteral("idle_s"))); // other workloads' JSON is as it was
    QCOMPARE(bulk.idlePhaseS(), 0.0);
    auto iperf3 = TrafficSpec::fromJson(
        QJsonDocument::fromJson(R"({"target":"iperf3://198.18.1.2","workload":"rrul"})").object());
    QVERIFY(!iperf3.has_value());
    QVERIFY(iperf3.error().message.contains(QStringLiteral("tcptune serve")));
    auto tooLong = TrafficSpec::fromJson(
        QJsonDocument::fromJson(R"({"target":"198.18.1.2","workload":"rrul","idle_s":400,"omit_s":300})").object());
    QVERIFY(!tooLong.has_value());
}

QTEST_GUILESS_MAIN(TestTrafficSpec)
#include "tst_traffic_spec.moc"

// ExperimentSpec: JSON round trip, and every bad spec fails naming the field.

#include "experiment/spec/experiment_spec.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace tcptune;

class TestExperimentSpec final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTrip();
    void repeatUntilPrecise();
    void canonicalKnobValues();
    void badSpecs_data();
    void badSpecs();
    void targetShorthand_data();
    void targetShorthand();
    void knobsByKind();
    void farKnobs();
    void severalEnds();
    void badEndLists_data();
    void badEndLists();
    void sameEnd();
};

void TestExperimentSpec::roundTrip()
{
    const QByteArray text = R"({"version": 1, "name": "t", "lab_note": "veths complete at once",
        "target": {"kind": "agent", "host": "198.18.30.2",
        "port": 15400}, "knobs": {"net.ipv4.tcp_autocorking": false, "socket.SO_SNDBUF": "256K",
        "lab.rate": "50mbit"}, "workload": {"type": "split-write", "streams": 2, "write_size": "16K",
        "header_size": 48}, "capture": true, "duration_s": 3, "omit_s": 0.5, "repeats": 5, "pause_s": 1,
        "sample_ms": 10})";
    auto spec = ExperimentSpec::fromJsonText(text);
    QVERIFY2(spec.has_value(), qPrintable(spec ? QString() : spec.error().message));
    QCOMPARE(spec->target.kind, TargetSpec::Kind::Agent);
    QCOMPARE(spec->target.port, 15400);
    QCOMPARE(spec->workload.type, Workload::SplitWrite);
    QCOMPARE(spec->workload.streams, 2);
    QCOMPARE(spec->workload.writeSize, 16384);
    QCOMPARE(spec->repeats, 5);
    QCOMPARE(spec->capture, true);
    QCOMPARE(spec->labNote, QStringLiteral("veths complete at once"));
    auto again = ExperimentSpec::fromJson(spec->toJson());
    QVERIFY(again.has_value());
    QCOMPARE(again->toJson(), spec->toJson());
    // Both ends sending at once is a direction of its own, read back as written.
    QVERIFY(spec->setParameter(QStringLiteral("workload.direction"), QStringLiteral("both")).has_value());
    auto both = ExperimentSpec::fromJson(spec->toJson());
    QVERIFY(both.has_value());
    QCOMPARE(both->workload.direction, QStringLiteral("both"));
}

void TestExperimentSpec::repeatUntilPrecise()
{
    auto spec = ExperimentSpec::fromJsonText(R"({"repeats": {"min": 3, "max": 20, "ci_pct": 2}})");
    QVERIFY2(spec.has_value(), qPrintable(spec ? QString() : spec.error().message));
    QCOMPARE(spec->repeats, 3);
    QCOMPARE(spec->maxRepeats, 20);
    QCOMPARE(spec->ciTargetPct, 2.0);
    QVERIFY(spec->untilPrecise());
    const QJsonObject repeats = spec->toJson().value(QStringLiteral("repeats")).toObject();
    QCOMPARE(repeats.value(QStringLiteral("max")).toInt(), 20);
    auto again = ExperimentSpec::fromJson(spec->toJson());
    QVERIFY(again.has_value());
    QCOMPARE(again->toJson(), spec->toJson());
    // Defaults: at least 3, at most 20, within 2 %.
    auto defaults = ExperimentSpec::fromJsonText(R"({"repeats": {}})");
    QVERIFY(defaults.has_value());
    QCOMPARE(defaults->repeats, 3);
    QCOMPARE(defaults->maxRepeats, 20);
    QCOMPARE(defaults->ciTargetPct, 2.0);
    // The plain number stays a plain number.
    auto plain = ExperimentSpec::fromJsonText(R"({"repeats": 4})");
    QVERIFY(plain.has_value() && !plain->untilPrecise());
    QCOMPARE(plain->toJson().value(QStringLiteral("repeats")).toInt(), 4);
}

void TestExperimentSpec::canonicalKnobValues()
{
    auto spec = ExperimentSpec::fromJsonText(
        R"({"knobs": {"socket.SO_SNDBUF": "64K", "net.ipv4.tcp_autocorking": "off", "lab.rate": "50mbit"}})");
    QVERIFY(spec.has_value());
    QCOMPARE(spec->knobs.value(QStringLiteral("socket.SO_SNDBUF")), QStringLiteral("65536"));
    QCOMPARE(spec->knobs.value(QStringLiteral("net.ipv4.tcp_autocorking")), QStringLiteral("0"));
    QCOMPARE(spec->knobs.value(QStringLiteral("lab.rate")), QStringLiteral("50000000"));
}

void TestExperimentSpec::badSpecs_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("field");
    QTest::addRow("unknown field") << QByteArray(R"({"durration_s": 3})") << "durration_s";
    QTest::addRow("unknown knob") << QByteArray(R"({"knobs": {"net.ipv4.tcp_nonsense": 1}})")
                                  << "knobs.net.ipv4.tcp_nonsense";
    QTest::addRow("knob out of range") << QByteArray(R"({"knobs": {"lab.mtu": 100}})") << "knobs.lab.mtu";
    QTest::addRow("knob wrong type") << QByteArray(R"({"knobs": {"socket.SO_SNDBUF": [1]}})")
                                     << "knobs.socket.SO_SNDBUF";
    QTest::addRow("duration wrong type") << QByteArray(R"({"duration_s": "3"})") << "duration_s";
    QTest::addRow("repeats zero") << QByteArray(R"({"repeats": 0})") << "repeats";
    QTest::addRow("repeats fraction") << QByteArray(R"({"repeats": 1.5})") << "repeats";
    QTest::addRow("repeats max below min") << QByteArray(R"({"repeats": {"min": 5, "max": 3}})") << "repeats.max";
    QTest::addRow("repeats min of one") << QByteArray(R"({"repeats": {"min": 1, "max": 3}})") << "repeats.min";
    QTest::addRow("repeats ci_pct zero") << QByteArray(R"({"repeats": {"ci_pct": 0}})") << "repeats.ci_pct";
    QTest::addRow("repeats unknown field") << QByteArray(R"({"repeats": {"until": 2}})") << "repeats.until";
    QTest::addRow("omit too long") << QByteArray(R"({"duration_s": 2, "omit_s": 2})") << "omit_s";
    QTest::addRow("workload unknown") << QByteArray(R"({"workload": {"tyep": "bulk"}})") << "workload.tyep";
    QTest::addRow("workload type") << QByteArray(R"({"workload": {"type": "udp"}})") << "workload.type";
    QTest::addRow("streams") << QByteArray(R"({"workload": {"streams": 0}})") << "workload.streams";
    QTest::addRow("direction") << QByteArray(R"({"workload": {"direction": "sideways"}})") << "workload.direction";
    QTest::addRow("target kind") << QByteArray(R"({"target": {"kind": "telnet"}})") << "target.kind";
    QTest::addRow("ssh without host") << QByteArray(R"({"target": {"kind": "ssh"}})") << "target.host";
    QTest::addRow("far knob unknown") << QByteArray(R"({"knobs": {"remote:net.ipv4.tcp_nonsense": 1}})")
                                      << "knobs.remote:net.ipv4.tcp_nonsense";
    QTest::addRow("far socket option") << QByteArray(R"({"knobs": {"remote:socket.SO_SNDBUF": "64K"}})")
                                       << "knobs.remote:socket.SO_SNDBUF";
    QTest::addRow("far knob out of range") << QByteArray(R"({"knobs": {"remote:net.ipv4.tcp_autocorking": 3}})")
                                           << "knobs.remote:net.ipv4.tcp_autocorking";
    QTest::addRow("target no host") << QByteArray(R"({"target": {"kind": "agent"}})") << "target.host";
    QTest::addRow("newer version") << QByteArray(R"({"version": 9})") << "version";
    QTest::addRow("capture type") << QByteArray(R"({"capture": "yes"})") << "capture";
    QTest::addRow("lab note type") << QByteArray(R"({"lab_note": 1})") << "lab_note";
}

void TestExperimentSpec::badSpecs()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, field);
    auto spec = ExperimentSpec::fromJsonText(json);
    QVERIFY(!spec.has_value());
    QVERIFY2(spec.error().message.contains(QStringLiteral("'%1'").arg(field)), qPrintable(spec.error().message));
}

void TestExperimentSpec::targetShorthand_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addRow("lab") << "lab" << int(TargetSpec::Kind::Lab) << "" << 0;
    QTest::addRow("agent") << "198.18.30.2:15401" << int(TargetSpec::Kind::Agent) << "198.18.30.2" << 15401;
    QTest::addRow("iperf3") << "iperf3://198.18.30.2" << int(TargetSpec::Kind::Iperf3) << "198.18.30.2" << 0;
    QTest::addRow("ssh") << "ssh://root@198.18.30.2:2222" << int(TargetSpec::Kind::Ssh) << "198.18.30.2" << 2222;
    QTest::addRow("ssh, its own port") << "ssh://nas" << int(TargetSpec::Kind::Ssh) << "nas" << 0;
}

void TestExperimentSpec::targetShorthand()
{
    QFETCH(QString, text);
    QFETCH(int, kind);
    QFETCH(QString, host);
    QFETCH(int, port);
    QJsonObject o{{QStringLiteral("target"), text}};
    auto spec = ExperimentSpec::fromJson(o);
    QVERIFY(spec.has_value());
    QCOMPARE(int(spec->target.kind), kind);
    QCOMPARE(spec->target.host, host);
    QCOMPARE(spec->target.port, port);
}

void TestExperimentSpec::knobsByKind()
{
    ExperimentSpec spec;
    QVERIFY(spec.setParameter(QStringLiteral("net.ipv4.tcp_limit_output_bytes"), QStringLiteral("128K")).has_value());
    QVERIFY(spec.setParameter(QStringLiteral("socket.SO_SNDBUF"), QStringLiteral("1M")).has_value());
    QVERIFY(spec.setParameter(QStringLiteral("lab.mtu"), QStringLiteral("9000")).has_value());
    QVERIFY(spec.setParameter(QStringLiteral("workload.streams"), QStringLiteral("2")).has_value());
    QVERIFY(!spec.setParameter(QStringLiteral("workload.color"), QStringLiteral("2")).has_value());
    QCOMPARE(spec.knobsOfKind(KnobKind::Sysctl).keys(), QStringList{QStringLiteral("net.ipv4.tcp_limit_output_bytes")});
    QCOMPARE(spec.knobsOfKind(KnobKind::SocketOption).value(QStringLiteral("socket.SO_SNDBUF")),
             QStringLiteral("1048576"));
    QCOMPARE(spec.knobsOfKind(KnobKind::LabParameter).value(QStringLiteral("lab.mtu")), QStringLiteral("9000"));
    QCOMPARE(spec.workload.streams, 2);
}

// "remote:" names a sysctl of the far host: apart from the local ones, canonical, in the JSON.
void TestExperimentSpec::farKnobs()
{
    auto spec = ExperimentSpec::fromJsonText(R"({"target": "ssh://root@nas:2222", "knobs": {
        "remote:net.ipv4.tcp_autocorking": false, "net.ipv4.tcp_autocorking": true}})");
    QVERIFY2(spec.has_value(), qPrintable(spec ? QString() : spec.error().message));
    QCOMPARE(spec->target.user, QStringLiteral("root"));
    QCOMPARE(spec->target.describe(), QStringLiteral("ssh://root@nas:2222"));
    QCOMPARE(spec->remoteSysctls(),
             (QMap<QString, QString>{{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("0")}}));
    QCOMPARE(spec->knobsOfKind(KnobKind::Sysctl),
             (QMap<QString, QString>{{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1")}}));
    QVERIFY(spec->setParameter(QStringLiteral("remote:net.ipv4.tcp_limit_output_bytes"), QStringLiteral("128K"))
                .has_value());
    QCOMPARE(spec->parameter(QStringLiteral("remote:net.ipv4.tcp_limit_output_bytes")), QStringLiteral("131072"));
    QCOMPARE(
        ExperimentSpec::formatValue(QStringLiteral("remote:net.ipv4.tcp_limit_output_bytes"), QStringLiteral("131072")),
        ExperimentSpec::formatValue(QStringLiteral("net.ipv4.tcp_limit_output_bytes"), QStringLiteral("131072")));
    auto again = ExperimentSpec::fromJson(spec->toJson());
    QVERIFY(again.has_value());
    QCOMPARE(again->toJson(), spec->toJson());
    QCOMPARE(again->target.kind, TargetSpec::Kind::Ssh);
}

// "target" as a list: every end in order, the first one in target; written back as a list (and
// a list of one end as the plain object it always was).
void TestExperimentSpec::severalEnds()
{
    auto spec = ExperimentSpec::fromJsonText(R"({"target": ["ssh://root@198.18.0.2:2222",
        {"kind": "ssh", "host": "198.18.0.2", "port": 2223, "user": "root", "ssh_config": "/tmp/c"},
        "iperf3://198.18.0.3"], "knobs": {"net.ipv4.tcp_autocorking": 0}})");
    QVERIFY2(spec.has_value(), qPrintable(spec ? QString() : spec.error().message));
    QVERIFY(spec->severalEnds());
    const QList<TargetSpec> ends = spec->targets();
    QCOMPARE(ends.size(), 3);
    QCOMPARE(spec->target.describe(), QStringLiteral("ssh://root@198.18.0.2:2222"));
    QCOMPARE(ends.at(1).describe(), QStringLiteral("ssh://root@198.18.0.2:2223"));
    QCOMPARE(ends.at(1).sshConfig, QStringLiteral("/tmp/c"));
    QCOMPARE(ends.at(2).kind, TargetSpec::Kind::Iperf3);
    const QJsonObject json = spec->toJson();
    QVERIFY(json.value(QStringLiteral("target")).isArray());
    QCOMPARE(json.value(QStringLiteral("target")).toArray().size(), 3);
    auto again = ExperimentSpec::fromJson(json);
    QVERIFY(again.has_value());
    QCOMPARE(again->toJson(), json);

    auto one = ExperimentSpec::fromJsonText(R"({"target": ["ssh://nas"]})");
    QVERIFY(one.has_value());
    QVERIFY(!one->severalEnds());
    QVERIFY(one->toJson().value(QStringLiteral("target")).isObject());
}

void TestExperimentSpec::badEndLists_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("says");
    QTest::addRow("empty") << QByteArray(R"({"target": []})") << "target"
                           << "empty";
    QTest::addRow("too many") << QByteArray(R"({"target": ["a:1", "a:2", "a:3", "a:4", "a:5", "a:6", "a:7",
        "a:8", "a:9"]})") << "target"
                              << "at most 8";
    QTest::addRow("the same end twice") << QByteArray(R"({"target": ["ssh://root@nas", "ssh://nas:22"]})")
                                        << "target[1]"
                                        << "same end as ssh://root@nas";
    QTest::addRow("agent's default port") << QByteArray(R"({"target": ["nas", "nas:5300"]})") << "target[1]"
                                          << "same end";
    QTest::addRow("lab among others") << QByteArray(R"({"target": ["ssh://nas", "lab"]})") << "target[1]"
                                      << "only as the one end";
    QTest::addRow("bad element") << QByteArray(R"({"target": ["ssh://nas", {"kind": "agent"}]})") << "target[1].host"
                                 << "needs a host";
    QTest::addRow("bad port in a list") << QByteArray(R"({"target": ["nas", "nas:99999"]})") << "target[1]"
                                        << "not a valid port";
    QTest::addRow("element type") << QByteArray(R"({"target": ["nas", 3]})") << "target[1]"
                                  << "an object or a string";
    QTest::addRow("far knobs, an end without ssh")
        << QByteArray(R"({"target": ["ssh://nas", "iperf3://nas"], "knobs": {"remote:net.ipv4.tcp_autocorking": 0}})")
        << "knobs"
        << "target[1] (iperf3://nas)";
}

// Each bad list is one sentence naming the field (the end's place in the list) and what to do.
void TestExperimentSpec::badEndLists()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, field);
    QFETCH(QString, says);
    auto spec = ExperimentSpec::fromJsonText(json);
    QVERIFY(!spec.has_value());
    const QString message = spec.error().message;
    QVERIFY2(message.contains(QStringLiteral("'%1'").arg(field)), qPrintable(message));
    QVERIFY2(message.contains(says), qPrintable(message));
    QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
}

void TestExperimentSpec::sameEnd()
{
    TargetSpec a;
    a.kind = TargetSpec::Kind::Ssh;
    a.host = QStringLiteral("nas");
    TargetSpec b = a;
    b.port = 22;
    b.user = QStringLiteral("root");
    QVERIFY(a.sameEndAs(b)); // ssh's own port is 22; the login does not make another end
    b.port = 2222;
    QVERIFY(!a.sameEndAs(b));
    b = a;
    b.kind = TargetSpec::Kind::Agent;
    QVERIFY(!a.sameEndAs(b));
    b.host = QStringLiteral("NAS");
    a.kind = TargetSpec::Kind::Agent;
    QVERIFY(a.sameEndAs(b));
}

QTEST_GUILESS_MAIN(TestExperimentSpec)
#include "tst_experiment_spec.moc"

// Every `--json` output is an API: each command's real output carries its schema_version and is
// valid against its JSON Schema in docs/json/ (documented in docs/json.md), as python3-jsonschema
// checks it. The traffic goes to a `tcptune serve` on loopback; the store is the test's own.

#include "command_runner.h"
#include "knobs/knob_catalogue.h"
#include "test_paths.h"
#include "session/session_file.h"
#include "test_data.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QSysInfo>
#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmath>

using namespace tcptune::test;

namespace {

const QString kSchemaDir = sourcePath(QStringLiteral("docs/json/"));

// A loopback port nobody listens on right now.
quint16 freeLoopbackPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof a;
    quint16 port = 0;
    if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &length) == 0)
        port = ntohs(a.sin_port);
    if (fd >= 0)
        ::close(fd);
    return port;
}

} // namespace

class TestJsonSchemas final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void outputs_data();
    void outputs();
    void sessionFile();
    void schemasAreValidSchemas();

private:
    // Validates DOCUMENT against docs/json/SCHEMA; an empty string when it is valid.
    QString validate(const QByteArray &document, const QString &schema);
    // The figures a schema allows to be null are figures in this test's outputs (two points of
    // two runs or more), so that the schema's number branch is checked too.
    static bool figuresPresent(const QJsonObject &document, const QString &schema);

    QTemporaryDir m_dir;
    QProcess m_serve;
    QString m_target;
    QString m_db;
    QString m_spec;
    QString m_tuneSpec;
};

void TestJsonSchemas::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const CommandResult python =
        runCommand(QStringLiteral("python3"), {QStringLiteral("-c"), QStringLiteral("import jsonschema")});
    QVERIFY2(python.exitCode == 0, "python3-jsonschema is missing: scripts/install-deps installs it");
    const quint16 port = freeLoopbackPort();
    QVERIFY(port > 0);
    m_target = QStringLiteral("127.0.0.1:%1").arg(port);
    m_serve.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_serve.start(binary(QStringLiteral("tcptune")),
                  {QStringLiteral("serve"), QStringLiteral("--bind"), QStringLiteral("127.0.0.1"),
                   QStringLiteral("--port"), QString::number(port)});
    QVERIFY(m_serve.waitForStarted());
    m_db = m_dir.filePath(QStringLiteral("results.db"));
    m_spec = m_dir.filePath(QStringLiteral("spec.json"));
    QFile spec(m_spec);
    QVERIFY(spec.open(QIODevice::WriteOnly));
    // Two points of two or three runs each, so that the statistics' intervals, p and the
    // precision of repeat until precise are figures, and `results diff` has a test to make.
    spec.write(QStringLiteral(R"({"name": "schema test", "target": "%1", "duration_s": 0.5,
        "repeats": {"min": 2, "max": 3, "ci_pct": 50},
        "sweep": {"axes": [{"parameter": "socket.SO_SNDBUF", "values": ["256K", "512K"]}]}})")
                   .arg(m_target)
                   .toUtf8());
    spec.close();
    // A tune against the same agent: this host's knobs may change (--host), but every sysctl is
    // left alone (below), so only socket options could; a baseline of two runs and one candidate.
    m_tuneSpec = m_dir.filePath(QStringLiteral("tune.json"));
    QFile tune(m_tuneSpec);
    QVERIFY(tune.open(QIODevice::WriteOnly));
    tune.write(QStringLiteral(R"({"name": "schema tune", "target": "%1", "duration_s": 0.5,
        "tune": {"budget": {"runs": 4}, "race": {"baseline_repeats": 2, "min_repeats": 2, "max_repeats": 2}}})")
                   .arg(m_target)
                   .toUtf8());
    tune.close();
    // The agent listens once it answers a run; give it a few tries on a loaded machine.
    bool ran = false;
    for (int attempt = 0; attempt < 10 && !ran; ++attempt) {
        ran = runTcptune({QStringLiteral("run"), QStringLiteral("--target"), m_target, QStringLiteral("--duration"),
                          QStringLiteral("0.2"), QStringLiteral("--json")})
                  .exitCode == 0;
        if (!ran)
            QTest::qWait(300);
    }
    QVERIFY2(ran, "tcptune serve on loopback did not answer a run");
}

void TestJsonSchemas::cleanupTestCase()
{
    m_serve.terminate();
    if (!m_serve.waitForFinished(5000))
        m_serve.kill();
}

QString TestJsonSchemas::validate(const QByteArray &document, const QString &schema)
{
    const QString documentPath = m_dir.filePath(QStringLiteral("document.json"));
    QFile f(documentPath);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(document) != document.size())
        return QStringLiteral("cannot write %1").arg(documentPath);
    f.close();
    const QString script = QStringLiteral(
        "import json, sys, jsonschema\n"
        "schema = json.load(open(sys.argv[2]))\n"
        "jsonschema.Draft202012Validator.check_schema(schema)\n"
        "errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[1]))), "
        "key=lambda e: list(e.absolute_path))\n"
        "for e in errors[:5]: print(list(e.absolute_path), e.message[:300])\n"
        "sys.exit(1 if errors else 0)\n");
    const CommandResult r =
        runCommand(QStringLiteral("python3"), {QStringLiteral("-c"), script, documentPath, kSchemaDir + schema});
    return r.exitCode == 0 ? QString() : QString::fromUtf8(r.out + r.err);
}

void TestJsonSchemas::outputs_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("schema");
    QTest::addColumn<int>("version");
    QTest::addRow("analyze") << QStringList{QStringLiteral("analyze"),
                                            captureFile(QStringLiteral("zeek_http_download_retrans.pcap")),
                                            QStringLiteral("--json")}
                             << QStringLiteral("analyze.schema.json") << 2;
    // 1 s: long enough for the run to judge where its start-up ended ("settling", six 0.1 s windows).
    QTest::addRow("run") << QStringList{QStringLiteral("run"),    QStringLiteral("--target"),
                                        QStringLiteral("TARGET"), QStringLiteral("--duration"),
                                        QStringLiteral("1"),      QStringLiteral("--json")}
                         << QStringLiteral("run.schema.json") << 1;
    QTest::addRow("run --json-iperf3") << QStringList{QStringLiteral("run"),    QStringLiteral("--target"),
                                                      QStringLiteral("TARGET"), QStringLiteral("--duration"),
                                                      QStringLiteral("1"),      QStringLiteral("--json-iperf3")}
                                       << QStringLiteral("run-iperf3.schema.json") << 1;
    QTest::addRow("sweep") << QStringList{QStringLiteral("sweep"), QStringLiteral("SPEC"), QStringLiteral("--json"),
                                          QStringLiteral("--db"), QStringLiteral("DB")}
                           << QStringLiteral("sweep.schema.json") << 1;
    QTest::addRow("sweep --dry-run") << QStringList{QStringLiteral("sweep"), QStringLiteral("SPEC"),
                                                    QStringLiteral("--dry-run"), QStringLiteral("--json")}
                                     << QStringLiteral("sweep-plan.schema.json") << 1;
    // After the sweep above: the store holds its experiment 1.
    QTest::addRow("results list") << QStringList{QStringLiteral("results"), QStringLiteral("list"),
                                                 QStringLiteral("--json"), QStringLiteral("--db"), QStringLiteral("DB")}
                                  << QStringLiteral("results-list.schema.json") << 1;
    QTest::addRow("results show") << QStringList{QStringLiteral("results"), QStringLiteral("show"),
                                                 QStringLiteral("1"),       QStringLiteral("--json"),
                                                 QStringLiteral("--db"),    QStringLiteral("DB")}
                                  << QStringLiteral("sweep.schema.json") << 1;
    // A second sweep of the same spec (experiment 2), then experiment 2 against experiment 1.
    QTest::addRow("sweep again") << QStringList{QStringLiteral("sweep"), QStringLiteral("SPEC"),
                                                QStringLiteral("--json"), QStringLiteral("--db"), QStringLiteral("DB")}
                                 << QStringLiteral("sweep.schema.json") << 1;
    QTest::addRow("results diff") << QStringList{QStringLiteral("results"), QStringLiteral("diff"),
                                                 QStringLiteral("1"),       QStringLiteral("2"),
                                                 QStringLiteral("--json"),  QStringLiteral("--db"),
                                                 QStringLiteral("DB")}
                                  << QStringLiteral("results-diff.schema.json") << 2;
    QTest::addRow("lab status") << QStringList{QStringLiteral("lab"), QStringLiteral("status"),
                                               QStringLiteral("--json")}
                                << QStringLiteral("lab-status.schema.json") << 1;
    QTest::addRow("lab status --name") << QStringList{QStringLiteral("lab"), QStringLiteral("status"),
                                                      QStringLiteral("--name"), QStringLiteral("cli37json"),
                                                      QStringLiteral("--json")}
                                       << QStringLiteral("lab-status.schema.json") << 1;
    QTest::addRow("knobs") << QStringList{QStringLiteral("knobs"), QStringLiteral("--json")}
                           << QStringLiteral("knobs.schema.json") << 1;
    QTest::addRow("tune") << QStringList{QStringLiteral("tune"),          QStringLiteral("TUNEFILE"),
                                         QStringLiteral("--json"),        QStringLiteral("--host"),
                                         QStringLiteral("--leave-alone"), QStringLiteral("SYSCTLS"),
                                         QStringLiteral("--store"),       QStringLiteral("DB")}
                          << QStringLiteral("tune.schema.json") << 1;
}

void TestJsonSchemas::outputs()
{
    QFETCH(QStringList, args);
    QFETCH(QString, schema);
    QFETCH(int, version);
    args.replaceInStrings(QStringLiteral("TARGET"), m_target);
    args.replaceInStrings(QStringLiteral("SPEC"), m_spec);
    args.replaceInStrings(QStringLiteral("DB"), m_db);
    args.replaceInStrings(QStringLiteral("TUNEFILE"), m_tuneSpec);
    // Every sysctl left alone: a tune on this host changes none of them.
    QStringList sysctls;
    for (const tcptune::KnobInfo &knob : tcptune::KnobCatalogue::instance().all())
        if (knob.kind == tcptune::KnobKind::Sysctl)
            sysctls << knob.key;
    args.replaceInStrings(QStringLiteral("SYSCTLS"), sysctls.join(QLatin1Char(',')));
    const CommandResult r = runTcptune(args, 90000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonDocument document = QJsonDocument::fromJson(r.out);
    QVERIFY2(!document.isNull(), r.out.left(500).constData());
    // Objects carry the version at the top; arrays (knobs, results list) in every element.
    if (document.isObject()) {
        QCOMPARE(document.object().value(QStringLiteral("schema_version")).toInt(), version);
    } else {
        QVERIFY2(!document.array().isEmpty(), r.out.constData());
        for (const QJsonValue &element : document.array())
            QCOMPARE(element.toObject().value(QStringLiteral("schema_version")).toInt(), version);
    }
    const QString problems = validate(r.out, schema);
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
    QVERIFY2(figuresPresent(document.object(), schema), r.out.left(4000).constData());
}

bool TestJsonSchemas::figuresPresent(const QJsonObject &document, const QString &schema)
{
    if (schema == QLatin1String("sweep.schema.json")) {
        // The second point: two runs or more on each point give an interval and Welch's p.
        const QJsonObject second = document.value(QStringLiteral("points")).toArray().at(1).toObject();
        const QJsonObject statistics = second.value(QStringLiteral("statistics")).toObject();
        // Where it ran (issue 37): this machine and an account's name.
        return document.value(QStringLiteral("host")).toString() == QSysInfo::machineHostName() &&
               !document.value(QStringLiteral("user")).toString().isEmpty() &&
               second.value(QStringLiteral("n")).toInt() >= 2 &&
               statistics.value(QStringLiteral("ci_low")).isDouble() &&
               statistics.value(QStringLiteral("ci_high")).isDouble() &&
               statistics.value(QStringLiteral("p")).isDouble() && second.value(QStringLiteral("precision")).isObject();
    }
    if (schema == QLatin1String("results-diff.schema.json")) {
        const QJsonObject throughput = document.value(QStringLiteral("points"))
                                           .toArray()
                                           .at(0)
                                           .toObject()
                                           .value(QStringLiteral("metrics"))
                                           .toArray()
                                           .at(0)
                                           .toObject();
        return throughput.value(QStringLiteral("method")).toString() == QLatin1String("welch") &&
               throughput.value(QStringLiteral("p")).isDouble() &&
               throughput.value(QStringLiteral("ci_low")).isDouble();
    }
    if (schema == QLatin1String("run.schema.json")) {
        const QJsonObject diagnosis = document.value(QStringLiteral("diagnosis")).toObject();
        return diagnosis.value(QStringLiteral("findings")).isArray() &&
               diagnosis.value(QStringLiteral("settling")).isObject();
    }
    return true;
}

// The session file File > Save session writes (its writer, not a command): a form, knobs at both
// ends, a sweep and a chart line with a missing value (null).
void TestJsonSchemas::sessionFile()
{
    tcptune::WorkbenchSession session;
    session.form.target.labName = QStringLiteral("schema");
    QVERIFY(session.form.setParameter(QStringLiteral("socket.SO_SNDBUF"), QStringLiteral("256K")));
    session.knobs.netns = QStringLiteral("tcptune-schema-client");
    session.knobs.local.insert(QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("0"));
    session.knobs.remote.insert(QStringLiteral("net.ipv4.tcp_congestion_control"), QStringLiteral("cubic"));
    session.sweep = tcptune::SessionSweep{QStringLiteral("socket.SO_SNDBUF"), QStringLiteral("16K 1M"), 2, 0, 0};
    tcptune::SessionChartRun run;
    run.label = QStringLiteral("#1 · 256 KiB");
    run.runId = 1;
    run.experimentId = 1;
    run.series.insert(QStringLiteral("rtt_ms"), {{0.0, 20.5}, {0.1, std::nan("")}});
    run.series.insert(QStringLiteral("throughput_mbps"), {{0.1, 48.0}});
    session.charts = {run};
    const QString path = m_dir.filePath(QStringLiteral("schema.tcptune"));
    QVERIFY(tcptune::sessionfile::write(path, session));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("null"));
    QCOMPARE(QJsonDocument::fromJson(text).object().value(QStringLiteral("schema_version")).toInt(), 1);
    const QString problems = validate(text, QStringLiteral("session.schema.json"));
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
}

// A schema that accepted anything would make the test above unable to fail.
void TestJsonSchemas::schemasAreValidSchemas()
{
    for (const QString &schema : QDir(kSchemaDir).entryList({QStringLiteral("*.schema.json")})) {
        const QString problems = validate(R"({"schema_version": 999})", schema);
        QVERIFY2(!problems.isEmpty(), qPrintable(schema + QStringLiteral(" accepts a document without its fields")));
        QVERIFY2(!problems.contains(QLatin1String("Traceback")), qPrintable(problems));
    }
}

QTEST_GUILESS_MAIN(TestJsonSchemas)
#include "tst_json_schemas.moc"

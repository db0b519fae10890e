// Issue 4's list of bad input and faults, each as a user meets it through `tcptune run` and
// `tcptune serve`: unreachable address, refused port, unresolvable name, agent killed mid-run,
// absurd sizes, port in use, garbage to the agent, a token on the command line, a limit that is not
// a number, and a token agent that answers only a client with its token, which never crosses the
// wire nor lands in a result. (No --target means the lab: issue 5's tests.)

#include "command_runner.h"
#include "traffic/agent_auth.h"
#include "scratch_namespace.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTcpSocket>
#include <QRegularExpression>
#include <QTest>

using namespace tcptune::test;

class TestRunFaults final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void unreachableAddressTimesOut();
    void refusedPort();
    void unresolvableName();
    void absurdSizes_data();
    void absurdSizes();
    void agentKilledMidRun();
    void servePortInUse();
    void garbageToTheAgent();
    void serveRefusesBadOptions_data();
    void serveRefusesBadOptions();
    void serveWithTokenFile();
    void clientTokenNeverStoredNorOnTheWire();
    void weakOrOpenTokensAreRefused();

private:
    QStringList inA(const QStringList &command) const
    {
        return QStringList{QStringLiteral("netns"), QStringLiteral("exec"), m_pair->a().name(),
                           binary(QStringLiteral("tcptune"))} +
               command;
    }
    std::unique_ptr<ScratchPair> m_pair;
};

void TestRunFaults::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root for network namespaces");
    m_pair = std::make_unique<ScratchPair>(QStringLiteral("traffic2"), 11);
    QVERIFY2(m_pair->ok(), qPrintable(m_pair->error()));
}

void TestRunFaults::unreachableAddressTimesOut()
{
    // 198.18.11.99 is inside the test's own subnet but assigned to nobody: SYNs go unanswered.
    QElapsedTimer timer;
    timer.start();
    const CommandResult r =
        runCommand(QStringLiteral("ip"),
                   inA({QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("198.18.11.99:15220"),
                        QStringLiteral("--duration"), QStringLiteral("1")}),
                   20000);
    const qint64 ms = timer.elapsed();
    QVERIFY(r.exitCode != 0);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(QStringLiteral("198.18.11.99:15220")), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("Cannot connect")), qPrintable(err));
    QVERIFY2(ms < 4500, qPrintable(QString::number(ms))); // the default connect timeout is 3 s
}

void TestRunFaults::refusedPort()
{
    const CommandResult r = runCommand(
        QStringLiteral("ip"),
        inA({QStringLiteral("run"), QStringLiteral("--target"), m_pair->addressB() + QStringLiteral(":15221"),
             QStringLiteral("--duration"), QStringLiteral("1")}),
        20000);
    QCOMPARE(r.exitCode, 1);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(QStringLiteral("connection refused")), qPrintable(err));
    QVERIFY2(err.contains(m_pair->addressB() + QStringLiteral(":15221")), qPrintable(err));
}

void TestRunFaults::unresolvableName()
{
    const CommandResult r =
        runTcptune({QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("nothing-here.invalid:15222"),
                    QStringLiteral("--duration"), QStringLiteral("1")},
                   20000);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(QString::fromUtf8(r.err).contains(QStringLiteral("Cannot resolve host 'nothing-here.invalid'")),
             r.err.constData());
}

void TestRunFaults::absurdSizes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("write size 0") << QStringList{QStringLiteral("--write-size"), QStringLiteral("0")}
                                  << QStringLiteral("Write size 0 is out of range");
    QTest::addRow("write size negative") << QStringList{QStringLiteral("--write-size"), QStringLiteral("-5")}
                                         << QStringLiteral("negative");
    QTest::addRow("write size 1G") << QStringList{QStringLiteral("--write-size"), QStringLiteral("1G")}
                                   << QStringLiteral("Write size");
    QTest::addRow("streams 0") << QStringList{QStringLiteral("--streams"), QStringLiteral("0")}
                               << QStringLiteral("streams is out of range");
    QTest::addRow("streams 5000") << QStringList{QStringLiteral("--streams"), QStringLiteral("5000")}
                                  << QStringLiteral("streams is out of range");
    QTest::addRow("duration 0") << QStringList{QStringLiteral("--duration"), QStringLiteral("0")}
                                << QStringLiteral("Duration");
    QTest::addRow("duration word") << QStringList{QStringLiteral("--duration"), QStringLiteral("long")}
                                   << QStringLiteral("not a number");
    QTest::addRow("sndbuf 100") << QStringList{QStringLiteral("--sndbuf"), QStringLiteral("100")}
                                << QStringLiteral("autotuning");
    QTest::addRow("sndbuf 4T") << QStringList{QStringLiteral("--sndbuf"), QStringLiteral("4096G")}
                               << QStringLiteral("Send buffer");
    QTest::addRow("sample 0") << QStringList{QStringLiteral("--sample-ms"), QStringLiteral("0")}
                              << QStringLiteral("Sample interval");
    QTest::addRow("workload") << QStringList{QStringLiteral("--workload"), QStringLiteral("flood")}
                              << QStringLiteral("bulk, rr, split-write or rrul");
    QTest::addRow("rr to iperf3") << QStringList{QStringLiteral("--workload"), QStringLiteral("rr"),
                                                 QStringLiteral("--target"), QStringLiteral("iperf3://127.0.0.1:15225")}
                                  << QStringLiteral("tcptune serve");
    QTest::addRow("bad port") << QStringList{QStringLiteral("--target"), QStringLiteral("127.0.0.1:99999")}
                              << QStringLiteral("1 to 65535");
}

void TestRunFaults::absurdSizes()
{
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    QStringList all{QStringLiteral("run")};
    if (!args.contains(QStringLiteral("--target")))
        all << QStringLiteral("--target") << QStringLiteral("127.0.0.1:15226");
    const CommandResult r = runTcptune(all + args, 20000);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(mentions), r.err.constData());
    QVERIFY(r.out.isEmpty());
}

void TestRunFaults::agentKilledMidRun()
{
    QProcess agent;
    agent.start(QStringLiteral("ip"),
                {QStringLiteral("netns"), QStringLiteral("exec"), m_pair->b().name(), binary(QStringLiteral("tcptune")),
                 QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("15227"), QStringLiteral("--bind"),
                 m_pair->addressB()});
    QVERIFY(agent.waitForReadyRead(10000));
    QProcess client;
    client.setReadChannel(QProcess::StandardError);
    client.start(QStringLiteral("ip"),
                 inA({QStringLiteral("run"), QStringLiteral("--target"), m_pair->addressB() + QStringLiteral(":15227"),
                      QStringLiteral("--duration"), QStringLiteral("5"), QStringLiteral("--json")}));
    // The live line (once a second without a terminal) says traffic flows; after the second
    // one, more than a second of samples exists. Then the agent dies.
    QByteArray progress;
    while (progress.count("/5.0 s") < 2 && client.waitForReadyRead(10000))
        progress += client.readAllStandardError();
    QVERIFY2(progress.count("/5.0 s") >= 2, progress.constData());
    agent.kill();
    agent.waitForFinished(5000);
    QVERIFY(client.waitForFinished(15000));
    QCOMPARE(client.exitCode(), 3);
    const QJsonObject o = QJsonDocument::fromJson(client.readAllStandardOutput()).object();
    QVERIFY(o.value(QStringLiteral("interrupted")).toBool());
    QVERIFY(o.value(QStringLiteral("samples")).toArray().size() >= 20);
    QVERIFY(o.value(QStringLiteral("duration_s")).toDouble() < 5);
    QVERIFY(QString::fromUtf8(client.readAllStandardError()).contains(QStringLiteral("kept")));
}

void TestRunFaults::servePortInUse()
{
    QProcess first;
    first.start(QStringLiteral("ip"),
                {QStringLiteral("netns"), QStringLiteral("exec"), m_pair->b().name(), binary(QStringLiteral("tcptune")),
                 QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("15228"), QStringLiteral("--bind"),
                 m_pair->addressB()});
    QVERIFY(first.waitForReadyRead(10000));
    const CommandResult second =
        runCommand(QStringLiteral("ip"),
                   {QStringLiteral("netns"), QStringLiteral("exec"), m_pair->b().name(),
                    binary(QStringLiteral("tcptune")), QStringLiteral("serve"), QStringLiteral("--port"),
                    QStringLiteral("15228"), QStringLiteral("--bind"), m_pair->addressB()},
                   10000);
    first.terminate();
    QVERIFY(first.waitForFinished(5000));
    QCOMPARE(first.exitCode(), 0); // a clean stop on SIGTERM
    QCOMPARE(second.exitCode, 1);
    QVERIFY2(QString::fromUtf8(second.err).contains(QStringLiteral("already in use")), second.err.constData());
}

void TestRunFaults::garbageToTheAgent()
{
    QProcess agent;
    agent.start(binary(QStringLiteral("tcptune")),
                {QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("15229"), QStringLiteral("--bind"),
                 QStringLiteral("127.0.0.1")});
    QVERIFY(agent.waitForReadyRead(10000));
    QTcpSocket socket;
    socket.connectToHost(QStringLiteral("127.0.0.1"), 15229);
    QVERIFY(socket.waitForConnected(5000));
    socket.write("\x16\x03\x01 this is not the protocol\n");
    QByteArray reply;
    while (!reply.contains('\n') && socket.waitForReadyRead(5000))
        reply += socket.readAll();
    QVERIFY2(reply.contains("\"type\":\"error\""), reply.constData());
    socket.close();
    // Still alive, still serving.
    const CommandResult r =
        runTcptune({QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("127.0.0.1:15229"),
                    QStringLiteral("--duration"), QStringLiteral("0.5")},
                   20000);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(agent.state(), QProcess::Running);
    agent.terminate();
    QVERIFY(agent.waitForFinished(5000));
    const QString log = QString::fromUtf8(agent.readAllStandardError());
    QVERIFY2(log.contains(QStringLiteral("malformed")), qPrintable(log));
    QVERIFY2(log.contains(QStringLiteral("finished")), qPrintable(log));
}

void TestRunFaults::serveRefusesBadOptions_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("token on the command line")
        << QStringList{QStringLiteral("--token"), QStringLiteral("s3cret")} << QStringLiteral("/proc/PID/cmdline");
    QTest::addRow("nan duration") << QStringList{QStringLiteral("--max-duration"), QStringLiteral("nan")}
                                  << QStringLiteral("not a duration");
    QTest::addRow("inf duration") << QStringList{QStringLiteral("--max-duration"), QStringLiteral("inf")}
                                  << QStringLiteral("not a duration");
    QTest::addRow("limit not a number") << QStringList{QStringLiteral("--max-connections"), QStringLiteral("lots")}
                                        << QStringLiteral("--max-connections");
    QTest::addRow("missing token file") << QStringList{QStringLiteral("--token-file"),
                                                       QStringLiteral("/nonexistent/token")}
                                        << QStringLiteral("token file");
}

void TestRunFaults::serveRefusesBadOptions()
{
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    const CommandResult r =
        runTcptune(QStringList{QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("15230"),
                               QStringLiteral("--bind"), QStringLiteral("127.0.0.1")} +
                       args,
                   10000);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(mentions), r.err.constData());
    QVERIFY(!r.err.contains("s3cret"));
}

namespace {

// Writes TOKEN to TOKEN_PATH and starts an agent on 127.0.0.1:PORT that reads it from there.
bool startTokenAgent(QProcess &agent, const QString &tokenPath, const QByteArray &token, int port)
{
    QFile file(tokenPath);
    if (!file.open(QIODevice::WriteOnly) || file.write(token + '\n') <= 0)
        return false;
    file.close();
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner); // as ssh wants a key
    agent.start(binary(QStringLiteral("tcptune")),
                {QStringLiteral("serve"), QStringLiteral("--port"), QString::number(port), QStringLiteral("--bind"),
                 QStringLiteral("127.0.0.1"), QStringLiteral("--token-file"), tokenPath});
    return agent.waitForReadyRead(10000);
}

} // namespace

// The token from a file: a client with it gets the agent's knobs, one without is refused with a
// reason, and the token shows up neither in the agent's argv nor in its log.
void TestRunFaults::serveWithTokenFile()
{
    QTemporaryDir dir;
    const QString tokenPath = dir.filePath(QStringLiteral("token"));
    QProcess agent;
    QVERIFY(startTokenAgent(agent, tokenPath, "tst_run_faults-token-0123456789abcdef", 15231));
    QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(agent.processId()));
    QVERIFY(cmdline.open(QIODevice::ReadOnly));
    QVERIFY(!cmdline.readAll().contains("tst_run_faults-token-0123456789abcdef"));

    const CommandResult refused =
        runTcptune({QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("127.0.0.1:15231"),
                    QStringLiteral("--duration"), QStringLiteral("0.3")},
                   20000);
    QVERIFY(refused.exitCode != 0);
    QVERIFY2(QString::fromUtf8(refused.err).contains(QStringLiteral("needs a token")), refused.err.constData());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TCPTUNE_TOKEN"), QStringLiteral("tst_run_faults-token-0123456789abcdef"));
    const CommandResult ok =
        runCommand(binary(QStringLiteral("tcptune")),
                   {QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("127.0.0.1:15231"),
                    QStringLiteral("--duration"), QStringLiteral("0.3"), QStringLiteral("--json")},
                   20000, {}, env);
    QCOMPARE(ok.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(ok.out).object();
    QVERIFY(o.value(QStringLiteral("remote_knobs")).toObject().contains(QStringLiteral("net.ipv4.tcp_autocorking")));
    QVERIFY(!o.value(QStringLiteral("remote_version")).toString().isEmpty());
    agent.terminate();
    QVERIFY(agent.waitForFinished(5000));
    const QString log = QString::fromUtf8(agent.readAllStandardError());
    QVERIFY2(log.contains(QStringLiteral("authenticated")), qPrintable(log));
    QVERIFY(!log.contains(QStringLiteral("tst_run_faults-token-0123456789abcdef")));
}

// The client reads its token from --token-file and refuses it on the command line; the result
// names the file, never the token; a capture of the control connection holds the protocol's
// challenge but not the token.
void TestRunFaults::clientTokenNeverStoredNorOnTheWire()
{
    QTemporaryDir dir;
    const QString tokenPath = dir.filePath(QStringLiteral("token"));
    QProcess agent;
    QVERIFY(startTokenAgent(agent, tokenPath, "tst_run_faults-wire-token", 15233));

    const CommandResult onCommandLine =
        runTcptune({QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("127.0.0.1:15233"),
                    QStringLiteral("--token"), QStringLiteral("tst_run_faults-wire-token")},
                   20000);
    QCOMPARE(onCommandLine.exitCode, 2);
    QVERIFY2(QString::fromUtf8(onCommandLine.err).contains(QStringLiteral("--token-file")),
             onCommandLine.err.constData());

    const QString pcap = dir.filePath(QStringLiteral("control.pcap"));
    QProcess tcpdump;
    tcpdump.setReadChannel(QProcess::StandardError);
    tcpdump.start(QStringLiteral("tcpdump"),
                  {QStringLiteral("-i"), QStringLiteral("lo"), QStringLiteral("-U"), QStringLiteral("-Z"),
                   QStringLiteral("root"), QStringLiteral("-w"), pcap, QStringLiteral("tcp port 15233")});
    QVERIFY(tcpdump.waitForReadyRead(10000)); // "listening on lo"
    const CommandResult ok = runTcptune({QStringLiteral("run"), QStringLiteral("--target"),
                                         QStringLiteral("127.0.0.1:15233"), QStringLiteral("--token-file"), tokenPath,
                                         QStringLiteral("--duration"), QStringLiteral("0.3"), QStringLiteral("--json")},
                                        20000);
    QCOMPARE(ok.exitCode, 0);
    QTest::qWait(300); // the last segments reach the capture file (-U writes each packet)
    tcpdump.terminate();
    QVERIFY(tcpdump.waitForFinished(5000));
    agent.terminate();
    QVERIFY(agent.waitForFinished(5000));

    QVERIFY(!ok.out.contains("tst_run_faults-wire-token"));
    const QJsonObject target = QJsonDocument::fromJson(ok.out)
                                   .object()
                                   .value(QStringLiteral("spec"))
                                   .toObject()
                                   .value(QStringLiteral("target"))
                                   .toObject();
    QCOMPARE(target.value(QStringLiteral("token_file")).toString(), tokenPath);
    QFile captured(pcap);
    QVERIFY(captured.open(QIODevice::ReadOnly));
    const QByteArray wire = captured.readAll();
    QVERIFY2(wire.contains("challenge"), "the capture holds the control connection");
    QVERIFY(!wire.contains("tst_run_faults-wire-token"));
    // Nor the data connections' secret, which both ends derived from the nonces the capture shows.
    const auto field = [&wire](const QByteArray &name) {
        const QRegularExpressionMatch m =
            QRegularExpression(QStringLiteral("\"%1\":\"([0-9a-f]{64})\"").arg(QString::fromLatin1(name)))
                .match(QString::fromLatin1(wire));
        return m.captured(1).toLatin1();
    };
    const QByteArray clientNonce = field("client_nonce");
    const QByteArray agentNonce = field("nonce");
    QVERIFY(!clientNonce.isEmpty() && !agentNonce.isEmpty());
    const QByteArray secret =
        tcptune::agentauth::dataSecret(QStringLiteral("tst_run_faults-wire-token"), agentNonce, clientNonce);
    QVERIFY(wire.contains("\"proof\"")); // the data connections proved the secret
    QVERIFY(!wire.contains(secret));
    QVERIFY(!wire.contains(secret.toHex()));
}

// A token file others may read, a file of another user's, a weak token (in a file or in
// TCPTUNE_TOKEN) are refused with what to do; --new-token makes a file that passes, and never
// overwrites one.
void TestRunFaults::weakOrOpenTokensAreRefused()
{
    QTemporaryDir dir;
    const auto write = [&dir](const QString &name, const QByteArray &token, QFileDevice::Permissions mode) {
        const QString path = dir.filePath(name);
        QFile file(path);
        if (file.open(QIODevice::WriteOnly))
            file.write(token + '\n');
        file.close();
        file.setPermissions(mode);
        return path;
    };
    const auto serve = [](const QStringList &args, const QProcessEnvironment &env) {
        return runCommand(binary(QStringLiteral("tcptune")),
                          QStringList{QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("15234"),
                                      QStringLiteral("--bind"), QStringLiteral("127.0.0.1")} +
                              args,
                          10000, {}, env);
    };
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString open =
        write(QStringLiteral("open"), "0123456789abcdef0123456789abcdef",
              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther);
    CommandResult r = serve({QStringLiteral("--token-file"), open}, env);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("chmod 600") && r.err.contains("0644"), r.err.constData());
    const QString weak = write(QStringLiteral("weak"), "abcd", QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    r = serve({QStringLiteral("--token-file"), weak}, env);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("too weak") && r.err.contains("--new-token"), r.err.constData());
    QProcessEnvironment weakEnv = env;
    weakEnv.insert(QStringLiteral("TCPTUNE_TOKEN"), QStringLiteral("abcd"));
    r = serve({}, weakEnv);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("TCPTUNE_TOKEN") && r.err.contains("too weak"), r.err.constData());
    // A client refuses the weak token as well, before it connects anywhere.
    r = runCommand(binary(QStringLiteral("tcptune")),
                   {QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("127.0.0.1:15234"),
                    QStringLiteral("--token-file"), weak, QStringLiteral("--duration"), QStringLiteral("0.3")},
                   10000, {}, env);
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("too weak"), r.err.constData());

    const QString made = dir.filePath(QStringLiteral("made"));
    r = serve({QStringLiteral("--new-token"), made}, env);
    QCOMPARE(r.exitCode, 0);
    QFile file(made);
    QCOMPARE(file.permissions() &
                 (QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteGroup | QFileDevice::WriteOther),
             QFileDevice::Permissions());
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray token = file.readAll().trimmed();
    QCOMPARE(token.size(), 64); // 256 bits in hex
    file.close();
    r = serve({QStringLiteral("--new-token"), made}, env);
    QVERIFY(r.exitCode != 0); // never over an existing file
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll().trimmed(), token);
}

QTEST_GUILESS_MAIN(TestRunFaults)
#include "tst_run_faults.moc"

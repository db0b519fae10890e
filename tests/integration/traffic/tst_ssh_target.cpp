// ssh:// targets for real (issue 12): an OpenSSH server this test starts inside the server side
// of its own namespace pair, with a generated host key, a generated client key and a generated
// ssh_config passed with --ssh-config (nothing touches the machine's sshd or ~/.ssh). `tcptune run
// --target ssh://root@B:2222` runs `tcptune serve --stdio` there through ssh and real traffic in
// both directions: a -> b is shaped to 100 Mbit/s, b -> a to 50 Mbit/s, so each figure shows
// which way the bytes went. The data port lives for the session only; a failed key log-in or a
// far host without tcptune is one line that says what to do; killing the client with -9 ends
// the far agent.

#include "command_runner.h"
#include "scratch_namespace.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <thread>

using namespace tcptune::test;

class TestSshTarget final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void upOverSsh();
    void downOverSsh();
    void dataPortClosedAfterTheSession();
    void keyLoginFails();
    void farHostWithoutTcptune();
    void clientKilledEndsTheFarAgent();

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QString target() const { return QStringLiteral("ssh://root@%1:%2").arg(m_pair->addressB()).arg(kSshPort); }
    QStringList runInA(const QStringList &args, const QString &remoteProgram = {}) const;
    bool writeFile(const QString &name, const QByteArray &text) const;
    QStringList farListeners() const; // TCP ports listening in the server namespace

    QTemporaryDir m_dir;
    std::unique_ptr<ScratchPair> m_pair;
    QProcess m_sshd;
    static constexpr int kSshPort = 2222;
};

QStringList TestSshTarget::runInA(const QStringList &args, const QString &remoteProgram) const
{
    // The far host is this machine: ssh runs the build's tcptune there.
    const QString program = remoteProgram.isEmpty() ? binary(QStringLiteral("tcptune")) : remoteProgram;
    return QStringList{"netns",
                       "exec",
                       m_pair->a().name(),
                       "env",
                       "TCPTUNE_REMOTE_PROGRAM=" + program,
                       binary(QStringLiteral("tcptune"))} +
           args;
}

bool TestSshTarget::writeFile(const QString &name, const QByteArray &text) const
{
    QFile f(path(name));
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size() &&
           f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

QStringList TestSshTarget::farListeners() const
{
    const CommandResult r = runCommand("ip", {"netns", "exec", m_pair->b().name(), "ss", "-Htln"}, 10000);
    QStringList ports;
    for (const QByteArray &line : r.out.split('\n')) {
        const QList<QByteArray> fields = line.simplified().split(' ');
        if (fields.size() >= 4)
            ports << QString::fromUtf8(fields.at(3).mid(fields.at(3).lastIndexOf(':') + 1));
    }
    return ports;
}

void TestSshTarget::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root for network namespaces and sshd");
    QVERIFY2(QFile::exists("/usr/sbin/sshd"), "openssh-server is missing; run scripts/install-deps");
    QVERIFY(m_dir.isValid());
    m_pair = std::make_unique<ScratchPair>(QStringLiteral("ssh1"), 13);
    QVERIFY2(m_pair->ok(), qPrintable(m_pair->error()));
    for (const auto &[dev, ns, rate] :
         {std::tuple{"ttssh1a", m_pair->a().name(), "100mbit"}, std::tuple{"ttssh1b", m_pair->b().name(), "50mbit"}})
        QVERIFY2(ip({"netns", "exec", ns, "tc", "qdisc", "add", "dev", dev, "root", "tbf", "rate", rate, "burst",
                     "64kb", "latency", "50ms"})
                     .isEmpty(),
                 dev);
    for (const char *key : {"host_key", "client_key", "stranger_key"})
        QCOMPARE(runCommand("ssh-keygen", {"-q", "-t", "ed25519", "-N", "", "-C", key, "-f", path(key)}).exitCode, 0);
    QFile pub(path("client_key.pub"));
    QVERIFY(pub.open(QIODevice::ReadOnly));
    QVERIFY(writeFile("authorized_keys", pub.readAll()));
    QFile hostPub(path("host_key.pub"));
    QVERIFY(hostPub.open(QIODevice::ReadOnly));
    QVERIFY(writeFile("known_hosts",
                      QStringLiteral("[%1]:%2 ").arg(m_pair->addressB()).arg(kSshPort).toUtf8() + hostPub.readAll()));
    QVERIFY(writeFile("sshd_config",
                      QStringLiteral("Port %1\nListenAddress %2\nHostKey %3\nPidFile %4\n"
                                     "AuthorizedKeysFile %5\nStrictModes no\nUsePAM no\n"
                                     "PasswordAuthentication no\nKbdInteractiveAuthentication no\n"
                                     "PermitRootLogin prohibit-password\n")
                          .arg(kSshPort)
                          .arg(m_pair->addressB(), path("host_key"), path("sshd.pid"), path("authorized_keys"))
                          .toUtf8()));
    const QString common = QStringLiteral("  UserKnownHostsFile %1\n  GlobalKnownHostsFile /dev/null\n"
                                          "  StrictHostKeyChecking yes\n  IdentitiesOnly yes\n  IdentityAgent none\n")
                               .arg(path("known_hosts"));
    QVERIFY(writeFile("ssh_config", ("Host *\n  IdentityFile " + path("client_key") + "\n" + common).toUtf8()));
    QVERIFY(writeFile("stranger_config", ("Host *\n  IdentityFile " + path("stranger_key") + "\n" + common).toUtf8()));
    // sshd wants its privilege separation folder; the package's service makes the same one.
    QDir().mkpath("/run/sshd");
    m_sshd.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_sshd.start("ip", {"netns", "exec", m_pair->b().name(), "/usr/sbin/sshd", "-D", "-e", "-f", path("sshd_config")});
    QVERIFY(m_sshd.waitForStarted(5000));
    QTRY_VERIFY_WITH_TIMEOUT(farListeners().contains(QString::number(kSshPort)), 10000);
}

void TestSshTarget::cleanupTestCase()
{
    if (m_sshd.state() != QProcess::NotRunning) {
        m_sshd.terminate();
        if (!m_sshd.waitForFinished(5000))
            m_sshd.kill();
        m_sshd.waitForFinished(2000);
    }
    m_pair.reset();
}

// What tcptune said besides its "Connecting to ..." progress line.
static QStringList messageLines(const CommandResult &r)
{
    QStringList lines;
    for (const QString &line : QString::fromUtf8(r.err).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (!line.startsWith(QLatin1String("Connecting to")))
            lines << line;
    return lines;
}

static QJsonObject jsonOf(const CommandResult &r)
{
    if (r.exitCode != 0)
        qWarning("tcptune run failed (%d): %s", r.exitCode, r.err.constData());
    return QJsonDocument::fromJson(r.out).object();
}

void TestSshTarget::upOverSsh()
{
    const QJsonObject o = jsonOf(runCommand(
        "ip", runInA({"run", "--target", target(), "--ssh-config", path("ssh_config"), "--duration", "3", "--json"}),
        60000));
    QVERIFY(!o.isEmpty());
    const double bps = o.value("throughput_bps").toDouble();
    qInfo("up over ssh: %.1f Mbit/s", bps / 1e6);
    QVERIFY2(bps > 80e6 && bps < 101e6, qPrintable(QString::number(bps)));
    QCOMPARE(o.value("samples_from").toString(), QStringLiteral("local sender"));
    const qsizetype samples = o.value("samples").toArray().size();
    QVERIFY2(samples >= 120 && samples <= 305, qPrintable(QString::number(samples))); // see downOverSsh
    // The far agent reports its own knobs (its namespace's).
    QCOMPARE(o.value("remote_knobs").toObject().value("net.ipv4.tcp_autocorking").toString(), QStringLiteral("1"));
}

void TestSshTarget::downOverSsh()
{
    const QJsonObject o = jsonOf(runCommand("ip",
                                            runInA({"run", "--target", target(), "--ssh-config", path("ssh_config"),
                                                    "--direction", "down", "--duration", "3", "--json"}),
                                            60000));
    QVERIFY(!o.isEmpty());
    const double bps = o.value("throughput_bps").toDouble();
    qInfo("down over ssh: %.1f Mbit/s, %d samples", bps / 1e6, int(o.value("samples").toArray().size()));
    QVERIFY2(bps > 40e6 && bps < 51e6, qPrintable(QString::number(bps)));
    // The far sender's TCP_INFO in time order: about 100 a second on a quiet machine (300 here);
    // a loaded 2-core machine drops ticks on both ends, so the bound is lower.
    QCOMPARE(o.value("samples_from").toString(), QStringLiteral("target sender"));
    const QJsonArray samples = o.value("samples").toArray();
    QVERIFY2(samples.size() >= 120 && samples.size() <= 305, qPrintable(QString::number(samples.size())));
    for (qsizetype i = 1; i < samples.size(); ++i)
        QVERIFY(samples.at(i).toObject().value("t").toDouble() > samples.at(i - 1).toObject().value("t").toDouble());
    QVERIFY(samples.at(samples.size() / 2).toObject().value("cwnd").toDouble() > 0);
    QVERIFY(o.value("rtt_ms").toObject().value("median").toDouble() > 0);
    // The far agent over ssh is trusted: it reports its own counters, and as the sender they
    // are the ones the verdict reads.
    const QJsonObject diagnosis = o.value("diagnosis").toObject();
    QVERIFY2(!diagnosis.value("verdict").toString().isEmpty(), "no verdict");
    bool farSender = false;
    for (const QJsonValue &v : diagnosis.value("ends").toArray()) {
        const QJsonObject end = v.toObject();
        if (end.value("end").toString() != QLatin1String("remote"))
            continue;
        farSender = end.value("sender").toBool();
        QVERIFY2(end.value("counters_read").toBool(), qPrintable(end.value("counters_note").toString()));
        const double received = o.value("receiver_bytes").toDouble();
        QVERIFY(end.value("counters").toObject().value("TcpExtTCPOrigDataSent").toDouble() >= received / 1448);
    }
    QVERIFY(farSender);
}

void TestSshTarget::dataPortClosedAfterTheSession()
{
    // After the runs above, only sshd listens there: each session's data port went with it.
    QTRY_COMPARE_WITH_TIMEOUT(farListeners(), QStringList{QString::number(kSshPort)}, 5000);
}

void TestSshTarget::keyLoginFails()
{
    QElapsedTimer timer;
    timer.start();
    const CommandResult r = runCommand(
        "ip", runInA({"run", "--target", target(), "--ssh-config", path("stranger_config"), "--duration", "1"}), 30000);
    QVERIFY(r.exitCode != 0);
    QVERIFY(timer.elapsed() < 10000);
    const QStringList lines = messageLines(r);
    QVERIFY2(lines.size() == 1 && lines.front().contains("set up key login"), r.err.constData());
}

void TestSshTarget::farHostWithoutTcptune()
{
    const CommandResult r =
        runCommand("ip",
                   runInA({"run", "--target", target(), "--ssh-config", path("ssh_config"), "--duration", "1"},
                          path("no-such-tcptune")),
                   30000);
    QVERIFY(r.exitCode != 0);
    const QStringList lines = messageLines(r);
    QVERIFY2(lines.size() == 1 && lines.front().contains("install tcptune there"), r.err.constData());
}

void TestSshTarget::clientKilledEndsTheFarAgent()
{
    QProcess client;
    client.setReadChannel(QProcess::StandardError);
    client.start("ip", runInA({"run", "--target", target(), "--ssh-config", path("ssh_config"), "--direction", "down",
                               "--duration", "20"}));
    QByteArray progress;
    while (progress.count("/20.0 s") < 2 && client.waitForReadyRead(15000))
        progress += client.readAllStandardError();
    QVERIFY2(progress.count("/20.0 s") >= 2, progress.constData());
    QCOMPARE(farListeners().size(), 2);         // sshd and the session's data port
    ::kill(pid_t(client.processId()), SIGKILL); // `ip netns exec` became tcptune itself
    client.waitForFinished(5000);
    // The pipe ended: the far agent stops the run and its data port closes.
    QTRY_COMPARE_WITH_TIMEOUT(farListeners(), QStringList{QString::number(kSshPort)}, 2000);
}

QTEST_GUILESS_MAIN(TestSshTarget)
#include "tst_ssh_target.moc"

// `tcptune tune` on the far end of a real sshd (issue 30), as root: an OpenSSH server in the
// server side of the test's own namespace pair, whose net.ipv4.tcp_rmem caps its receive buffer at
// 32 KiB, and `tcptune tune --ends remote` from the client side sending to it (direction up, so
// the far end receives). The tune moves remote:net.ipv4.tcp_rmem through the far agent's helper:
// - while it goes, the far namespace reads the tuner's values; after it, the value it had; the
//   answer names the far key;
// - killed with SIGKILL while a far value is in place, the ssh pipe's end makes the far agent put
//   it back.
// Runs of 1 s and a budget of 8: each tune stays near half a minute.
// Not the far sender's tcp_wmem (direction down): over a veth without delay (no netem in some
// kernels, this CI's) a send buffer does not limit; a far tcp_wmem of at most 16 KiB still carried
// about 10 Gbit/s (measured), so no buffer step is significantly better.

#include "command_runner.h"
#include "scratch_namespace.h"
#include "ssh_server.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSaveFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kRmem = QStringLiteral("net.ipv4.tcp_rmem");
const QString kFarRmem = QStringLiteral("remote:net.ipv4.tcp_rmem");
const QString kSmallRmem = QStringLiteral("4096 16384 32768");

} // namespace

class TestTuneFar final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void farReceiveBufferTunedAndRestored();
    void killedTuneFarValueComesBack();

private:
    QString farRmem() const;
    QString writeSpec() const;
    void startTune(QProcess &tune, const QString &store) const;

    QTemporaryDir m_dir;
    std::unique_ptr<ScratchPair> m_pair;
    std::unique_ptr<SshServer> m_sshd;
    static constexpr int kSshPort = 2222;
};

QString TestTuneFar::farRmem() const
{
    const CommandResult r = runCommand(QStringLiteral("ip"),
                                       {QStringLiteral("netns"), QStringLiteral("exec"), m_pair->b().name(),
                                        QStringLiteral("sysctl"), QStringLiteral("-n"), kRmem},
                                       10000);
    return QString::fromUtf8(r.out).simplified();
}

QString TestTuneFar::writeSpec() const
{
    const QJsonObject spec{
        {QStringLiteral("version"), 1},
        {QStringLiteral("name"), QStringLiteral("tune far receiver")},
        {QStringLiteral("target"), m_sshd->target()},
        {QStringLiteral("workload"), QJsonObject{{QStringLiteral("type"), QStringLiteral("bulk")},
                                                 {QStringLiteral("streams"), 1},
                                                 {QStringLiteral("direction"), QStringLiteral("up")}}},
        {QStringLiteral("duration_s"), 1},
        {QStringLiteral("omit_s"), 0},
        {QStringLiteral("sample_ms"), 10},
        {QStringLiteral("tune"),
         QJsonObject{{QStringLiteral("budget"), QJsonObject{{QStringLiteral("runs"), 8}}},
                     {QStringLiteral("race"), QJsonObject{{QStringLiteral("baseline_repeats"), 2},
                                                          {QStringLiteral("min_repeats"), 2},
                                                          {QStringLiteral("max_repeats"), 3}}}}}};
    QSaveFile file(m_dir.filePath(QStringLiteral("far.json")));
    const QByteArray text = QJsonDocument(spec).toJson();
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size() && file.commit() ? file.fileName()
                                                                                               : QString();
}

void TestTuneFar::startTune(QProcess &tune, const QString &store) const
{
    const QString spec = writeSpec();
    QVERIFY(!spec.isEmpty());
    tune.start(QStringLiteral("ip"),
               tcptuneOverSsh(m_pair->a().name(),
                              {QStringLiteral("tune"), spec, QStringLiteral("--ends"), QStringLiteral("remote"),
                               QStringLiteral("--json"), QStringLiteral("--ssh-config"), m_sshd->clientConfig(),
                               QStringLiteral("--store"), m_dir.filePath(store)}));
    QVERIFY(tune.waitForStarted(5000));
}

void TestTuneFar::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root for network namespaces, sshd and the far helper");
    QVERIFY(m_dir.isValid());
    m_pair = std::make_unique<ScratchPair>(QStringLiteral("tunf"), 16);
    QVERIFY2(m_pair->ok(), qPrintable(m_pair->error()));
    m_sshd = std::make_unique<SshServer>(m_pair->b().name(), m_pair->addressB(), kSshPort);
    const QString problem = m_sshd->start();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // The far host's setting the tune is to find: a receive buffer of at most 32 KiB.
    m_pair->b().exec({QStringLiteral("sysctl"), QStringLiteral("-qw"), kRmem + QStringLiteral("=") + kSmallRmem});
    QCOMPARE(farRmem(), kSmallRmem);
}

void TestTuneFar::cleanupTestCase()
{
    m_sshd.reset();
    m_pair.reset();
}

// The far receive buffer moves while the tune goes and is back after it; the answer raises it (or
// the socket's buffer), unless the kernel's chronographs read "busy" and the tuner had nothing to
// try (tst_tune_lab): then a second tune.
void TestTuneFar::farReceiveBufferTunedAndRestored()
{
    QJsonObject answer;
    QSet<QString> seen;
    for (int attempt = 0; attempt < 2 && !seen.contains(QStringLiteral("changed")); ++attempt) {
        QProcess tune;
        startTune(tune, QStringLiteral("tune%1.db").arg(attempt));
        const QDeadlineTimer deadline(150000);
        while (tune.state() != QProcess::NotRunning && !deadline.hasExpired()) {
            tune.waitForFinished(50);
            if (farRmem() != kSmallRmem)
                seen << QStringLiteral("changed");
        }
        QVERIFY(tune.state() == QProcess::NotRunning || tune.waitForFinished(5000));
        const QByteArray log = tune.readAllStandardError();
        qInfo().noquote() << QString::fromUtf8(log);
        QVERIFY2(tune.exitStatus() == QProcess::NormalExit && tune.exitCode() == 0, log.constData());
        answer = QJsonDocument::fromJson(tune.readAllStandardOutput()).object();
        QCOMPARE(farRmem(), kSmallRmem);
    }
    QVERIFY2(seen.contains(QStringLiteral("changed")), "the far tcp_rmem never moved");
    QCOMPARE(answer.value(QStringLiteral("schema_version")).toInt(), 1);
    QSet<QString> changed;
    for (const QJsonValue &c : answer.value(QStringLiteral("changes")).toArray())
        changed << c.toObject().value(QStringLiteral("knob")).toString();
    QVERIFY2(changed.contains(kFarRmem) || changed.contains(QStringLiteral("socket.SO_RCVBUF")),
             QJsonDocument(answer).toJson().constData());
    // Only the far end was let change: no key of this end's in the answer.
    for (const QString &knob : changed)
        QVERIFY2(knob.startsWith(QLatin1String("remote:")) || knob.startsWith(QLatin1String("socket.")),
                 qPrintable(knob));
}

void TestTuneFar::killedTuneFarValueComesBack()
{
    QProcess tune;
    startTune(tune, QStringLiteral("killed.db"));
    const bool moved =
        QTest::qWaitFor([&] { return farRmem() != kSmallRmem || tune.state() != QProcess::Running; }, 120000);
    QVERIFY(moved);
    if (tune.state() != QProcess::Running)
        QSKIP("the tune ended before a far value was in place (its verdict had nothing to try)");
    ::kill(pid_t(tune.processId()), SIGKILL); // `ip netns exec` and env became tcptune itself
    tune.waitForFinished(5000);
    QTRY_COMPARE_WITH_TIMEOUT(farRmem(), kSmallRmem, 5000);
}

QTEST_GUILESS_MAIN(TestTuneFar)
#include "tst_tune_far.moc"

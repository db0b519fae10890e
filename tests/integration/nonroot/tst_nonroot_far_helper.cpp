// Far knobs need the far host's tcptune-helper (issue 12, point 6): a user other than root logs
// in over ssh, and its agent starts the helper with `sudo -n`. In the fixture of
// tests/support/nonroot_fixture.sh the test user logs in to an OpenSSH server in the server side
// of the test's own namespace pair (generated keys, nothing of the machine's ssh):
//   - with the fixture's sudoers line the far knob is set for the run and put back after it;
//   - without it, `sudo -n` refuses: one line that names the sudoers line to add on the far host
//     (not the workstation's advice of pkexec or running as root), within 10 s,
//     and nothing changed on either end (the far and the local knob, no helper left running, the
//     session's data port closed).

#include "command_runner.h"
#include "nonroot_user.h"
#include "scratch_namespace.h"
#include "ssh_server.h"

#include "experiment/store/result_store.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace tcptune;
using namespace tcptune::test;

class TestNonrootFarHelper final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void farKnobThroughSudo();
    void farHelperNotPermitted();

private:
    QString writeSpec() const;
    CommandResult sweep() const;
    QString autocorking(ScratchNamespace &netns) const;

    QTemporaryDir m_dir;
    QString m_user;
    std::unique_ptr<ScratchPair> m_pair;
    std::unique_ptr<SshServer> m_sshd;
    static constexpr int kSshPort = 2222;
};

void TestNonrootFarHelper::initTestCase()
{
    m_user = nonrootVariable("TCPTUNE_NONROOT_USER");
    QVERIFY2(!m_user.isEmpty(),
             "run me through tests/support/nonroot_fixture.sh (ctest does): it makes the user and the grants");
    QCOMPARE(::geteuid(), 0u);
    QVERIFY(m_dir.isValid());
    m_pair = std::make_unique<ScratchPair>(QStringLiteral("nrfar"), 15);
    QVERIFY2(m_pair->ok(), qPrintable(m_pair->error()));
    m_sshd = std::make_unique<SshServer>(m_pair->b().name(), m_pair->addressB(), kSshPort, m_user);
    const QString problem = m_sshd->start();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(autocorking(m_pair->b()), QStringLiteral("1")); // a new namespace has the kernel's default
    QCOMPARE(autocorking(m_pair->a()), QStringLiteral("1"));
}

void TestNonrootFarHelper::cleanupTestCase()
{
    grantToNonrootUser(QStringLiteral("sudo"), true);
    m_sshd.reset();
    m_pair.reset();
}

QString TestNonrootFarHelper::autocorking(ScratchNamespace &netns) const
{
    return netns.exec({QStringLiteral("cat"), QStringLiteral("/proc/sys/net/ipv4/tcp_autocorking")});
}

// One run of 2 s, the far end sending, with the far end's tcp_autocorking off.
QString TestNonrootFarHelper::writeSpec() const
{
    const QJsonObject spec{
        {QStringLiteral("version"), 1},
        {QStringLiteral("target"), m_sshd->target()},
        {QStringLiteral("knobs"), QJsonObject{{QStringLiteral("remote:net.ipv4.tcp_autocorking"), 0}}},
        {QStringLiteral("workload"), QJsonObject{{QStringLiteral("type"), QStringLiteral("bulk")},
                                                 {QStringLiteral("direction"), QStringLiteral("down")}}},
        {QStringLiteral("duration_s"), 2},
        {QStringLiteral("sample_ms"), 100}};
    const QString path = m_dir.filePath(QStringLiteral("far.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(spec).toJson()) <= 0)
        return {};
    return path;
}

// `tcptune sweep` of that spec from the client side, as root there; the far agent runs as the
// test user.
CommandResult TestNonrootFarHelper::sweep() const
{
    const QString spec = writeSpec();
    if (spec.isEmpty())
        return {};
    return runCommand(QStringLiteral("ip"),
                      tcptuneOverSsh(m_pair->a().name(), {QStringLiteral("sweep"), spec, QStringLiteral("--ssh-config"),
                                                          m_sshd->clientConfig(), QStringLiteral("--db"),
                                                          m_dir.filePath(QStringLiteral("results.db"))}),
                      60000);
}

// The fixture's sudoers line lets the user's agent start the helper: the knob was set there for
// the run (the store's far snapshot after it) and is back now.
void TestNonrootFarHelper::farKnobThroughSudo()
{
    const QString problem = grantToNonrootUser(QStringLiteral("sudo"), true);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const CommandResult r = sweep();
    QVERIFY2(r.exitCode == 0, r.err.right(3000).constData());
    ResultStore store;
    QVERIFY(store.open(m_dir.filePath(QStringLiteral("results.db"))));
    auto runs = store.runs(store.experiments()->first().id);
    QVERIFY(runs && runs->size() == 1);
    QCOMPARE(runs->first().status, RunStatus::Ok);
    QCOMPARE(store.knobSnapshot(runs->first().id, QStringLiteral("remote"), QStringLiteral("after"))
                 ->value(QStringLiteral("net.ipv4.tcp_autocorking")),
             QStringLiteral("0"));
    QCOMPARE(autocorking(m_pair->b()), QStringLiteral("1"));
    QTRY_VERIFY_WITH_TIMEOUT(!tcptuneProcesses().contains(QStringLiteral("root tcptune-helper")), 5000);
}

void TestNonrootFarHelper::farHelperNotPermitted()
{
    const QString problem = grantToNonrootUser(QStringLiteral("sudo"), false);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QElapsedTimer clock;
    clock.start();
    const CommandResult r = sweep();
    const qint64 elapsed = clock.elapsed();
    QVERIFY2(r.exitCode != 0, r.out.constData());
    QVERIFY2(elapsed < 10000, qPrintable(QString::number(elapsed)));
    QStringList lines;
    for (const QString &line : QString::fromUtf8(r.err).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (!line.startsWith(QLatin1String("Connecting to")))
            lines << line;
    // The line to add, exactly as the fixture's drop-in has it.
    const QString sudoers =
        QStringLiteral("%1 ALL=(root) NOPASSWD: %2").arg(m_user, binary(QStringLiteral("tcptune-helper")));
    QVERIFY2(lines.size() == 1 && lines.front().contains(sudoers), r.err.constData());
    // The far host's advice only: the workstation's ways (pkexec, running tcptune as root) do not
    // start a helper over there.
    QVERIFY2(!lines.front().contains(QLatin1String("pkexec")) &&
                 !lines.front().contains(QLatin1String("run tcptune as root")),
             r.err.constData());
    QCOMPARE(autocorking(m_pair->b()), QStringLiteral("1"));
    QCOMPARE(autocorking(m_pair->a()), QStringLiteral("1"));
    QVERIFY2(!tcptuneProcesses().contains(QStringLiteral("root tcptune-helper")),
             qPrintable(tcptuneProcesses().join(u", ")));
    QTRY_COMPARE_WITH_TIMEOUT(m_sshd->listeningPorts(), QStringList{QString::number(kSshPort)}, 2000);
}

QTEST_GUILESS_MAIN(TestNonrootFarHelper)
#include "tst_nonroot_far_helper.moc"

// `tcptune knobs set ... -- COMMAND` and `tcptune knobs restore` as a user runs them: the
// acceptance commands of issue 3 in the host namespace (always restored), the same inside a
// scratch namespace, COMMAND's exit status passed through, bad input refused with a message,
// and a SIGKILL of tcptune restoring the knobs within 2 s.

#include "command_runner.h"
#include "helper_pipe.h"
#include "scratch_namespace.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace tcptune::test;

namespace {

QString procPath(const QString &key)
{
    return QStringLiteral("/proc/sys/") + QString(key).replace(QLatin1Char('.'), QLatin1Char('/'));
}

QString hostValue(const QString &key)
{
    QFile f(procPath(key));
    return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readAll()).simplified() : QString();
}

QString valueIn(const ScratchNamespace &ns, const QString &key)
{
    return ns.exec({QStringLiteral("cat"), procPath(key)}).simplified();
}

const QString kCork = QStringLiteral("net.ipv4.tcp_autocorking");
const QString kTsq = QStringLiteral("net.ipv4.tcp_limit_output_bytes");

} // namespace

class TestKnobsSetCommand final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void cleanupTestCase();
    void acceptanceAutocorkingOnTheHost();
    void setsInsideNamespace();
    void passesTheExitStatusThrough_data();
    void passesTheExitStatusThrough();
    void refusesBadInput_data();
    void refusesBadInput();
    void killNineRestoresWithinTwoSeconds_data();
    void killNineRestoresWithinTwoSeconds();
    void restoreRollsBackAKilledHelper();
    void forceConfirmsACoreFeatureOff();

private:
    std::unique_ptr<ScratchNamespace> m_ns;
    QString m_journalDir;
    QString m_hostCork;
    QString m_hostTsq;
};

void TestKnobsSetCommand::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root: the helper starts directly only for root");
    m_journalDir = testJournalDir(QStringLiteral("knobs-set"));
    m_ns = std::make_unique<ScratchNamespace>(QStringLiteral("helper4"));
    QVERIFY2(m_ns->ok(), qPrintable(m_ns->error()));
}

void TestKnobsSetCommand::init()
{
    m_hostCork = hostValue(kCork);
    m_hostTsq = hostValue(kTsq);
}

void TestKnobsSetCommand::cleanup()
{
    // A failed test must not leave the host changed: the journal has what to undo.
    if (hostValue(kCork) != m_hostCork || hostValue(kTsq) != m_hostTsq)
        runTcptune({QStringLiteral("knobs"), QStringLiteral("restore")}, 30000);
    QCOMPARE(hostValue(kCork), m_hostCork);
    QCOMPARE(hostValue(kTsq), m_hostTsq);
}

void TestKnobsSetCommand::cleanupTestCase()
{
    m_ns.reset();
    if (!m_journalDir.isEmpty())
        QDir(m_journalDir).removeRecursively();
}

void TestKnobsSetCommand::acceptanceAutocorkingOnTheHost()
{
    const CommandResult r =
        runTcptune({QStringLiteral("knobs"), QStringLiteral("set"), QStringLiteral("net.ipv4.tcp_autocorking=0"),
                    QStringLiteral("--"), QStringLiteral("cat"), QStringLiteral("/proc/sys/net/ipv4/tcp_autocorking")},
                   30000);
    QVERIFY(!r.timedOut);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("0\n"));
    QCOMPARE(hostValue(kCork), m_hostCork);
    if (m_hostCork != QLatin1String("0"))
        QVERIFY2(r.err.contains("restored net.ipv4.tcp_autocorking"), r.err.constData());
}

void TestKnobsSetCommand::setsInsideNamespace()
{
    const QString cork = valueIn(*m_ns, kCork);
    const QString cc = valueIn(*m_ns, QStringLiteral("net.ipv4.tcp_congestion_control"));
    const QString otherCc = cc == QLatin1String("reno") ? QStringLiteral("cubic") : QStringLiteral("reno");
    const CommandResult r =
        runTcptune({QStringLiteral("knobs"), QStringLiteral("set"), QStringLiteral("net.ipv4.tcp_autocorking=0"),
                    QStringLiteral("net.ipv4.tcp_congestion_control=") + otherCc, QStringLiteral("--netns"),
                    m_ns->name(), QStringLiteral("--"), QStringLiteral("ip"), QStringLiteral("netns"),
                    QStringLiteral("exec"), m_ns->name(), QStringLiteral("sysctl"), QStringLiteral("-n"),
                    QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("net.ipv4.tcp_congestion_control")},
                   30000);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts),
             (QStringList{QStringLiteral("0"), otherCc}));
    QCOMPARE(valueIn(*m_ns, kCork), cork);
    QCOMPARE(valueIn(*m_ns, QStringLiteral("net.ipv4.tcp_congestion_control")), cc);
}

void TestKnobsSetCommand::passesTheExitStatusThrough_data()
{
    QTest::addColumn<QStringList>("command");
    QTest::addColumn<int>("status");
    QTest::addRow("success") << QStringList{QStringLiteral("true")} << 0;
    QTest::addRow("failure") << QStringList{QStringLiteral("false")} << 1;
    QTest::addRow("exit 7") << QStringList{QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("exit 7")} << 7;
    QTest::addRow("killed by a signal") << QStringList{QStringLiteral("sh"), QStringLiteral("-c"),
                                                       QStringLiteral("kill -TERM $$")}
                                        << 128 + 15;
    QTest::addRow("missing command") << QStringList{QStringLiteral("/nonexistent/command")} << 127;
}

void TestKnobsSetCommand::passesTheExitStatusThrough()
{
    QFETCH(QStringList, command);
    QFETCH(int, status);
    const QString cork = valueIn(*m_ns, kCork);
    const CommandResult r = runTcptune(QStringList{QStringLiteral("knobs"), QStringLiteral("set"),
                                                   QStringLiteral("net.ipv4.tcp_autocorking=0"),
                                                   QStringLiteral("--netns"), m_ns->name(), QStringLiteral("--")} +
                                           command,
                                       30000);
    QVERIFY(!r.crashed);
    QCOMPARE(r.exitCode, status);
    QCOMPARE(valueIn(*m_ns, kCork), cork);
}

void TestKnobsSetCommand::refusesBadInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expectedWords");
    const QString ns = QStringLiteral("tcptune-t-helper4");
    auto set = [](const QString &assignment) {
        return QStringList{QStringLiteral("knobs"), QStringLiteral("set"), assignment, QStringLiteral("--"),
                           QStringLiteral("true")};
    };
    QTest::addRow("unknown key") << set(QStringLiteral("net.ipv4.tcp_nothing=1")) << QStringLiteral("Unknown knob");
    QTest::addRow("key with ..") << set(QStringLiteral("net.ipv4..tcp_sack=1")) << QStringLiteral("not a knob name");
    QTest::addRow("key with /") << set(QStringLiteral("net/ipv4/tcp_sack=1")) << QStringLiteral("not a knob name");
    QTest::addRow("key with space") << set(QStringLiteral("net.ipv4.tcp sack=1")) << QStringLiteral("not a knob name");
    QTest::addRow("key with NUL-like control")
        << set(QStringLiteral("net.ipv4.tcp_sack\u0001=1")) << QStringLiteral("not a knob name");
    QTest::addRow("out of range") << set(QStringLiteral("net.ipv4.tcp_ecn=3")) << QStringLiteral("maximum");
    QTest::addRow("window scaling off on the host")
        << set(QStringLiteral("net.ipv4.tcp_window_scaling=0")) << QStringLiteral("--force");
    QTest::addRow("host-wide buffer default 2G")
        << set(QStringLiteral("net.core.rmem_default=2G")) << QStringLiteral("maximum");
    QTest::addRow("wrong type") << set(QStringLiteral("net.ipv4.tcp_limit_output_bytes=plenty"))
                                << QStringLiteral("not a number");
    QTest::addRow("congestion not offered")
        << set(QStringLiteral("net.ipv4.tcp_congestion_control=no_such_cc")) << QStringLiteral("not offered");
    QTest::addRow("global in namespace") << QStringList{QStringLiteral("knobs"),
                                                        QStringLiteral("set"),
                                                        QStringLiteral("net.core.wmem_max=1M"),
                                                        QStringLiteral("--netns"),
                                                        ns,
                                                        QStringLiteral("--"),
                                                        QStringLiteral("true")}
                                         << QStringLiteral("global");
    QTest::addRow("foreign namespace")
        << QStringList{QStringLiteral("knobs"),   QStringLiteral("set"),     QStringLiteral("net.ipv4.tcp_sack=1"),
                       QStringLiteral("--netns"), QStringLiteral("default"), QStringLiteral("--"),
                       QStringLiteral("true")}
        << QStringLiteral("tcptune-");
    QTest::addRow("no command") << QStringList{QStringLiteral("knobs"), QStringLiteral("set"),
                                               QStringLiteral("net.ipv4.tcp_sack=1")}
                                << QStringLiteral("after '--'");
    QTest::addRow("no assignment") << QStringList{QStringLiteral("knobs"), QStringLiteral("set"), QStringLiteral("--"),
                                                  QStringLiteral("true")}
                                   << QStringLiteral("KEY=VALUE");
    QTest::addRow("not an assignment") << QStringList{QStringLiteral("knobs"), QStringLiteral("set"),
                                                      QStringLiteral("net.ipv4.tcp_sack"), QStringLiteral("--"),
                                                      QStringLiteral("true")}
                                       << QStringLiteral("not KEY=VALUE");
    QTest::addRow("unknown option") << QStringList{QStringLiteral("knobs"),  QStringLiteral("set"),
                                                   QStringLiteral("--frob"), QStringLiteral("net.ipv4.tcp_sack=1"),
                                                   QStringLiteral("--"),     QStringLiteral("true")}
                                    << QStringLiteral("Unknown option");
    QTest::addRow("restore with argument")
        << QStringList{QStringLiteral("knobs"), QStringLiteral("restore"), QStringLiteral("now")}
        << QStringLiteral("Unknown argument");
    QTest::addRow("restore journal outside /run/tcptune")
        << QStringList{QStringLiteral("knobs"), QStringLiteral("restore"), QStringLiteral("--journal-dir"),
                       QStringLiteral("/tmp")}
        << QStringLiteral("/run/tcptune");
}

void TestKnobsSetCommand::refusesBadInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expectedWords);
    const CommandResult r = runTcptune(args, 30000);
    QVERIFY(!r.crashed);
    QVERIFY(r.exitCode != 0);
    QVERIFY2(QString::fromUtf8(r.err).contains(expectedWords), r.err.constData());
    QVERIFY(r.out.isEmpty()); // the command did not run
}

void TestKnobsSetCommand::killNineRestoresWithinTwoSeconds_data()
{
    QTest::addColumn<bool>("host");
    QTest::addRow("host (acceptance)") << true;
    QTest::addRow("namespace") << false;
}

void TestKnobsSetCommand::killNineRestoresWithinTwoSeconds()
{
    QFETCH(bool, host);
    const auto current = [&] { return host ? hostValue(kTsq) : valueIn(*m_ns, kTsq); };
    const QString before = current();
    if (before == QLatin1String("262144"))
        QSKIP("tcp_limit_output_bytes is already 262144 here; the change would not show");
    QStringList args{QStringLiteral("knobs"), QStringLiteral("set"),
                     QStringLiteral("net.ipv4.tcp_limit_output_bytes=262144")};
    if (!host)
        args << QStringLiteral("--netns") << m_ns->name();
    args << QStringLiteral("--") << QStringLiteral("sleep") << QStringLiteral("30");
    QProcess tcptune;
    tcptune.start(binary(QStringLiteral("tcptune")), args);
    QVERIFY(tcptune.waitForStarted(5000));
    QTRY_COMPARE_WITH_TIMEOUT(current(), QStringLiteral("262144"), 15000);
    tcptune.kill(); // SIGKILL: tcptune cannot restore anything itself
    QVERIFY(tcptune.waitForFinished(5000));
    QTRY_COMPARE_WITH_TIMEOUT(current(), before, 2000);
}

void TestKnobsSetCommand::restoreRollsBackAKilledHelper()
{
    const QString cork = valueIn(*m_ns, kCork);
    const QString changed = cork == QLatin1String("1") ? QStringLiteral("0") : QStringLiteral("1");
    {
        // A journal folder of its own, so no other helper on this machine recovers it first.
        HelperPipe helper({QStringLiteral("--journal-dir"), m_journalDir});
        QVERIFY(helper.started());
        const QJsonObject reply = helper.call(QStringLiteral("set"), {{QStringLiteral("key"), kCork},
                                                                      {QStringLiteral("value"), changed},
                                                                      {QStringLiteral("netns"), m_ns->name()}});
        QVERIFY2(reply.value(QStringLiteral("ok")).toBool(), QJsonDocument(reply).toJson().constData());
        helper.process().kill();
        QVERIFY(helper.process().waitForFinished(5000));
    }
    QCOMPARE(valueIn(*m_ns, kCork), changed);
    const CommandResult r = runTcptune(
        {QStringLiteral("knobs"), QStringLiteral("restore"), QStringLiteral("--journal-dir"), m_journalDir}, 30000);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(
        QString::fromUtf8(r.out).contains(QStringLiteral("restored net.ipv4.tcp_autocorking (%1)").arg(m_ns->name())),
        r.out.constData());
    QCOMPARE(valueIn(*m_ns, kCork), cork);
    const CommandResult again = runTcptune(
        {QStringLiteral("knobs"), QStringLiteral("restore"), QStringLiteral("--journal-dir"), m_journalDir}, 30000);
    QCOMPARE(again.exitCode, 0);
    QVERIFY(!again.out.contains(m_ns->name().toUtf8()));
}

void TestKnobsSetCommand::forceConfirmsACoreFeatureOff()
{
    const QString sack = QStringLiteral("net.ipv4.tcp_sack");
    const QString before = hostValue(sack);
    if (before != QLatin1String("1"))
        QSKIP("SACK is already off on this host");
    const CommandResult r =
        runTcptune({QStringLiteral("knobs"), QStringLiteral("set"), QStringLiteral("net.ipv4.tcp_sack=0"),
                    QStringLiteral("--force"), QStringLiteral("--"), QStringLiteral("cat"), procPath(sack)},
                   30000);
    QCOMPARE(hostValue(sack), before);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(QString::fromLatin1(r.out).trimmed(), QStringLiteral("0")); // off while the command ran
    QVERIFY2(r.err.contains("restored net.ipv4.tcp_sack"), r.err.constData());
}

QTEST_GUILESS_MAIN(TestKnobsSetCommand)
#include "tst_knobs_set_command.moc"

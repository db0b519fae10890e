// A normal user reaches tcptune-helper without being root, the two ways a desktop offers, in the
// fixture of tests/support/nonroot_fixture.sh (private system bus and polkitd, a test user, a
// polkit grant and a sudoers drop-in for the helper only, all gone when the test ends):
//   - sudo: `tcptune knobs set KEY=VALUE --netns NS -- CMD` as the user, with only the sudoers
//     drop-in granting the helper, changes the knob in the namespace while CMD runs and restores
//     it afterwards;
//   - pkexec: HelperClient started by the user with Launch::Pkexec, with only the polkit rule
//     granting org.tcptune.helper, starts the helper and reads a knob inside the namespace;
//   - neither: the same `knobs set` is refused with a message naming both ways, and the knob is
//     left as it was.
// The user side of the pkexec case is this executable itself: `tst_nonroot_helper --pkexec-get
// KEY NETNS` (run through runuser) prints the launch method and the value.

#include "command_runner.h"
#include "test_paths.h"
#include "helper/helper_client.h"
#include "nonroot_user.h"
#include "scratch_namespace.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTest>
#include <QThread>

#include <cstdio>
#include <unistd.h>

using namespace tcptune;
using namespace tcptune::test;
using namespace Qt::StringLiterals;

namespace {

constexpr auto kKnob = "net.ipv4.tcp_autocorking";

// The user side of the pkexec case.
int pkexecGet(const QString &key, const QString &netns)
{
    HelperStartOptions options;
    options.launch = HelperStartOptions::Launch::Pkexec;
    options.helperPath = binPath(QStringLiteral("tcptune-helper"));
    options.startTimeoutMs = 20000;
    auto client = HelperClient::start(options);
    if (!client) {
        std::fprintf(stderr, "%s\n", qPrintable(client.error().message));
        return 1;
    }
    auto value = (*client)->get(key, netns);
    if (!value) {
        std::fprintf(stderr, "%s\n", qPrintable(value.error().message));
        return 1;
    }
    std::printf("%s %s uid=%d\n", qPrintable((*client)->launchMethod()), qPrintable(*value), int(::getuid()));
    return 0;
}

} // namespace

class TestNonrootHelper final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void sudoKnobsSetChangesAndRestoresANamespaceKnob();
    void pkexecStartsTheHelper();
    void refusedWithoutAGrant();
    void cleanupTestCase();

private:
    static void grant(const char *what, bool on);
    static QString knobIn(const ScratchNamespace &ns);
    static QString otherValue(const QString &value) { return value == QLatin1String("1") ? u"0"_s : u"1"_s; }
};

void TestNonrootHelper::initTestCase()
{
    QVERIFY2(!nonrootVariable("TCPTUNE_NONROOT_USER").isEmpty(),
             "run me through tests/support/nonroot_fixture.sh (ctest does): it makes the user and the grants");
    QCOMPARE(::geteuid(), 0u);
    const CommandResult id =
        runCommand(QStringLiteral("runuser"), asNonrootUser({QStringLiteral("id"), QStringLiteral("-u")}));
    QCOMPARE(id.exitCode, 0);
    QVERIFY2(id.out.trimmed() != "0", "the test user must not be root");
}

void TestNonrootHelper::grant(const char *what, bool on)
{
    const QString problem = grantToNonrootUser(QLatin1String(what), on);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

QString TestNonrootHelper::knobIn(const ScratchNamespace &ns)
{
    return ns.exec({QStringLiteral("cat"), QStringLiteral("/proc/sys/net/ipv4/tcp_autocorking")});
}

void TestNonrootHelper::sudoKnobsSetChangesAndRestoresANamespaceKnob()
{
    grant("polkit", false); // pkexec is refused, so only sudo -n can start the helper
    grant("sudo", true);
    ScratchNamespace ns(QStringLiteral("nonroot-sudo"));
    QVERIFY2(ns.ok(), qPrintable(ns.error()));
    const QString before = knobIn(ns);
    const QString wanted = otherValue(before);

    // COMMAND says it runs, then waits (at most 30 s) until the test has looked at the knob.
    const QString home = nonrootVariable("TCPTUNE_NONROOT_HOME");
    QFile::remove(home + u"/started"_s);
    QFile::remove(home + u"/checked"_s);
    const QString waiter = QStringLiteral("touch started; i=0; while [ ! -e checked ] && [ $i -lt 300 ]; do sleep 0.1; "
                                          "i=$((i+1)); done");
    QProcess knobsSet;
    knobsSet.setWorkingDirectory(home);
    knobsSet.start(
        QStringLiteral("runuser"),
        asNonrootUser({binPath(QStringLiteral("tcptune")), QStringLiteral("knobs"), QStringLiteral("set"),
                       QLatin1String(kKnob) + QLatin1Char('=') + wanted, QStringLiteral("--netns"), ns.name(),
                       QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"), waiter}));
    QElapsedTimer waited;
    waited.start();
    while (!QFile::exists(home + u"/started"_s) && knobsSet.state() != QProcess::NotRunning && waited.elapsed() < 30000)
        knobsSet.waitForFinished(100);
    QVERIFY2(QFile::exists(home + u"/started"_s), knobsSet.readAllStandardError().constData());
    QCOMPARE(knobIn(ns), wanted);
    QFile checked(home + u"/checked"_s);
    QVERIFY(checked.open(QIODevice::WriteOnly));
    checked.close();
    QVERIFY(knobsSet.waitForFinished(30000));
    const QByteArray err = knobsSet.readAllStandardError();
    QVERIFY2(knobsSet.exitStatus() == QProcess::NormalExit && knobsSet.exitCode() == 0, err.constData());
    QCOMPARE(knobIn(ns), before);
    QVERIFY2(err.contains("restored"), err.constData());
}

void TestNonrootHelper::pkexecStartsTheHelper()
{
    grant("sudo", false); // only pkexec can start the helper
    grant("polkit", true);
    ScratchNamespace ns(QStringLiteral("nonroot-pkexec"));
    QVERIFY2(ns.ok(), qPrintable(ns.error()));
    const CommandResult r = runCommand(QStringLiteral("runuser"),
                                       asNonrootUser({QCoreApplication::applicationFilePath(),
                                                      QStringLiteral("--pkexec-get"), QLatin1String(kKnob), ns.name()}),
                                       60000);
    QVERIFY2(r.exitCode == 0, QByteArray(r.out + r.err).constData());
    const QList<QByteArray> words = r.out.trimmed().split(' ');
    QCOMPARE(words.size(), 3);
    QCOMPARE(words[0], QByteArray("pkexec"));
    QCOMPARE(QString::fromUtf8(words[1]), knobIn(ns));
    QVERIFY(words[2] != "uid=0");
}

void TestNonrootHelper::refusedWithoutAGrant()
{
    grant("polkit", false);
    grant("sudo", false);
    ScratchNamespace ns(QStringLiteral("nonroot-none"));
    QVERIFY2(ns.ok(), qPrintable(ns.error()));
    const QString before = knobIn(ns);
    const CommandResult r =
        runCommand(QStringLiteral("runuser"),
                   asNonrootUser({binPath(QStringLiteral("tcptune")), QStringLiteral("knobs"), QStringLiteral("set"),
                                  QLatin1String(kKnob) + QLatin1Char('=') + otherValue(before),
                                  QStringLiteral("--netns"), ns.name(), QStringLiteral("--"), QStringLiteral("true")}),
                   60000);
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("pkexec") && r.err.contains("sudo"), r.err.constData());
    QCOMPARE(knobIn(ns), before);
}

void TestNonrootHelper::cleanupTestCase()
{
    grant("polkit", true);
    grant("sudo", true);
}

int main(int argc, char **argv)
{
    if (argc == 4 && qstrcmp(argv[1], "--pkexec-get") == 0) {
        QCoreApplication app(argc, argv);
        return pkexecGet(QString::fromLocal8Bit(argv[2]), QString::fromLocal8Bit(argv[3]));
    }
    QCoreApplication app(argc, argv);
    TestNonrootHelper test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_nonroot_helper.moc"

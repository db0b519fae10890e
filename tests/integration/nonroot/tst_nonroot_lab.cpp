// Only the helper is privileged (docs/privileges.md): in the fixture of
// tests/support/nonroot_fixture.sh, the test user, whom only the polkit grant lets start
// tcptune-helper (through pkexec), runs traffic in the lab:
//   - `tcptune run` in a lab of its own succeeds, with cubic (which a user may not set itself),
//     and while it runs `ps` shows nothing of tcptune as root but tcptune-helper;
//   - `tcptune sweep` of preset 5 (story 5, the send window) succeeds;
//   - the workbench's run test (tst_workbench_run, offscreen) succeeds as the user;
//   - with the grant removed, the same run is refused with a message that says what would let
//     it, and no lab is made.

#include "command_runner.h"
#include "nonroot_user.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <unistd.h>

using namespace tcptune::test;

namespace {

QString tcptuneBinary()
{
    return QStringLiteral(TCPTUNE_BIN_DIR "/tcptune");
}

QString netnsList()
{
    return QString::fromUtf8(runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("list")}).out);
}

} // namespace

class TestNonrootLab final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void runInTheLabAsTheUser();
    void sweepOfPresetFive();
    void workbenchRunAsTheUser();
    void refusedWithoutTheGrant();
    void cleanupTestCase();

private:
    QString m_user;
};

void TestNonrootLab::initTestCase()
{
    m_user = nonrootVariable("TCPTUNE_NONROOT_USER");
    QVERIFY2(!m_user.isEmpty(),
             "run me through tests/support/nonroot_fixture.sh (ctest does): it makes the user and the grants");
    QCOMPARE(::geteuid(), 0u);
    const QString problem = grantPkexecOnly();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestNonrootLab::runInTheLabAsTheUser()
{
    QProcess run;
    run.setWorkingDirectory(nonrootVariable("TCPTUNE_NONROOT_HOME"));
    run.start(QStringLiteral("runuser"),
              asNonrootUser({tcptuneBinary(), QStringLiteral("run"), QStringLiteral("--lab"), QStringLiteral("t-nr1"),
                             QStringLiteral("--duration"), QStringLiteral("3"), QStringLiteral("--streams"),
                             QStringLiteral("2"), QStringLiteral("--cc"), QStringLiteral("cubic"),
                             QStringLiteral("--json")}));
    // Watch ps for the whole run (bounded: 120 s): who runs what.
    const QStringList all = tcptuneProcessesWhileRunning(run, 120000);
    QCOMPARE(run.state(), QProcess::NotRunning);
    const QByteArray err = run.readAllStandardError();
    QVERIFY2(run.exitStatus() == QProcess::NormalExit && run.exitCode() == 0, err.constData());

    const QJsonObject result = QJsonDocument::fromJson(run.readAllStandardOutput()).object();
    const QByteArray shown = QJsonDocument(result).toJson().left(2000);
    QVERIFY2(result.value(QStringLiteral("receiver_bytes")).toDouble() > 0, shown.constData());
    QCOMPARE(result.value(QStringLiteral("congestion_control")).toString(), QStringLiteral("cubic"));

    QVERIFY2(all.contains(m_user.left(32) + QStringLiteral(" tcptune")), qPrintable(all.join(u", ")));
    QVERIFY2(all.contains(QStringLiteral("root tcptune-helper")), qPrintable(all.join(u", ")));
    QVERIFY2(rootButTheHelper(all).isEmpty(),
             qPrintable(
                 QStringLiteral("runs as root: %1 (all: %2)").arg(rootButTheHelper(all).join(u", "), all.join(u", "))));
}

void TestNonrootLab::sweepOfPresetFive()
{
    const QString home = nonrootVariable("TCPTUNE_NONROOT_HOME");
    const CommandResult r =
        runCommand(QStringLiteral("runuser"),
                   asNonrootUser({tcptuneBinary(), QStringLiteral("sweep"), QStringLiteral("5"),
                                  QStringLiteral("--lab"), QStringLiteral("t-nr2"), QStringLiteral("--duration"),
                                  QStringLiteral("1"), QStringLiteral("--db"), home + QStringLiteral("/results.db"),
                                  QStringLiteral("--json"), QStringLiteral("--lab-down")}),
                   240000);
    QVERIFY2(r.exitCode == 0, QByteArray(r.out.right(2000) + r.err.right(3000)).constData());
    const QJsonDocument doc = QJsonDocument::fromJson(r.out);
    QVERIFY2(!doc.isNull(), r.out.left(2000).constData());
    // Eight send-window values, each measured.
    const QByteArray json = doc.toJson(QJsonDocument::Compact);
    QVERIFY2(!json.contains("\"failed\""), json.left(3000).constData());
    QVERIFY2(json.contains("4M") || json.contains("4194304"), json.left(3000).constData());
}

void TestNonrootLab::workbenchRunAsTheUser()
{
    const CommandResult r = runCommand(
        QStringLiteral("runuser"),
        asNonrootUser(
            {QStringLiteral(TCPTUNE_BIN_DIR "/tst_workbench_run"), QStringLiteral("runFromPanelsFillsCharts")},
            {QStringLiteral("QT_QPA_PLATFORM=offscreen"), QStringLiteral("TCPTUNE_TEST_HELPER_GRANTED=1")}),
        180000);
    QVERIFY2(r.exitCode == 0, QByteArray(r.out.right(3000) + r.err.right(2000)).constData());
    QVERIFY2(r.out.contains("PASS   : TestWorkbenchRun::runFromPanelsFillsCharts"), r.out.right(3000).constData());
    QVERIFY2(!r.out.contains("SKIP"), r.out.right(3000).constData());
}

void TestNonrootLab::refusedWithoutTheGrant()
{
    const QString problem = grantToNonrootUser(QStringLiteral("polkit"), false);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const QString before = netnsList();
    const CommandResult r =
        runCommand(QStringLiteral("runuser"),
                   asNonrootUser({tcptuneBinary(), QStringLiteral("run"), QStringLiteral("--lab"),
                                  QStringLiteral("t-nr3"), QStringLiteral("--duration"), QStringLiteral("1")}),
                   60000);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("tcptune-helper") && r.err.contains("pkexec"), r.err.constData());
    QCOMPARE(netnsList(), before);
    QVERIFY(!netnsList().contains(QStringLiteral("tcptune-t-nr3-")));
}

void TestNonrootLab::cleanupTestCase()
{
    grantToNonrootUser(QStringLiteral("polkit"), true);
    grantToNonrootUser(QStringLiteral("sudo"), true);
    // The fixture's namespaces vanish with it; take the labs down properly all the same.
    for (const char *lab : {"t-nr1", "t-nr2", "t-gui1"})
        runCommand(tcptuneBinary(),
                   {QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), QLatin1String(lab)},
                   60000);
}

QTEST_GUILESS_MAIN(TestNonrootLab)
#include "tst_nonroot_lab.moc"

// Only the helper is privileged (docs/privileges.md): in the fixture of
// tests/support/nonroot_fixture.sh, the test user, whom only the polkit grant lets start
// tcptune-helper (through pkexec), runs traffic in the lab:
//   - `tcptune run` in a lab of its own succeeds, with cubic (which a user may not set itself),
//     and while it runs `ps` shows nothing of tcptune as root but tcptune-helper;
//   - `tcptune sweep` of preset 5 (story 5, the far end's send window) succeeds, the far sender
//     (the lab's agent, as the user) using cubic and the swept buffers, which tcptune-helper sets
//     on the sockets it accepted, and the RTT at 1 MiB is at least 3x that at 64 KiB;
//   - a far send buffer above net.core.wmem_max gets through (the helper forces it);
//   - the workbench's run test (tst_workbench_run, offscreen) succeeds as the user;
//   - with the grant removed, the same run is refused with a message that says what would let
//     it, and no lab is made.

#include "command_runner.h"
#include "test_paths.h"
#include "nonroot_user.h"
#include "send_window_bloat.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <algorithm>

#include <unistd.h>

using namespace tcptune::test;

namespace {

QString tcptuneBinary()
{
    return binPath(QStringLiteral("tcptune"));
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
    void farSendBufferAboveWmemMax();
    void latencyUnderLoadAsTheUser();
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

namespace {

// The sweep's results.json and Markdown table: what `tcptune sweep` wrote and printed.
struct SweepOutput {
    QJsonArray points;
    QStringList rows; // the table's first column, header first
};

SweepOutput readSweepOutput(const QString &outDir, const QByteArray &printed)
{
    SweepOutput out;
    QFile json(outDir + QStringLiteral("/results.json"));
    if (json.open(QIODevice::ReadOnly))
        out.points = QJsonDocument::fromJson(json.readAll()).object().value(QStringLiteral("points")).toArray();
    for (const QString &line : QString::fromUtf8(printed).split(QLatin1Char('\n')))
        if (line.startsWith(QStringLiteral("| ")))
            out.rows << line.section(QLatin1Char('|'), 1, 1).trimmed();
    return out;
}

// Whether RUN's sending end was the lab's far end (its end record "remote" says "sender").
bool farEndSent(const QJsonObject &run)
{
    for (const QJsonValue &v : run.value(QStringLiteral("ends")).toArray())
        if (v.toObject().value(QStringLiteral("end")).toString() == QLatin1String("remote"))
            return v.toObject().value(QStringLiteral("sender")).toBool();
    return false;
}

// The host's limits that the lab's far sender must not change (it asks tcptune-helper instead).
QStringList hostLimits()
{
    QStringList values;
    for (const char *path : {"/proc/sys/net/ipv4/tcp_allowed_congestion_control",
                             "/proc/sys/net/ipv4/tcp_congestion_control", "/proc/sys/net/core/wmem_max"}) {
        QFile f(QString::fromLatin1(path));
        values << (f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()).trimmed() : QString());
    }
    return values;
}

// A swept buffer's value in bytes: "64K", "1M" or plain bytes.
double bytesOf(const QString &value)
{
    const QString v = value.trimmed().toUpper();
    const double scale = v.endsWith(QLatin1Char('K')) ? 1024.0 : v.endsWith(QLatin1Char('M')) ? 1048576.0 : 1.0;
    return (scale > 1 ? v.chopped(1) : v).toDouble() * scale;
}

} // namespace

// The shipped preset 5 as the user runs it: the lab's far end (the agent, as the user) sends with
// cubic, which the user may not choose, and its SO_SNDBUF is swept: the helper sets both on the
// sockets the agent accepted. The row label names the far end, every run was sent from there
// with cubic and the swept buffer, the 1 MiB window fills the queue (RTT >= 3x 64 KiB's), and
// nothing of the host is left changed.
void TestNonrootLab::sweepOfPresetFive()
{
    const QString home = nonrootVariable("TCPTUNE_NONROOT_HOME");
    const QString outDir = home + QStringLiteral("/preset5");
    const QStringList limitsBefore = hostLimits();
    const CommandResult r =
        runCommand(QStringLiteral("runuser"),
                   asNonrootUser({tcptuneBinary(), QStringLiteral("sweep"), QStringLiteral("5"),
                                  QStringLiteral("--lab"), QStringLiteral("t-nr2"), QStringLiteral("--duration"),
                                  QStringLiteral("2"), QStringLiteral("--db"), home + QStringLiteral("/results.db"),
                                  QStringLiteral("--out"), outDir, QStringLiteral("--lab-down")}),
                   240000);
    QVERIFY2(r.exitCode == 0, QByteArray(r.out.right(2000) + r.err.right(3000)).constData());
    qInfo().noquote() << QString::fromUtf8(r.out);
    const SweepOutput out = readSweepOutput(outDir, r.out);
    QCOMPARE(out.rows, (QStringList{QStringLiteral("socket.SO_SNDBUF (far end)"), QStringLiteral("64 KiB"),
                                    QStringLiteral("128 KiB"), QStringLiteral("256 KiB"), QStringLiteral("384 KiB"),
                                    QStringLiteral("512 KiB"), QStringLiteral("1 MiB"), QStringLiteral("2 MiB"),
                                    QStringLiteral("4 MiB")}));
    QCOMPARE(out.points.size(), 8);
    for (const QJsonValue &v : out.points) {
        const QJsonObject point = v.toObject();
        const QString label = point.value(QStringLiteral("label")).toString();
        QCOMPARE(point.value(QStringLiteral("ok_runs")).toInt(), 1);
        const QJsonObject run = point.value(QStringLiteral("runs")).toArray().first().toObject();
        QVERIFY2(farEndSent(run), qPrintable(label));
        QCOMPARE(run.value(QStringLiteral("congestion_control")).toString(), QStringLiteral("cubic"));
        // The kernel doubles the buffer asked for; above net.core.wmem_max only the helper's
        // SO_SNDBUFFORCE gets it.
        const double asked = bytesOf(
            point.value(QStringLiteral("settings")).toObject().value(QStringLiteral("socket.SO_SNDBUF")).toString());
        QVERIFY2(
            asked >= 64 * 1024 && run.value(QStringLiteral("sndbuf_actual")).toDouble() >= 2 * asked,
            qPrintable(QStringLiteral("%1: %2").arg(label).arg(run.value(QStringLiteral("sndbuf_actual")).toDouble())));
    }
    const QString bloat = sendWindowBloatShortfall(out.points);
    QVERIFY2(bloat.isEmpty(), qPrintable(bloat));
    QCOMPARE(hostLimits(), limitsBefore);
    QVERIFY(!netnsList().contains(QStringLiteral("tcptune-t-nr2-")));
}

// A far send buffer above net.core.wmem_max, which the user's own setsockopt would cap: the
// helper forces it on the agent's accepted socket (the kernel doubles what it is given).
void TestNonrootLab::farSendBufferAboveWmemMax()
{
    const qint64 wmemMax = hostLimits().at(2).toLongLong();
    const qint64 asked = std::min<qint64>(2 * wmemMax, 64LL << 20);
    if (asked <= wmemMax)
        QSKIP("net.core.wmem_max is 64 MiB or more here: no buffer the helper may force lies above it");
    const CommandResult r = runCommand(
        QStringLiteral("runuser"),
        asNonrootUser({tcptuneBinary(), QStringLiteral("run"), QStringLiteral("--lab"), QStringLiteral("t-nr4"),
                       QStringLiteral("--direction"), QStringLiteral("down"), QStringLiteral("--sndbuf"),
                       QString::number(asked), QStringLiteral("--cc"), QStringLiteral("cubic"),
                       QStringLiteral("--duration"), QStringLiteral("1"), QStringLiteral("--json")}),
        120000);
    QVERIFY2(r.exitCode == 0, r.err.right(3000).constData());
    const QJsonObject result = QJsonDocument::fromJson(r.out).object();
    const QByteArray shown = QJsonDocument(result).toJson().left(2000);
    QVERIFY2(result.value(QStringLiteral("sndbuf_actual")).toDouble() >= 2.0 * double(asked), shown.constData());
    QCOMPARE(result.value(QStringLiteral("congestion_control")).toString(), QStringLiteral("cubic"));
    QCOMPARE(hostLimits().at(2).toLongLong(), wmemMax);
}

// Latency under load as the user: the lab's agent answers UDP probes on a socket tcptune-helper
// made in the server's namespace, and the client probes from one it made in the client's.
void TestNonrootLab::latencyUnderLoadAsTheUser()
{
    QProcess run;
    run.setWorkingDirectory(nonrootVariable("TCPTUNE_NONROOT_HOME"));
    run.start(QStringLiteral("runuser"),
              asNonrootUser({tcptuneBinary(), QStringLiteral("run"), QStringLiteral("--lab"), QStringLiteral("t-nr5"),
                             QStringLiteral("--workload"), QStringLiteral("rrul"), QStringLiteral("--idle"),
                             QStringLiteral("1"), QStringLiteral("--duration"), QStringLiteral("2"),
                             QStringLiteral("--json")}));
    QVERIFY(run.waitForFinished(120000));
    const QByteArray err = run.readAllStandardError();
    QVERIFY2(run.exitStatus() == QProcess::NormalExit && run.exitCode() == 0, err.constData());
    const QJsonObject result = QJsonDocument::fromJson(run.readAllStandardOutput()).object();
    const QJsonObject underLoad = result.value(QStringLiteral("latency_under_load")).toObject();
    const QByteArray shown = QJsonDocument(underLoad).toJson().left(2000);
    const int sent = underLoad.value(QStringLiteral("udp_sent")).toInt();
    QVERIFY2(sent >= 20, shown.constData()); // 3 s at 10 a second
    QVERIFY2(underLoad.value(QStringLiteral("udp_lost")).toInt() < sent / 2, shown.constData());
    QVERIFY2(underLoad.value(QStringLiteral("idle_ms")).toObject().value(QStringLiteral("count")).toInt() >= 5,
             shown.constData());
    QCOMPARE(result.value(QStringLiteral("direction")).toString(), QStringLiteral("both"));
}

void TestNonrootLab::workbenchRunAsTheUser()
{
    const CommandResult r = runCommand(
        QStringLiteral("runuser"),
        asNonrootUser({binPath(QStringLiteral("tst_workbench_run")), QStringLiteral("runFromPanelsFillsCharts")},
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
    for (const char *lab : {"t-nr1", "t-nr2", "t-nr4", "t-nr5", "t-gui1"})
        runCommand(tcptuneBinary(),
                   {QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), QLatin1String(lab)},
                   60000);
}

QTEST_GUILESS_MAIN(TestNonrootLab)
#include "tst_nonroot_lab.moc"

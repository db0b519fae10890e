// Knobs on the far host, for real (issue 12, points 2, 6 and 7): an OpenSSH server inside the
// server side of the test's own namespace pair, `tcptune sweep` over ssh://root@B with knobs
// named remote:KEY, and the server namespace's own sysctl read while the runs go and after. The
// far agent sets them through its host's tcptune-helper and puts them back after each run; when
// the local tcptune is killed the ssh pipe's end puts them back, and when the far agent is killed
// its helper does (EOF). Far knobs outside the catalogue, and a far agent of another protocol
// version, are refused with one line before anything changes. A far device's link knob needs
// --force, and comes back after a kill -9 as a sysctl does.

#include "command_runner.h"
#include "scratch_namespace.h"
#include "ssh_server.h"

#include "experiment/store/result_store.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace tcptune;
using namespace tcptune::test;

class TestFarKnobs final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void sweepOverFarAutocorking();
    void knobChangedDuringTheRunIsFlagged();
    void localKilledFarKnobsComeBack();
    void farAgentKilledItsHelperRollsBack();
    void localKilledFarLinkFeatureComesBack();
    void farKnobOutsideTheCatalogue_data();
    void farKnobOutsideTheCatalogue();
    void protocolMismatchNamesBothVersions();

private:
    QStringList runInA(const QStringList &args, const QString &remoteProgram = {}) const;
    QString writeSpec(const QString &name, const QJsonObject &knobs, double durationS, const QJsonArray &axes = {});
    void startSweep(QProcess &sweep, const QString &spec);
    QString farAutocorking() const; // the server namespace's net.ipv4.tcp_autocorking
    QString farGso() const;         // "on" or "off": `ethtool -k` of the far device's GSO
    bool waitForFarValue(const QString &value, int timeoutMs) const;
    qint64 farAgentPid() const; // `tcptune serve --stdio` in the server namespace, 0 when none
    QString database() const { return m_dir.filePath(QStringLiteral("results.db")); }

    QTemporaryDir m_dir;
    std::unique_ptr<ScratchPair> m_pair;
    std::unique_ptr<SshServer> m_sshd;
    QString m_original;
    static constexpr int kSshPort = 2222;
};

QStringList TestFarKnobs::runInA(const QStringList &args, const QString &remoteProgram) const
{
    return tcptuneOverSsh(m_pair->a().name(), args, remoteProgram);
}

QString TestFarKnobs::farAutocorking() const
{
    const CommandResult r = runCommand(QStringLiteral("ip"),
                                       {QStringLiteral("netns"), QStringLiteral("exec"), m_pair->b().name(),
                                        QStringLiteral("cat"), QStringLiteral("/proc/sys/net/ipv4/tcp_autocorking")},
                                       10000);
    return QString::fromUtf8(r.out).trimmed();
}

QString TestFarKnobs::farGso() const
{
    const CommandResult r = runCommand(QStringLiteral("ip"),
                                       {QStringLiteral("netns"), QStringLiteral("exec"), m_pair->b().name(),
                                        QStringLiteral("ethtool"), QStringLiteral("-k"), QStringLiteral("ttssh2b")},
                                       10000);
    return QRegularExpression(QStringLiteral("^generic-segmentation-offload: (on|off)"),
                              QRegularExpression::MultilineOption)
        .match(QString::fromUtf8(r.out))
        .captured(1);
}

bool TestFarKnobs::waitForFarValue(const QString &value, int timeoutMs) const
{
    const QDeadlineTimer deadline(timeoutMs);
    while (farAutocorking() != value)
        if (deadline.hasExpired())
            return false;
    return true;
}

qint64 TestFarKnobs::farAgentPid() const
{
    const CommandResult r =
        runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("pids"), m_pair->b().name()}, 10000);
    for (const QByteArray &pid : r.out.split('\n')) {
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(QString::fromLatin1(pid.trimmed())));
        if (pid.trimmed().isEmpty() || !cmdline.open(QIODevice::ReadOnly))
            continue;
        const QList<QByteArray> args = cmdline.readAll().split('\0');
        if (args.size() >= 3 && args.at(0) == binary(QStringLiteral("tcptune")).toUtf8() && args.at(1) == "serve" &&
            args.at(2) == "--stdio")
            return pid.trimmed().toLongLong();
    }
    return 0;
}

QString TestFarKnobs::writeSpec(const QString &name, const QJsonObject &knobs, double durationS, const QJsonArray &axes)
{
    QJsonObject spec{{QStringLiteral("version"), 1},
                     {QStringLiteral("target"), m_sshd->target()},
                     {QStringLiteral("knobs"), knobs},
                     {QStringLiteral("workload"), QJsonObject{{QStringLiteral("type"), QStringLiteral("bulk")},
                                                              {QStringLiteral("direction"), QStringLiteral("down")}}},
                     {QStringLiteral("duration_s"), durationS},
                     {QStringLiteral("sample_ms"), 100}};
    if (!axes.isEmpty())
        spec.insert(QStringLiteral("sweep"), QJsonObject{{QStringLiteral("axes"), axes}});
    const QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(spec).toJson()) <= 0)
        return {};
    return path;
}

void TestFarKnobs::startSweep(QProcess &sweep, const QString &spec)
{
    sweep.setReadChannel(QProcess::StandardError);
    sweep.start(QStringLiteral("ip"), runInA({QStringLiteral("sweep"), spec, QStringLiteral("--ssh-config"),
                                              m_sshd->clientConfig(), QStringLiteral("--db"), database()}));
    QVERIFY(sweep.waitForStarted(5000));
}

void TestFarKnobs::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root for network namespaces, sshd and the far helper");
    QVERIFY(m_dir.isValid());
    m_pair = std::make_unique<ScratchPair>(QStringLiteral("ssh2"), 14);
    QVERIFY2(m_pair->ok(), qPrintable(m_pair->error()));
    // 50 Mbit/s from the far sender: real runs, light on a loaded machine.
    QVERIFY(ip({QStringLiteral("netns"), QStringLiteral("exec"), m_pair->b().name(), QStringLiteral("tc"),
                QStringLiteral("qdisc"), QStringLiteral("add"), QStringLiteral("dev"), QStringLiteral("ttssh2b"),
                QStringLiteral("root"), QStringLiteral("tbf"), QStringLiteral("rate"), QStringLiteral("50mbit"),
                QStringLiteral("burst"), QStringLiteral("64kb"), QStringLiteral("latency"), QStringLiteral("50ms")})
                .isEmpty());
    m_sshd = std::make_unique<SshServer>(m_pair->b().name(), m_pair->addressB(), kSshPort);
    const QString problem = m_sshd->start();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    m_original = farAutocorking();
    QCOMPARE(m_original, QStringLiteral("1")); // a new namespace has the kernel's default
}

void TestFarKnobs::cleanupTestCase()
{
    m_sshd.reset();
    m_pair.reset();
}

// The test: remote:net.ipv4.tcp_autocorking over 1,0; the far namespace reads the swept
// value while each run goes and the original after; the store keeps both ends before and after.
void TestFarKnobs::sweepOverFarAutocorking()
{
    const QString spec =
        writeSpec(QStringLiteral("sweep.json"), {}, 3,
                  {QJsonObject{{QStringLiteral("parameter"), QStringLiteral("remote:net.ipv4.tcp_autocorking")},
                               {QStringLiteral("values"), QJsonArray{1, 0}}}});
    QProcess sweep;
    startSweep(sweep, spec);
    QMap<int, QStringList> seen; // run number -> far values read while it went
    int run = 0;
    QByteArray log;
    const QDeadlineTimer deadline(120000);
    while (sweep.state() != QProcess::NotRunning && !deadline.hasExpired()) {
        sweep.waitForReadyRead(50);
        log += sweep.readAllStandardError();
        if (log.contains("Run 2 of 2"))
            run = 2;
        else if (log.contains("Run 1 of 2"))
            run = 1;
        if (run > 0)
            seen[run] << farAutocorking();
    }
    QVERIFY2(sweep.state() == QProcess::NotRunning || sweep.waitForFinished(5000), log.constData());
    QVERIFY2(sweep.exitStatus() == QProcess::NormalExit && sweep.exitCode() == 0, log.constData());
    qInfo("far values during run 1: %s; run 2: %s", qPrintable(seen[1].join(u',')), qPrintable(seen[2].join(u',')));
    QVERIFY(!seen[1].isEmpty());
    QVERIFY(!seen[1].contains(QStringLiteral("0"))); // swept to 1, the original
    QVERIFY(seen[2].contains(QStringLiteral("0")));  // swept to 0
    QCOMPARE(farAutocorking(), m_original);

    ResultStore store;
    QVERIFY(store.open(database()));
    auto experiments = store.experiments();
    QVERIFY(experiments && !experiments->isEmpty());
    auto runs = store.runs(experiments->first().id);
    QVERIFY(runs && runs->size() == 2);
    for (const RunRecord &r : *runs) {
        QCOMPARE(r.status, RunStatus::Ok);
        QVERIFY(!r.details.contains(QStringLiteral("knobs_changed_during_run")));
        const QString swept = r.runIndex == 0 ? QStringLiteral("1") : QStringLiteral("0");
        QCOMPARE(store.knobSnapshot(r.id, QStringLiteral("remote"), QStringLiteral("before"))
                     ->value(QStringLiteral("net.ipv4.tcp_autocorking")),
                 m_original);
        QCOMPARE(store.knobSnapshot(r.id, QStringLiteral("remote"), QStringLiteral("after"))
                     ->value(QStringLiteral("net.ipv4.tcp_autocorking")),
                 swept);
        QVERIFY(!store.knobSnapshot(r.id, QStringLiteral("local"), QStringLiteral("before"))->isEmpty());
        QVERIFY(!store.knobSnapshot(r.id, QStringLiteral("local"), QStringLiteral("after"))->isEmpty());
    }
}

// Someone sets the far knob back during the run: the run says so, and the far helper leaves the
// other writer's value in place.
void TestFarKnobs::knobChangedDuringTheRunIsFlagged()
{
    const QString spec =
        writeSpec(QStringLiteral("drift.json"), {{QStringLiteral("remote:net.ipv4.tcp_autocorking"), 0}}, 4);
    QFile::remove(database());
    QProcess sweep;
    startSweep(sweep, spec);
    QVERIFY(waitForFarValue(QStringLiteral("0"), 30000));
    QVERIFY(ip({QStringLiteral("netns"), QStringLiteral("exec"), m_pair->b().name(), QStringLiteral("sysctl"),
                QStringLiteral("-qw"), QStringLiteral("net.ipv4.tcp_autocorking=1")})
                .isEmpty());
    QVERIFY(sweep.state() == QProcess::NotRunning || sweep.waitForFinished(60000));
    const QByteArray log = sweep.readAllStandardError();
    QVERIFY2(log.contains("net.ipv4.tcp_autocorking changed during the run on the far end"), log.constData());
    ResultStore store;
    QVERIFY(store.open(database()));
    auto runs = store.runs(store.experiments()->first().id);
    QVERIFY(runs && runs->size() == 1);
    const QJsonArray drift = runs->first().details.value(QStringLiteral("knobs_changed_during_run")).toArray();
    QCOMPARE(drift.size(), 1);
    QCOMPARE(drift.at(0).toObject().value(QStringLiteral("end")).toString(), QStringLiteral("remote"));
    QCOMPARE(drift.at(0).toObject().value(QStringLiteral("expected")).toString(), QStringLiteral("0"));
    QCOMPARE(drift.at(0).toObject().value(QStringLiteral("after")).toString(), QStringLiteral("1"));
    QCOMPARE(farAutocorking(), m_original);
}

void TestFarKnobs::localKilledFarKnobsComeBack()
{
    const QString spec =
        writeSpec(QStringLiteral("long.json"), {{QStringLiteral("remote:net.ipv4.tcp_autocorking"), 0}}, 30);
    QProcess sweep;
    startSweep(sweep, spec);
    QVERIFY(waitForFarValue(QStringLiteral("0"), 30000));
    ::kill(pid_t(sweep.processId()), SIGKILL); // `ip netns exec` and env became tcptune itself
    sweep.waitForFinished(5000);
    // The ssh pipe ended: the far agent stops the run and puts the knob back.
    QTRY_COMPARE_WITH_TIMEOUT(farAutocorking(), m_original, 2000);
    QTRY_COMPARE_WITH_TIMEOUT(farAgentPid(), 0, 5000);
}

void TestFarKnobs::farAgentKilledItsHelperRollsBack()
{
    const QString spec =
        writeSpec(QStringLiteral("long.json"), {{QStringLiteral("remote:net.ipv4.tcp_autocorking"), 0}}, 30);
    QProcess sweep;
    startSweep(sweep, spec);
    QVERIFY(waitForFarValue(QStringLiteral("0"), 30000));
    const qint64 agent = farAgentPid();
    QVERIFY(agent > 0);
    ::kill(pid_t(agent), SIGKILL);
    // Nobody put it back but the helper, on its stdin's EOF.
    QTRY_COMPARE_WITH_TIMEOUT(farAutocorking(), m_original, 2000);
    QVERIFY(sweep.state() == QProcess::NotRunning || sweep.waitForFinished(60000));
}

// A link knob on the far end (issue 31): a device of the far host carries its own traffic, so
// without --force the far helper refuses it and nothing changes; with it, remote:link.DEV.gso is
// off while the run goes and back on within 2 s of a kill -9 of the local tcptune, with the far
// namespace's ethtool as the oracle.
void TestFarKnobs::localKilledFarLinkFeatureComesBack()
{
    QCOMPARE(farGso(), QStringLiteral("on"));
    const QString spec = writeSpec(QStringLiteral("link.json"),
                                   {{QStringLiteral("remote:link.ttssh2b.gso"), QStringLiteral("off")}}, 30);
    const QStringList sweepArgs = {QStringLiteral("sweep"),        spec,
                                   QStringLiteral("--ssh-config"), m_sshd->clientConfig(),
                                   QStringLiteral("--db"),         database()};
    const CommandResult refused = runCommand(QStringLiteral("ip"), runInA(sweepArgs), 60000);
    QVERIFY2(refused.err.contains("only done with an explicit confirmation") &&
                 refused.err.contains("tcptune sweep --force"),
             refused.err.constData());
    QCOMPARE(farGso(), QStringLiteral("on"));

    QProcess sweep;
    sweep.setReadChannel(QProcess::StandardError);
    sweep.start(QStringLiteral("ip"), runInA(sweepArgs + QStringList{QStringLiteral("--force")}));
    QVERIFY(sweep.waitForStarted(5000));
    QTRY_VERIFY2_WITH_TIMEOUT(farGso() == QLatin1String("off") || sweep.state() == QProcess::NotRunning,
                              "the far GSO stayed on", 30000);
    QVERIFY2(sweep.state() == QProcess::Running, sweep.readAllStandardError().constData());
    ::kill(pid_t(sweep.processId()), SIGKILL);
    sweep.waitForFinished(5000);
    QTRY_COMPARE_WITH_TIMEOUT(farGso(), QStringLiteral("on"), 2000);
    QTRY_COMPARE_WITH_TIMEOUT(farAgentPid(), 0, 5000);
}

void TestFarKnobs::farKnobOutsideTheCatalogue_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("said");
    QTest::addRow("unknown sysctl") << QStringLiteral("remote:net.ipv4.tcp_no_such_knob")
                                    << QStringLiteral("net.ipv4.tcp_no_such_knob");
    QTest::addRow("socket option") << QStringLiteral("remote:socket.SO_SNDBUF") << QStringLiteral("only sysctls");
}

void TestFarKnobs::farKnobOutsideTheCatalogue()
{
    QFETCH(QString, key);
    QFETCH(QString, said);
    const QString spec = writeSpec(QStringLiteral("bad.json"), {{key, 0}}, 2);
    const CommandResult r = runCommand(QStringLiteral("ip"),
                                       runInA({QStringLiteral("sweep"), spec, QStringLiteral("--ssh-config"),
                                               m_sshd->clientConfig(), QStringLiteral("--db"), database()}),
                                       30000);
    QCOMPARE(r.exitCode, 2);
    const QStringList lines = QString::fromUtf8(r.err).split(u'\n', Qt::SkipEmptyParts);
    QVERIFY2(lines.size() == 1 && lines.front().contains(said), r.err.constData());
    QCOMPARE(farAgentPid(), 0); // refused before ssh started
    QCOMPARE(farAutocorking(), m_original);
}

// The test's far agent announces protocol 99 (TCPTUNE_TEST_AGENT_PROTOCOL, read by `serve --stdio`).
void TestFarKnobs::protocolMismatchNamesBothVersions()
{
    const QString other = QStringLiteral("env TCPTUNE_TEST_AGENT_PROTOCOL=99 ") + binary(QStringLiteral("tcptune"));
    QDeadlineTimer deadline(10000);
    const CommandResult r = runCommand(
        QStringLiteral("ip"),
        runInA({QStringLiteral("run"), QStringLiteral("--target"), m_sshd->target(), QStringLiteral("--ssh-config"),
                m_sshd->clientConfig(), QStringLiteral("--duration"), QStringLiteral("1")},
               other),
        30000);
    QVERIFY(r.exitCode != 0);
    QVERIFY(!deadline.hasExpired());
    QStringList lines;
    for (const QString &line : QString::fromUtf8(r.err).split(u'\n', Qt::SkipEmptyParts))
        if (!line.startsWith(QLatin1String("Connecting to")))
            lines << line;
    QVERIFY2(lines.size() == 1, r.err.constData());
    QVERIFY2(lines.front().contains(QStringLiteral("agent protocol 99")) &&
                 lines.front().contains(QStringLiteral("protocol 6")) &&
                 lines.front().contains(QStringLiteral("install tcptune")),
             r.err.constData());
}

QTEST_GUILESS_MAIN(TestFarKnobs)
#include "tst_far_knobs.moc"

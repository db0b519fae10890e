// `tcptune sweep --store postgresql://...` against a real PostgreSQL server: two sweeps and the
// workbench (its Sweep tab, in this process) write 3 x 100 runs at once and the server keeps each
// once with its samples; a sweep whose server was killed keeps its runs in the outbox, which the
// workbench's status bar counts, until `results sync`; a wrong password, an unknown database or no
// server stops a sweep before it starts, with one line, and nothing is written anywhere (no lab,
// no local file).

#include "command_runner.h"
#include "experiment/run/runner_thread.h"
#include "experiment/store/result_store.h"
#include "lab_cleanup.h"
#include "main_window.h"
#include "panels/target_panel.h"
#include "panels/workload_panel.h"
#include "postgres_server.h"
#include "settings/outbox_status.h"
#include "sweep/sweep_panel.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QComboBox>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace tcptune;
using namespace tcptune::test;

class TestPostgresSweeps : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void twoSweepsAndTheWorkbenchKeepEveryRunOnce();
    void aBundleTravelsOnce();
    void serverKilledMidSweepRunsWaitInTheOutbox();
    void aBadStoreStopsTheSweepBeforeItStarts_data();
    void aBadStoreStopsTheSweepBeforeItStarts();

private:
    QString writeSpec(const QString &lab, int repeats);
    QProcessEnvironment environment(const QString &passwordFile) const;
    QStringList localFiles() const;
    CommandResult tcptune(const QStringList &args, const QString &passwordFile = {}) const;
    void checkEveryRunOnce(const QString &store);
    std::unique_ptr<PostgresServer> m_server;
    QTemporaryDir m_dir;
};

namespace {
const QStringList kLabs = {QStringLiteral("t-pg1"), QStringLiteral("t-pg2"), QStringLiteral("t-pg3")};
constexpr int kRuns = 100;
} // namespace

void TestPostgresSweeps::initTestCase()
{
    // The workbench in this process: the settings of a test, the sweeps' data folder, the server's password.
    QStandardPaths::setTestModeEnabled(true);
    qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("data")).toLocal8Bit());
    for (const QString &lab : kLabs)
        removeLab(lab);
    m_server = std::make_unique<PostgresServer>();
    QString error = m_server->start();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    error = m_server->createDatabase(QStringLiteral("team"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestPostgresSweeps::cleanupTestCase()
{
    for (const QString &lab : kLabs)
        removeLab(lab);
    m_server.reset();
}

QString TestPostgresSweeps::writeSpec(const QString &lab, int repeats)
{
    const QString path = m_dir.filePath(lab + QStringLiteral(".json"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(QStringLiteral(R"({"name": "team %1", "target": {"kind": "lab", "lab": "%1"}, "duration_s": 0.2, )"
                              R"("repeats": %2})")
                   .arg(lab)
                   .arg(repeats)
                   .toUtf8());
    return path;
}

// The user's environment with PASSWORD_FILE as libpq's and an empty home for local files.
QProcessEnvironment TestPostgresSweeps::environment(const QString &passwordFile) const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PGPASSFILE"), passwordFile);
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
    env.remove(QStringLiteral("TCPTUNE_STORE"));
    env.remove(QStringLiteral("TCPTUNE_RESULTS_DB"));
    return env;
}

// Every file and folder under the sweeps' $XDG_DATA_HOME (locks, captures, a SQLite file).
QStringList TestPostgresSweeps::localFiles() const
{
    QStringList out;
    QDirIterator it(m_dir.filePath(QStringLiteral("data")), QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        out << it.next();
    out.sort();
    return out;
}

void TestPostgresSweeps::twoSweepsAndTheWorkbenchKeepEveryRunOnce()
{
    const QString store = m_server->storeAddress(QStringLiteral("team"));
    qputenv("PGPASSFILE", m_server->passwordFile().toLocal8Bit());
    qputenv("TCPTUNE_STORE", store.toUtf8());
    // The sweeps keep their locks and captures in the user's data folder, not in a folder named
    // after the address in the working directory.
    const QString workingDir = m_dir.filePath(QStringLiteral("cwd"));
    QVERIFY(QDir().mkpath(workingDir));
    QList<QProcess *> sweeps;
    for (const QString &lab : kLabs.mid(0, 2)) {
        auto *sweep = new QProcess(this);
        sweep->setProcessEnvironment(environment(m_server->passwordFile()));
        sweep->setProcessChannelMode(QProcess::MergedChannels);
        sweep->setWorkingDirectory(workingDir);
        sweep->start(binary(QStringLiteral("tcptune")),
                     {QStringLiteral("sweep"), writeSpec(lab, kRuns), QStringLiteral("--store"), store,
                      QStringLiteral("--lab-down")});
        sweeps.append(sweep);
    }
    // The third writer: the workbench's Sweep tab, two values of tcp_limit_output_bytes x 50.
    MainWindow window;
    window.targetPanel()->setLabName(kLabs.at(2));
    window.workloadPanel()->setDuration(0.2);
    SweepPanel *panel = window.sweepPanel();
    QComboBox *parameter = panel->parameterBox();
    parameter->setCurrentIndex(parameter->findData(QStringLiteral("net.ipv4.tcp_limit_output_bytes")));
    panel->valuesEdit()->setText(QStringLiteral("131072 1048576"));
    panel->repeatsBox()->setValue(kRuns / 2);
    QSignalSpy stopped(window.runner(), &RunnerThread::stopped);
    QSignalSpy finished(window.runner(), &RunnerThread::finished);
    panel->startButton()->click();
    QVERIFY(panel->isSweeping());
    for (QProcess *sweep : sweeps) {
        QVERIFY(sweep->waitForFinished(300000));
        QVERIFY2(sweep->exitCode() == 0, sweep->readAll().right(2000).constData());
    }
    QVERIFY(stopped.wait(300000) || stopped.size() == 1);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("finished"));
    qunsetenv("TCPTUNE_STORE");
    checkEveryRunOnce(store);
    QCOMPARE(QDir(workingDir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList());
    QVERIFY(QDir(m_dir.filePath(QStringLiteral("data/tcptune/server-locks"))).exists());
}

// What a user sees: three experiments of 100 finished runs each; what the server holds: each run
// once, each with its samples; no lab left.
void TestPostgresSweeps::checkEveryRunOnce(const QString &store)
{
    const CommandResult listed = runCommand(
        binary(QStringLiteral("tcptune")),
        {QStringLiteral("results"), QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--store"), store},
        60000, {}, environment(m_server->passwordFile()));
    QCOMPARE(listed.exitCode, 0);
    const QJsonArray experiments = QJsonDocument::fromJson(listed.out).array();
    QCOMPARE(experiments.size(), kLabs.size());
    for (const QJsonValue &e : experiments)
        QCOMPARE(e.toObject().value(QStringLiteral("finished_runs")).toInt(), kRuns);
    ResultStore direct;
    QVERIFY(direct.open(store).has_value());
    const auto runs = direct.runList();
    QVERIFY(runs.has_value());
    QCOMPARE(runs->size(), kLabs.size() * kRuns);
    QSet<QString> uuids;
    for (const RunRecord &r : *runs) {
        uuids.insert(r.uuid);
        QCOMPARE(r.status, RunStatus::Ok);
        QVERIFY2(!direct.aggregateSamples(r.id)->isEmpty(), qPrintable(QString::number(r.id)));
    }
    QCOMPARE(uuids.size(), runs->size());
    for (const QString &lab : kLabs)
        QVERIFY(labNamespaces(lab).isEmpty() || lab == kLabs.at(2));
}

CommandResult TestPostgresSweeps::tcptune(const QStringList &args, const QString &passwordFile) const
{
    return runCommand(binary(QStringLiteral("tcptune")), args, 300000, {},
                      environment(passwordFile.isEmpty() ? m_server->passwordFile() : passwordFile));
}

// V without the ids a store numbers its rows with (experiment and run ids), at any depth.
static QJsonValue withoutIds(const QJsonValue &v)
{
    if (v.isArray()) {
        QJsonArray out;
        for (const QJsonValue &item : v.toArray())
            out.append(withoutIds(item));
        return out;
    }
    if (!v.isObject())
        return v;
    QJsonObject out;
    const QJsonObject in = v.toObject();
    for (auto it = in.begin(); it != in.end(); ++it)
        if (it.key() != QLatin1String("id") && it.key() != QLatin1String("experiment") &&
            it.key() != QLatin1String("experiment_id") && it.key() != QLatin1String("run_id"))
            out.insert(it.key(), withoutIds(it.value()));
    return out;
}

// What `results show --json` printed, without the store's own numbers.
static QJsonObject shownWithoutId(const CommandResult &r)
{
    return withoutIds(QJsonDocument::fromJson(r.out).object()).toObject();
}

// An experiment of the server, exported as a bundle and imported into an empty file, shows the
// same; importing it again adds nothing.
void TestPostgresSweeps::aBundleTravelsOnce()
{
    const QString server = m_server->storeAddress(QStringLiteral("team"));
    const QString bundle = m_dir.filePath(QStringLiteral("first.tcptune"));
    const QString file = m_dir.filePath(QStringLiteral("imported.db"));
    const CommandResult listed = tcptune({QStringLiteral("results"), QStringLiteral("list"), QStringLiteral("--json"),
                                          QStringLiteral("--store"), server});
    const QJsonArray experiments = QJsonDocument::fromJson(listed.out).array();
    QVERIFY(!experiments.isEmpty());
    const QString id = QString::number(experiments.first().toObject().value(QStringLiteral("id")).toInteger());
    CommandResult r = tcptune({QStringLiteral("results"), QStringLiteral("export"), id, QStringLiteral("--bundle"),
                               bundle, QStringLiteral("--store"), server});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = tcptune({QStringLiteral("results"), QStringLiteral("import"), bundle, QStringLiteral("--store"), file});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("new runs 100"), r.out.constData());
    r = tcptune({QStringLiteral("results"), QStringLiteral("import"), bundle, QStringLiteral("--store"), file});
    QVERIFY2(r.out.contains("new experiments 0, new runs 0"), r.out.constData());
    const CommandResult there = tcptune({QStringLiteral("results"), QStringLiteral("show"), id,
                                         QStringLiteral("--json"), QStringLiteral("--store"), server});
    const CommandResult here = tcptune({QStringLiteral("results"), QStringLiteral("show"), QStringLiteral("1"),
                                        QStringLiteral("--json"), QStringLiteral("--store"), file});
    QCOMPARE(here.exitCode, 0);
    QVERIFY(!shownWithoutId(there).isEmpty());
    QCOMPARE(shownWithoutId(here), shownWithoutId(there));
    QCOMPARE(tcptune({QStringLiteral("results"), QStringLiteral("list"), QStringLiteral("--json"),
                      QStringLiteral("--store"), file})
                 .out.count("\"id\""),
             1);
}

// The server dies (SIGKILL) in the middle of a sweep: the sweep finishes, its later runs wait in
// the outbox, `results sync` uploads them once the server is back, and a second sync adds nothing.
void TestPostgresSweeps::serverKilledMidSweepRunsWaitInTheOutbox()
{
    constexpr int kSweepRuns = 24;
    QVERIFY(m_server->createDatabase(QStringLiteral("killed")).isEmpty());
    const QString server = m_server->storeAddress(QStringLiteral("killed"));
    QProcess sweep;
    sweep.setProcessEnvironment(environment(m_server->passwordFile()));
    sweep.setProcessChannelMode(QProcess::MergedChannels);
    sweep.start(binary(QStringLiteral("tcptune")), {QStringLiteral("sweep"), writeSpec(kLabs.first(), kSweepRuns),
                                                    QStringLiteral("--store"), server, QStringLiteral("--lab-down")});
    qputenv("PGPASSFILE", m_server->passwordFile().toLocal8Bit());
    {
        ResultStore watcher;
        QVERIFY(watcher.open(server).has_value());
        QTRY_VERIFY_WITH_TIMEOUT(watcher.runList().value_or(QList<RunRecord>{}).size() >= 4, 60000);
    }
    QVERIFY(m_server->kill().isEmpty());
    QVERIFY(sweep.waitForFinished(180000));
    const QByteArray said = sweep.readAll();
    QVERIFY2(sweep.exitCode() == 0, said.right(800).constData());
    QVERIFY2(said.contains("results sync"), said.right(3000).constData());
    QVERIFY(QFileInfo::exists(m_dir.filePath(QStringLiteral("data/tcptune/outbox.db"))));
    // The workbench counts the runs that wait (those the server did not take before it died).
    {
        ResultStore outbox;
        QVERIFY(outbox.open(ResultStore::outboxPath()).has_value());
        const auto waiting = outbox.runCount();
        QVERIFY(waiting && *waiting > 0 && *waiting < kSweepRuns);
        qputenv("TCPTUNE_STORE", server.toUtf8()); // the user's workbench, pointed at the server that died
        MainWindow window;
        qunsetenv("TCPTUNE_STORE");
        const auto *status = window.findChild<OutboxStatus *>(QStringLiteral("outboxStatus"));
        QVERIFY(status && !status->isHidden());
        QCOMPARE(status->text(), QStringLiteral("Runs waiting for the server: %1").arg(*waiting));
    }

    QString started = m_server->start();
    for (int attempt = 0; !started.isEmpty() && attempt < 20; ++attempt) { // the old backends leave first
        QTest::qWait(500);
        started = m_server->start();
    }
    QVERIFY2(started.isEmpty(), qPrintable(started));
    CommandResult r = tcptune({QStringLiteral("results"), QStringLiteral("sync"), QStringLiteral("--store"), server});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(!r.out.contains("new runs 0"), r.out.constData());
    r = tcptune({QStringLiteral("results"), QStringLiteral("sync"), QStringLiteral("--store"), server});
    QVERIFY2(r.exitCode == 0 && r.out.contains("new runs 0"), r.out.constData());

    ResultStore back;
    QVERIFY(back.open(server).has_value());
    const auto runs = back.runList();
    QVERIFY(runs.has_value());
    QSet<int> indexes;
    for (const RunRecord &run : *runs) {
        QCOMPARE(run.status, RunStatus::Ok);
        indexes.insert(run.runIndex);
    }
    QCOMPARE(runs->size(), kSweepRuns);
    QCOMPARE(indexes.size(), kSweepRuns);
    QCOMPARE(back.experimentList()->first().status, ExperimentStatus::Finished);
}

void TestPostgresSweeps::aBadStoreStopsTheSweepBeforeItStarts_data()
{
    QTest::addColumn<QString>("database");
    QTest::addColumn<bool>("wrongPassword");
    QTest::addColumn<bool>("noServer");
    QTest::addColumn<QString>("says");
    QTest::newRow("wrong password") << QStringLiteral("team") << true << false << QStringLiteral(".pgpass");
    QTest::newRow("unknown database") << QStringLiteral("nosuch") << false << false
                                      << QStringLiteral("createdb nosuch");
    QTest::newRow("refused") << QStringLiteral("team") << false << true << QStringLiteral("start it");
}

void TestPostgresSweeps::aBadStoreStopsTheSweepBeforeItStarts()
{
    QFETCH(QString, database);
    QFETCH(bool, wrongPassword);
    QFETCH(bool, noServer);
    QFETCH(QString, says);
    QTemporaryDir noSockets;
    const QStringList filesBefore = localFiles();
    const QString store = noServer ? QStringLiteral("postgresql://tcptune@localhost:%1/team?host=%2")
                                         .arg(m_server->port())
                                         .arg(noSockets.path())
                                   : m_server->storeAddress(database);
    const CommandResult r =
        runCommand(binary(QStringLiteral("tcptune")),
                   {QStringLiteral("sweep"), writeSpec(kLabs.first(), 2), QStringLiteral("--store"), store}, 60000, {},
                   environment(wrongPassword ? m_server->wrongPasswordFile() : m_server->passwordFile()));
    QCOMPARE(r.exitCode, 1);
    const QString err = QString::fromUtf8(r.err).trimmed();
    QVERIFY2(err.contains(says), qPrintable(err));
    QCOMPARE(err.count(QLatin1Char('\n')), 0);
    QVERIFY(r.out.isEmpty());
    QVERIFY(labNamespaces(kLabs.first()).isEmpty());
    QCOMPARE(localFiles(), filesBefore);
}

QTEST_MAIN(TestPostgresSweeps)
#include "tst_postgres_sweeps.moc"

// `tcptune sweep --store postgresql://...` against a real PostgreSQL server: three sweeps write
// 3 x 100 runs at once and the server keeps each once with its samples; a wrong password, an
// unknown database or no server stops a sweep before it starts, with one line, and nothing is
// written anywhere (no lab, no local file).

#include "command_runner.h"
#include "experiment/store/result_store.h"
#include "lab_cleanup.h"
#include "postgres_server.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
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
    void threeSweepsAtOnceKeepEveryRunOnce();
    void aBadStoreStopsTheSweepBeforeItStarts_data();
    void aBadStoreStopsTheSweepBeforeItStarts();

private:
    QString writeSpec(const QString &lab, int repeats);
    QProcessEnvironment environment(const QString &passwordFile) const;
    QStringList localFiles() const;
    std::unique_ptr<PostgresServer> m_server;
    QTemporaryDir m_dir;
};

namespace {
const QStringList kLabs = {QStringLiteral("t-pg1"), QStringLiteral("t-pg2"), QStringLiteral("t-pg3")};
constexpr int kRuns = 100;
} // namespace

void TestPostgresSweeps::initTestCase()
{
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

void TestPostgresSweeps::threeSweepsAtOnceKeepEveryRunOnce()
{
    const QString store = m_server->storeAddress(QStringLiteral("team"));
    // The sweeps keep their locks and captures in the user's data folder, not in a folder named
    // after the address in the working directory.
    const QString workingDir = m_dir.filePath(QStringLiteral("cwd"));
    QVERIFY(QDir().mkpath(workingDir));
    QList<QProcess *> sweeps;
    for (const QString &lab : kLabs) {
        auto *sweep = new QProcess(this);
        sweep->setProcessEnvironment(environment(m_server->passwordFile()));
        sweep->setProcessChannelMode(QProcess::MergedChannels);
        sweep->setWorkingDirectory(workingDir);
        sweep->start(binary(QStringLiteral("tcptune")),
                     {QStringLiteral("sweep"), writeSpec(lab, kRuns), QStringLiteral("--store"), store,
                      QStringLiteral("--lab-down")});
        sweeps.append(sweep);
    }
    for (QProcess *sweep : sweeps) {
        QVERIFY(sweep->waitForFinished(300000));
        QVERIFY2(sweep->exitCode() == 0, sweep->readAll().right(2000).constData());
    }
    // What a user sees: three experiments of 100 finished runs each.
    const CommandResult listed = runCommand(
        binary(QStringLiteral("tcptune")),
        {QStringLiteral("results"), QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--store"), store},
        60000, {}, environment(m_server->passwordFile()));
    QCOMPARE(listed.exitCode, 0);
    const QJsonArray experiments = QJsonDocument::fromJson(listed.out).array();
    QCOMPARE(experiments.size(), kLabs.size());
    for (const QJsonValue &e : experiments)
        QCOMPARE(e.toObject().value(QStringLiteral("finished_runs")).toInt(), kRuns);
    // What the server holds: each run once, each with its samples.
    qputenv("PGPASSFILE", m_server->passwordFile().toLocal8Bit());
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
        QVERIFY(labNamespaces(lab).isEmpty());
    QCOMPARE(QDir(workingDir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList());
    QVERIFY(QDir(m_dir.filePath(QStringLiteral("data/tcptune/server-locks"))).exists());
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

QTEST_GUILESS_MAIN(TestPostgresSweeps)
#include "tst_postgres_sweeps.moc"

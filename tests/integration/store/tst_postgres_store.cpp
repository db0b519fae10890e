// The team store on a real PostgreSQL server (Debian's postgresql-15, started by the test): the
// same records as SQLite, byte counts past 32 bits, writers at once losing or doubling nothing,
// one migration when two open a new database at once, and a line that says what to fix when the
// password, the database or the server is wrong; a bundle's capture files imported into the
// server land in this host's capture folder and go out again in a bundle exported from it.

#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store.h"
#include "experiment/store/store_location.h"
#include "postgres_server.h"
#include "team_store_fixture.h"
#include "test_data.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <memory>

using namespace tcptune;
using tcptune::test::PostgresServer;

class TestPostgresStore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void readsBackWhatSqliteReadsBack();
    void listsByHostUserKernelAndTag();
    void writersAtOnceKeepEveryRunOnce();
    void twoOpenANewDatabaseAtOnce();
    void captureFilesTravelThroughTheServer();
    void addressesAreRead_data();
    void addressesAreRead();
    void failuresSayWhatToFix_data();
    void failuresSayWhatToFix();
    void aServerGoneAwaySaysSo();

private:
    QString newDatabase();
    std::unique_ptr<PostgresServer> m_server;
    int m_databases = 0;
};

namespace {

SweepPlan plan(int repeats)
{
    ExperimentSpec spec;
    spec.name = QStringLiteral("team store");
    SweepPlan p{spec};
    p.setRepeats(repeats);
    return p;
}

// Samples and knobs of a run: more than one statement's rows each (storesql::insertRows).
constexpr int kSamples = 130;
constexpr int kMoreKnobs = 249;

// One finished run of experiment EXPERIMENT_ID with its samples, a knob snapshot written twice
// (the second wins), a capture and a direction-both detail: every kind of row the store keeps.
Result<qint64> writeRun(ResultStore &store, qint64 experimentId, int index)
{
    RunRecord run;
    run.experimentId = experimentId;
    run.runIndex = index;
    run.repeat = index;
    auto id = store.beginRun(run);
    if (!id)
        return id;
    run.id = *id;
    run.status = RunStatus::Ok;
    run.throughputBps = 9.41e9;
    run.senderBytes = 5'000'000'000LL + index; // past 32 bits
    run.receiverBytes = run.senderBytes;
    run.durationS = 4.25;
    run.rttMinMs = 0.031;
    run.rttMedianMs = 0.125;
    run.rttP95Ms = 0.5;
    run.rttMaxMs = 1.75;
    run.retransmits = 3;
    run.details.insert(QStringLiteral("directions"),
                       QJsonArray{QJsonObject{{QStringLiteral("direction"), QStringLiteral("up")}}});
    QList<RunSample> samples;
    for (int i = 0; i < kSamples; ++i) {
        RunSample s;
        s.t = 0.1 * i;
        s.throughputBps = 9.4e9 + i;
        s.rttMs = 0.1 + 0.01 * i;
        s.cwnd = 3'000'000'000LL;
        s.unacked = i;
        samples.append(s);
    }
    if (auto r = store.finishRun(run, samples); !r)
        return std::unexpected(r.error());
    for (const QString &value : {QStringLiteral("1"), QStringLiteral("0")}) {
        KnobSnapshot snapshot{{QStringLiteral("net.ipv4.tcp_autocorking"), value}};
        for (int k = 0; k < kMoreKnobs; ++k)
            snapshot.insert(QStringLiteral("link.veth%1.mtu").arg(k), value);
        if (auto r = store.addKnobSnapshot(run.id, QStringLiteral("local"), QStringLiteral("before"), snapshot); !r)
            return std::unexpected(r.error());
    }
    CaptureRecord capture;
    capture.path = QStringLiteral("/tmp/run-%1.pcap").arg(index);
    capture.packetsReceived = 4'294'967'296LL + index;
    if (auto r = store.addCapture(run.id, capture); !r)
        return std::unexpected(r.error());
    return run.id;
}

// What a reader sees of STORE's experiment ID: its runs' figures, samples, snapshot and capture.
QStringList readBack(const ResultStore &store, qint64 experimentId)
{
    QStringList out;
    const auto runs = store.runs(experimentId);
    if (!runs)
        return {runs.error().message};
    for (const RunRecord &r : *runs) {
        out << QStringLiteral("run %1 %2 %3 %4 %5 %6 %7 %8")
                   .arg(r.runIndex)
                   .arg(runStatusName(r.status))
                   .arg(r.throughputBps)
                   .arg(r.senderBytes)
                   .arg(r.rttMedianMs)
                   .arg(r.retransmits)
                   .arg(r.host, r.kernel);
        const auto samples = store.samples(r.id);
        for (const RunSample &s : samples.value_or(QList<RunSample>{}))
            out << QStringLiteral("  sample %1 %2 %3 %4")
                       .arg(s.t)
                       .arg(s.throughputBps, 0, 'f', 0)
                       .arg(s.cwnd)
                       .arg(s.unacked);
        const KnobSnapshot knobs =
            store.knobSnapshot(r.id, QStringLiteral("local"), QStringLiteral("before")).value_or(KnobSnapshot{});
        out << QStringLiteral("  knobs %1: %2").arg(knobs.size()).arg(QStringList(knobs.values()).join(u','));
        const auto captures = store.captures(r.id);
        for (const CaptureRecord &c : captures.value_or(QList<CaptureRecord>{}))
            out << QStringLiteral("  capture %1 %2").arg(c.path).arg(c.packetsReceived);
    }
    const auto list = store.runList();
    for (const RunRecord &r : *list)
        out << QStringLiteral("listed %1 %2")
                   .arg(r.runIndex)
                   .arg(QString::fromUtf8(QJsonDocument(r.details).toJson(QJsonDocument::Compact)));
    return out;
}

} // namespace

void TestPostgresStore::initTestCase()
{
    m_server = std::make_unique<PostgresServer>();
    const QString error = m_server->start();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    qputenv("PGPASSFILE", m_server->passwordFile().toLocal8Bit());
}

void TestPostgresStore::cleanupTestCase()
{
    m_server.reset();
}

QString TestPostgresStore::newDatabase()
{
    const QString name = QStringLiteral("results%1").arg(++m_databases);
    const QString error = m_server->createDatabase(name);
    return error.isEmpty() ? m_server->storeAddress(name) : QString();
}

// Other hosts' experiments synced into the server, listed by host, user, kernel and tag, and in
// pages, in the server's SQL (tst_experiment_filter runs the same checks on SQLite).
void TestPostgresStore::listsByHostUserKernelAndTag()
{
    const QString address = newDatabase();
    QVERIFY(!address.isEmpty());
    QTemporaryDir dir;
    ResultStore store;
    QVERIFY(store.open(address).has_value());
    const auto team = testing::copyTeamExperimentsInto(store, dir.filePath(QStringLiteral("other-hosts.db")));
    QCOMPARE(team.size(), 3);
    const QString difference = testing::checkTeamFilters(store, team);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
}

// The oracle is SQLite: the same writes read back the same from both, samples and sizes past 32
// bits included (PostgreSQL's INTEGER and REAL would cut them).
void TestPostgresStore::readsBackWhatSqliteReadsBack()
{
    const QString address = newDatabase();
    QVERIFY(!address.isEmpty());
    QTemporaryDir dir;
    QStringList seen[2];
    int i = 0;
    for (const QString &location : {dir.filePath(QStringLiteral("results.db")), address}) {
        ResultStore store;
        auto opened = store.open(location);
        QVERIFY2(opened.has_value(), qPrintable(opened ? QString() : opened.error().message));
        QCOMPARE(store.isPostgres(), location == address);
        QCOMPARE(store.schemaVersion(), ResultStore::kSchemaVersion);
        const auto experiment = store.createExperiment(plan(2));
        QVERIFY(experiment.has_value());
        for (int index = 0; index < 2; ++index) {
            const auto run = writeRun(store, *experiment, index);
            QVERIFY2(run.has_value(), qPrintable(run ? QString() : run.error().message));
        }
        QVERIFY(store.tagExperiment(*experiment, QStringLiteral("baseline")).has_value());
        QCOMPARE(*store.resolveExperiment(QStringLiteral("baseline")), *experiment);
        QCOMPARE(store.experimentList()->first().finishedRuns, 2);
        seen[i++] = readBack(store, *experiment);
        QVERIFY(store.deleteExperiment(*experiment).has_value());
        QVERIFY(store.runList()->isEmpty()); // the runs went with it
    }
    QVERIFY(seen[0].size() > 2 * kSamples);
    QVERIFY(seen[0].contains(QStringLiteral("  knobs %1: %2")
                                 .arg(kMoreKnobs + 1)
                                 .arg(QStringList(kMoreKnobs + 1, QStringLiteral("0")).join(u','))));
    QVERIFY(seen[0].join(QLatin1Char('\n')).contains(QStringLiteral("5000000001")));
    QCOMPARE(seen[1], seen[0]);
}

// Three writers (two sweeps and a workbench, each with its own connection) add 100 runs each at
// once: the server then holds 300 runs, each once, each with its samples.
void TestPostgresStore::writersAtOnceKeepEveryRunOnce()
{
    const QString address = newDatabase();
    QVERIFY(!address.isEmpty());
    constexpr int kWriters = 3;
    constexpr int kRuns = 100;
    QList<QThread *> writers;
    QStringList errors[kWriters];
    for (int w = 0; w < kWriters; ++w)
        writers.append(QThread::create([&, w] {
            ResultStore store;
            auto opened = store.open(address);
            auto experiment =
                opened ? store.createExperiment(plan(kRuns)) : Result<qint64>(std::unexpected(opened.error()));
            for (int index = 0; experiment && index < kRuns; ++index)
                if (auto run = writeRun(store, *experiment, index); !run)
                    errors[w] << run.error().message;
            if (!experiment)
                errors[w] << experiment.error().message;
        }));
    for (QThread *t : writers)
        t->start();
    for (QThread *t : writers) {
        QVERIFY(t->wait(240000));
        delete t;
    }
    for (const QStringList &e : errors)
        QVERIFY2(e.isEmpty(), qPrintable(e.join(QLatin1Char('\n'))));
    ResultStore store;
    QVERIFY(store.open(address).has_value());
    const auto runs = store.runList();
    QVERIFY(runs.has_value());
    QCOMPARE(runs->size(), kWriters * kRuns);
    QSet<QString> uuids;
    for (const RunRecord &r : *runs) {
        uuids.insert(r.uuid);
        QCOMPARE(store.samples(r.id)->size(), kSamples);
    }
    QCOMPARE(uuids.size(), kWriters * kRuns);
    QCOMPARE(store.experimentList()->size(), kWriters);
}

// A sweep and the workbench open a new database at once: one migrates, the other waits for it.
void TestPostgresStore::twoOpenANewDatabaseAtOnce()
{
    const QString address = newDatabase();
    QVERIFY(!address.isEmpty());
    QString errors[2];
    QThread *openers[2];
    for (int i = 0; i < 2; ++i)
        openers[i] = QThread::create([&, i] {
            ResultStore store;
            if (auto r = store.open(address); !r)
                errors[i] = r.error().message;
            else if (store.schemaVersion() != ResultStore::kSchemaVersion)
                errors[i] = QStringLiteral("schema %1").arg(store.schemaVersion());
        });
    for (QThread *t : openers)
        t->start();
    for (QThread *t : openers) {
        QVERIFY(t->wait(60000));
        delete t;
    }
    QVERIFY2(errors[0].isEmpty() && errors[1].isEmpty(), qPrintable(errors[0] + errors[1]));
}

namespace {
QByteArray bytesOf(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
} // namespace

// A bundle with a real pcap imported into the server: the capture record points into this host's
// $XDG_DATA_HOME/tcptune/captures, where the file is, byte for byte; a second import adds no run
// and no file; a bundle exported from the server carries the file again.
void TestPostgresStore::captureFilesTravelThroughTheServer()
{
    const QString address = newDatabase();
    QVERIFY(!address.isEmpty());
    QTemporaryDir dir;
    qputenv("XDG_DATA_HOME", dir.filePath(QStringLiteral("data")).toUtf8());
    ResultStore source;
    QVERIFY(source.open(dir.filePath(QStringLiteral("source/results.db"))).has_value());
    const auto experiment = source.createExperiment(plan(1));
    QVERIFY(experiment.has_value());
    const auto run = writeRun(source, *experiment, 0); // its capture's file is not there
    QVERIFY(run.has_value());
    CaptureRecord capture;
    capture.path = dir.filePath(QStringLiteral("source/run1.pcap"));
    QVERIFY(QFile::copy(tcptune::test::captureFile(QStringLiteral("tcptrace_ipv6_ftp_nasa_1998.pcap")), capture.path));
    const QByteArray pcap = bytesOf(capture.path);
    QVERIFY(source.addCapture(*run, capture).has_value());

    ResultStore bundle;
    QVERIFY(bundle.open(dir.filePath(QStringLiteral("out.tcptune"))).has_value());
    auto copied =
        source.copyExperimentTo(*experiment, bundle, ResultStore::CopyRuns::Ended, ResultStore::CaptureFiles::Embed);
    QVERIFY(copied.has_value());
    QCOMPARE(copied->captureFiles, 1);
    QCOMPARE(copied->missingCaptureFiles, 1);
    QVERIFY(QFile::remove(capture.path));

    ResultStore server;
    QVERIFY(server.open(address).has_value());
    for (int pass = 0; pass < 2; ++pass) {
        copied = bundle.copyExperimentTo(copied->targetExperimentId, server);
        QVERIFY(copied.has_value());
        QCOMPARE(copied->runs, pass == 0 ? 1 : 0);
        QCOMPARE(copied->captureFiles, pass == 0 ? 1 : 0);
    }
    const QString folder = dir.filePath(QStringLiteral("data/tcptune/captures"));
    QCOMPARE(server.capturesFolder(), folder);
    QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::Hidden).size(), 1);
    const auto runs = server.runs(copied->targetExperimentId);
    QVERIFY(runs.has_value() && runs->size() == 1);
    const auto captures = server.captures(runs->first().id);
    QVERIFY(captures.has_value() && captures->size() == 2);
    QCOMPARE(captures->at(0).path, QStringLiteral("/tmp/run-0.pcap"));
    QCOMPARE(QFileInfo(captures->at(1).path).absolutePath(), folder);
    QVERIFY(bytesOf(captures->at(1).path) == pcap);

    ResultStore again;
    QVERIFY(again.open(dir.filePath(QStringLiteral("again.tcptune"))).has_value());
    copied = server.copyExperimentTo(copied->targetExperimentId, again, ResultStore::CopyRuns::Ended,
                                     ResultStore::CaptureFiles::Embed);
    QVERIFY(copied.has_value());
    QCOMPARE(copied->captureFiles, 1);
    QCOMPARE(copied->missingCaptureFiles, 1);
}

void TestPostgresStore::addressesAreRead_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error"); // a word of the message; empty: accepted
    QTest::addColumn<QString>("display");
    QTest::newRow("file") << QStringLiteral("/tmp/r.db") << QString() << QStringLiteral("/tmp/r.db");
    QTest::newRow("server") << QStringLiteral("postgresql://ana@db.example:5433/team?sslmode=require") << QString()
                            << QStringLiteral("postgresql://ana@db.example:5433/team?sslmode=require");
    QTest::newRow("socket") << QStringLiteral("postgres://ana@localhost/team?host=/run/postgresql") << QString()
                            << QStringLiteral("postgresql://ana@localhost/team?host=/run/postgresql");
    QTest::newRow("password") << QStringLiteral("postgresql://ana:secret@db/team") << QStringLiteral(".pgpass")
                              << QString();
    QTest::newRow("no database") << QStringLiteral("postgresql://ana@db/") << QStringLiteral("DATABASE") << QString();
    QTest::newRow("unknown parameter") << QStringLiteral("postgresql://ana@db/team?sslmod=require")
                                       << QStringLiteral("sslmod") << QString();
}

void TestPostgresStore::addressesAreRead()
{
    QFETCH(QString, text);
    QFETCH(QString, error);
    QFETCH(QString, display);
    const auto location = StoreLocation::parse(text);
    QCOMPARE(location.has_value(), error.isEmpty());
    if (!location) {
        QVERIFY2(location.error().message.contains(error), qPrintable(location.error().message));
        QVERIFY(!location.error().message.contains(QStringLiteral("secret")));
        return;
    }
    QCOMPARE(location->display(), display);
}

void TestPostgresStore::failuresSayWhatToFix_data()
{
    QTest::addColumn<QString>("address");
    QTest::addColumn<bool>("wrongPassword");
    QTest::addColumn<QString>("says");
    QTest::newRow("wrong password") << QString() << true << QStringLiteral("refused the password of tcptune");
    QTest::newRow("unknown database") << QStringLiteral("nosuchdb") << false
                                      << QStringLiteral("has no database nosuchdb: create it");
    QTest::newRow("no server at the socket")
        << QStringLiteral("socket") << false << QStringLiteral("Cannot reach the PostgreSQL server");
    QTest::newRow("refused on loopback") << QStringLiteral("postgresql://tcptune@127.0.0.1:1/team") << false
                                         << QStringLiteral("Cannot reach the PostgreSQL server 127.0.0.1:1");
}

void TestPostgresStore::failuresSayWhatToFix()
{
    QFETCH(QString, address);
    QFETCH(bool, wrongPassword);
    QFETCH(QString, says);
    QTemporaryDir empty;
    if (address.isEmpty())
        address = newDatabase();
    else if (address == QLatin1String("nosuchdb"))
        address = m_server->storeAddress(address);
    else if (address == QLatin1String("socket"))
        address =
            QStringLiteral("postgresql://tcptune@localhost:%1/team?host=%2").arg(m_server->port()).arg(empty.path());
    qputenv("PGPASSFILE", (wrongPassword ? m_server->wrongPasswordFile() : m_server->passwordFile()).toLocal8Bit());
    ResultStore store;
    const auto opened = store.open(address);
    qputenv("PGPASSFILE", m_server->passwordFile().toLocal8Bit());
    QVERIFY(!opened.has_value());
    const QString message = opened.error().message;
    QVERIFY2(message.contains(says), qPrintable(message));
    QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
    QVERIFY(!store.isOpen());
}

// A query after the server went away gives a server's advice, not a file's ("the disk is not full").
void TestPostgresStore::aServerGoneAwaySaysSo()
{
    const QString address = newDatabase();
    QVERIFY(!address.isEmpty());
    ResultStore store;
    QVERIFY(store.open(address).has_value());
    QVERIFY(m_server->stop().isEmpty()); // its backends too: SIGKILL would leave this connection's serving
    const auto listed = store.experimentList();
    QVERIFY(!listed.has_value());
    const QString says = listed.error().message;
    QVERIFY2(says.contains(QStringLiteral("Check that the server still answers")) &&
                 !says.contains(QStringLiteral("disk")),
             qPrintable(says));
    const QString started = m_server->start();
    QVERIFY2(started.isEmpty(), qPrintable(started));
}

QTEST_GUILESS_MAIN(TestPostgresStore)
#include "tst_postgres_store.moc"

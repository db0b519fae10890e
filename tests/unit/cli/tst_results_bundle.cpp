// `tcptune results export ID --bundle FILE` and `results import FILE` with capture files, on real
// SQLite stores and real pcaps: the bundle carries the files (one of them over a chunk of 1 MiB),
// an import into another folder writes them anew where the store keeps its captures once, and a
// bundle whose copy of a file was cut short or altered is refused without leaving a file behind.

#include "command_runner.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store.h"
#include "test_data.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace tcptune;
using namespace tcptune::test;

class TestResultsBundle final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void aBundleCarriesItsCaptureFiles();
    void aDamagedBundleLeavesNoHalfFile_data();
    void aDamagedBundleLeavesNoHalfFile();

private:
    QString path(const QString &relative) const { return m_dir->filePath(relative); }
    void writeSourceStore();
    QString exportBundle();
    static QStringList filesIn(const QString &folder);
    std::unique_ptr<QTemporaryDir> m_dir;
    // The capture files' bytes by run index, read before the source's files went away.
    QHash<int, QByteArray> m_bytes;
    qint64 m_experimentId = 0;
};

namespace {
// Run 0's capture spans two chunks of the bundle, run 1's one; run 2's file is gone at export.
const QStringList kCaptures = {QStringLiteral("tcptrace_ipv6_ftp_nasa_1998.pcap"),
                               QStringLiteral("tcptrace_ftp_hardware_dups_snap68.pcap")};

CommandResult results(const QStringList &args)
{
    return runTcptune(QStringList{QStringLiteral("results")} + args);
}
} // namespace

void TestResultsBundle::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    // No Settings, outbox or default store of the user's.
    qputenv("XDG_DATA_HOME", path(QStringLiteral("xdg-data")).toUtf8());
    qputenv("XDG_CONFIG_HOME", path(QStringLiteral("xdg-config")).toUtf8());
    m_bytes.clear();
    writeSourceStore();
}

// source/results.db: one finished experiment of three runs, each with a capture record in
// source/captures (run 2's file deleted since).
void TestResultsBundle::writeSourceStore()
{
    ResultStore store;
    QVERIFY(store.open(path(QStringLiteral("source/results.db"))).has_value());
    ExperimentSpec spec;
    spec.name = QStringLiteral("bundle test");
    SweepPlan plan{spec};
    plan.setRepeats(3);
    auto experiment = store.createExperiment(plan);
    QVERIFY(experiment.has_value());
    m_experimentId = *experiment;
    QDir().mkpath(store.capturesFolder());
    for (int index = 0; index < 3; ++index) {
        RunRecord run;
        run.experimentId = m_experimentId;
        run.runIndex = index;
        run.repeat = index;
        auto id = store.beginRun(run);
        QVERIFY(id.has_value());
        run.id = *id;
        run.status = RunStatus::Ok;
        run.throughputBps = 1e9;
        QVERIFY(store.finishRun(run).has_value());
        CaptureRecord capture;
        capture.path = QStringLiteral("%1/run%2.pcap").arg(store.capturesFolder()).arg(run.id);
        capture.interface = QStringLiteral("veth0");
        if (index < kCaptures.size()) {
            QVERIFY(QFile::copy(captureFile(kCaptures.at(index)), capture.path));
            QFile file(capture.path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            m_bytes.insert(index, file.readAll());
        }
        QVERIFY(store.addCapture(run.id, capture).has_value());
    }
    QVERIFY(store.setExperimentStatus(m_experimentId, ExperimentStatus::Finished).has_value());
}

QString TestResultsBundle::exportBundle()
{
    const QString bundle = path(QStringLiteral("exchange/first.tcptune"));
    QDir().mkpath(QFileInfo(bundle).absolutePath());
    const CommandResult r =
        results({QStringLiteral("export"), QString::number(m_experimentId), QStringLiteral("--bundle"), bundle,
                 QStringLiteral("--store"), path(QStringLiteral("source/results.db"))});
    if (r.exitCode != 0)
        qWarning("%s", r.err.constData());
    return r.exitCode == 0 &&
                   r.out.contains("Capture files in the bundle: 2; not found or not readable, so left out: 1.")
               ? bundle
               : QString();
}

// Every file in FOLDER, hidden ones (a temporary file) included.
QStringList TestResultsBundle::filesIn(const QString &folder)
{
    return QDir(folder).entryList(QDir::Files | QDir::Hidden | QDir::System);
}

void TestResultsBundle::aBundleCarriesItsCaptureFiles()
{
    const QString bundle = exportBundle();
    QVERIFY(!bundle.isEmpty());
    QVERIFY(QDir(path(QStringLiteral("source/captures"))).removeRecursively());

    const QString target = path(QStringLiteral("elsewhere/results.db"));
    CommandResult r = results({QStringLiteral("import"), bundle, QStringLiteral("--store"), target});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("new experiments 1, new runs 3"), r.out.constData());
    QVERIFY2(r.out.contains("Capture files written to ") && r.out.contains(": 2."), r.out.constData());

    ResultStore store;
    QVERIFY(store.open(target).has_value());
    auto experiments = store.experimentList();
    QVERIFY(experiments.has_value() && experiments->size() == 1);
    auto runs = store.runs(experiments->first().id);
    QVERIFY(runs.has_value());
    QCOMPARE(runs->size(), 3);
    for (const RunRecord &run : *runs) {
        auto captures = store.captures(run.id);
        QVERIFY(captures.has_value() && captures->size() == 1);
        const QString file = captures->first().path;
        QCOMPARE(captures->first().interface, QStringLiteral("veth0"));
        if (run.runIndex >= kCaptures.size()) {
            // Missing at export: the record keeps the path it had.
            QVERIFY2(file.startsWith(path(QStringLiteral("source/captures/"))), qPrintable(file));
            continue;
        }
        QCOMPARE(QFileInfo(file).absolutePath(), store.capturesFolder());
        QFile imported(file);
        QVERIFY2(imported.open(QIODevice::ReadOnly), qPrintable(file));
        QVERIFY2(imported.readAll() == m_bytes.value(run.runIndex), qPrintable(file));
    }
    QCOMPARE(filesIn(store.capturesFolder()).size(), 2);
    const CommandResult analysed =
        runTcptune({QStringLiteral("analyze"), store.captures(runs->first().id)->first().path});
    QVERIFY2(analysed.exitCode == 0, analysed.err.constData());

    r = results({QStringLiteral("import"), bundle, QStringLiteral("--store"), target});
    QVERIFY2(r.exitCode == 0 && r.out.contains("new experiments 0, new runs 0"), r.out.constData());
    QVERIFY2(!r.out.contains("Capture files"), r.out.constData());
    QCOMPARE(filesIn(store.capturesFolder()).size(), 2);
    QCOMPARE(*store.runCount(), 3);
}

void TestResultsBundle::aDamagedBundleLeavesNoHalfFile_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("message");
    // Run 1's file cut short: run 0's, written by then, goes again.
    QTest::newRow("truncated") << QStringLiteral("UPDATE capture_file_chunks SET data = substr(data, 1, 100) WHERE "
                                                 "capture_id = (SELECT c.id FROM captures c JOIN runs r ON r.id = "
                                                 "c.run_id WHERE r.run_index = 1)")
                               << QStringLiteral("is truncated or damaged");
    // The second of run 0's two chunks, its length kept.
    QTest::newRow("altered") << QStringLiteral("UPDATE capture_file_chunks SET data = zeroblob(length(data)) WHERE "
                                               "chunk = 1")
                             << QStringLiteral("its bytes differ from those exported");
}

void TestResultsBundle::aDamagedBundleLeavesNoHalfFile()
{
    QFETCH(QString, damage);
    QFETCH(QString, message);
    const QString bundle = exportBundle();
    QVERIFY(!bundle.isEmpty());
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("damage"));
        db.setDatabaseName(bundle);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(damage));
        QCOMPARE(q.numRowsAffected(), 1);
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("damage"));

    const QString target = path(QStringLiteral("elsewhere/results.db"));
    const CommandResult r = results({QStringLiteral("import"), bundle, QStringLiteral("--store"), target});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    QVERIFY2(r.err.contains("Export the experiment again."), r.err.constData());
    ResultStore store;
    QVERIFY(store.open(target).has_value());
    QCOMPARE(*store.runCount(), 0);
    QVERIFY2(filesIn(store.capturesFolder()).isEmpty(), qPrintable(filesIn(store.capturesFolder()).join(u' ')));
}

QTEST_GUILESS_MAIN(TestResultsBundle)
#include "tst_results_bundle.moc"

// `tcptune sweep` for real, as root: preset 5 in the routed lab (50 Mbit/s, 2 MB queue, cubic,
// the far end sending)
// prints 8 rows, 64 KiB .. 4 MiB, with the RTT rising with the send window, and writes its files;
// `tcptune results` lists and shows a sweep of its own; bad specs fail before anything runs,
// naming the field.

#include "command_runner.h"
#include "lab_cleanup.h"
#include "scratch_namespace.h"
#include "send_window_bloat.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune::test;

namespace {
const QString kLab = QStringLiteral("t-exp1");
const QString kBadLab = QStringLiteral("t-exp9");
const QString kResultsLab = QStringLiteral("t-exp4");
} // namespace

class TestSweepCommand final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void badSpecsFailBeforeAnythingRuns_data();
    void badSpecsFailBeforeAnythingRuns();
    void dryRunPrintsThePlan();
    void presetFiveInTheRoutedLab();
    void resultsListAndShow();

private:
    QTemporaryDir m_dir;
    QString db() const { return m_dir.filePath(QStringLiteral("results.db")); }
};

void TestSweepCommand::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root: the lab is built through tcptune-helper");
    QVERIFY(m_dir.isValid());
    removeLab(kLab);
    removeLab(kResultsLab);
}

void TestSweepCommand::cleanupTestCase()
{
    if (runningAsRoot()) {
        removeLab(kLab);
        removeLab(kBadLab);
        removeLab(kResultsLab);
    }
}

void TestSweepCommand::badSpecsFailBeforeAnythingRuns_data()
{
    QTest::addColumn<QByteArray>("spec");
    QTest::addColumn<QString>("field");
    const QByteArray lab = R"("target": {"kind": "lab", "lab": "t-exp9"}, "duration_s": 1)";
    QTest::addRow("unknown knob") << (R"({)" + lab + R"(, "sweep": {"axes": [{"parameter": "net.ipv4.tcp_bogus",
        "values": [1, 2]}]}})") << QStringLiteral("sweep.axes[0].parameter");
    QTest::addRow("value out of range") << (R"({)" + lab + R"(, "sweep": {"axes": [{"parameter": "lab.mtu",
        "values": [1500, 100000]}]}})") << QStringLiteral("sweep.axes[0].values[1]");
    QTest::addRow("empty axis") << (R"({)" + lab + R"(, "sweep": {"axes": [{"parameter": "socket.SO_SNDBUF",
        "values": []}]}})") << QStringLiteral("sweep.axes[0].values");
    QTest::addRow("2-D on the same knob") << (R"({)" + lab + R"(, "sweep": {"axes": [{"parameter": "lab.rate",
        "values": ["10mbit"]}, {"parameter": "lab.rate", "values": ["20mbit"]}]}})")
                                          << QStringLiteral("sweep.axes[1].parameter");
    QTest::addRow("unknown field") << (R"({)" + lab + R"(, "repeets": 3})") << QStringLiteral("repeets");
    QTest::addRow("wrong type") << (R"({)" + lab + R"(, "workload": {"streams": "two"}})")
                                << QStringLiteral("workload.streams");
    QTest::addRow("unknown spec knob") << (R"({)" + lab + R"(, "knobs": {"net.ipv4.tcp_nope": 1}})")
                                       << QStringLiteral("knobs.net.ipv4.tcp_nope");
}

void TestSweepCommand::badSpecsFailBeforeAnythingRuns()
{
    QFETCH(QByteArray, spec);
    QFETCH(QString, field);
    const QString path = m_dir.filePath(QStringLiteral("bad.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(spec);
    file.close();
    const QString badDb = m_dir.filePath(QStringLiteral("bad.db"));
    const CommandResult r = runTcptune({QStringLiteral("sweep"), path, QStringLiteral("--db"), badDb}, 20000);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(QStringLiteral("'%1'").arg(field)), r.err.constData());
    // Nothing ran: no experiment stored, no lab built.
    QVERIFY(!QFile::exists(badDb));
    QVERIFY(labNamespaces(kBadLab).isEmpty());
}

void TestSweepCommand::dryRunPrintsThePlan()
{
    const CommandResult r =
        runTcptune({QStringLiteral("sweep"), QStringLiteral("--preset"), QStringLiteral("5"),
                    QStringLiteral("--dry-run"), QStringLiteral("--lab"), kLab, QStringLiteral("--db"), db()},
                   20000);
    QCOMPARE(r.exitCode, 0);
    const QString text = QString::fromUtf8(r.out);
    QVERIFY2(text.contains(QStringLiteral("runs: 8")), r.out.constData());
    QVERIFY(text.contains(QStringLiteral("Expected duration")));
    // The preset's note on what the lab reproduces of story 5, before anything runs.
    QVERIFY2(text.contains(QStringLiteral("In the lab: The lab reproduces the mechanism")), r.out.constData());
    QVERIFY(labNamespaces(kLab).isEmpty());
}

void TestSweepCommand::presetFiveInTheRoutedLab()
{
    const QString outDir = m_dir.filePath(QStringLiteral("out"));
    const CommandResult r = runTcptune({QStringLiteral("sweep"), QStringLiteral("preset:5"), QStringLiteral("--lab"),
                                        kLab, QStringLiteral("--duration"), QStringLiteral("2"), QStringLiteral("--db"),
                                        db(), QStringLiteral("--out"), outDir, QStringLiteral("--lab-down")},
                                       90000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    qInfo().noquote() << QString::fromUtf8(r.out);

    // The Markdown table: 8 rows, 64 KiB .. 4 MiB, in order.
    const QStringList expected = {QStringLiteral("64 KiB"),  QStringLiteral("128 KiB"), QStringLiteral("256 KiB"),
                                  QStringLiteral("384 KiB"), QStringLiteral("512 KiB"), QStringLiteral("1 MiB"),
                                  QStringLiteral("2 MiB"),   QStringLiteral("4 MiB")};
    QStringList rows;
    for (const QString &line : QString::fromUtf8(r.out).split(QLatin1Char('\n')))
        if (line.startsWith(QStringLiteral("| ")) && !line.startsWith(QStringLiteral("| socket.")))
            rows << line.section(QLatin1Char('|'), 1, 1).trimmed();
    QCOMPARE(rows, expected);

    QFile json(outDir + QStringLiteral("/results.json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject results = QJsonDocument::fromJson(json.readAll()).object();
    QVERIFY(results.value(QStringLiteral("experiment")).toInteger() > 0);
    const QJsonArray points = results.value(QStringLiteral("points")).toArray();
    QCOMPARE(points.size(), 8);
    for (const QJsonValue &v : points) {
        const QJsonObject stats = v.toObject().value(QStringLiteral("statistics")).toObject();
        QCOMPARE(stats.value(QStringLiteral("runs")).toInt(), 1);
        const double mbit =
            stats.value(QStringLiteral("throughput_bps")).toObject().value(QStringLiteral("mean")).toDouble() / 1e6;
        QVERIFY2(mbit > 20 && mbit < 55, qPrintable(QString::number(mbit)));
    }
    const QString bloat = sendWindowBloatShortfall(points);
    QVERIFY2(bloat.isEmpty(), qPrintable(bloat));
    for (const char *name : {"table.md", "points.csv", "runs.csv"})
        QVERIFY2(QFile::exists(outDir + QLatin1Char('/') + QLatin1String(name)), name);
    QFile csv(outDir + QStringLiteral("/points.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QCOMPARE(csv.readAll().count('\n'), 9); // header + 8 points
    QVERIFY(labNamespaces(kLab).isEmpty()); // --lab-down
}

// Stands alone: its own two-point sweep into its own store, then `tcptune results` on it.
void TestSweepCommand::resultsListAndShow()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString store = dir.filePath(QStringLiteral("results.db"));
    const QString spec = dir.filePath(QStringLiteral("spec.json"));
    QFile file(spec);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"name": "results list test", "target": {"kind": "lab", "lab": "t-exp4"}, "duration_s": 0.5,
        "sweep": {"axes": [{"parameter": "socket.SO_SNDBUF", "values": ["64K", "256K"]}]}})");
    file.close();
    CommandResult r =
        runTcptune({QStringLiteral("sweep"), spec, QStringLiteral("--db"), store, QStringLiteral("--lab-down")}, 90000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(labNamespaces(kResultsLab).isEmpty());

    r = runTcptune({QStringLiteral("results"), QStringLiteral("list"), QStringLiteral("--db"), store});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(QString::fromUtf8(r.out).contains(QStringLiteral("results list test")), r.out.constData());
    QVERIFY2(QString::fromUtf8(r.out).contains(QStringLiteral("2/2")), r.out.constData());
    r = runTcptune(
        {QStringLiteral("results"), QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--db"), store});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray listed = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(listed.size(), 1);
    const qint64 id = listed.first().toObject().value(QStringLiteral("id")).toInteger();

    r = runTcptune({QStringLiteral("results"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json"),
                    QStringLiteral("--db"), store});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject shown = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(shown.value(QStringLiteral("points")).toArray().size(), 2);
    QCOMPARE(shown.value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
    r = runTcptune(
        {QStringLiteral("results"), QStringLiteral("show"), QString::number(id + 1), QStringLiteral("--db"), store});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(QString::fromUtf8(r.err).contains(QStringLiteral("tcptune results list")));
}

QTEST_GUILESS_MAIN(TestSweepCommand)
#include "tst_sweep_command.moc"

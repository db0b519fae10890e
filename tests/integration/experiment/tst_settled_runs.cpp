// Settled measurements (docs/diagnosis.md) on story 5 in the lab, as a user runs it: a 64 KiB
// window settles within a 1.5 s run and its settled RTT median agrees with a 4 s run's; a
// 1 MiB window, whose queue fills for about 4 s at 50 Mbit/s, is cut too short in 1.5 s and
// carries the warning in its result, the sweep table's flags, the History list's verdict and the
// report.

#include "command_runner.h"
#include "lab_cleanup.h"
#include "scratch_namespace.h"
#include "story_five_spec.h"

#include "experiment/store/result_store.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kLab = QStringLiteral("t-settle");
const QString kWarning = QStringLiteral("The RTT was still rising when the run ended: run longer than 3 s.");

// The results.json of a sweep of SPEC with DURATION seconds a run, stored in DIR's results.db.
QJsonObject sweep(const QTemporaryDir &dir, const QString &spec, const QString &duration)
{
    const QString outDir = dir.filePath(QStringLiteral("out-") + duration);
    const CommandResult r =
        runTcptune({QStringLiteral("sweep"), spec, QStringLiteral("--duration"), duration, QStringLiteral("--lab"),
                    kLab, QStringLiteral("--db"), dir.filePath(QStringLiteral("results.db")), QStringLiteral("--out"),
                    outDir, QStringLiteral("--lab-down")},
                   120000);
    if (r.exitCode != 0)
        qInfo().noquote() << QString::fromUtf8(r.err);
    QFile json(outDir + QStringLiteral("/results.json"));
    if (!json.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(json.readAll()).object();
}

QJsonObject pointAt(const QJsonObject &results, int index)
{
    return results.value(QStringLiteral("points")).toArray().at(index).toObject();
}

QJsonObject firstRun(const QJsonObject &point)
{
    return point.value(QStringLiteral("runs")).toArray().first().toObject();
}

} // namespace

class TestSettledRuns final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void shortRunOfAFillingQueueWarns();
};

void TestSettledRuns::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root: the lab is built through tcptune-helper");
    removeLab(kLab);
}

void TestSettledRuns::cleanup()
{
    if (runningAsRoot())
        removeLab(kLab);
}

void TestSettledRuns::shortRunOfAFillingQueueWarns()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QJsonObject shortRuns =
        sweep(dir, storyFiveSpec(dir, {QStringLiteral("64K"), QStringLiteral("1M")}, QStringLiteral("story5.json")),
              QStringLiteral("1.5"));
    const QJsonObject small = firstRun(pointAt(shortRuns, 0));
    const QJsonObject big = firstRun(pointAt(shortRuns, 1));
    const QJsonObject smallSettling = small.value(QStringLiteral("settling")).toObject();
    const QJsonObject bigSettling = big.value(QStringLiteral("settling")).toObject();
    qInfo() << "64 KiB" << smallSettling << small.value(QStringLiteral("rtt_ms")).toObject();
    qInfo() << "1 MiB" << bigSettling << big.value(QStringLiteral("rtt_ms")).toObject();
    // 64 KiB: the window (and the RTT) level off within a few hundred ms.
    QVERIFY(smallSettling.value(QStringLiteral("judged")).toBool());
    QVERIFY(smallSettling.value(QStringLiteral("settled")).toBool());
    QVERIFY(smallSettling.value(QStringLiteral("measured_from_s")).toDouble() < 1.0);
    QVERIFY(!small.value(QStringLiteral("verdict")).toString().contains(QStringLiteral("still rising")));
    // 1 MiB: the queue still filled when the run ended; result, flags, verdict say so.
    QVERIFY(bigSettling.value(QStringLiteral("judged")).toBool());
    QVERIFY(!bigSettling.value(QStringLiteral("settled")).toBool());
    QCOMPARE(bigSettling.value(QStringLiteral("rising")).toString(), QStringLiteral("rtt"));
    const QString verdict = big.value(QStringLiteral("verdict")).toString();
    QVERIFY2(verdict.endsWith(kWarning), qPrintable(verdict));
    QVERIFY(pointAt(shortRuns, 1)
                .value(QStringLiteral("flags"))
                .toArray()
                .contains(QJsonValue(QStringLiteral("not settled: 1 of 1 runs"))));
    QVERIFY(pointAt(shortRuns, 0).value(QStringLiteral("flags")).toArray().isEmpty());

    // The History list reads the stored run: its verdict carries the warning.
    {
        ResultStore store;
        QVERIFY(store.open(dir.filePath(QStringLiteral("results.db"))));
        const auto list = store.runList();
        QVERIFY(list.has_value());
        int warned = 0;
        for (const RunRecord &r : *list)
            warned += r.verdict.endsWith(kWarning) ? 1 : 0;
        QCOMPARE(warned, 1);
    }
    // The report: the table's flag and the run's verdict.
    const QString report = dir.filePath(QStringLiteral("report.md"));
    const CommandResult r = runTcptune(
        {QStringLiteral("report"), QString::number(shortRuns.value(QStringLiteral("experiment")).toInteger()),
         QStringLiteral("--out"), report, QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("--db"),
         dir.filePath(QStringLiteral("results.db"))},
        60000);
    QCOMPARE(r.exitCode, 0);
    QFile md(report);
    QVERIFY(md.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(md.readAll());
    QVERIFY(text.contains(QStringLiteral("not settled: 1 of 1 runs")));
    QVERIFY(text.contains(kWarning));

    // The settled figures of a window that levels off do not depend on the run's length.
    const QJsonObject longRun = firstRun(pointAt(
        sweep(dir, storyFiveSpec(dir, {QStringLiteral("64K")}, QStringLiteral("story5-64k.json")), QStringLiteral("4")),
        0));
    const double shortMedian =
        small.value(QStringLiteral("rtt_ms")).toObject().value(QStringLiteral("median")).toDouble();
    const double longMedian =
        longRun.value(QStringLiteral("rtt_ms")).toObject().value(QStringLiteral("median")).toDouble();
    qInfo() << "64 KiB settled RTT median, 1.5 s against 4 s:" << shortMedian << longMedian;
    QVERIFY(longRun.value(QStringLiteral("settling")).toObject().value(QStringLiteral("settled")).toBool());
    QVERIFY2(std::abs(shortMedian - longMedian) <= 0.15 * longMedian, "within 15 %");
}

QTEST_GUILESS_MAIN(TestSettledRuns)
#include "tst_settled_runs.moc"

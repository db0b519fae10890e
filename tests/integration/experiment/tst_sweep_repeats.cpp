// Preset 2 (fixed vs autotuned socket buffers) in the lab, with short runs: 5 runs per point,
// each run's value kept, and the spread (sd, min, max, CV) shown in the table and the JSON.

#include "command_runner.h"
#include "lab_cleanup.h"
#include "scratch_namespace.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune::test;

namespace {
const QString kLab = QStringLiteral("t-exp2");
} // namespace

class TestSweepRepeats final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void presetTwoShowsEveryRunAndTheSpread();
};

void TestSweepRepeats::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root: the lab is built through tcptune-helper");
    removeLab(kLab);
}

void TestSweepRepeats::cleanupTestCase()
{
    if (runningAsRoot())
        removeLab(kLab);
}

void TestSweepRepeats::presetTwoShowsEveryRunAndTheSpread()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString outDir = dir.filePath(QStringLiteral("out"));
    const CommandResult r = runTcptune({QStringLiteral("sweep"), QStringLiteral("2"), QStringLiteral("--lab"), kLab,
                                        QStringLiteral("--duration"), QStringLiteral("1"), QStringLiteral("--db"),
                                        dir.filePath(QStringLiteral("results.db")), QStringLiteral("--out"), outDir,
                                        QStringLiteral("--lab-down")},
                                       90000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    qInfo().noquote() << QString::fromUtf8(r.out);

    QFile json(outDir + QStringLiteral("/results.json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonArray points =
        QJsonDocument::fromJson(json.readAll()).object().value(QStringLiteral("points")).toArray();
    QCOMPARE(points.size(), 2);
    QCOMPARE(points.at(0).toObject().value(QStringLiteral("label")).toString(), QStringLiteral("256 KiB + 256 KiB"));
    QCOMPARE(points.at(1).toObject().value(QStringLiteral("label")).toString(), QStringLiteral("default + default"));
    for (const QJsonValue &p : points) {
        const QJsonObject point = p.toObject();
        const QJsonObject tput =
            point.value(QStringLiteral("statistics")).toObject().value(QStringLiteral("throughput_bps")).toObject();
        const QJsonArray values = tput.value(QStringLiteral("values")).toArray();
        QCOMPARE(values.size(), 5);
        QCOMPARE(point.value(QStringLiteral("runs")).toArray().size(), 5);
        double min = 1e18;
        double max = 0;
        for (const QJsonValue &v : values) {
            QVERIFY(v.toDouble() > 1e6);
            min = qMin(min, v.toDouble());
            max = qMax(max, v.toDouble());
        }
        QCOMPARE(tput.value(QStringLiteral("min")).toDouble(), min);
        QCOMPARE(tput.value(QStringLiteral("max")).toDouble(), max);
        QVERIFY(tput.value(QStringLiteral("sd")).toDouble() >= 0);
        QVERIFY(tput.contains(QStringLiteral("cv")));
        // The fixed point really ran with fixed buffers (the kernel doubles the request).
        const QJsonObject firstRun = point.value(QStringLiteral("runs")).toArray().first().toObject();
        if (point.value(QStringLiteral("index")).toInt() == 0)
            QCOMPARE(firstRun.value(QStringLiteral("sndbuf_actual")).toDouble(), 2.0 * 262144);
    }
    // The Markdown row shows all five runs' values.
    const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'));
    int rows = 0;
    for (const QString &line : lines) {
        if (!line.startsWith(QStringLiteral("| 256 KiB")) && !line.startsWith(QStringLiteral("| default")))
            continue;
        ++rows;
        const QString perRun = line.section(QLatin1Char('|'), -3, -3).trimmed(); // before the verdict
        QCOMPARE(perRun.split(QLatin1Char(' '), Qt::SkipEmptyParts).size(), 5);
        QVERIFY(line.contains(QStringLiteral(" ± ")));
    }
    QCOMPARE(rows, 2);
    QVERIFY(labNamespaces(kLab).isEmpty());
}

QTEST_GUILESS_MAIN(TestSweepRepeats)
#include "tst_sweep_repeats.moc"

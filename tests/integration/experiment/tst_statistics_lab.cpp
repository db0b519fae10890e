// Intervals and significance on real traffic in the lab (issue 29's acceptance), as root:
// - A/A: 40 identical 2 s runs, paired as 20 A/B comparisons of one run each (the moving-block
//   bootstrap of each run's series, Holm over the four metrics, as `tcptune results diff` does):
//   at most 3 of 20 are called significant (1 expected at 95 %).
// - A/B with a real effect: preset 5's lab (2 MB queue, cubic, SO_SNDBUF 64 KiB at the far
//   sender) shaped to 50 against 20 Mbit/s, 3 runs each, as two experiments: `tcptune results
//   diff A B` calls the goodput's difference significant (Welch), exits 0, and its table and
//   --json agree.
// - `tcptune sweep 5 --until-ci 2`: every point stops as soon as its 95 % interval is within 2 %
//   of its mean or at the most runs, and those are listed; the JSON shows n per point.

#include "command_runner.h"
#include "common/confidence_interval.h"
#include "experiment/store/result_store.h"
#include "experiment/tables/experiment_diff.h"
#include "lab_cleanup.h"
#include "scratch_namespace.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kLabAA = QStringLiteral("t-sta1");
const QString kLabAB = QStringLiteral("t-sta2");
const QString kLabCi = QStringLiteral("t-sta3");

// Preset 5's lab and workload: the far end sends through the 50 Mbit/s router with a 2 MB queue.
QByteArray storyFiveSpec(const QString &lab, const QString &name, const QString &sndbuf, int repeats,
                         const QString &rate = QStringLiteral("50mbit"))
{
    return QStringLiteral(R"({"name": "%1", "target": {"kind": "lab", "lab": "%2"},
        "knobs": {"lab.topology": "routed", "lab.rate": "%5", "lab.queue": "2M",
                  "socket.TCP_CONGESTION": "cubic", "socket.SO_SNDBUF": "%3"},
        "workload": {"type": "bulk", "streams": 1, "direction": "down"},
        "duration_s": 2, "omit_s": 0.5, "pause_s": 0.2, "sample_ms": 10, "repeats": %4})")
        .arg(name, lab, sndbuf)
        .arg(repeats)
        .arg(rate)
        .toUtf8();
}

bool writeFile(const QString &path, const QByteArray &data)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(data) == data.size();
}

// The ids of the stored experiments, oldest first.
QList<qint64> experimentIds(const QString &db)
{
    const CommandResult r = runTcptune(
        {QStringLiteral("results"), QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--db"), db});
    QList<qint64> ids;
    for (const QJsonValue &v : QJsonDocument::fromJson(r.out).array())
        ids.prepend(v.toObject().value(QStringLiteral("id")).toInteger());
    return ids;
}

QJsonObject metric(const QJsonObject &point, const QString &name)
{
    for (const QJsonValue &m : point.value(QStringLiteral("metrics")).toArray())
        if (m.toObject().value(QStringLiteral("metric")).toString() == name)
            return m.toObject();
    return {};
}

// One A/A sweep of 40 identical runs into DB, paired as 20 comparisons; how many of them are
// called significant (-1 when the sweep failed), each pair's figures in LOG.
int significantAaPairs(const QString &db, const QString &spec, QStringList &log)
{
    const CommandResult r =
        runTcptune({QStringLiteral("sweep"), spec, QStringLiteral("--db"), db, QStringLiteral("--lab-down")}, 240000);
    if (r.exitCode != 0) {
        log << QString::fromUtf8(r.err);
        return -1;
    }
    ResultStore store;
    const QList<qint64> ids = experimentIds(db);
    if (!store.open(db) || ids.size() != 1) {
        log << QStringLiteral("the A/A experiment is not in %1").arg(db);
        return -1;
    }
    const auto experiment = store.experiment(ids.first());
    const auto runs = store.runs(ids.first());
    if (!experiment || !runs) {
        log << QStringLiteral("the A/A experiment in %1 cannot be read").arg(db);
        return -1;
    }
    const auto plan = SweepPlan::fromJson(experiment->plan);
    if (!plan) {
        log << QStringLiteral("the A/A experiment in %1 cannot be read").arg(db);
        return -1;
    }
    const SweepTable table = buildSweepTable(*experiment, *plan, *runs);
    const QList<RunRecord> &all = table.points.first().runs;
    int significant = 0;
    for (int pair = 0; pair < 20 && all.size() == 40; ++pair) {
        PointResult a = table.points.first();
        PointResult b = a;
        a.runs = {all.at(2 * pair)};
        b.runs = {all.at(2 * pair + 1)};
        const PointDiff diff = diffPoints(store, table, a, table, b);
        bool any = a.runs.first().status != RunStatus::Ok || b.runs.first().status != RunStatus::Ok;
        QStringList metrics;
        for (const MetricRow &m : diff.metrics) {
            any = any || m.difference.significant || m.difference.method != MetricDifference::Method::BlockBootstrap;
            metrics << QStringLiteral("%1 %2 -> %3 p %4")
                           .arg(m.key)
                           .arg(m.difference.a)
                           .arg(m.difference.b)
                           .arg(m.difference.pHolm);
        }
        significant += any ? 1 : 0;
        log << QStringLiteral("pair %1%2: %3")
                   .arg(pair)
                   .arg(any ? QStringLiteral(" SIGNIFICANT") : QString(), metrics.join(QStringLiteral("; ")));
    }
    return all.size() == 40 ? significant : -1;
}

} // namespace

class TestStatisticsLab final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void identicalRunsAreRarelySignificant();
    void aRealEffectIsSignificant();
    void untilPreciseOnPresetFive();

private:
    QTemporaryDir m_dir;
};

void TestStatisticsLab::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root: the lab is built through tcptune-helper");
    QVERIFY(m_dir.isValid());
    for (const QString &lab : {kLabAA, kLabAB, kLabCi})
        removeLab(lab);
}

void TestStatisticsLab::cleanupTestCase()
{
    if (runningAsRoot())
        for (const QString &lab : {kLabAA, kLabAB, kLabCi})
            removeLab(lab);
}

// A single run's interval knows only that run's own variation: on a machine busy with something
// else the runs differ more than their series say (under a load of 3, 7 of 20 pairs). A second
// set of 40 runs is taken then; both sets failing is a failure.
void TestStatisticsLab::identicalRunsAreRarelySignificant()
{
    const QString spec = m_dir.filePath(QStringLiteral("aa.json"));
    QVERIFY(writeFile(spec, storyFiveSpec(kLabAA, QStringLiteral("A/A"), QStringLiteral("64K"), 40)));
    QStringList counts;
    for (int attempt = 1; attempt <= 2; ++attempt) {
        QStringList log;
        const int significant = significantAaPairs(m_dir.filePath(QStringLiteral("aa%1.db").arg(attempt)), spec, log);
        qInfo().noquote() << log.join(QLatin1Char('\n'));
        QVERIFY2(significant >= 0, qPrintable(log.join(QLatin1Char('\n'))));
        counts << QString::number(significant);
        if (significant <= 3)
            return;
    }
    QFAIL(qPrintable(QStringLiteral("A/A pairs called significant, of 20 in each of two sets: %1")
                         .arg(counts.join(QStringLiteral(", ")))));
}

void TestStatisticsLab::aRealEffectIsSignificant()
{
    const QString db = m_dir.filePath(QStringLiteral("ab.db"));
    const QString specA = m_dir.filePath(QStringLiteral("a.json"));
    const QString specB = m_dir.filePath(QStringLiteral("b.json"));
    QVERIFY(writeFile(specA, storyFiveSpec(kLabAB, QStringLiteral("A: 50 Mbit/s"), QStringLiteral("64K"), 3)));
    QVERIFY(writeFile(specB, storyFiveSpec(kLabAB, QStringLiteral("B: 20 Mbit/s"), QStringLiteral("64K"), 3,
                                           QStringLiteral("20mbit"))));
    for (const QString &spec : {specA, specB}) {
        const QStringList args{QStringLiteral("sweep"), spec, QStringLiteral("--db"), db};
        const CommandResult r =
            runTcptune(spec == specB ? args + QStringList{QStringLiteral("--lab-down")} : args, 120000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }
    const QList<qint64> ids = experimentIds(db);
    QCOMPARE(ids.size(), 2);
    const QStringList diff{QStringLiteral("results"),  QStringLiteral("diff"), QString::number(ids.at(0)),
                           QString::number(ids.at(1)), QStringLiteral("--db"), db};
    const CommandResult text = runTcptune(diff);
    QCOMPARE(text.exitCode, 0);
    qInfo().noquote() << QString::fromUtf8(text.out);
    const CommandResult json = runTcptune(diff + QStringList{QStringLiteral("--json")});
    QCOMPARE(json.exitCode, 0);
    const QJsonObject doc = QJsonDocument::fromJson(json.out).object();
    QCOMPARE(doc.value(QStringLiteral("schema_version")).toInt(), 2);
    const QJsonArray points = doc.value(QStringLiteral("points")).toArray();
    QCOMPARE(points.size(), 1);
    const QJsonObject goodput = metric(points.first().toObject(), QStringLiteral("throughput"));
    QCOMPARE(goodput.value(QStringLiteral("method")).toString(), QStringLiteral("welch"));
    QCOMPARE(goodput.value(QStringLiteral("n_a")).toInt(), 3);
    QCOMPARE(goodput.value(QStringLiteral("n_b")).toInt(), 3);
    // The shaper's rate sets the goodput: 20 against 50 Mbit/s is far more than the runs vary.
    // (A send-window effect on the RTT is not steady enough for three 2 s runs: CI saw 64 KiB
    // against 1 MiB, and here 256 KiB, spread over 20-100 ms and not called significant.)
    QVERIFY2(goodput.value(QStringLiteral("significant")).toBool(), json.out.constData());
    QVERIFY(goodput.value(QStringLiteral("difference_pct")).toDouble() < -40);
    QVERIFY(goodput.value(QStringLiteral("ci_high_pct")).toDouble() < 0);
    // The table prints the same numbers: the p-value of the throughput row.
    const double p = goodput.value(QStringLiteral("p")).toDouble();
    const QString pText = p < 0.001 ? QStringLiteral("< 0.001") : QString::number(p, 'f', 3);
    QVERIFY2(QString::fromUtf8(text.out).contains(pText), qPrintable(pText));
    // The knob that differed is named.
    bool rate = false;
    for (const QJsonValue &k : points.first().toObject().value(QStringLiteral("knobs")).toArray())
        rate = rate || k.toObject().value(QStringLiteral("key")).toString() == QLatin1String("lab.rate");
    QVERIFY2(rate, json.out.constData());
}

void TestStatisticsLab::untilPreciseOnPresetFive()
{
    const QString db = m_dir.filePath(QStringLiteral("ci.db"));
    const CommandResult r = runTcptune({QStringLiteral("sweep"), QStringLiteral("5"), QStringLiteral("--lab"), kLabCi,
                                        QStringLiteral("--duration"), QStringLiteral("1"), QStringLiteral("--until-ci"),
                                        QStringLiteral("2"), QStringLiteral("--repeats"), QStringLiteral("2"),
                                        QStringLiteral("--max-repeats"), QStringLiteral("3"), QStringLiteral("--json"),
                                        QStringLiteral("--db"), db, QStringLiteral("--lab-down")},
                                       200000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject table = QJsonDocument::fromJson(r.out).object();
    const QJsonArray points = table.value(QStringLiteral("points")).toArray();
    QCOMPARE(points.size(), 8);
    QStringList atMost;
    for (const QJsonValue &v : points) {
        const QJsonObject point = v.toObject();
        const int n = point.value(QStringLiteral("n")).toInt();
        const QJsonObject precision = point.value(QStringLiteral("precision")).toObject();
        const QList<QVariant> values = point.value(QStringLiteral("statistics"))
                                           .toObject()
                                           .value(QStringLiteral("throughput_bps"))
                                           .toObject()
                                           .value(QStringLiteral("values"))
                                           .toArray()
                                           .toVariantList();
        QList<double> runs;
        for (const QVariant &x : values)
            runs << x.toDouble();
        QCOMPARE(runs.size(), n);
        QVERIFY2(n >= 2 && n <= 3, qPrintable(QString::number(n)));
        const double half = stats::meanInterval(runs).relativeHalfWidth() * 100;
        if (precision.value(QStringLiteral("reached")).toBool()) {
            QVERIFY(half <= 2);
            // As soon as: one run fewer was not yet within 2 % (or it is the least number of runs).
            if (n > 2)
                QVERIFY(stats::meanInterval(runs.mid(0, n - 1)).relativeHalfWidth() * 100 > 2);
        } else {
            QCOMPARE(n, 3);
            QVERIFY(precision.value(QStringLiteral("reached_max_runs")).toBool());
            atMost << point.value(QStringLiteral("label")).toString();
        }
    }
    QStringList listed;
    for (const QJsonValue &v : table.value(QStringLiteral("not_precise")).toArray())
        listed << v.toString();
    QCOMPARE(listed, atMost);
    qInfo() << "not within 2 % after 3 runs:" << listed;
}

QTEST_GUILESS_MAIN(TestStatisticsLab)
#include "tst_statistics_lab.moc"

// The one result model from a plan and stored runs: one point per plan point in order,
// statistics over Ok runs only, failed and cancelled runs counted but never as a 0, flags, and
// the Markdown, CSV and JSON forms every consumer writes.

#include "experiment/diagnosis/run_diagnosis.h"
#include "experiment/tables/sweep_table.h"
#include "experiment/tables/sweep_table_csv.h"
#include "experiment/tables/sweep_table_json.h"
#include "experiment/tables/sweep_table_markdown.h"

#include <QJsonArray>
#include <QTest>

#include <cmath>

using namespace tcptune;

namespace {

SweepPlan plan()
{
    ExperimentSpec spec;
    spec.name = QStringLiteral("table test");
    SweepPlan p{spec};
    (void)p.addAxis(QStringLiteral("socket.SO_SNDBUF"),
                    {QStringLiteral("64K"), QStringLiteral("1M"), QStringLiteral("4M")});
    p.setRepeats(3);
    return p;
}

RunRecord run(int point, int repeat, double mbit, RunStatus status = RunStatus::Ok, QList<double> intervals = {})
{
    RunRecord r;
    r.id = 100 + point * 3 + repeat;
    r.pointIndex = point;
    r.repeat = repeat;
    r.runIndex = point * 3 + repeat;
    r.status = status;
    r.throughputBps = mbit * 1e6;
    r.rttMedianMs = 10.0 * (point + 1);
    r.rttP95Ms = 12.0 * (point + 1);
    r.intervalThroughputBps = intervals;
    r.collapsed = intervals.size() >= 3 && intervals.last() < intervals.first() / 2;
    if (status == RunStatus::Failed)
        r.error = QStringLiteral("connection refused, try again");
    return r;
}

// A run whose verdict names the send buffer (SNDBUF) or the receiver window.
RunRecord diagnosed(int repeat, bool sndbuf, double share)
{
    RunRecord r = run(0, repeat, 47);
    (sndbuf ? r.limiters.sndbufLimited : r.limiters.rwndLimited) = share;
    r.verdict = RunDiagnosis::verdictOf(r);
    return r;
}

QStringList lines(const QString &text)
{
    return text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

class TestSweepTable final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pointsAndStatistics();
    void cancelledAndFailedAreNoValue();
    void flags_data();
    void flags();
    void tableOfRunsTakesPointsFromRuns();
    void markdown();
    void csv();
    void csvFieldsAreQuoted_data();
    void csvFieldsAreQuoted();
    void json();
    void intervalsAndBaseline();
    void precisionTarget();
    void verdictOfAPoint();
};

void TestSweepTable::pointsAndStatistics()
{
    ExperimentRecord e;
    e.id = 7;
    const QList<RunRecord> runs = {run(0, 2, 60),
                                   run(0, 0, 40),
                                   run(0, 1, 50),
                                   run(1, 0, 47),
                                   run(1, 1, 0, RunStatus::Failed),
                                   run(2, 0, 1, RunStatus::Running)};
    const SweepTable table = buildSweepTable(e, plan(), runs);
    QCOMPARE(table.points.size(), 3);
    QCOMPARE(table.points.at(0).plannedRuns, 3);
    QCOMPARE(table.points.at(0).stats.runs, 3);
    QCOMPARE(table.points.at(0).stats.mean, 50e6);
    QCOMPARE(table.points.at(0).stats.values, (QList<double>{40e6, 50e6, 60e6})); // by repeat
    QCOMPARE(table.points.at(1).runs.size(), 2);
    QCOMPARE(table.points.at(1).okRuns(), 1);
    QCOMPARE(table.points.at(1).failedRuns, 1);
    QCOMPARE(table.points.at(1).errors, QStringList{QStringLiteral("connection refused, try again")});
    QCOMPARE(table.points.at(2).runs.size(), 0); // a run still "running" is not a result
    QCOMPARE(table.points.at(0).stats.rttMedianMs, 10.0);
    QCOMPARE(table.failedRunCount(), 1);
    QList<int> order;
    for (const RunRecord *r : table.runsInOrder())
        order << r->runIndex;
    QCOMPARE(order, (QList<int>{0, 1, 2, 3, 4}));
}

void TestSweepTable::cancelledAndFailedAreNoValue()
{
    const QList<RunRecord> runs = {run(0, 0, 0, RunStatus::Cancelled), run(1, 0, 0, RunStatus::Failed),
                                   run(1, 1, 0, RunStatus::Failed)};
    const SweepTable table = buildSweepTable(ExperimentRecord{}, plan(), runs);
    const PointResult &cancelled = table.points.at(0);
    QCOMPARE(cancelled.cancelledRuns, 1);
    QVERIFY(!cancelled.hasResult());
    QCOMPARE(cancelled.flags(),
             (QStringList{QStringLiteral("cancelled: 1 of 3 runs"), QStringLiteral("incomplete: 1 of 3 runs")}));
    const PointResult &failed = table.points.at(1);
    QVERIFY(!failed.hasResult());
    QCOMPARE(failed.errors.size(), 1); // the same error twice is listed once
    QCOMPARE(failed.flags(),
             (QStringList{QStringLiteral("FAILED: 2 of 3 runs"), QStringLiteral("incomplete: 2 of 3 runs")}));
}

void TestSweepTable::flags_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<bool>("collapse");
    QTest::addColumn<QString>("flag");
    QTest::addRow("steady") << QList<double>{50, 50, 51} << false << QString();
    QTest::addRow("spread") << QList<double>{20, 50, 80} << false << QStringLiteral("high variance (CV 60 %)");
    QTest::addRow("collapse") << QList<double>{50, 50, 50} << true << QStringLiteral("collapse: 3 of 3 runs");
}

void TestSweepTable::flags()
{
    QFETCH(QList<double>, values);
    QFETCH(bool, collapse);
    QFETCH(QString, flag);
    QList<RunRecord> runs;
    for (int i = 0; i < values.size(); ++i)
        runs << run(0, i, values.at(i), RunStatus::Ok,
                    collapse ? QList<double>{90, 90, 90, 3, 3, 3} : QList<double>{90, 90, 90});
    const SweepTable table = buildSweepTable(ExperimentRecord{}, plan(), runs);
    const QStringList flags = table.points.at(0).flags();
    if (flag.isEmpty())
        QVERIFY2(flags.isEmpty(), qPrintable(flags.join(QStringLiteral(", "))));
    else
        QCOMPARE(flags, QStringList{flag});
    QCOMPARE(table.points.at(1).flags(), QStringList{QStringLiteral("no runs")});
}

void TestSweepTable::tableOfRunsTakesPointsFromRuns()
{
    RunRecord a = run(1, 0, 30);
    a.pointLabel = QStringLiteral("1 MiB");
    RunRecord b = run(0, 0, 20);
    b.pointLabel = QStringLiteral("64 KiB");
    const SweepTable table = tableOfRuns(ExperimentRecord{}, {a, b, run(1, 1, 40)}, 2);
    QCOMPARE(table.points.size(), 2);
    QCOMPARE(table.points.at(0).point.label(), QStringLiteral("1 MiB")); // first seen first
    QCOMPARE(table.points.at(0).stats.mean, 35e6);
    QCOMPARE(table.points.at(1).point.index, 0);
    QCOMPARE(table.points.at(1).flags(), QStringList{QStringLiteral("incomplete: 1 of 2 runs")});
}

void TestSweepTable::markdown()
{
    const QList<RunRecord> runs = {
        run(0, 0, 40), run(0, 1, 50), run(0, 2, 60), run(1, 0, 48), run(1, 1, 0, RunStatus::Cancelled), run(2, 0, 19)};
    const QString md = SweepTableMarkdown::toMarkdown(buildSweepTable(ExperimentRecord{}, plan(), runs));
    QVERIFY(md.contains(QStringLiteral("| socket.SO_SNDBUF | runs |")));
    // 40, 50, 60: mean 50, sd 10, 95 % CI 50 -+ t(0.975; 2) 10 / sqrt(3) = 50 -+ 24.84 (scipy.stats.t.interval).
    QVERIFY2(md.contains(QStringLiteral("| 64 KiB | 3 | 50.0 ± 10.0 | 25.2–74.8 | 6.25 | 10.0 | 12.0 | – | high "
                                        "variance (CV 20 %) | 40.0 50.0 60.0 |")),
             qPrintable(md));
    // One Ok run measured no spread: "–" and "1 run", never "± 0.0"; no interval, no p.
    QVERIFY2(md.contains(QStringLiteral("| 1 MiB | 2 | 48.0 ± – (1 run) | – | 6.00 | 20.0 | 24.0 | – | cancelled: 1 "
                                        "of 3 runs, incomplete: 2 of 3 runs | 48.0 cancelled |")),
             qPrintable(md));
    QVERIFY(md.contains(QStringLiteral("| 4 MiB | 1 | 19.0 ± – (1 run) | – |")));
    QVERIFY(!md.contains(QStringLiteral("± 0.0")));
    const QString none = SweepTableMarkdown::toMarkdown(buildSweepTable(ExperimentRecord{}, plan(), {}));
    QVERIFY2(none.contains(QStringLiteral("| 64 KiB | 0 | - | – | - | - | - | – | no runs |  |")), qPrintable(none));
}

void TestSweepTable::csv()
{
    const QList<RunRecord> runs = {run(0, 0, 40), run(0, 1, 50), run(0, 2, 60), run(1, 0, 0, RunStatus::Failed)};
    const SweepTable table = buildSweepTable(ExperimentRecord{}, plan(), runs);
    const QStringList points = lines(pointsCsv(table));
    QCOMPARE(points.size(), 1 + 3);
    QVERIFY(points.first().startsWith(
        QStringLiteral("socket.SO_SNDBUF,point,planned_runs,ok_runs,failed_runs,cancelled_runs,throughput_mean_bps,")));
    QVERIFY2(points.at(1).startsWith(QStringLiteral("65536,64 KiB,3,3,0,0,50000000,10000000,50000000,40000000,60000000,"
                                                    "0.2000,10.000,12.000,0,1,40000000 50000000 60000000,")),
             qPrintable(points.at(1)));
    // The failed point: no throughput figures, and its error.
    QCOMPARE(points.at(2),
             QStringLiteral("1048576,1 MiB,3,0,1,0,,,,,,,,,0,0,,\"connection refused, try again\",,0,,,,,,"));
    // n, the 95 % interval (50 -+ 24.84 Mbit/s), its half-width in % of the mean and the RTT
    // medians' interval (all 10 ms: [10, 10]); no p for the first point.
    QVERIFY2(points.at(1).endsWith(QStringLiteral(",3,25158623,74841377,49.683,,10.000,10.000")),
             qPrintable(points.at(1)));
    QVERIFY(points.first().endsWith(QStringLiteral(
        ",verdict,n,ci_low_bps,ci_high_bps,ci_half_width_pct,p,rtt_median_ci_low_ms,rtt_median_ci_high_ms")));
    const QStringList perRun = lines(runsCsv(table));
    QCOMPARE(perRun.size(), 1 + 4);
    QCOMPARE(perRun.first(), QStringLiteral("socket.SO_SNDBUF,point,point_index,repeat,run_index,run_id,status,"
                                            "throughput_bps,rtt_median_ms,rtt_p95_ms,retransmits,sndbuf_actual,"
                                            "collapsed,duration_s,error,verdict"));
    QCOMPARE(perRun.at(4), QStringLiteral("1048576,1 MiB,1,0,3,103,failed,,,,,,0,,\"connection refused, try again\","));
}

void TestSweepTable::csvFieldsAreQuoted_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("field");
    QTest::addRow("plain") << QStringLiteral("64 KiB") << QStringLiteral("64 KiB");
    QTest::addRow("comma") << QStringLiteral("a,b") << QStringLiteral("\"a,b\"");
    QTest::addRow("quote") << QStringLiteral("say \"hi\"") << QStringLiteral("\"say \"\"hi\"\"\"");
    QTest::addRow("line break") << QStringLiteral("one\ntwo") << QStringLiteral("\"one\ntwo\"");
    QTest::addRow("empty") << QString() << QString();
}

void TestSweepTable::csvFieldsAreQuoted()
{
    QFETCH(QString, text);
    QFETCH(QString, field);
    QCOMPARE(csv::field(text), field);
    QCOMPARE(csv::line({text, QStringLiteral("x")}), field + QStringLiteral(",x\n"));
}

void TestSweepTable::json()
{
    const QList<RunRecord> runs = {run(0, 0, 40), run(0, 1, 50), run(0, 2, 60), run(1, 0, 47),
                                   run(2, 0, 0, RunStatus::Cancelled)};
    const QJsonObject json = toJson(buildSweepTable(ExperimentRecord{}, plan(), runs));
    const QJsonArray points = json.value(QStringLiteral("points")).toArray();
    QCOMPARE(points.size(), 3);
    const QJsonObject first = points.at(0).toObject();
    QCOMPARE(first.value(QStringLiteral("settings")).toObject().value(QStringLiteral("socket.SO_SNDBUF")).toString(),
             QStringLiteral("65536"));
    QCOMPARE(first.value(QStringLiteral("runs")).toArray().size(), 3);
    QCOMPARE(first.value(QStringLiteral("statistics"))
                 .toObject()
                 .value(QStringLiteral("throughput_bps"))
                 .toObject()
                 .value(QStringLiteral("sd"))
                 .toDouble(),
             10e6);
    // The cancelled point: its run is listed as cancelled, without a throughput or a mean.
    const QJsonObject cancelled = points.at(2).toObject();
    QCOMPARE(cancelled.value(QStringLiteral("cancelled_runs")).toInt(), 1);
    QVERIFY(!cancelled.value(QStringLiteral("statistics"))
                 .toObject()
                 .value(QStringLiteral("throughput_bps"))
                 .toObject()
                 .contains(QStringLiteral("mean")));
    const QJsonObject cancelledRun = cancelled.value(QStringLiteral("runs")).toArray().at(0).toObject();
    QCOMPARE(cancelledRun.value(QStringLiteral("status")).toString(), QStringLiteral("cancelled"));
    QVERIFY(cancelledRun.value(QStringLiteral("throughput_bps")).isNull());
}

void TestSweepTable::intervalsAndBaseline()
{
    // Point 0: 40, 50, 60; point 1: 47 alone; point 2: 80, 82, 84 (Welch against point 0:
    // t = (82 - 50) / sqrt(4/3 + 100/3) = 5.44, df = 2.16, p = 0.027, as scipy.stats.ttest_ind).
    const QList<RunRecord> runs = {run(0, 0, 40), run(0, 1, 50), run(0, 2, 60), run(1, 0, 47),
                                   run(2, 0, 80), run(2, 1, 82), run(2, 2, 84)};
    const SweepTable table = buildSweepTable(ExperimentRecord{}, plan(), runs);
    const PointStatistics &first = table.points.at(0).stats;
    QVERIFY(first.hasInterval());
    QVERIFY(std::abs(first.ciLow - 25.158623e6) < 1);
    QVERIFY(std::abs(first.ciRelativeHalfWidth - 0.49683) < 1e-5);
    QVERIFY(std::isnan(first.pVsBaseline));
    QVERIFY(!table.points.at(1).stats.hasInterval());
    QVERIFY(std::isnan(table.points.at(1).stats.ciLow));
    QVERIFY(std::isnan(table.points.at(1).stats.pVsBaseline)); // one run: no test
    const double p = table.points.at(2).stats.pVsBaseline;
    QVERIFY2(std::abs(p - 0.0271662) < 1e-6, qPrintable(QString::number(p)));
    const QJsonArray points = toJson(table).value(QStringLiteral("points")).toArray();
    const QJsonObject single = points.at(1).toObject().value(QStringLiteral("statistics")).toObject();
    QCOMPARE(single.value(QStringLiteral("n")).toInt(), 1);
    QVERIFY(single.value(QStringLiteral("ci_low")).isNull());
    QVERIFY(single.value(QStringLiteral("ci_high")).isNull());
    QVERIFY(single.value(QStringLiteral("p")).isNull());
    const QJsonObject third = points.at(2).toObject().value(QStringLiteral("statistics")).toObject();
    QCOMPARE(third.value(QStringLiteral("n")).toInt(), 3);
    QCOMPARE(third.value(QStringLiteral("p")).toDouble(), p);
    QVERIFY(third.value(QStringLiteral("ci_low")).toDouble() < 82e6);
    QVERIFY(third.value(QStringLiteral("ci_high")).toDouble() > 82e6);
    QCOMPARE(points.at(2).toObject().value(QStringLiteral("n")).toInt(), 3);
    QVERIFY(points.at(2).toObject().value(QStringLiteral("precision")).isNull());
}

void TestSweepTable::precisionTarget()
{
    ExperimentSpec spec;
    spec.setUntilPrecise(3, 4, 2);
    SweepPlan p{spec};
    (void)p.addAxis(QStringLiteral("socket.SO_SNDBUF"), {QStringLiteral("64K"), QStringLiteral("1M")});
    // 64 KiB: 4 runs 40 .. 60, far from 2 %, and the most runs: listed; 1 MiB: 47.0, 47.1, 47.2
    // (half-width 0.25 / 47.1 = 0.53 %): reached after 3.
    const QList<RunRecord> runs = {run(0, 0, 40),   run(0, 1, 50),   run(0, 2, 60),  run(0, 3, 55),
                                   run(1, 0, 47.0), run(1, 1, 47.1), run(1, 2, 47.2)};
    const SweepTable table = buildSweepTable(ExperimentRecord{}, p, runs);
    QVERIFY(table.points.at(0).precisionGivenUp());
    QVERIFY(!table.points.at(0).precisionReached());
    QVERIFY(table.points.at(1).precisionReached());
    QVERIFY(!table.points.at(1).precisionGivenUp());
    QVERIFY2(table.points.at(0).flags().last().startsWith(QStringLiteral("not within 2 % after 4 runs (± ")),
             qPrintable(table.points.at(0).flags().join(QLatin1Char(';'))));
    const QJsonObject json = toJson(table);
    QCOMPARE(json.value(QStringLiteral("not_precise")).toArray(), QJsonArray{QStringLiteral("64 KiB")});
    const QJsonObject precision =
        json.value(QStringLiteral("points")).toArray().at(1).toObject().value(QStringLiteral("precision")).toObject();
    QCOMPARE(precision.value(QStringLiteral("target_pct")).toDouble(), 2.0);
    QCOMPARE(precision.value(QStringLiteral("reached")).toBool(), true);
    QVERIFY(precision.value(QStringLiteral("half_width_pct")).toDouble() < 2);
}

void TestSweepTable::verdictOfAPoint()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    // Two of three runs name the send buffer: the point says so, with the count.
    const QList<RunRecord> runs = {diagnosed(0, false, 0.9), diagnosed(1, true, 0.8), diagnosed(2, true, 0.7),
                                   run(1, 0, 0, RunStatus::Failed)};
    const SweepTable table = buildSweepTable(ExperimentRecord{}, plan(), runs);
    const QString verdict = table.points.at(0).verdict();
    QCOMPARE(verdict, QStringLiteral("Sender limited by its send buffer 80 % of the time. (2 of 3 runs)"));
    QVERIFY(table.points.at(1).verdict().isEmpty()); // failed: nothing to say
    // All agree: the first run's verdict as it is.
    const SweepTable agreed =
        buildSweepTable(ExperimentRecord{}, plan(), {diagnosed(0, true, 0.6), diagnosed(1, true, 0.9)});
    QCOMPARE(agreed.points.at(0).verdict(), QStringLiteral("Sender limited by its send buffer 60 % of the time."));
    // The three forms carry it: a CSV column per point and per run, a Markdown column, JSON.
    QVERIFY(lines(pointsCsv(table)).at(1).contains(QStringLiteral(",") + csv::field(verdict) + QStringLiteral(",3,")));
    QVERIFY(
        lines(runsCsv(table)).at(2).endsWith(QStringLiteral(",Sender limited by its send buffer 80 % of the time.")));
    QVERIFY(SweepTableMarkdown::toMarkdown(table).contains(QStringLiteral("| ") + verdict + QStringLiteral(" |")));
    const QJsonObject first = toJson(table).value(QStringLiteral("points")).toArray().at(0).toObject();
    QCOMPARE(first.value(QStringLiteral("verdict")).toString(), verdict);
    const QJsonObject firstRun = first.value(QStringLiteral("runs")).toArray().at(0).toObject();
    QVERIFY(firstRun.value(QStringLiteral("verdict"))
                .toString()
                .startsWith(QStringLiteral("Receiver window limited 90 %")));
    QCOMPARE(firstRun.value(QStringLiteral("limiters"))
                 .toObject()
                 .value(QStringLiteral("run"))
                 .toObject()
                 .value(QStringLiteral("rwnd_limited"))
                 .toDouble(),
             0.9);
}

QTEST_GUILESS_MAIN(TestSweepTable)
#include "tst_sweep_table.moc"

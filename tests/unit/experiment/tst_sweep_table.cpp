// The result table from a plan and stored runs: one row per point in order, statistics over Ok
// runs only, flags, and the Markdown/CSV/JSON forms.

#include "experiment/sweep_table.h"

#include <QJsonArray>
#include <QTest>

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
        r.error = QStringLiteral("connection refused");
    return r;
}

} // namespace

class TestSweepTable final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rowsAndStatistics();
    void flags_data();
    void flags();
    void formats();
};

void TestSweepTable::rowsAndStatistics()
{
    ExperimentRecord e;
    e.id = 7;
    const QList<RunRecord> runs = {run(0, 0, 40),
                                   run(0, 1, 50),
                                   run(0, 2, 60),
                                   run(1, 0, 47),
                                   run(1, 1, 0, RunStatus::Failed),
                                   run(2, 0, 1, RunStatus::Running)};
    const SweepTable table = buildSweepTable(e, plan(), runs);
    QCOMPARE(table.rows.size(), 3);
    QCOMPARE(table.rows.at(0).stats.runs, 3);
    QCOMPARE(table.rows.at(0).stats.mean, 50e6);
    QCOMPARE(table.rows.at(0).stats.values, (QList<double>{40e6, 50e6, 60e6}));
    QCOMPARE(table.rows.at(1).runs.size(), 2);
    QCOMPARE(table.rows.at(1).stats.runs, 1);
    QCOMPARE(table.rows.at(1).failedRuns, 1);
    QCOMPARE(table.rows.at(1).errors, QStringList{"connection refused"});
    QCOMPARE(table.rows.at(2).runs.size(), 0); // a run still "running" is not a result
    QCOMPARE(table.rows.at(0).stats.rttMedianMs, 10.0);
}

void TestSweepTable::flags_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<bool>("collapse");
    QTest::addColumn<QString>("flag");
    QTest::addRow("steady") << QList<double>{50, 50, 51} << false << QString();
    QTest::addRow("spread") << QList<double>{20, 50, 80} << false << QStringLiteral("high variance (CV 60 %)");
    QTest::addRow("collapse") << QList<double>{50, 50, 50} << true << QStringLiteral("collapse 3/3");
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
    const QStringList flags = table.rows.at(0).flags();
    if (flag.isEmpty())
        QVERIFY(flags.isEmpty());
    else
        QCOMPARE(flags, QStringList{flag});
    QCOMPARE(table.rows.at(1).flags(), QStringList{"no runs"});
}

void TestSweepTable::formats()
{
    const QList<RunRecord> runs = {run(0, 0, 40), run(0, 1, 50), run(0, 2, 60), run(1, 0, 47), run(2, 0, 19)};
    const SweepTable table = buildSweepTable(ExperimentRecord{}, plan(), runs);
    const QString md = toMarkdown(table);
    QVERIFY(md.contains(QStringLiteral("| socket.SO_SNDBUF | runs |")));
    QVERIFY2(md.contains(QStringLiteral(
                 "| 64 KiB | 3 | 50.0 ± 10.0 | 6.25 | 10.0 | 12.0 | high variance (CV 20 %) | 40.0 50.0 60.0 |")),
             qPrintable(md));
    QVERIFY(md.contains(QStringLiteral("| 4 MiB | 1 | 19.0 ± 0.0 |")));
    QCOMPARE(pointsCsv(table).count(QLatin1Char('\n')), 4);
    QCOMPARE(runsCsv(table).count(QLatin1Char('\n')), 6);
    QVERIFY(pointsCsv(table).startsWith(QStringLiteral("socket.SO_SNDBUF,runs,ok_runs,throughput_mean_bps")));
    const QJsonObject json = toJson(table);
    const QJsonArray points = json.value(QStringLiteral("points")).toArray();
    QCOMPARE(points.size(), 3);
    QCOMPARE(points.at(0).toObject().value("settings").toObject().value("socket.SO_SNDBUF").toString(),
             QStringLiteral("65536"));
    QCOMPARE(points.at(0).toObject().value("runs").toArray().size(), 3);
    QCOMPARE(points.at(0)
                 .toObject()
                 .value("statistics")
                 .toObject()
                 .value("throughput_bps")
                 .toObject()
                 .value("sd")
                 .toDouble(),
             10e6);
}

QTEST_GUILESS_MAIN(TestSweepTable)
#include "tst_sweep_table.moc"

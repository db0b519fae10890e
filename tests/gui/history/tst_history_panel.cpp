// The History tab lists what the result store holds, filters it, overlays ticked runs on the
// charts and compares two runs A/B with differences and ratios (compareRuns).

#include "both_run_fixture.h"
#include "charts/latency_under_load_chart.h"
#include "charts/latency_under_load_view.h"
#include "charts/throughput_rtt_view.h"
#include "diagnosis/counter_difference_view.h"
#include "experiment/diagnosis/run_diagnosis.h"
#include "experiment/run/traffic_bridge.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store.h"
#include "history/ab_comparison.h"
#include "history/ab_table.h"
#include "history/ab_verdict.h"
#include "history/history_panel.h"
#include "history/stored_run_names.h"
#include "history/under_load_summary.h"
#include "rrul_run.h"
#include "screenshot.h"

#include <QLabel>
#include <QLineEdit>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QSysInfo>
#include <QTest>
#include <QTreeWidget>
#include <QXYSeries>

#include <cmath>

using namespace tcptune;

namespace {

RunRecord record(double mbps, double rttMedian, qint64 retrans)
{
    RunRecord r;
    r.throughputBps = mbps * 1e6;
    r.rttMinMs = rttMedian / 2;
    r.rttMedianMs = rttMedian;
    r.rttP95Ms = rttMedian * 2;
    r.retransmits = retrans;
    r.senderBytes = qint64(mbps * 1e6 / 8 * 2);
    return r;
}

// Stores run I of PLAN (point I % 2, repeat I / 2) with STATUS and, for each of ENDS, the
// snapshot taken before it (tcp_autocorking on); its id, or -1 when the store refused.
qint64 storeRun(ResultStore &store, const SweepPlan &plan, qint64 experiment, int i, RunStatus status,
                const QStringList &ends)
{
    RunRecord r = record(i == 0 ? 30 : 90, 3, 0);
    r.experimentId = experiment;
    r.runIndex = i;
    r.pointIndex = i % 2;
    r.repeat = i / 2;
    r.pointLabel = plan.points()[i % 2].label();
    r.started = QDateTime::currentDateTimeUtc();
    const auto id = store.beginRun(r);
    if (!id)
        return -1;
    r.id = *id;
    // Snapshots are taken before the run's own sysctls are applied.
    for (const QString &end : ends)
        if (!store.addKnobSnapshot(r.id, end, QStringLiteral("before"),
                                   {{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1")}}))
            return -1;
    r.status = status;
    return store.finishRun(r, {}) ? r.id : -1;
}

// Stores an experiment of one point whose Ok runs ran at MBPS each; its id.
qint64 storeOnePoint(ResultStore &store, const QString &name, const QList<double> &mbps)
{
    ExperimentSpec spec;
    spec.name = name;
    const SweepPlan plan(spec);
    const auto experiment = store.createExperiment(plan);
    if (!experiment)
        return -1;
    for (int i = 0; i < mbps.size(); ++i) {
        RunRecord r = record(mbps[i], 3, 0);
        r.experimentId = *experiment;
        r.runIndex = i;
        r.repeat = i;
        r.started = QDateTime::currentDateTimeUtc();
        const auto id = store.beginRun(r);
        if (!id)
            return -1;
        r.id = *id;
        r.status = RunStatus::Ok;
        if (!store.finishRun(r, {}))
            return -1;
    }
    return *experiment;
}

QTreeWidgetItem *experimentItem(QTreeWidget *tree, qint64 id)
{
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        if (tree->topLevelItem(i)->data(0, HistoryPanel::kExperimentIdRole).toLongLong() == id)
            return tree->topLevelItem(i);
    return nullptr;
}

} // namespace

class TestHistoryPanel final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void compare_data();
    void compare();
    void listsFiltersOverlaysAndCompares();
    void experimentsSayWhereTheyRan();
    void everyRunCarriesItsConfiguration();
    void farEndKnobsNameTheirEnd();
    void bothDirectionsShowEach();
    void latencyUnderLoadRunShowsItsCharts();
    void bothDirectionsOverlayALineEach();
    void experimentsShowTheirInterval();
    void labEndsAreNamedAsTheLab();
    void threeRunsCompareAgainstTheBaseline();
    void experimentsCompareByPoint();

private:
    QTemporaryDir m_dir;
};

void TestHistoryPanel::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("TCPTUNE_RESULTS_DB", m_dir.filePath(QStringLiteral("results.db")).toUtf8());
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestHistoryPanel::compare_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<double>("a");
    QTest::addColumn<double>("difference");
    QTest::addColumn<double>("ciLow");
    QTest::addColumn<double>("ciHigh");
    QTest::addColumn<bool>("significant");
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<QString>("ratio");
    QTest::addRow("faster") << QStringLiteral("throughput") << 100e6 << 12.3e6 << 9.8e6 << 14.9e6 << true
                            << QStringLiteral("B is 12.3 % faster, 95 % CI 9.8–14.9 %, significant")
                            << QStringLiteral("1.12× (1.10–1.15)");
    QTest::addRow("slower") << QStringLiteral("throughput") << 50e6 << -5e6 << -7e6 << -3e6 << true
                            << QStringLiteral("B is 10.0 % slower, 95 % CI 6.0–14.0 %, significant")
                            << QStringLiteral("0.90× (0.86–0.94)");
    QTest::addRow("overlap") << QStringLiteral("rtt_median") << 20.0 << 0.2 << -0.4 << 0.8 << false
                             << QStringLiteral("no significant difference: the intervals overlap (1.0 %, 95 % CI "
                                               "-2.0–4.0 %)")
                             << QStringLiteral("1.01× (0.98–1.04)");
    QTest::addRow("lower RTT") << QStringLiteral("rtt_p95") << 40.0 << -20.0 << -26.0 << -14.0 << true
                               << QStringLiteral("B's RTT p95 is 50.0 % lower, 95 % CI 35.0–65.0 %, significant")
                               << QStringLiteral("0.50× (0.35–0.65)");
    QTest::addRow("from none") << QStringLiteral("retransmissions") << 0.0 << 5.0 << 3.0 << 7.0 << true
                               << QStringLiteral("B has 5.0 more retransmissions, 95 % CI 3.0–7.0, significant")
                               << QString();
}

// The A/B view's words for one metric (AbVerdict): the difference in % of A with its interval in
// the direction it names, whether it is significant, and the ratio with its interval.
void TestHistoryPanel::compare()
{
    QFETCH(QString, key);
    QFETCH(double, a);
    QFETCH(double, difference);
    QFETCH(double, ciLow);
    QFETCH(double, ciHigh);
    QFETCH(bool, significant);
    QFETCH(QString, sentence);
    QFETCH(QString, ratio);
    MetricRow row;
    row.key = key;
    MetricDifference &d = row.difference;
    d.method = MetricDifference::Method::Welch;
    d.nA = d.nB = 3;
    d.a = a;
    d.b = a + difference;
    d.difference = difference;
    d.ciLow = ciLow;
    d.ciHigh = ciHigh;
    d.p = d.pHolm = significant ? 0.001 : 0.4;
    d.significant = significant;
    QCOMPARE(AbVerdict::sentence(row), sentence);
    QCOMPARE(AbVerdict::ratio(d), ratio);
    QVERIFY(!AbVerdict::sentence(row).contains(QStringLiteral("±")));
}

void TestHistoryPanel::listsFiltersOverlaysAndCompares()
{
    // Two experiments in the store, as the Runner leaves them.
    ResultStore store;
    QVERIFY(store.open());
    ExperimentSpec spec;
    spec.name = QStringLiteral("autocorking A/B");
    SweepPlan plan(spec);
    QVERIFY(plan.addAxis(QStringLiteral("net.ipv4.tcp_autocorking"), {QStringLiteral("1"), QStringLiteral("0")}));
    const auto experiment = store.createExperiment(plan);
    QVERIFY(experiment);
    const QList<SweepPoint> points = plan.points();
    for (int i = 0; i < 2; ++i) {
        RunRecord r = record(i == 0 ? 20 : 80, i == 0 ? 40 : 2, i);
        r.experimentId = *experiment;
        r.runIndex = i;
        r.pointIndex = i;
        r.pointLabel = points[i].label();
        r.started = QDateTime::currentDateTimeUtc();
        r.settings = points[i].settings; // as the Runner announces a run
        // A series around the run's throughput (+-1 Mbit/s): one run a side is compared by the
        // block bootstrap of these.
        for (int k = 0; k < 21; ++k)
            r.intervalThroughputBps.append(r.throughputBps + (k % 3 - 1) * 1e6);
        const auto id = store.beginRun(r);
        QVERIFY(id);
        r.id = *id;
        r.status = RunStatus::Ok;
        r.ended = r.started.addSecs(2);
        r.limiters.busy = 1;
        r.limiters.sndbufLimited = i == 0 ? 0.8 : 0.1;
        // What the sender's and the router's counters said, and the bottleneck's queue.
        EndRecord local;
        local.end = RunEnd::Local;
        local.sender = true;
        local.countersRead = true;
        local.counterDeltas = {{QStringLiteral("TcpOutSegs"), i == 0 ? 1000 : 4000},
                               {QStringLiteral("TcpExtTCPOrigDataSent"), 990}};
        EndRecord router;
        router.end = RunEnd::Router;
        router.countersRead = true;
        router.counterDeltas = {{QStringLiteral("IpForwDatagrams"), 5000}};
        router.queueInterface = QStringLiteral("tcpt-r1");
        router.queueRateBps = 50'000'000;
        for (int k = 0; k < 20; ++k)
            router.queue.append({k * 0.1, 100'000 * (i + 1), 70, 0, 0});
        r.ends = {local, router};
        r.verdict = RunDiagnosis::verdictOf(r);
        QList<RunSample> samples;
        for (int k = 0; k < 200; ++k) {
            RunSample s;
            s.t = k * 0.01;
            s.throughputBps = r.throughputBps;
            s.rttMs = r.rttMedianMs;
            samples.append(s);
        }
        QVERIFY(store.finishRun(r, samples));
    }
    ExperimentSpec other;
    other.name = QStringLiteral("unrelated");
    const auto second = store.createExperiment(SweepPlan(other));
    QVERIFY(second);

    ThroughputRttView chart;
    HistoryPanel panel(&chart);
    panel.refresh();
    QTreeWidget *tree = panel.tree();
    QCOMPARE(tree->topLevelItemCount(), 2);
    QTreeWidgetItem *ab = nullptr;
    for (int i = 0; i < 2; ++i)
        if (tree->topLevelItem(i)->text(0).contains(QStringLiteral("autocorking")))
            ab = tree->topLevelItem(i);
    QVERIFY(ab);
    QCOMPARE(ab->childCount(), 2);
    // Each run's verdict in its own column: A's bottleneck held packets all the time (the path
    // was full), and its send buffer held the sender back 80 % of the time.
    const int verdictColumn = tree->columnCount() - 1;
    QCOMPARE(tree->headerItem()->text(verdictColumn), QStringLiteral("Verdict"));
    QVERIFY2(ab->child(0)->text(verdictColumn).startsWith(QStringLiteral("The flow filled the path")) &&
                 ab->child(0)->text(verdictColumn).contains(QStringLiteral("send buffer held the sender back 80 %")),
             qPrintable(ab->child(0)->text(verdictColumn)));
    QVERIFY(ab->child(0)->text(verdictColumn).contains(QStringLiteral("Autocorking never engaged")));

    // Typing a filter hides the other experiment.
    QTest::keyClicks(panel.filterEdit(), QStringLiteral("autocork"));
    int shown = 0;
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        shown += tree->topLevelItem(i)->isHidden() ? 0 : 1;
    QCOMPARE(shown, 1);
    QVERIFY(!ab->isHidden());

    // Ticking overlays each run's stored samples; A/B compares them.
    ab->child(0)->setCheckState(0, Qt::Checked);
    ab->child(1)->setCheckState(0, Qt::Checked);
    QCOMPARE(chart.runIds().size(), 2);
    for (int id : chart.runIds()) {
        QCOMPARE(chart.pointCount(id, ChartMetric::Throughput), 200);
        QCOMPARE(chart.pointCount(id, ChartMetric::QueueBacklog), 20); // the stored queue series
    }
    panel.compareTicked();
    QTableWidget *table = panel.abTable();
    QVERIFY(table->rowCount() >= 5);
    QCOMPARE(table->item(0, AbTable::valueColumn(0))->text(), QStringLiteral("20.00"));
    QCOMPARE(table->item(0, AbTable::valueColumn(1))->text(), QStringLiteral("80.00"));
    QVERIFY2(table->item(0, AbTable::ratioColumn(1))->text().startsWith(QStringLiteral("4.00× (")),
             qPrintable(table->item(0, AbTable::ratioColumn(1))->text()));
    const QString verdict = table->item(0, AbTable::verdictColumn(1))->text();
    QVERIFY2(verdict.startsWith(QStringLiteral("B is 300.0 % faster, 95 % CI ")) &&
                 verdict.endsWith(QStringLiteral(", significant")),
             qPrintable(verdict));
    QVERIFY(table->item(0, AbTable::verdictColumn(1))->toolTip().contains(QStringLiteral("Moving-block bootstrap")));
    test::saveScreenshot(panel.comparisonPane(), QStringLiteral("history_ab_runs"));
    // The counters that differ, the biggest difference first; the router's equal one is left out.
    const CounterDifferenceView *counters = panel.counterDifferences();
    QCOMPARE(counters->table()->rowCount(), 1);
    QCOMPARE(counters->table()->item(0, 1)->text(), QStringLiteral("TcpOutSegs"));
    QCOMPARE(counters->table()->item(0, 2)->text(), QStringLiteral("1,000"));
    QCOMPARE(counters->table()->item(0, 3)->text(), QStringLiteral("4,000"));
    QVERIFY2(counters->summaryText().contains(QStringLiteral("Autocorking never engaged in this set-up")),
             qPrintable(counters->summaryText()));

    ab->child(1)->setCheckState(0, Qt::Unchecked);
    QCOMPARE(chart.runIds().size(), 1);
}

// Issue 18, points 2, 4 and 5: each run's row says which knobs differed from the kernel default
// ("tcp_autocorking=0") and the filter finds it; A/B follows the order runs were ticked and names
// both by their ids with what sets them apart; a run already drawn is not drawn twice; a
// cancelled run shows no 0.
void TestHistoryPanel::everyRunCarriesItsConfiguration()
{
    ResultStore store;
    QVERIFY(store.open());
    ExperimentSpec spec;
    spec.name = QStringLiteral("corking");
    SweepPlan plan(spec);
    QVERIFY(plan.addAxis(QStringLiteral("net.ipv4.tcp_autocorking"), {QStringLiteral("1"), QStringLiteral("0")}));
    const auto experiment = store.createExperiment(plan);
    QVERIFY(experiment);
    QList<qint64> ids;
    for (int i = 0; i < 3; ++i) {
        ids.append(storeRun(store, plan, *experiment, i, i == 2 ? RunStatus::Cancelled : RunStatus::Ok,
                            {QStringLiteral("local")}));
        QVERIFY(ids.back() > 0);
    }

    ThroughputRttView chart;
    HistoryPanel panel(&chart);
    panel.refresh();
    QTreeWidgetItem *on = panel.itemOfRun(ids[0]);
    QTreeWidgetItem *off = panel.itemOfRun(ids[1]);
    QTreeWidgetItem *cancelled = panel.itemOfRun(ids[2]);
    QVERIFY(on && off && cancelled);
    QVERIFY2(off->text(HistoryPanel::ChangedColumn).contains(QStringLiteral("tcp_autocorking=0")),
             qPrintable(off->text(HistoryPanel::ChangedColumn)));
    QVERIFY(!on->text(HistoryPanel::ChangedColumn).contains(QStringLiteral("tcp_autocorking")));
    QVERIFY2(off->text(HistoryPanel::NameColumn).startsWith(QStringLiteral("#%1").arg(ids[1])),
             qPrintable(off->text(HistoryPanel::NameColumn)));
    QCOMPARE(cancelled->text(HistoryPanel::ThroughputColumn), QStringLiteral("-"));

    panel.filterEdit()->setText(QStringLiteral("tcp_autocorking=0"));
    QVERIFY(!off->isHidden());
    QVERIFY(on->isHidden());
    panel.filterEdit()->clear();

    // A run already on the charts (the one just made) is not added a second time.
    const int live = chart.addRun(QStringLiteral("live"));
    chart.setRunTag(live, ids[0]);
    // B is ticked first: it is A.
    off->setCheckState(HistoryPanel::NameColumn, Qt::Checked);
    on->setCheckState(HistoryPanel::NameColumn, Qt::Checked);
    QCOMPARE(chart.runIds().size(), 2);
    QCOMPARE(panel.chartRunOf(ids[0]), live);
    panel.compareTicked();
    const QString title = panel.statusText();
    QCOMPARE(title,
             QStringLiteral("A = #%1 (tcp_autocorking off), B = #%2 (tcp_autocorking on)").arg(ids[1]).arg(ids[0]));
    QTableWidget *table = panel.abTable();
    int knobRow = -1;
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0)->text() == QLatin1String("tcp_autocorking"))
            knobRow = r;
    QVERIFY(knobRow >= 0);
    QCOMPARE(table->item(knobRow, AbTable::valueColumn(0))->text(), QStringLiteral("0"));
    QCOMPARE(table->item(knobRow, AbTable::valueColumn(1))->text(), QStringLiteral("1"));
    QCOMPARE(table->item(knobRow, AbTable::valueColumn(0))->background().color(), AbTable::differenceColour());
    QCOMPARE(table->item(knobRow, AbTable::valueColumn(1))->background().color(), AbTable::differenceColour());

    // The comparison shown follows View > Throughput unit: its throughput row in MB/s, an eighth.
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("Throughput (Mbit/s)"));
    const double mbit = QLocale().toDouble(table->item(0, AbTable::valueColumn(0))->text());
    QVERIFY(mbit > 0);
    panel.setThroughputUnit(ThroughputUnit(ThroughputUnitKind::MByte));
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("Throughput (MB/s)"));
    const double mb = QLocale().toDouble(table->item(0, AbTable::valueColumn(0))->text());
    QVERIFY2(qAbs(mb * 8 - mbit) <= 0.1, qPrintable(QStringLiteral("%1 MB/s vs %2 Mbit/s").arg(mb).arg(mbit)));
    QCOMPARE(panel.statusText(), title);
}

// Issue 12, point 8: a sweep over ssh of the far end's tcp_autocorking (remote:...) with a local
// tcp_wmem set: History's Configuration column and tooltip and the A/B table name the end each
// knob belongs to.
void TestHistoryPanel::farEndKnobsNameTheirEnd()
{
    ResultStore store;
    QVERIFY(store.open());
    ExperimentSpec spec;
    spec.name = QStringLiteral("far corking");
    spec.target.kind = TargetSpec::Kind::Ssh;
    spec.target.host = QStringLiteral("198.18.14.2");
    QVERIFY(spec.setParameter(QStringLiteral("net.ipv4.tcp_wmem"), QStringLiteral("4096 16384 8388608")));
    SweepPlan plan(spec);
    QVERIFY(
        plan.addAxis(QStringLiteral("remote:net.ipv4.tcp_autocorking"), {QStringLiteral("1"), QStringLiteral("0")}));
    const auto experiment = store.createExperiment(plan);
    QVERIFY(experiment);
    QList<qint64> ids;
    for (int i = 0; i < 2; ++i) {
        ids.append(
            storeRun(store, plan, *experiment, i, RunStatus::Ok, {QStringLiteral("local"), QStringLiteral("remote")}));
        QVERIFY(ids.back() > 0);
    }

    ThroughputRttView chart;
    HistoryPanel panel(&chart);
    panel.refresh();
    QTreeWidgetItem *on = panel.itemOfRun(ids[0]);
    QTreeWidgetItem *off = panel.itemOfRun(ids[1]);
    QVERIFY(on && off);
    QCOMPARE(off->text(HistoryPanel::ChangedColumn),
             QStringLiteral("changed: this host: tcp_wmem=4K 16K 8M; far end: tcp_autocorking=0"));
    QCOMPARE(on->text(HistoryPanel::ChangedColumn), QStringLiteral("changed: this host: tcp_wmem=4K 16K 8M"));
    QVERIFY2(off->toolTip(HistoryPanel::ChangedColumn).startsWith(off->text(HistoryPanel::ChangedColumn)),
             qPrintable(off->toolTip(HistoryPanel::ChangedColumn)));

    on->setCheckState(HistoryPanel::NameColumn, Qt::Checked);
    off->setCheckState(HistoryPanel::NameColumn, Qt::Checked);
    panel.compareTicked();
    QCOMPARE(panel.statusText(), QStringLiteral("A = #%1 (far end tcp_autocorking on), B = #%2 (far end "
                                                "tcp_autocorking off)")
                                     .arg(ids[0])
                                     .arg(ids[1]));
    QTableWidget *table = panel.abTable();
    QMap<QString, int> rows;
    for (int r = 0; r < table->rowCount(); ++r)
        rows.insert(table->item(r, 0)->text(), r);
    QVERIFY2(rows.contains(QStringLiteral("tcp_autocorking (far end)")), qPrintable(rows.keys().join(u'|')));
    QVERIFY2(rows.contains(QStringLiteral("tcp_wmem (this host)")), qPrintable(rows.keys().join(u'|')));
    const int far = rows.value(QStringLiteral("tcp_autocorking (far end)"));
    QCOMPARE(table->item(far, 0)->toolTip(), QStringLiteral("remote:net.ipv4.tcp_autocorking"));
    QCOMPARE(table->item(far, AbTable::valueColumn(0))->text(), QStringLiteral("1"));
    QCOMPARE(table->item(far, AbTable::valueColumn(1))->text(), QStringLiteral("0"));
    QCOMPARE(table->item(far, AbTable::valueColumn(1))->background().color(), AbTable::differenceColour());
}

// A run in direction both shows each direction's throughput (the traffic engine's result as the
// runner stores it), a run in one direction its one figure.
void TestHistoryPanel::bothDirectionsShowEach()
{
    ResultStore store;
    QVERIFY(store.open());
    ExperimentSpec spec;
    spec.name = QStringLiteral("both ways");
    spec.workload.direction = QStringLiteral("both");
    SweepPlan plan(spec);
    const auto experiment = store.createExperiment(plan);
    QVERIFY(experiment);
    TrafficResult result;
    result.spec.direction = Direction::Both;
    result.throughputBps = 47.9e6;
    for (const auto &[direction, bps] : {std::pair{Direction::Up, 24.1e6}, std::pair{Direction::Down, 23.8e6}}) {
        DirectionResult d;
        d.direction = direction;
        d.throughputBps = bps;
        result.directions.append(d);
    }
    RunRecord r = outcomeOf(result).figures;
    QCOMPARE(r.status, RunStatus::Ok);
    r.experimentId = *experiment;
    r.runIndex = 1;
    r.started = QDateTime::currentDateTimeUtc();
    const auto id = store.beginRun(r);
    QVERIFY(id);
    r.id = *id;
    QVERIFY(store.finishRun(r, {}));
    const qint64 single = storeRun(store, plan, *experiment, 0, RunStatus::Ok, {});
    QVERIFY(single > 0);

    ThroughputRttView chart;
    HistoryPanel panel(&chart);
    panel.refresh();
    QTreeWidgetItem *both = panel.itemOfRun(r.id);
    QTreeWidgetItem *one = panel.itemOfRun(single);
    QVERIFY(both && one);
    QCOMPARE(both->text(HistoryPanel::ThroughputColumn), QStringLiteral("up 24.1 / down 23.8"));
    QCOMPARE(one->text(HistoryPanel::ThroughputColumn), QStringLiteral("30.0"));
    QCOMPARE(panel.tree()->headerItem()->text(HistoryPanel::ThroughputColumn), QStringLiteral("Mbit/s"));

    // View > Throughput unit: the list is shown again in Gbit/s, as finely.
    panel.setThroughputUnit(ThroughputUnit(ThroughputUnitKind::Gbit));
    QCOMPARE(panel.tree()->headerItem()->text(HistoryPanel::ThroughputColumn), QStringLiteral("Gbit/s"));
    QCOMPARE(panel.itemOfRun(r.id)->text(HistoryPanel::ThroughputColumn), QStringLiteral("up 0.024 / down 0.024"));
    QCOMPARE(panel.itemOfRun(single)->text(HistoryPanel::ThroughputColumn), QStringLiteral("0.030"));
}

// A run in direction both overlaid from History: a line per direction, named as the live chart
// names them, each in time order and at its own sender's rate (one line through both directions'
// samples would zig-zag between 40 and 10 Mbit/s, or drop the target's sending).
void TestHistoryPanel::bothDirectionsOverlayALineEach()
{
    ResultStore store;
    QVERIFY(store.open());
    const qint64 id = test::storeBothDirectionsRun(store);
    ThroughputRttView chart;
    chart.resize(1100, 420);
    HistoryPanel panel(&chart);
    panel.refresh();
    QTreeWidgetItem *item = panel.itemOfRun(id);
    QVERIFY(item);
    item->setCheckState(HistoryPanel::NameColumn, Qt::Checked);
    const QList<int> lines = chart.runIds();
    QStringList labels;
    for (const int line : lines)
        labels << chart.runLabel(line);
    const QString name = item->text(HistoryPanel::NameColumn);
    QCOMPARE(labels,
             (QStringList{name + QStringLiteral(" · this host sends"), name + QStringLiteral(" · the target sends")}));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QList<QPointF> points = chart.series(lines.at(i), ChartMetric::Throughput);
        QCOMPARE(points.size(), 30);
        const double mbps = (i == 0 ? test::kBothUpBps : test::kBothDownBps) / 1e6;
        for (qsizetype k = 0; k < points.size(); ++k) {
            QVERIFY2(k == 0 || points.at(k).x() > points.at(k - 1).x(), qPrintable(QStringLiteral("%1: t %2 after %3")
                                                                                       .arg(labels.at(i))
                                                                                       .arg(points.at(k).x())
                                                                                       .arg(points.at(k - 1).x())));
            QVERIFY2(qAbs(points.at(k).y() - mbps) < mbps * 0.05, qPrintable(QStringLiteral("%1: %2 Mbit/s at t %3")
                                                                                 .arg(labels.at(i))
                                                                                 .arg(points.at(k).y())
                                                                                 .arg(points.at(k).x())));
        }
    }
    chart.replotNow();
    QVERIFY(test::looksDrawn(test::saveScreenshot(&chart, QStringLiteral("history-both-directions"))));
    // Unticking takes both lines away.
    item->setCheckState(HistoryPanel::NameColumn, Qt::Unchecked);
    QVERIFY(chart.runIds().isEmpty());
}

// Issue 29: an experiment of one point shows its runs' mean throughput with the 95 % interval of
// the mean (Student's t, worked out here from t(0.975; 2) = 4.302652729911275); one run measured no
// spread and says "1 run", never "± 0.0"; a sweep's row has no single figure.
// Issue 37: History did not say which host and user each run came from. An experiment's row
// names them (its name's and its start's tooltips), as the store recorded them.
void TestHistoryPanel::experimentsSayWhereTheyRan()
{
    ResultStore store;
    QVERIFY(store.open());
    const qint64 id = storeOnePoint(store, QStringLiteral("where"), {47.1});
    QVERIFY(id > 0);
    const auto stored = store.experiment(id);
    QVERIFY(stored && !stored->user.isEmpty());
    QCOMPARE(stored->host, QSysInfo::machineHostName());
    ThroughputRttView chart;
    HistoryPanel panel(&chart);
    panel.refresh();
    QTreeWidgetItem *item = experimentItem(panel.tree(), id);
    QVERIFY(item);
    const QString origin = QStringLiteral("ran on %1 as %2").arg(stored->host, stored->user);
    QVERIFY2(item->toolTip(HistoryPanel::NameColumn).contains(origin),
             qPrintable(item->toolTip(HistoryPanel::NameColumn)));
    QCOMPARE(item->toolTip(HistoryPanel::StartedColumn), origin);
}

void TestHistoryPanel::experimentsShowTheirInterval()
{
    ResultStore store;
    QVERIFY(store.open());
    const qint64 three = storeOnePoint(store, QStringLiteral("three repeats"), {44, 46, 48});
    const qint64 one = storeOnePoint(store, QStringLiteral("one run"), {47.1});
    QVERIFY(three > 0 && one > 0);
    ExperimentSpec spec;
    spec.name = QStringLiteral("a sweep");
    SweepPlan plan(spec);
    QVERIFY(plan.addAxis(QStringLiteral("net.ipv4.tcp_autocorking"), {QStringLiteral("1"), QStringLiteral("0")}));
    const auto sweep = store.createExperiment(plan);
    QVERIFY(sweep);
    for (int i = 0; i < 2; ++i)
        QVERIFY(storeRun(store, plan, *sweep, i, RunStatus::Ok, {QStringLiteral("local")}) > 0);

    ThroughputRttView chart;
    HistoryPanel panel(&chart);
    panel.refresh();
    QTreeWidgetItem *threeItem = experimentItem(panel.tree(), three);
    QTreeWidgetItem *oneItem = experimentItem(panel.tree(), one);
    QTreeWidgetItem *sweepItem = experimentItem(panel.tree(), *sweep);
    QVERIFY(threeItem && oneItem && sweepItem);
    const double half = 4.302652729911275 * 2.0 / std::sqrt(3.0);
    QCOMPARE(threeItem->text(HistoryPanel::ThroughputColumn),
             QStringLiteral("46.0 (%1–%2)").arg(46.0 - half, 0, 'f', 1).arg(46.0 + half, 0, 'f', 1));
    QVERIFY(threeItem->toolTip(HistoryPanel::ThroughputColumn).contains(QStringLiteral("3 runs")));
    QCOMPARE(oneItem->text(HistoryPanel::ThroughputColumn), QStringLiteral("47.1 (–, 1 run)"));
    QVERIFY(!oneItem->text(HistoryPanel::ThroughputColumn).contains(QStringLiteral("±")));
    QVERIFY(sweepItem->text(HistoryPanel::ThroughputColumn).isEmpty());
    // The figure is found by the filter like any other text.
    panel.filterEdit()->setText(QStringLiteral("1 run"));
    QVERIFY(!oneItem->isHidden());
    QVERIFY(threeItem->isHidden());
    panel.filterEdit()->clear();
    test::saveScreenshot(&panel, QStringLiteral("history_intervals"));
}

// Issue 37, point 3: in the lab "this host" was the lab's client namespace; the real host was not
// touched. A lab run's knobs name the lab's ends.
void TestHistoryPanel::labEndsAreNamedAsTheLab()
{
    ResultStore store;
    QVERIFY(store.open());
    ExperimentSpec spec;
    spec.name = QStringLiteral("lab corking");
    spec.target.kind = TargetSpec::Kind::Lab;
    spec.target.labName = QStringLiteral("t-hist");
    SweepPlan plan(spec);
    QVERIFY(plan.addAxis(QStringLiteral("net.ipv4.tcp_autocorking"), {QStringLiteral("1"), QStringLiteral("0")}));
    const auto experiment = store.createExperiment(plan);
    QVERIFY(experiment);
    QList<qint64> ids;
    for (int i = 0; i < 2; ++i)
        ids.append(
            storeRun(store, plan, *experiment, i, RunStatus::Ok, {QStringLiteral("local"), QStringLiteral("remote")}));
    ThroughputRttView chart;
    HistoryPanel panel(&chart);
    panel.refresh();
    QTreeWidgetItem *off = panel.itemOfRun(ids[1]);
    QVERIFY(off);
    const QString changed = off->text(HistoryPanel::ChangedColumn);
    QCOMPARE(changed, QStringLiteral("changed: lab client (tcptune-t-hist-client): tcp_autocorking=0"));
    QVERIFY(!off->toolTip(HistoryPanel::ChangedColumn).contains(QStringLiteral("this host")));
    QVERIFY(RunConfiguration{}.labClientNetns.isEmpty());
    RunConfiguration lab;
    lab.labClientNetns = QStringLiteral("tcptune-t-hist-client");
    lab.labServerNetns = QStringLiteral("tcptune-t-hist-server");
    QCOMPARE(endNamedKnob(QStringLiteral("net.ipv4.tcp_wmem"), true, lab),
             QStringLiteral("tcp_wmem (lab client (tcptune-t-hist-client))"));
    QCOMPARE(endNamedKnob(QStringLiteral("remote:net.ipv4.tcp_wmem"), true, lab),
             QStringLiteral("tcp_wmem (lab server (tcptune-t-hist-server))"));
}

// Issue 37, point 8: three runs ticked were compared as two (the others dropped without a word).
// Now A is the baseline and B and C each stand against it, with their own difference and ratio.
void TestHistoryPanel::threeRunsCompareAgainstTheBaseline()
{
    ResultStore store;
    QVERIFY(store.open());
    ExperimentSpec spec;
    spec.name = QStringLiteral("three outputs");
    SweepPlan plan(spec);
    QVERIFY(plan.addAxis(QStringLiteral("net.ipv4.tcp_limit_output_bytes"),
                         {QStringLiteral("1048576"), QStringLiteral("262144"), QStringLiteral("65536")}));
    const auto experiment = store.createExperiment(plan);
    QVERIFY(experiment);
    QList<qint64> ids;
    const double mbps[] = {40, 30, 10};
    for (int i = 0; i < 3; ++i) {
        RunRecord r = record(mbps[i], 2 + i, i);
        r.experimentId = *experiment;
        r.runIndex = i;
        r.pointIndex = i;
        r.pointLabel = plan.points()[i].label();
        r.settings = plan.points()[i].settings;
        r.started = QDateTime::currentDateTimeUtc();
        const auto id = store.beginRun(r);
        QVERIFY(id);
        r.id = *id;
        r.status = RunStatus::Ok;
        QVERIFY(store.finishRun(r, {}));
        ids.append(r.id);
    }
    ThroughputRttView chart;
    HistoryPanel panel(&chart);
    panel.refresh();
    for (const qint64 id : ids)
        panel.itemOfRun(id)->setCheckState(HistoryPanel::NameColumn, Qt::Checked);
    panel.compareTicked();
    QTableWidget *table = panel.abTable();
    QStringList headers;
    for (int c = 0; c < table->columnCount(); ++c)
        headers << table->horizontalHeaderItem(c)->text();
    QCOMPARE(headers,
             QStringList({QStringLiteral("Figure"), QStringLiteral("B against A"), QStringLiteral("C against A"),
                          QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C"),
                          QStringLiteral("B / A (95 % CI)"), QStringLiteral("C / A (95 % CI)")}));
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("Throughput (Mbit/s)"));
    QCOMPARE(table->item(0, AbTable::valueColumn(0, 3))->text(), QStringLiteral("40.00"));
    QCOMPARE(table->item(0, AbTable::valueColumn(2, 3))->text(), QStringLiteral("10.00"));
    QCOMPARE(table->item(0, AbTable::ratioColumn(2, 3))->text(), QStringLiteral("0.25×"));
    // No series stored: each run's verdict against A says why it has no interval.
    QCOMPARE(table->item(0, AbTable::verdictColumn(2))->text(),
             QStringLiteral("no test: each side needs two runs, or a run with a series of values"));
    const QString title = panel.statusText();
    QVERIFY2(title.startsWith(QStringLiteral("A = #%1 (tcp_limit_output_bytes=1M), B = #%2 "
                                             "(tcp_limit_output_bytes=256K), C = #%3 (tcp_limit_output_bytes=64K)")
                                  .arg(ids[0])
                                  .arg(ids[1])
                                  .arg(ids[2])),
             qPrintable(title));
    // The knob's row: C's value differs from A's and is marked.
    int knobRow = -1;
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0)->text() == QLatin1String("tcp_limit_output_bytes"))
            knobRow = r;
    QVERIFY(knobRow >= 0);
    QCOMPARE(table->item(knobRow, AbTable::valueColumn(2, 3))->text(), QStringLiteral("64K"));
    QCOMPARE(table->item(knobRow, AbTable::valueColumn(2, 3))->background().color(), AbTable::differenceColour());
}

// Issue 29: two experiments ticked are compared point by point with Welch's test over their runs,
// worked out here by hand: 44, 46, 48 against 54, 56, 58 Mbit/s differ by 10 with
// se = sqrt(4/3 + 4/3), df = 4, t(0.975; 4) = 2.7764451051977987: 21.7 % faster, 95 % CI
// 11.9–31.6 %; p = 0.0036, times 4 metrics (Holm) still below 0.05. Equal RTTs are no difference.
void TestHistoryPanel::experimentsCompareByPoint()
{
    ResultStore store;
    QVERIFY(store.open());
    const qint64 a = storeOnePoint(store, QStringLiteral("arm A"), {44, 46, 48});
    const qint64 b = storeOnePoint(store, QStringLiteral("arm B"), {54, 56, 58});
    QVERIFY(a > 0 && b > 0);
    ThroughputRttView chart;
    HistoryPanel panel(&chart);
    panel.resize(1100, 700);
    panel.refresh();
    experimentItem(panel.tree(), a)->setCheckState(HistoryPanel::NameColumn, Qt::Checked);
    experimentItem(panel.tree(), b)->setCheckState(HistoryPanel::NameColumn, Qt::Checked);
    QCOMPARE(panel.experimentTickOrder(), (QList<qint64>{a, b}));
    panel.compareTicked();
    QVERIFY2(panel.statusText().startsWith(QStringLiteral("A = experiment %1, B = experiment %2").arg(a).arg(b)),
             qPrintable(panel.statusText()));
    QTableWidget *table = panel.abTable();
    QCOMPARE(table->rowCount(), 5); // the point's heading, then four metrics
    QCOMPARE(table->item(1, AbTable::valueColumn(0))->text(), QStringLiteral("46.00"));
    QCOMPARE(table->item(1, AbTable::valueColumn(1))->text(), QStringLiteral("56.00"));
    const double half = 2.7764451051977987 * std::sqrt(8.0 / 3.0);
    const QString expected = QStringLiteral("B is %1 % faster, 95 % CI %2–%3 %, significant")
                                 .arg(1000.0 / 46, 0, 'f', 1)
                                 .arg((10 - half) * 100 / 46, 0, 'f', 1)
                                 .arg((10 + half) * 100 / 46, 0, 'f', 1);
    QCOMPARE(table->item(1, AbTable::verdictColumn(1))->text(), expected);
    QCOMPARE(expected, QStringLiteral("B is 21.7 % faster, 95 % CI 11.9–31.6 %, significant"));
    QVERIFY(table->item(1, AbTable::verdictColumn(1))
                ->toolTip()
                .contains(QStringLiteral("Welch's t-test over 3 + 3 runs")));
    QCOMPARE(table->item(2, AbTable::verdictColumn(1))->text(),
             QStringLiteral("no difference: every run on both sides measured the same"));
    QVERIFY(panel.comparisonPane()->isVisibleTo(&panel));
    test::saveScreenshot(&panel, QStringLiteral("history_ab_experiments"));
}

// Issue 34: a stored latency-under-load run, selected, shows its two charts and its summary under
// the list; another run selected hides them.
void TestHistoryPanel::latencyUnderLoadRunShowsItsCharts()
{
    const TrafficResult result = test::rrulRunOnLoopback(1, 2);
    QVERIFY2(result.ok(), qPrintable(result.error));
    ResultStore store;
    QVERIFY(store.open());
    const qint64 rrul = test::storeRrulRun(store, result, QStringLiteral("latency under load"));
    QVERIFY(rrul > 0);
    const qint64 other = storeOnePoint(store, QStringLiteral("plain bulk"), {50});
    QVERIFY(other > 0);

    ThroughputRttView chart;
    HistoryPanel panel(&chart);
    panel.resize(1200, 800);
    panel.show();
    panel.refresh();
    QTreeWidgetItem *item = panel.itemOfRun(rrul);
    QVERIFY(item);
    LatencyUnderLoadView *view = panel.underLoadView();
    QVERIFY(view->isHidden());
    panel.tree()->setCurrentItem(item);
    QVERIFY(!view->isHidden());
    QCOMPARE(view->summaryText(), UnderLoadSummary::line(result.underLoad));
    QVERIFY(view->timeSeries() && view->cdf());
    using Role = LatencyUnderLoadChart::Role;
    QCOMPARE(view->cdf()->series(Role::IdleCdf)->count(), result.underLoad.idleMs.count);
    QCOMPARE(view->cdf()->series(Role::LoadedCdf)->count(), result.underLoad.loadedMs.count);
    // The stored samples give the throughput each way.
    QVERIFY(view->timeSeries()->series(Role::ThroughputUp)->count() > 0);
    QVERIFY(view->timeSeries()->series(Role::ThroughputDown)->count() > 0);
    // The splitter gives it its room under the list.
    QTRY_VERIFY(view->height() >= view->minimumHeight());
    QVERIFY(view->geometry().bottom() < view->parentWidget()->height()); // not past the splitter's end
    QVERIFY(test::looksDrawn(test::saveScreenshot(&panel, QStringLiteral("history_latency_under_load"))));

    QTreeWidgetItem *plain = experimentItem(panel.tree(), other);
    QVERIFY(plain && plain->childCount() == 1);
    panel.tree()->setCurrentItem(plain->child(0));
    QVERIFY(view->isHidden());
    QVERIFY(!view->timeSeries());
}

QTEST_MAIN(TestHistoryPanel)
#include "tst_history_panel.moc"

// The History tab lists what the result store holds, filters it, overlays ticked runs on the
// charts and compares two runs A/B with differences and ratios (compareRuns).

#include "charts/throughput_rtt_view.h"
#include "experiment/result_store.h"
#include "experiment/sweep_plan.h"
#include "history/ab_comparison.h"
#include "history/history_panel.h"

#include <QLineEdit>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

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

} // namespace

class TestHistoryPanel final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void compare_data();
    void compare();
    void listsFiltersOverlaysAndCompares();

private:
    QTemporaryDir m_dir;
};

void TestHistoryPanel::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("TCPTUNE_RESULTS_DB", m_dir.filePath(QStringLiteral("results.db")).toUtf8());
}

void TestHistoryPanel::compare_data()
{
    QTest::addColumn<double>("aMbps");
    QTest::addColumn<double>("bMbps");
    QTest::addColumn<double>("aRtt");
    QTest::addColumn<double>("bRtt");
    QTest::addColumn<double>("throughputRatio");
    QTest::addColumn<bool>("rttKnown");
    QTest::addRow("autocorking on vs off") << 100.0 << 25.0 << 2.0 << 50.0 << 0.25 << true;
    QTest::addRow("equal") << 40.0 << 40.0 << 5.0 << 5.0 << 1.0 << true;
    QTest::addRow("rtt unknown") << 10.0 << 20.0 << -1.0 << 3.0 << 2.0 << false;
}

void TestHistoryPanel::compare()
{
    QFETCH(double, aMbps);
    QFETCH(double, bMbps);
    QFETCH(double, aRtt);
    QFETCH(double, bRtt);
    QFETCH(double, throughputRatio);
    QFETCH(bool, rttKnown);
    const QList<AbRow> rows = compareRuns(record(aMbps, aRtt, 1), record(bMbps, bRtt, 3));
    QVERIFY(rows.size() >= 5);
    QCOMPARE(rows[0].a, aMbps);
    QCOMPARE(rows[0].b, bMbps);
    QCOMPARE(rows[0].difference, bMbps - aMbps);
    QVERIFY(rows[0].ratio);
    QCOMPARE(*rows[0].ratio, throughputRatio);
    QCOMPARE(rows[2].known, rttKnown);
    QCOMPARE(rows[2].ratio.has_value(), rttKnown);
    if (rttKnown)
        QCOMPARE(*rows[2].ratio, bRtt / aRtt);
    QCOMPARE(rows[4].difference, 2.0); // retransmissions 1 -> 3
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
        const auto id = store.beginRun(r);
        QVERIFY(id);
        r.id = *id;
        r.status = RunStatus::Ok;
        r.ended = r.started.addSecs(2);
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
    for (int id : chart.runIds())
        QCOMPARE(chart.pointCount(id, ChartMetric::Throughput), 200);
    panel.compareTicked();
    QTableWidget *table = panel.abTable();
    QVERIFY(table->rowCount() >= 5);
    QCOMPARE(table->item(0, 1)->text(), QStringLiteral("20.00"));
    QCOMPARE(table->item(0, 2)->text(), QStringLiteral("80.00"));
    QCOMPARE(table->item(0, 4)->text(), QStringLiteral("4.00×"));

    ab->child(1)->setCheckState(0, Qt::Unchecked);
    QCOMPARE(chart.runIds().size(), 1);
}

QTEST_MAIN(TestHistoryPanel)
#include "tst_history_panel.moc"

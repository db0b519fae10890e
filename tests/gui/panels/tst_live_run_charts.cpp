// The live chart of a run against several ends: the real Runner on its thread (RunnerThread),
// the real result store in a scratch folder, the real charts off screen, and a backend that
// stands in for the network only: its two ends send samples as the traffic engine's would, and
// its figures come from severalEndsOutcome as the live backend's do. Each end gets a line of
// its own, the end's name in the legend, with that end's samples; History draws the stored run
// the same way.

#include "charts/throughput_rtt_view.h"
#include "experiment/run/runner_thread.h"
#include "experiment/run/several_ends_outcome.h"
#include "experiment/run/traffic_bridge.h"
#include "experiment/store/result_store.h"
#include "history/history_panel.h"
#include "panels/live_run_charts.h"
#include "panels/run_control_panel.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidgetItem>

using namespace tcptune;

namespace {

const QStringList kEnds{QStringLiteral("198.18.0.2:5300"), QStringLiteral("198.18.0.3:5300")};

// Two ends sending at 30 and 10 Mbit/s.
class TwoEndsBackend final : public ExperimentBackend {
public:
    Result<RunEndpoint> prepareTarget(const ExperimentSpec &) override { return RunEndpoint{}; }
    Result<KnobSnapshot> snapshotLocal(const RunEndpoint &) override { return KnobSnapshot{}; }
    Result<void> applySysctls(const RunEndpoint &, const QMap<QString, QString> &) override { return {}; }
    Result<void> restoreKnobs() override { return {}; }
    Result<void> startCapture(const RunEndpoint &, const QString &) override { return {}; }
    CaptureRecord stopCapture() override { return {}; }
    Result<QJsonObject> analyseCapture(const QString &) override { return QJsonObject{}; }
    TrafficOutcome runTraffic(const ExperimentSpec &, const RunEndpoint &, const SampleSink &sink) override
    {
        SeveralEndsResult result;
        for (int end = 0; end < 2; ++end) {
            TrafficResult r;
            r.target = kEnds.at(end);
            r.throughputBps = end == 0 ? 30e6 : 10e6;
            r.durationS = 1;
            r.samplesFrom = QStringLiteral("local sender");
            QList<RunSample> batch;
            for (int i = 1; i <= 10; ++i) {
                TrafficSample s;
                s.t = i * 0.1;
                s.throughputBps = r.throughputBps;
                s.rttMs = end == 0 ? 40 : 60;
                r.samples.append(s);
                batch.append(runSampleOf(s));
                batch.back().end = end;
            }
            sink(batch);
            result.ends.append(r);
        }
        result.summarise();
        return severalEndsOutcome(result);
    }
    void cancel() override {}
    void finish(bool) override {}
};

// One end sending at 20 Mbit/s, ten samples a run.
class OneEndBackend final : public ExperimentBackend {
public:
    Result<RunEndpoint> prepareTarget(const ExperimentSpec &) override { return RunEndpoint{}; }
    Result<KnobSnapshot> snapshotLocal(const RunEndpoint &) override { return KnobSnapshot{}; }
    Result<void> applySysctls(const RunEndpoint &, const QMap<QString, QString> &) override { return {}; }
    Result<void> restoreKnobs() override { return {}; }
    Result<void> startCapture(const RunEndpoint &, const QString &) override { return {}; }
    CaptureRecord stopCapture() override { return {}; }
    Result<QJsonObject> analyseCapture(const QString &) override { return QJsonObject{}; }
    TrafficOutcome runTraffic(const ExperimentSpec &, const RunEndpoint &, const SampleSink &sink) override
    {
        TrafficOutcome outcome;
        outcome.figures.status = RunStatus::Ok;
        outcome.figures.throughputBps = 20e6;
        outcome.figures.durationS = 1;
        for (int i = 1; i <= 10; ++i) {
            RunSample s;
            s.t = i * 0.1;
            s.throughputBps = 20e6;
            s.rttMs = 5;
            outcome.samples.append(s);
        }
        sink(outcome.samples);
        return outcome;
    }
    void cancel() override {}
    void finish(bool) override {}
};

} // namespace

class TestLiveRunCharts final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aLinePerEnd();
    void sweepRunsAreNamedByTheirPoint();
};

void TestLiveRunCharts::aLinePerEnd()
{
    QTemporaryDir dir;
    // The store the runner, the live chart and History all open by default.
    qputenv("TCPTUNE_RESULTS_DB", dir.filePath(QStringLiteral("results.db")).toLocal8Bit());
    RunnerThread runner([] { return std::make_unique<TwoEndsBackend>(); });
    ThroughputRttView chart;
    RunControlPanel progress;
    LiveRunCharts live(&runner, &chart, &progress);

    ExperimentSpec spec;
    spec.durationS = 1;
    QList<TargetSpec> ends;
    for (const QString &text : kEnds) {
        TargetSpec t;
        t.kind = TargetSpec::Kind::Agent;
        t.host = text.section(QLatin1Char(':'), 0, 0);
        t.port = 5300;
        ends << t;
    }
    spec.setTargets(ends);
    QSignalSpy stopped(&runner, &RunnerThread::stopped);
    QVERIFY(runner.start(SweepPlan(spec)));
    QVERIFY(stopped.wait(20000));

    const QList<int> lines = chart.runIds();
    QCOMPARE(lines.size(), 2);
    QCOMPARE(live.chartRunOf(0), lines.at(0)); // the run's first end is the run itself
    for (int end = 0; end < 2; ++end) {
        const int line = lines.at(end);
        QVERIFY2(chart.runLabel(line).endsWith(kEnds.at(end)), qPrintable(chart.runLabel(line)));
        QVERIFY2(chart.runLabel(line).startsWith(QStringLiteral("#1")), qPrintable(chart.runLabel(line)));
        const QList<QPointF> rtt = chart.series(line, ChartMetric::Rtt);
        QCOMPARE(rtt.size(), 10);
        QCOMPARE(rtt.front().y(), end == 0 ? 40.0 : 60.0);
        QCOMPARE(chart.series(line, ChartMetric::Throughput).front().y(), end == 0 ? 30.0 : 10.0);
    }

    // History draws the stored run as the live chart did: a line per end, from the store.
    ThroughputRttView historyChart;
    HistoryPanel history(&historyChart);
    history.refresh();
    QTreeWidgetItem *row = history.itemOfRun(1);
    QVERIFY(row);
    row->setCheckState(HistoryPanel::NameColumn, Qt::Checked);

    const QList<int> stored = historyChart.runIds();
    QCOMPARE(stored.size(), 2);
    for (int end = 0; end < 2; ++end) {
        QVERIFY2(historyChart.runLabel(stored.at(end)).endsWith(kEnds.at(end)),
                 qPrintable(historyChart.runLabel(stored.at(end))));
        QCOMPARE(historyChart.series(stored.at(end), ChartMetric::Rtt).size(), 10);
    }
    // The stored run's verdict (the verdict panel's, the report's) names each end's share.
    ResultStore store;
    QVERIFY(store.open().has_value());
    const auto run = store.run(1);
    QVERIFY(run.has_value());
    QVERIFY2(run->verdict.contains(QStringLiteral("198.18.0.3:5300 10.0 Mbit/s")) &&
                 run->verdict.contains(QStringLiteral("Jain's fairness index 0.80")),
             qPrintable(run->verdict));
}

// Issue 37, point 12: a sweep's legend read "#2 · 16 KiB …" and "run 9 of 12 · …": twelve runs of
// one sweep could not be told apart. Each is named by its point's value, whole in the legend.
void TestLiveRunCharts::sweepRunsAreNamedByTheirPoint()
{
    QTemporaryDir dir;
    qputenv("TCPTUNE_RESULTS_DB", dir.filePath(QStringLiteral("results.db")).toLocal8Bit());
    RunnerThread runner([] { return std::make_unique<OneEndBackend>(); });
    ThroughputRttView chart;
    chart.resize(1000, 420); // the charts' part of the window at 1280x800
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    RunControlPanel progress;
    LiveRunCharts live(&runner, &chart, &progress);
    ExperimentSpec spec;
    spec.durationS = 1;
    SweepPlan plan(spec);
    const QStringList values = QStringLiteral("16K 24K 32K 48K 64K 96K 128K 192K 256K 384K 512K 1M").split(u' ');
    QVERIFY(plan.addAxis(QStringLiteral("socket.SO_SNDBUF"), values));
    QSignalSpy stopped(&runner, &RunnerThread::stopped);
    QVERIFY(runner.start(plan));
    QVERIFY(stopped.wait(30000));
    chart.replotNow();
    QTest::qWait(50);
    const QList<int> lines = chart.runIds();
    QCOMPARE(lines.size(), 12);
    QStringList labels;
    for (const int line : lines) {
        labels << chart.runLabel(line);
        QCOMPARE(chart.legendText(line), chart.runLabel(line)); // whole, no "…"
        QVERIFY2(chart.legendToolTip(line).contains(QStringLiteral("#")), qPrintable(chart.legendToolTip(line)));
    }
    QStringList expected;
    for (const QString &value : values)
        expected << QStringLiteral("SO_SNDBUF %1").arg(value);
    QCOMPARE(labels, expected);
}

QTEST_MAIN(TestLiveRunCharts)
#include "tst_live_run_charts.moc"

// Issue 37: what the workbench says when a plan ends, and what a run leaves in reach.
// - Point 7: a plan with a failed run does not read "finished: 2 run(s)" in green; a stop names
//   what it restored and the knobs set by hand that stay; Clear charts clears the verdict and the
//   limiter bars with the runs.
// - Point 9: a run's capture is listed in the Captures tab when the run ends, with its folder, and
//   it can be shown on the charts and its path copied.
// The runner's signals are emitted as its worker emits them; the store is a real SQLite file.

#include "captures/capture_panel.h"
#include "captures/run_capture_list.h"
#include "charts/limiter_chart.h"
#include "charts/throughput_rtt_view.h"
#include "diagnosis/verdict_panel.h"
#include "experiment/run/runner_thread.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_table_model.h"
#include "main_window.h"
#include "panels/run_control_panel.h"
#include "screenshot.h"
#include "test_data.h"

#include <QApplication>
#include <QClipboard>
#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace tcptune;

namespace {

RunRecord finishedRun(int index, RunStatus status)
{
    RunRecord r;
    r.id = 100 + index;
    r.runIndex = index;
    r.status = status;
    r.throughputBps = 40e6;
    r.rttMedianMs = 3;
    r.error = status == RunStatus::Failed ? QStringLiteral("the agent did not answer") : QString();
    r.verdict = QStringLiteral("Sender limited by its send buffer 80 % of the time.");
    r.limiters.busy = 1;
    r.limiters.sndbufLimited = 0.8;
    return r;
}

QString runStatus(const MainWindow &window)
{
    return window.runControl()->findChild<QLabel *>(QStringLiteral("runStatus"))->text();
}

} // namespace

class TestWorkbenchOutcomes final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void failedRunIsCounted();
    void stopSaysWhatStaysSetByHand();
    void clearingChartsClearsTheVerdict();
    void runCaptureIsListedWithItsFolder();

private:
    QTemporaryDir m_dir;
};

void TestWorkbenchOutcomes::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("TCPTUNE_RESULTS_DB", m_dir.filePath(QStringLiteral("results.db")).toUtf8());
}

void TestWorkbenchOutcomes::failedRunIsCounted()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunnerThread *runner = window.runner();
    Q_EMIT runner->begun();
    Q_EMIT runner->started(7, 2, 0);
    Q_EMIT runner->runFinished(finishedRun(0, RunStatus::Ok));
    Q_EMIT runner->runFinished(finishedRun(1, RunStatus::Failed));
    Q_EMIT runner->progress(2, 2, 0);
    Q_EMIT runner->finished(7, QStringLiteral("finished"));
    QCOMPARE(window.runControl()->progressText(), QStringLiteral("finished: 1 of 2 runs failed"));
    QVERIFY2(!window.runControl()->progressBar()->styleSheet().contains(QStringLiteral("#2e7d32")),
             qPrintable(window.runControl()->progressBar()->styleSheet())); // not the green of success

    // The next plan starts counting again: all well is "finished" in green.
    Q_EMIT runner->begun();
    Q_EMIT runner->started(8, 1, 0);
    Q_EMIT runner->runFinished(finishedRun(0, RunStatus::Ok));
    Q_EMIT runner->progress(1, 1, 0);
    Q_EMIT runner->finished(8, QStringLiteral("finished"));
    QCOMPARE(window.runControl()->progressText(), QStringLiteral("finished: 1 run(s)"));
    QVERIFY(window.runControl()->progressBar()->styleSheet().contains(QStringLiteral("#2e7d32")));
}

void TestWorkbenchOutcomes::stopSaysWhatStaysSetByHand()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunnerThread *runner = window.runner();
    // Autocorking was turned off by hand in the Knobs tab before the run.
    window.knobPanel()->model()->applyChange(QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1"),
                                             QStringLiteral("0"));
    Q_EMIT runner->begun();
    Q_EMIT runner->started(9, 1, 0);
    Q_EMIT runner->finished(9, QStringLiteral("cancelled"));
    const QString text = runStatus(window);
    QVERIFY2(text != QStringLiteral("Stopped; knobs restored."), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Still set by hand")) && text.contains(QStringLiteral("tcp_autocorking=0")),
             qPrintable(text));
    QVERIFY2(text.startsWith(QStringLiteral("Stopped; the run changed no knobs.")), qPrintable(text));
}

void TestWorkbenchOutcomes::clearingChartsClearsTheVerdict()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunnerThread *runner = window.runner();
    Q_EMIT runner->begun();
    Q_EMIT runner->started(10, 1, 0);
    Q_EMIT runner->runStarted(0, 0, 0, QString());
    Q_EMIT runner->runFinished(finishedRun(0, RunStatus::Ok));
    VerdictPanel *verdict = window.verdictPanel();
    QVERIFY2(verdict->verdictText().contains(QStringLiteral("send buffer")), qPrintable(verdict->verdictText()));
    QCOMPARE(verdict->limiterChart()->categories().size(), 1);
    auto *clear = window.findChild<QPushButton *>(QStringLiteral("clearCharts"));
    QVERIFY(clear);
    QTest::mouseClick(clear, Qt::LeftButton);
    QVERIFY(window.chartView()->runIds().isEmpty());
    QVERIFY2(!verdict->verdictText().contains(QStringLiteral("send buffer")), qPrintable(verdict->verdictText()));
    QVERIFY(verdict->limiterChart()->categories().isEmpty());
    QVERIFY(!verdict->limiterChart()->isVisible());
}

void TestWorkbenchOutcomes::runCaptureIsListedWithItsFolder()
{
    // A stored run with a capture, as the Runner leaves it (the capture is a real one).
    const QString capture = test::captureFile(QStringLiteral("tcptrace_dsack_iperf_bulk_ts_sack.pcap"));
    ResultStore store;
    QVERIFY(store.open());
    const auto experiment = store.createExperiment(SweepPlan(ExperimentSpec{}));
    QVERIFY(experiment);
    RunRecord run = finishedRun(0, RunStatus::Ok);
    run.experimentId = *experiment;
    run.durationS = 2;
    const auto id = store.beginRun(run);
    QVERIFY(id);
    run.id = *id;
    QVERIFY(store.addCapture(run.id, CaptureRecord{capture, QStringLiteral("tcpt-c0"), 100, 0, {}}));
    QVERIFY(store.finishRun(run));

    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    Q_EMIT window.runner()->runFinished(run);
    QTreeWidget *list = window.runCaptures()->tree();
    QCOMPARE(list->topLevelItemCount(), 1);
    QCOMPARE(list->topLevelItem(0)->text(RunCaptureList::FileColumn), QFileInfo(capture).fileName());
    QCOMPARE(list->topLevelItem(0)->text(RunCaptureList::FolderColumn), QFileInfo(capture).absolutePath());
    QVERIFY2(window.statusBar()->currentMessage().contains(capture), qPrintable(window.statusBar()->currentMessage()));

    QTest::mouseClick(window.runCaptures()->findChild<QPushButton *>(QStringLiteral("copyCapturePath")),
                      Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), QFileInfo(capture).absoluteFilePath());

    window.tabs()->setCurrentWidget(window.capturePage());
    QSignalSpy loaded(window.capturePanel(), &CapturePanel::captureLoaded);
    QTest::mouseClick(window.runCaptures()->findChild<QPushButton *>(QStringLiteral("showRunCapture")), Qt::LeftButton);
    QVERIFY(loaded.wait(30000));
    QVERIFY(!window.capturePanel()->chartRunsOf(QFileInfo(capture).absoluteFilePath()).isEmpty());
    test::saveScreenshot(&window, QStringLiteral("workbench_run_capture_listed"));
}

QTEST_MAIN(TestWorkbenchOutcomes)
#include "tst_workbench_outcomes.moc"

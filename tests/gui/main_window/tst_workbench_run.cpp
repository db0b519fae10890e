// End to end through the panels, as a user would: pick the lab (a lab of its own, t-gui1, at
// 50 Mbit/s), a 2 s bulk run, press Run (click and Ctrl+R), watch the charts fill, and Stop.
// Needs root, or a user whom polkit lets start tcptune-helper (tst_nonroot_lab runs it so, with
// TCPTUNE_TEST_HELPER_GRANTED set); writes its results to a scratch database.

#include "charts/throughput_rtt_view.h"
#include "command_runner.h"
#include "experiment/run/runner_thread.h"
#include "experiment/store/result_store.h"
#include "history/history_panel.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_table_model.h"
#include "main_window.h"
#include "panels/message_banner.h"
#include "panels/run_control_panel.h"
#include "panels/target_panel.h"
#include "panels/workload_panel.h"
#include "scratch_namespace.h"
#include "screenshot.h"

#include <QApplication>
#include <QComboBox>
#include <QMessageBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

using namespace tcptune;

namespace {

const QString labName = QStringLiteral("t-gui1");

void setSpin(QDoubleSpinBox *spin, const QString &text)
{
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, text);
    QTest::keyClick(spin, Qt::Key_Tab);
}

void setComboText(QComboBox *combo, const QString &text)
{
    combo->lineEdit()->selectAll();
    QTest::keyClicks(combo->lineEdit(), text);
}

qsizetype totalPoints(ThroughputRttView *view, ChartMetric metric)
{
    qsizetype n = 0;
    for (int id : view->runIds())
        n += view->pointCount(id, metric);
    return n;
}

// Answers the question closing during a run asks (QMessageBox closeDuringRunQuestion) with the
// button named BUTTON once it shows; WAS_ASKED tells whether it did.
void answerCloseQuestion(const QString &button, bool *wasAsked)
{
    auto *poll = new QTimer;
    poll->setInterval(50);
    int tries = 0;
    QObject::connect(poll, &QTimer::timeout, poll, [poll, button, wasAsked, tries]() mutable {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (box && box->objectName() == QLatin1String("closeDuringRunQuestion")) {
            *wasAsked = true;
            box->findChild<QPushButton *>(button)->click();
        } else if (++tries < 200) {
            return;
        }
        poll->deleteLater();
        poll->stop();
    });
    poll->start();
}

// Root, or a user whom the helper is granted to (the lab is built and used through it).
bool mayUseTheLab()
{
    return test::runningAsRoot() || !qEnvironmentVariableIsEmpty("TCPTUNE_TEST_HELPER_GRANTED");
}

} // namespace

class TestWorkbenchRun final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void runFromPanelsFillsCharts();
    void stopEndsRunEarly();
    void closingDuringRunAsks();
    void staysResponsiveWithEightStreams();
    void knobEditInTheLabReachesTheRun();

private:
    QTemporaryDir m_dir;
};

void TestWorkbenchRun::initTestCase()
{
    if (!mayUseTheLab())
        QSKIP("needs root, or a user granted tcptune-helper (TCPTUNE_TEST_HELPER_GRANTED): the lab is made of "
              "network namespaces");
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    qputenv("TCPTUNE_RESULTS_DB", m_dir.filePath(QStringLiteral("results.db")).toUtf8());
    test::runTcptune({QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), labName}, 60000);
}

void TestWorkbenchRun::cleanupTestCase()
{
    if (!mayUseTheLab())
        return;
    const test::CommandResult r =
        test::runTcptune({QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), labName}, 60000);
    QCOMPARE(r.exitCode, 0);
}

void TestWorkbenchRun::runFromPanelsFillsCharts()
{
    MainWindow window;
    window.targetPanel()->setLabName(labName);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    auto *kind = window.findChild<QComboBox *>(QStringLiteral("targetKind"));
    QVERIFY(kind);
    kind->setCurrentIndex(0); // the lab
    setComboText(window.findChild<QComboBox *>(QStringLiteral("labRate")), QStringLiteral("50mbit"));
    setSpin(window.findChild<QDoubleSpinBox *>(QStringLiteral("duration")), QStringLiteral("2"));

    QSignalSpy stopped(window.runner(), &RunnerThread::stopped);
    QSignalSpy finished(window.runner(), &RunnerThread::finished);
    QTest::mouseClick(window.runControl()->runButton(), Qt::LeftButton);
    QVERIFY(window.runner()->isRunning());
    QVERIFY(!window.runControl()->runButton()->isEnabled());
    // The charts fill while the run goes, not only at its end.
    QTRY_VERIFY_WITH_TIMEOUT(totalPoints(window.chartView(), ChartMetric::Throughput) > 20, 45000);
    QVERIFY(window.runner()->isRunning());
    QVERIFY(stopped.wait(60000) || stopped.size() == 1);
    QVERIFY2(!window.banner()->isVisible() || window.banner()->level() != MessageBanner::Level::Error,
             qPrintable(window.banner()->text()));
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("finished"));

    ThroughputRttView *view = window.chartView();
    QCOMPARE(view->runIds().size(), 1);
    const int run = view->runIds().first();
    // 2 s at 10 ms: about 200 samples, each with throughput and RTT.
    QVERIFY2(view->pointCount(run, ChartMetric::Throughput) >= 100,
             qPrintable(QString::number(view->pointCount(run, ChartMetric::Throughput))));
    QVERIFY(view->pointCount(run, ChartMetric::Rtt) >= 100);
    view->replotNow();
    QVERIFY(view->plottedPointCount(run, ChartMetric::Throughput) > 0);
    QVERIFY(window.runControl()->runButton()->isEnabled());

    const QImage shot = test::saveScreenshot(&window, QStringLiteral("workbench_after_run"));
    QVERIFY(test::looksDrawn(shot));
}

void TestWorkbenchRun::stopEndsRunEarly()
{
    MainWindow window;
    window.targetPanel()->setLabName(labName);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    setSpin(window.findChild<QDoubleSpinBox *>(QStringLiteral("duration")), QStringLiteral("30"));

    QSignalSpy stopped(window.runner(), &RunnerThread::stopped);
    QSignalSpy finished(window.runner(), &RunnerThread::finished);
    QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
    QVERIFY(window.runner()->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(totalPoints(window.chartView(), ChartMetric::Throughput) > 10, 45000);
    QElapsedTimer clock;
    clock.start();
    QTest::keyClick(&window, Qt::Key_Escape);
    QVERIFY(stopped.wait(20000) || stopped.size() == 1);
    QVERIFY2(clock.elapsed() < 15000, "Stop took too long");
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("cancelled"));
}

// Issue 37, point 13: closing the window during a run cancelled it without a word. It asks: "Do
// not close" keeps the run and the window; "Stop the run, restore knobs and close" stops it (the
// run is cancelled, not left running) and then closes.
void TestWorkbenchRun::closingDuringRunAsks()
{
    MainWindow window;
    window.targetPanel()->setLabName(labName);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    setSpin(window.findChild<QDoubleSpinBox *>(QStringLiteral("duration")), QStringLiteral("30"));
    QSignalSpy finished(window.runner(), &RunnerThread::finished);
    QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
    QVERIFY(window.runner()->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(totalPoints(window.chartView(), ChartMetric::Throughput) > 10, 45000);

    bool asked = false;
    answerCloseQuestion(QStringLiteral("keepOpen"), &asked);
    QVERIFY(!window.close());
    QVERIFY(asked);
    QVERIFY(window.isVisible());
    QVERIFY(window.runner()->isRunning());
    QCOMPARE(finished.size(), 0);

    asked = false;
    answerCloseQuestion(QStringLiteral("stopAndClose"), &asked);
    QVERIFY(!window.close()); // it closes once the run has stopped
    QVERIFY(asked);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), 20000);
    QVERIFY(!window.runner()->isRunning());
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("cancelled"));
}

void TestWorkbenchRun::staysResponsiveWithEightStreams()
{
    MainWindow window;
    window.targetPanel()->setLabName(labName);
    window.workloadPanel()->setDuration(4);
    window.workloadPanel()->setStreams(8);
    window.workloadPanel()->setSampleMs(10);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    // A heartbeat on the GUI thread: the longest gap between two beats is the longest stall.
    QElapsedTimer clock;
    qint64 last = -1;
    qint64 worst = 0;
    qint64 worstAt = 0;
    bool measuring = false;
    QTimer heartbeat;
    heartbeat.setInterval(5);
    connect(&heartbeat, &QTimer::timeout, this, [&] {
        const qint64 now = clock.elapsed();
        if (measuring && last >= 0 && now - last > worst) {
            worst = now - last;
            worstAt = now;
        }
        last = now;
    });
    clock.start();
    heartbeat.start();
    // The GUI thread's own work per replot (decimation, replace(), axes), free of scheduling noise.
    qint64 worstReplotNs = 0;
    connect(window.chartView(), &ThroughputRttView::replotted, this,
            [&] { worstReplotNs = std::max(worstReplotNs, window.chartView()->lastReplotNanoseconds()); });

    QSignalSpy stopped(window.runner(), &RunnerThread::stopped);
    QSignalSpy samples(window.runner(), &RunnerThread::samplesReady);
    QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
    // Measure while samples of 8 streams at 10 ms arrive and the charts replot.
    QVERIFY(samples.wait(45000));
    const qint64 firstSamples = clock.elapsed();
    measuring = true;
    QVERIFY(stopped.wait(60000) || stopped.size() == 1);
    measuring = false;
    const int run = window.chartView()->runIds().last();
    QVERIFY(window.chartView()->pointCount(run, ChartMetric::Throughput) >= 200);
    qInfo("longest GUI-thread stall with 8 streams sampled every 10 ms: %lld ms (%lld ms after the first samples); "
          "longest replot %.2f ms",
          worst, worstAt - firstSamples, worstReplotNs / 1e6);
    // The target is 100 ms; on a loaded 2-core machine the scheduler alone can delay a beat by
    // tens of ms, so the heartbeat bound is looser and the replot itself is held to the target.
    QVERIFY2(worstReplotNs < 100'000'000, qPrintable(QStringLiteral("a replot took %1 ms").arg(worstReplotNs / 1e6)));
    QVERIFY2(worst < 400, qPrintable(QStringLiteral("GUI thread stalled for %1 ms").arg(worst)));
}

// Issue 18, points 1 and 2: with the lab as target the Knobs tab edits the lab's client
// namespace; autocorking set off there is what the run had (its stored snapshot), and History's
// row of the run says so.
void TestWorkbenchRun::knobEditInTheLabReachesTheRun()
{
    MainWindow window;
    window.targetPanel()->setLabName(labName);
    window.workloadPanel()->setDuration(2);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    KnobPanel *knobs = window.knobPanel();
    const QString client = QStringLiteral("tcptune-%1-client").arg(labName);
    QCOMPARE(knobs->currentNamespace(), client);
    auto *labUp = knobs->findChild<QPushButton *>(QStringLiteral("knobLabUp"));
    if (labUp->isVisible())
        QTest::mouseClick(labUp, Qt::LeftButton);
    KnobTableModel *model = knobs->model();
    const QString cork = QStringLiteral("net.ipv4.tcp_autocorking");
    QTRY_VERIFY_WITH_TIMEOUT(model->readingAt(model->rowOf(cork)).available(), 60000);
    QVERIFY(model->setData(model->index(model->rowOf(cork), KnobTableModel::ValueColumn), QStringLiteral("0")) ||
            model->readingAt(model->rowOf(cork)).value == QStringLiteral("0"));
    const auto labValue = [&client, &cork] {
        return test::runCommand(QStringLiteral("ip"),
                                {QStringLiteral("netns"), QStringLiteral("exec"), client, QStringLiteral("sysctl"),
                                 QStringLiteral("-n"), cork},
                                10000)
            .out.trimmed();
    };
    QTRY_COMPARE_WITH_TIMEOUT(labValue(), QByteArray("0"), 15000);

    QSignalSpy stopped(window.runner(), &RunnerThread::stopped);
    QSignalSpy ran(window.runner(), &RunnerThread::runFinished);
    QTest::mouseClick(window.runControl()->runButton(), Qt::LeftButton);
    QVERIFY(stopped.wait(90000) || stopped.size() == 1);
    QCOMPARE(ran.size(), 1);
    const RunRecord run = ran.at(0).at(0).value<RunRecord>();
    QCOMPARE(run.status, RunStatus::Ok);
    ResultStore store;
    QVERIFY(store.open());
    const auto during = store.knobSnapshot(run.id, QStringLiteral("local"), QStringLiteral("before"));
    QVERIFY(during);
    QCOMPARE(during->value(cork), QStringLiteral("0"));
    QCOMPARE(labValue(), QByteArray("0")); // the run restored only its own changes

    window.historyPanel()->refresh();
    QTreeWidgetItem *row = window.historyPanel()->itemOfRun(run.id);
    QVERIFY(row);
    QVERIFY2(row->text(HistoryPanel::ChangedColumn).contains(QStringLiteral("tcp_autocorking=0")),
             qPrintable(row->text(HistoryPanel::ChangedColumn)));
    // The legend names the run as History does.
    QCOMPARE(window.chartView()->runLabel(window.chartView()->runTagged(run.id)), row->text(HistoryPanel::NameColumn));
}

QTEST_MAIN(TestWorkbenchRun)
#include "tst_workbench_run.moc"

// Issue 37, point 2: a run killed with its process stayed "running" in History forever, and the
// restarted workbench said nothing. A process running an experiment holds its ExperimentLock; here
// a real process holds it (as the Runner does) and is killed with SIGKILL. While it lives the
// workbench leaves the experiment alone; once it is dead the next workbench marks it and the run
// it was in the middle of interrupted, History shows so for both rows, and the banner says which
// experiment, how far it got, how many runs it cut off and what became of its knobs.

#include "charts/throughput_rtt_view.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/store/experiment_lock.h"
#include "experiment/store/result_store.h"
#include "history/history_panel.h"
#include "knobs/crash_recovery.h"
#include "main_window.h"
#include "panels/message_banner.h"
#include "screenshot.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <csignal>

using namespace tcptune;

class TestInterruptedExperiment final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void killedRunIsMarkedInterruptedAtStart();

private:
    QTemporaryDir m_dir;
    QString m_store;
};

void TestInterruptedExperiment::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_store = m_dir.filePath(QStringLiteral("results.db"));
    qputenv("TCPTUNE_RESULTS_DB", m_store.toUtf8());
}

void TestInterruptedExperiment::killedRunIsMarkedInterruptedAtStart()
{
    // An experiment of two runs, the first done, the second started, as a killed Runner leaves it.
    ResultStore store;
    QVERIFY(store.open(m_store));
    ExperimentSpec spec;
    spec.name = QStringLiteral("killed sweep");
    SweepPlan plan(spec);
    QVERIFY(plan.addAxis(QStringLiteral("net.ipv4.tcp_autocorking"), {QStringLiteral("1"), QStringLiteral("0")}));
    const auto id = store.createExperiment(plan);
    QVERIFY(id);
    for (int i = 0; i < 2; ++i) {
        RunRecord run;
        run.experimentId = *id;
        run.runIndex = i;
        run.pointIndex = i;
        run.started = QDateTime::currentDateTimeUtc();
        const auto runId = store.beginRun(run);
        QVERIFY(runId);
        run.id = *runId;
        run.status = RunStatus::Ok;
        if (i == 0)
            QVERIFY(store.finishRun(run));
    }
    // The process running it: holds the experiment's lock as long as it lives.
    const QString lock = ExperimentLock::pathFor(store, *id);
    QVERIFY(QDir().mkpath(QFileInfo(lock).absolutePath()));
    QProcess holder;
    holder.start(QStringLiteral("sh"),
                 {QStringLiteral("-c"), QStringLiteral("exec 9>\"$0\" && flock 9 && exec sleep 60"), lock});
    QVERIFY(holder.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(ExperimentLock::isHeldElsewhere(store, *id), 10000);
    {
        MainWindow alive;
        QVERIFY(alive.recovery()->settleInterruptedExperiments(m_store).isEmpty());
        QCOMPARE(store.experiment(*id)->status, ExperimentStatus::Running);
    }

    ::kill(pid_t(holder.processId()), SIGKILL);
    QVERIFY(holder.waitForFinished(10000));
    QVERIFY(!ExperimentLock::isHeldElsewhere(store, *id));

    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // The start-up check runs from the event loop.
    QTRY_VERIFY_WITH_TIMEOUT(window.banner()->text().contains(QStringLiteral("interrupted")), 10000);
    const QString note = window.banner()->text();
    QVERIFY2(note.contains(QStringLiteral("Experiment %1: killed sweep (1 of 2 runs done, 1 cut off)").arg(*id)),
             qPrintable(note));
    QVERIFY2(note.contains(QStringLiteral("knobs were restored")) || note.contains(QStringLiteral("left")),
             qPrintable(note));
    QCOMPARE(store.experiment(*id)->status, ExperimentStatus::Interrupted);
    // The run it was in the middle of is no longer "running" either; the finished one stays ok.
    const auto runs = store.runs(*id);
    QVERIFY(runs && runs->size() == 2);
    QCOMPARE(runs->at(0).status, RunStatus::Ok);
    QCOMPARE(runs->at(1).status, RunStatus::Interrupted);
    QVERIFY(runs->at(1).error.contains(QStringLiteral("killed or crashed")));
    QVERIFY(store.finishedRunIndexes(*id)->contains(0) && !store.finishedRunIndexes(*id)->contains(1));

    window.tabs()->setCurrentWidget(window.historyPanel());
    window.historyPanel()->refresh();
    QTreeWidget *tree = window.historyPanel()->tree();
    QCOMPARE(tree->topLevelItemCount(), 1);
    QCOMPARE(tree->topLevelItem(0)->text(HistoryPanel::StatusColumn), QStringLiteral("interrupted (crashed)"));
    QTreeWidgetItem *top = tree->topLevelItem(0);
    QCOMPARE(top->childCount(), 2);
    QCOMPARE(top->child(0)->text(HistoryPanel::StatusColumn), QStringLiteral("ok"));
    QCOMPARE(top->child(1)->text(HistoryPanel::StatusColumn), QStringLiteral("interrupted (crashed)"));
    test::saveScreenshot(&window, QStringLiteral("workbench_interrupted_experiment"));

    // A second start finds nothing more to say about it.
    QVERIFY(window.recovery()->settleInterruptedExperiments(m_store).isEmpty());
}

QTEST_MAIN(TestInterruptedExperiment)
#include "tst_interrupted_experiment.moc"

// Latency under load from the workbench, for real (issue 34): an AgentServer on loopback as the
// target, "latency under load" chosen in the Workload panel (both directions, four streams each
// way, an idle phase of 1 s), a 2 s run started with the Run button. When it ends, the charts area
// shows its time series and CDF, drawn probe for probe from the finished run's record, and its
// one-line summary. Loopback only, no lab, no helper: it needs no root.

#include "charts/latency_under_load_chart.h"
#include "charts/latency_under_load_view.h"
#include "experiment/run/runner_thread.h"
#include "history/under_load_summary.h"
#include "main_window.h"
#include "panels/message_banner.h"
#include "panels/run_control_panel.h"
#include "panels/workload_panel.h"
#include "screenshot.h"
#include "traffic/agent_server.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXYSeries>

using namespace tcptune;

class TestWorkbenchRrul final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void finishedRunShowsItsCharts();

private:
    QTemporaryDir m_dir;
};

void TestWorkbenchRrul::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    qputenv("TCPTUNE_RESULTS_DB", m_dir.filePath(QStringLiteral("results.db")).toUtf8());
}

void TestWorkbenchRrul::finishedRunShowsItsCharts()
{
    AgentServer agent;
    const auto port = agent.listen(QStringLiteral("127.0.0.1"), 0);
    QVERIFY(port.has_value());
    MainWindow window;
    window.resize(1280, 900);
    window.workloadPanel()->setDuration(2);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.findChild<QComboBox *>(QStringLiteral("targetKind"))->setCurrentIndex(1); // tcptune agent
    QTest::keyClicks(window.findChild<QLineEdit *>(QStringLiteral("agentHost")), QStringLiteral("127.0.0.1"));
    window.findChild<QSpinBox *>(QStringLiteral("agentPort"))->setValue(*port);
    auto *kind = window.findChild<QComboBox *>(QStringLiteral("workloadKind"));
    kind->setCurrentIndex(kind->findData(QStringLiteral("rrul")));
    QCOMPARE(window.findChild<QComboBox *>(QStringLiteral("direction"))->currentData().toString(),
             QStringLiteral("both"));
    QCOMPARE(window.findChild<QSpinBox *>(QStringLiteral("streams"))->value(), 4);
    window.findChild<QDoubleSpinBox *>(QStringLiteral("idleS"))->setValue(1);
    LatencyUnderLoadView *view = window.underLoadView();
    QVERIFY(view && view->isHidden());

    RunRecord finishedRun;
    connect(window.runner(), &RunnerThread::runFinished, this, [&finishedRun](const RunRecord &r) { finishedRun = r; });
    QSignalSpy finished(window.runner(), &RunnerThread::finished);
    QTest::mouseClick(window.runControl()->runButton(), Qt::LeftButton);
    QVERIFY2(window.runner()->isRunning(), qPrintable(window.banner()->text()));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("finished"));
    QTRY_VERIFY(!window.runner()->isRunning());

    const LatencyUnderLoad u = finishedRun.underLoad();
    QVERIFY(u.measured);
    QCOMPARE(u.idleS, 1.0);
    QVERIFY(!view->isHidden());
    const auto count = [](const LatencyUnderLoadChart *chart, LatencyUnderLoadChart::Role role) {
        return chart->series(role)->count();
    };
    using Role = LatencyUnderLoadChart::Role;
    const qsizetype answered = std::count_if(u.probes.begin(), u.probes.end(), [](const ProbeSample &p) {
        return p.kind == ProbeSample::Kind::Udp && p.ms >= 0;
    });
    QVERIFY(answered > 0);
    QCOMPARE(count(view->timeSeries(), Role::UdpProbes), answered);
    QCOMPARE(count(view->timeSeries(), Role::LostProbes), u.udpLost);
    QCOMPARE(count(view->cdf(), Role::IdleCdf), u.idleMs.count);
    QCOMPARE(count(view->cdf(), Role::LoadedCdf), u.loadedMs.count);
    // The samples the runner sent while it ran: the throughput each way.
    QVERIFY(count(view->timeSeries(), Role::ThroughputUp) > 0);
    QVERIFY(count(view->timeSeries(), Role::ThroughputDown) > 0);
    QCOMPARE(view->summaryText(), UnderLoadSummary::line(u));
    QTRY_VERIFY(view->height() > 200);
    QVERIFY(test::looksDrawn(test::saveScreenshot(&window, QStringLiteral("workbench_latency_under_load"))));
}

QTEST_MAIN(TestWorkbenchRrul)
#include "tst_workbench_rrul.moc"

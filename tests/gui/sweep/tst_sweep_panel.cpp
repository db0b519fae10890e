// The Sweep tab: plans built from the panels are checked before anything runs; a real sweep in
// a lab of its own (t-gui2) fills story 5's table and the chart against the swept value; a
// cancelled sweep leaves the swept sysctl as it was, after having really changed it.

#include "charts/chart_renderer.h"
#include "charts/sweep_chart.h"
#include "command_runner.h"
#include "experiment/run/runner_thread.h"
#include "lab/lab_manager.h"
#include "lab/lab_spec.h"
#include "lab/qdisc_support.h"
#include "main_window.h"
#include "panels/run_control_panel.h"
#include "panels/target_panel.h"
#include "panels/workload_panel.h"
#include "scratch_namespace.h"
#include "screenshot.h"
#include "sweep/sweep_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;

namespace {

const QString labName = QStringLiteral("t-gui2");
const QString sweptKey = QStringLiteral("net.ipv4.tcp_limit_output_bytes");

QString labClientValue()
{
    const test::CommandResult r = test::runCommand(
        QStringLiteral("ip"),
        {QStringLiteral("netns"), QStringLiteral("exec"), QStringLiteral("tcptune-%1-client").arg(labName),
         QStringLiteral("cat"), QStringLiteral("/proc/sys/net/ipv4/tcp_limit_output_bytes")},
        10000);
    return r.exitCode == 0 ? QString::fromUtf8(r.out).trimmed() : QString();
}

void fillSweep(SweepPanel *panel, const QString &parameter, const QString &values, int repeats)
{
    QComboBox *box = panel->parameterBox();
    box->setCurrentIndex(box->findData(parameter));
    panel->valuesEdit()->clear();
    QTest::keyClicks(panel->valuesEdit(), values);
    panel->repeatsBox()->setValue(repeats);
}

} // namespace

class TestSweepPanel final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void plansAreChecked_data();
    void plansAreChecked();
    void sweepFillsTableAndChart();
    void cancelRestoresKnobs();
    void repeatsUntilPrecise();
    void presetsUpdateTheForm();
    void labDelayIsNotOfferedWithoutNetem();

private:
    QTemporaryDir m_dir;
};

void TestSweepPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    qputenv("TCPTUNE_RESULTS_DB", m_dir.filePath(QStringLiteral("results.db")).toUtf8());
}

void TestSweepPanel::cleanupTestCase()
{
    if (test::runningAsRoot())
        test::runTcptune({QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), labName}, 60000);
}

void TestSweepPanel::plansAreChecked_data()
{
    QTest::addColumn<QString>("parameter");
    QTest::addColumn<QString>("values");
    QTest::addColumn<int>("repeats");
    QTest::addColumn<int>("points"); // 0: the plan is refused
    QTest::addRow("send window") << QStringLiteral("socket.SO_SNDBUF") << QStringLiteral("64K 128K 256K") << 2 << 3;
    QTest::addRow("comma separated") << sweptKey << QStringLiteral("131072, 262144") << 1 << 2;
    QTest::addRow("no values") << sweptKey << QString() << 1 << 0;
    QTest::addRow("not a number") << sweptKey << QStringLiteral("lots") << 1 << 0;
    QTest::addRow("unknown congestion control")
        << QStringLiteral("net.ipv4.tcp_congestion_control") << QStringLiteral("no-such-cc") << 1 << 0;
    QTest::addRow("streams") << QStringLiteral("workload.streams") << QStringLiteral("1 2") << 1 << 2;
}

void TestSweepPanel::plansAreChecked()
{
    QFETCH(QString, parameter);
    QFETCH(QString, values);
    QFETCH(int, repeats);
    QFETCH(int, points);
    MainWindow window;
    SweepPanel *panel = window.sweepPanel();
    fillSweep(panel, parameter, values, repeats);
    const Result<SweepPlan> plan = panel->buildPlan();
    if (points == 0) {
        QVERIFY(!plan);
        QVERIFY(!plan.error().message.isEmpty());
        return;
    }
    QVERIFY2(plan, plan ? "" : qPrintable(plan.error().message));
    QCOMPARE(plan->points().size(), points);
    QCOMPARE(plan->runs().size(), points * repeats);
}

void TestSweepPanel::sweepFillsTableAndChart()
{
    if (!test::runningAsRoot())
        QSKIP("needs root: the lab is made of network namespaces");
    MainWindow window;
    window.resize(1400, 900);
    window.targetPanel()->setLabName(labName);
    window.workloadPanel()->setDuration(1);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.tabs()->setCurrentWidget(window.sweepPanel());
    SweepPanel *panel = window.sweepPanel();
    fillSweep(panel, sweptKey, QStringLiteral("131072 1048576"), 1);

    QSignalSpy stopped(window.runner(), &RunnerThread::stopped);
    QSignalSpy finished(window.runner(), &RunnerThread::finished);
    QTest::mouseClick(panel->startButton(), Qt::LeftButton);
    QVERIFY(panel->isSweeping());
    QVERIFY(stopped.wait(90000) || stopped.size() == 1);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("finished"));

    QCOMPARE(panel->table()->rowCount(), 2);
    for (int row = 0; row < 2; ++row) {
        const double mbps = panel->table()->item(row, 1)->text().section(QLatin1Char(' '), 0, 0).toDouble();
        QVERIFY2(mbps > 1, qPrintable(panel->table()->item(row, 1)->text()));
        QVERIFY(!panel->table()->item(row, 3)->text().isEmpty());
        // One run measured no spread: "(–, 1 run)", never "± 0.0", and no error bar (issue 29).
        QVERIFY2(panel->table()->item(row, 1)->text().endsWith(QStringLiteral(" (–, 1 run)")),
                 qPrintable(panel->table()->item(row, 1)->text()));
        QVERIFY(!panel->chart()->errorBarOf(row));
    }
    QCOMPARE(panel->chart()->plottedThroughputPoints(), 2);
    QCOMPARE(panel->chart()->plottedRttPoints(), 2);
    const QImage shot = test::saveScreenshot(&window, QStringLiteral("workbench_sweep"));
    QVERIFY(test::looksDrawn(shot));
    SweepChart *chart = panel->chart();
    QVERIFY(test::looksDrawn(ChartRenderer::toImage(
        [chart](QPainter *painter, const QRectF &target) { chart->render(painter, target); }, QSize(800, 450))));
}

void TestSweepPanel::cancelRestoresKnobs()
{
    if (!test::runningAsRoot())
        QSKIP("needs root: the lab is made of network namespaces");
    MainWindow window;
    window.targetPanel()->setLabName(labName);
    window.workloadPanel()->setDuration(20);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    SweepPanel *panel = window.sweepPanel();
    fillSweep(panel, sweptKey, QStringLiteral("131072 262144"), 2);

    QSignalSpy stopped(window.runner(), &RunnerThread::stopped);
    QSignalSpy finished(window.runner(), &RunnerThread::finished);
    QSignalSpy samples(window.runner(), &RunnerThread::samplesReady);
    QTest::mouseClick(panel->startButton(), Qt::LeftButton);
    QVERIFY(samples.wait(45000));
    // The lab exists now; the sweep's first value is applied in its client namespace.
    QTRY_COMPARE_WITH_TIMEOUT(labClientValue(), QStringLiteral("131072"), 10000);
    QTest::mouseClick(panel->cancelButton(), Qt::LeftButton);
    QVERIFY(stopped.wait(30000) || stopped.size() == 1);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("cancelled"));
    const QString after = labClientValue();
    QVERIFY(!after.isEmpty());
    QVERIFY2(after != QStringLiteral("131072"), qPrintable(after));
    QVERIFY(panel->startButton()->isEnabled());
    // The cancelled point has no value: a dash in the table, its flag, and no mark on the chart.
    QCOMPARE(panel->table()->item(0, 1)->text(), QStringLiteral("-"));
    QCOMPARE(panel->table()->item(0, 2)->text(), QStringLiteral("cancelled"));
    QVERIFY2(panel->table()->item(0, 5)->text().contains(PointResult::tr("cancelled: %1 of %2 runs").arg(1).arg(2)),
             qPrintable(panel->table()->item(0, 5)->text()));
    QCOMPARE(panel->chart()->plottedThroughputPoints(), 0);
    // Issue 18, point 3: the message and the progress bar say it was cancelled, not "done".
    QVERIFY2(panel->statusLabel()->text().contains(QStringLiteral("cancelled")),
             qPrintable(panel->statusLabel()->text()));
    QVERIFY2(window.runControl()->progressText().contains(QStringLiteral("cancelled")),
             qPrintable(window.runControl()->progressText()));
}

// Issue 29: the panel offers repeat until precise. A target no lab run meets (0.01 % of the mean
// with two or three runs: two one-second runs would have to agree to 0.002 %; at 0.1 % a pair
// did once in CI) gives the point its most runs, three, and the flag that says so; the plan
// carries the least and the most runs and the target.
void TestSweepPanel::repeatsUntilPrecise()
{
    if (!test::runningAsRoot())
        QSKIP("needs root: the lab is made of network namespaces");
    MainWindow window;
    window.targetPanel()->setLabName(labName);
    window.workloadPanel()->setDuration(1);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    SweepPanel *panel = window.sweepPanel();
    fillSweep(panel, sweptKey, QStringLiteral("1048576"), 2);
    QVERIFY(!panel->maxRepeatsBox()->isEnabled());
    panel->ciTargetBox()->setValue(0.01);
    QVERIFY(panel->maxRepeatsBox()->isEnabled());
    panel->maxRepeatsBox()->setValue(3);
    const Result<SweepPlan> plan = panel->buildPlan();
    QVERIFY(plan);
    QVERIFY(plan->spec().untilPrecise());
    QCOMPARE(plan->repeats(), 2);
    QCOMPARE(plan->spec().maxRepeats, 3);
    QCOMPARE(plan->spec().ciTargetPct, 0.01);

    QSignalSpy stopped(window.runner(), &RunnerThread::stopped);
    QSignalSpy finished(window.runner(), &RunnerThread::finished);
    QTest::mouseClick(panel->startButton(), Qt::LeftButton);
    QVERIFY(stopped.wait(90000) || stopped.size() == 1);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("finished"));
    QCOMPARE(panel->table()->rowCount(), 1);
    const QString runs = panel->table()->item(0, 2)->text();
    const QString flags = panel->table()->item(0, 5)->text();
    QVERIFY2(runs.split(QStringLiteral(", ")).size() == 3, qPrintable(runs + QStringLiteral(" | ") + flags));
    QVERIFY2(flags.contains(QStringLiteral("not within 0.01 % after 3 runs")), qPrintable(flags));
    QVERIFY(panel->chart()->errorBarOf(0));
}

// Issue 18, point 8: choosing a preset shows what it will run (parameter, values, repeats) in the
// form, read-only; the Target panel follows the lab the preset builds; names are not doubled.
void TestSweepPanel::presetsUpdateTheForm()
{
    MainWindow window;
    SweepPanel *panel = window.sweepPanel();
    QComboBox *presets = panel->presetBox();
    QVERIFY(presets->count() >= 6);
    for (int i = 1; i < presets->count(); ++i)
        QVERIFY2(presets->itemText(i).count(QStringLiteral("tory")) == 1, qPrintable(presets->itemText(i)));
    const int story1 = presets->findText(QStringLiteral("Story 1"), Qt::MatchStartsWith);
    QVERIFY(story1 > 0);
    presets->setCurrentIndex(story1);
    QCOMPARE(panel->parameterBox()->currentData().toString(), QStringLiteral("net.ipv4.tcp_autocorking"));
    QCOMPARE(panel->valuesEdit()->text(), QStringLiteral("1 0"));
    const Result<SweepPlan> plan = panel->buildPlan();
    QVERIFY(plan);
    QCOMPARE(panel->repeatsBox()->value(), plan->repeats());
    QVERIFY(!panel->valuesEdit()->isEnabled());
    // The preset's lab: direct topology, 100 Mbit/s.
    QCOMPARE(window.findChild<QComboBox *>(QStringLiteral("labTopology"))->currentData().toString(),
             QStringLiteral("direct"));
    QCOMPARE(window.findChild<QComboBox *>(QStringLiteral("labRate"))->currentText(), QStringLiteral("100mbit"));
    auto *direction = window.findChild<QComboBox *>(QStringLiteral("direction"));
    QVERIFY(direction);
    QCOMPARE(direction->currentData().toString(), QStringLiteral("up"));
    const int story5 = presets->findText(QStringLiteral("Story 5"), Qt::MatchStartsWith);
    presets->setCurrentIndex(story5);
    QCOMPARE(panel->parameterBox()->currentData().toString(), QStringLiteral("socket.SO_SNDBUF"));
    QVERIFY2(panel->valuesEdit()->text().startsWith(QStringLiteral("64K 128K")),
             qPrintable(panel->valuesEdit()->text()));
    // As on the NAS, the far end sends: its send window is the one swept.
    QCOMPARE(direction->currentData().toString(), QStringLiteral("down"));
    presets->setCurrentIndex(0);
    QVERIFY(panel->valuesEdit()->isEnabled());
}

QTEST_MAIN(TestSweepPanel)
#include "tst_sweep_panel.moc"

// Issue 37, item 14: on a kernel without netem lab.delay is not offered (its entry is disabled and
// its tooltip says netem is missing), a sweep of it is refused in the workbench's words, and the
// lab's own refusal names the parameter, not a command-line option ("start it without --delay").
void TestSweepPanel::labDelayIsNotOfferedWithoutNetem()
{
    MainWindow window;
    SweepPanel *panel = window.sweepPanel();
    QComboBox *box = panel->parameterBox();
    const int delay = box->findData(QStringLiteral("lab.delay"));
    QVERIFY(delay >= 0);
    auto *model = qobject_cast<QStandardItemModel *>(box->model());
    QVERIFY(model);
    // This kernel's answer where the test may probe it (root), else a kernel without netem.
    QdiscSupport support{{QStringLiteral("tbf"), QStringLiteral("htb"), QStringLiteral("pfifo")},
                         {QStringLiteral("netem")}};
    if (test::runningAsRoot())
        if (const auto probed = qdiscSupport(); probed)
            support = *probed;
    panel->setQdiscSupport(support);
    const bool netem = support.has(QStringLiteral("netem"));
    QCOMPARE(model->item(delay)->isEnabled(), netem);
    if (netem)
        QSKIP("this kernel has netem: lab.delay is offered, as it should be");
    QVERIFY2(model->item(delay)->toolTip().contains(QStringLiteral("netem")),
             qPrintable(model->item(delay)->toolTip()));
    QVERIFY(box->currentIndex() != delay);

    box->setCurrentIndex(delay); // as a stored form or a script might
    panel->valuesEdit()->setText(QStringLiteral("10 50"));
    const Result<SweepPlan> plan = panel->buildPlan();
    QVERIFY(!plan);
    QVERIFY2(plan.error().message.contains(QStringLiteral("netem")), qPrintable(plan.error().message));
    QVERIFY2(!plan.error().message.contains(QStringLiteral("--")), qPrintable(plan.error().message));

    LabSpec lab;
    lab.delayMs = 10;
    const Result<void> refused = checkLabSupported(lab, support);
    QVERIFY(!refused);
    QVERIFY2(!refused.error().message.contains(QStringLiteral("--")), qPrintable(refused.error().message));
    QVERIFY2(refused.error().message.contains(QStringLiteral("lab.delay")), qPrintable(refused.error().message));
}

// The Tune tab (issue 30), driven for real in a lab of its own (t-tunegui): the far end sends to a
// client whose tcp_rmem caps its buffer at 32 KiB, runs of 1 s, a budget of 8 runs. Start fills the
// trials table (its rows are the stored runs by trial) and the chart (a point per run); the answer
// names why it stopped, its changes and its experiment; Export writes tuneExport's sysctl.d text
// and Apply sets the recommended sysctls in the lab. The 32 KiB of tst_tune_lab: the verdict reads
// the receive window there (8 KiB, less than a segment, read "busy 100 %" and left the tuner
// nothing to try). Stop in the middle of a run ends with the lab's knob put
// back (after having really been changed).

#include "charts/tune_objective_chart.h"
#include "command_runner.h"
#include "experiment/run/runner_thread.h"
#include "experiment/spec/experiment_spec.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store.h"
#include "experiment/tune/tune_exports.h"
#include "experiment/tune/tune_job.h"
#include "knobs/knob_panel.h"
#include "knobs/pending_knobs_note.h"
#include "lab_cleanup.h"
#include "main_window.h"
#include "panels/target_panel.h"
#include "panels/workload_panel.h"
#include "scratch_namespace.h"
#include "screenshot.h"
#include "tune/tune_answer_actions.h"
#include "tune/tune_answer_view.h"
#include "tune/tune_panel.h"
#include "tune/tune_texts.h"
#include "tune/tune_trials_table.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace tcptune;

namespace {

const QString kLab = QStringLiteral("t-tunegui");
const QString kRmem = QStringLiteral("net.ipv4.tcp_rmem");
const QString kSmallRmem = QStringLiteral("4096 16384 32768");

// The receiver-limited path of tst_tune_lab: the unshaped direct link, the far end sending.
ExperimentSpec receiverSpec(double durationS)
{
    const QByteArray json = QStringLiteral(R"({"name": "tune gui", "target": {"kind": "lab", "lab": "%1"},
        "knobs": {"lab.topology": "direct", "lab.rate": "0"},
        "workload": {"type": "bulk", "streams": 1, "direction": "down"},
        "duration_s": %2, "omit_s": 0, "sample_ms": 10})")
                                .arg(kLab)
                                .arg(durationS)
                                .toUtf8();
    auto object = ExperimentSpec::objectFromJsonText(json);
    auto plan = object ? SweepPlan::fromJson(*object) : Result<SweepPlan>(std::unexpected(object.error()));
    return plan ? plan->spec() : ExperimentSpec();
}

QString readInLab(const QString &key)
{
    const test::CommandResult r =
        test::runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"),
                                                QStringLiteral("tcptune-%1-client").arg(kLab), QStringLiteral("sysctl"),
                                                QStringLiteral("-n"), key});
    return QString::fromUtf8(r.out).simplified();
}

// The window's panels describe SPEC with the client's small receive buffer; the tune races
// candidates with 2 baseline runs and 2 or 3 runs each.
void describeTune(MainWindow &window, double durationS, int budget)
{
    const ExperimentSpec spec = receiverSpec(durationS);
    window.targetPanel()->loadFrom(spec);
    window.workloadPanel()->loadFrom(spec);
    window.targetPanel()->setLabName(kLab);
    window.knobPanel()->pendingKnobs()->setKnobs({{kRmem, kSmallRmem}});
    TuneSpec tune;
    tune.baselineRepeats = 2;
    tune.minRepeats = 2;
    tune.maxRepeats = 3;
    window.tunePanel()->setBaseTune(tune);
    window.tunePanel()->budgetBox()->setValue(budget);
    window.tabs()->setCurrentWidget(window.tunePanel());
}

// Answers the export's file dialog once it is open: PATH, as a sysctl.d file.
void answerExportDialog(const QString &path)
{
    QTimer::singleShot(200, [path] {
        for (QWidget *w : QApplication::topLevelWidgets())
            if (auto *dialog = qobject_cast<QFileDialog *>(w);
                dialog && dialog->objectName() == QLatin1String("tuneExportDialog") && dialog->isVisible()) {
                dialog->selectNameFilter(dialog->nameFilters().constFirst());
                // selectFile() of a file not there yet keeps the suggested name: type it instead.
                auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
                QVERIFY(name);
                name->setText(path);
                static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept is protected
                return;
            }
        answerExportDialog(path); // not open yet
    });
}

} // namespace

class TestTunePanel final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void buttonsWaitForAnAnswer();
    void tuneFillsTrialsChartAndAnswer();
    void stopRestoresTheKnob();

private:
    void runTune(TunePanel *panel);
    void checkAgainstStore(TunePanel *panel);
    void checkExport(TunePanel *panel, const TuneOutcome &outcome, const QString &name);

    QTemporaryDir m_dir;
    QElapsedTimer m_clock;
};

void TestTunePanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    qputenv("TCPTUNE_RESULTS_DB", m_dir.filePath(QStringLiteral("results.db")).toUtf8());
    if (test::runningAsRoot())
        test::removeLab(kLab);
    m_clock.start();
}

void TestTunePanel::cleanupTestCase()
{
    if (test::runningAsRoot())
        test::removeLab(kLab);
    qInfo("tst_tune_panel: %.1f s", double(m_clock.elapsed()) / 1000.0);
}

void TestTunePanel::buttonsWaitForAnAnswer()
{
    MainWindow window;
    TunePanel *panel = window.tunePanel();
    QCOMPARE(panel->objectName(), QStringLiteral("tunePanel"));
    for (QPushButton *button :
         {panel->actions()->exportButton(), panel->actions()->applyButton(), panel->actions()->permanentButton()}) {
        QVERIFY(!button->isEnabled());
        QVERIFY(!button->toolTip().isEmpty());
    }
    QVERIFY(panel->startButton()->isEnabled());
    QVERIFY(!panel->stopButton()->isEnabled());
    // Keep a share of the throughput: latency only.
    QVERIFY(!panel->keepBox()->isEnabled());
    panel->goalBox()->setCurrentIndex(panel->goalBox()->findData(int(TuneGoal::Latency)));
    QVERIFY(panel->keepBox()->isEnabled());
}

// The table's rows are the stored runs by trial; the chart has a point per run.
void TestTunePanel::checkAgainstStore(TunePanel *panel)
{
    ResultStore store;
    QVERIFY(store.open(QString::fromUtf8(qgetenv("TCPTUNE_RESULTS_DB"))));
    const auto runs = store.runs(panel->outcome().experimentId);
    QVERIFY(runs);
    QMap<int, int> byTrial;
    int ok = 0;
    for (const RunRecord &run : std::as_const(*runs)) {
        ++byTrial[run.pointIndex];
        ok += run.status == RunStatus::Ok ? 1 : 0;
    }
    QVERIFY(!byTrial.isEmpty());
    QCOMPARE(int(runs->size()), panel->outcome().answer.runs);
    const TuneTrialsTable *table = panel->trials();
    QCOMPARE(table->rowCount(), int(byTrial.size()));
    for (int row = 0; row < table->rowCount(); ++row) {
        const int trial = table->item(row, TuneTrialsTable::TrialColumn)->text().toInt();
        QCOMPARE(table->item(row, TuneTrialsTable::RunsColumn)->text().toInt(), byTrial.value(trial));
        QVERIFY(!table->item(row, TuneTrialsTable::OutcomeColumn)->text().isEmpty());
    }
    QCOMPARE(panel->chart()->plottedRunPoints(), ok);
    QVERIFY(panel->chart()->incumbentPoints() > 0);
}

// Export... through its file dialog writes tuneExport's sysctl.d text of OUTCOME's answer.
void TestTunePanel::checkExport(TunePanel *panel, const TuneOutcome &outcome, const QString &name)
{
    const QString path = m_dir.filePath(QStringLiteral("90-tune-%1.conf").arg(outcome.experimentId));
    answerExportDialog(path);
    QTest::mouseClick(panel->actions()->exportButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(path), 10000);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray expected = tuneExport(outcome.answer, RunEnd::Local, TuneExportFormat::SysctlD, name);
    QCOMPARE(file.readAll(), expected);
    // Every changed sysctl is a line of it (a socket option is for the application, not sysctl.d).
    for (const TuneChange &change : outcome.answer.changes)
        if (change.knob.startsWith(QLatin1String("net.")))
            QVERIFY2(expected.contains(change.knob.toUtf8()), expected.constData());
}

// One tune from Start to its answer; the table and the chart against the store.
void TestTunePanel::runTune(TunePanel *panel)
{
    QTest::mouseClick(panel->startButton(), Qt::LeftButton);
    QVERIFY2(panel->isTuning(), qPrintable(panel->statusLabel()->text()));
    QVERIFY(panel->stopButton()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(panel->hasOutcome() && !panel->isTuning(), 120000);
    const TuneOutcome &outcome = panel->outcome();
    QVERIFY2(outcome.searched, qPrintable(outcome.failure));
    QVERIFY(outcome.experimentId > 0);
    QVERIFY(outcome.answer.runs <= 8);
    checkAgainstStore(panel);
    const QString answer = panel->answerView()->toPlainText();
    QVERIFY2(answer.contains(TuneTexts::stopReason(outcome.answer.stop)), qPrintable(answer));
    QVERIFY2(answer.contains(QString::number(outcome.experimentId)), qPrintable(answer));
    for (const TuneChange &change : outcome.answer.changes)
        QVERIFY2(answer.contains(change.knob), qPrintable(answer));
}

void TestTunePanel::tuneFillsTrialsChartAndAnswer()
{
    if (!test::runningAsRoot())
        QSKIP("needs root: the lab is made of network namespaces");
    MainWindow window;
    window.resize(1400, 900);
    describeTune(window, 1, 8);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    TunePanel *panel = window.tunePanel();
    // A second tune when the first's 1 s runs left its race undecided (a +70 % step can miss
    // significance in two runs on a busy machine); a second without a change fails.
    for (int attempt = 0; attempt < 2; ++attempt) {
        runTune(panel);
        if (QTest::currentTestFailed())
            return;
        if (!panel->outcome().answer.changes.isEmpty())
            break;
        QVERIFY(!panel->actions()->exportButton()->isEnabled());
        qInfo("tune %d recommended no change: %s", attempt + 1, qPrintable(panel->answerView()->toPlainText()));
    }
    test::saveScreenshot(panel, QStringLiteral("tune-panel"));
    QVERIFY2(!panel->outcome().answer.changes.isEmpty(), qPrintable(panel->answerView()->toPlainText()));
    const TuneOutcome &outcome = panel->outcome();
    QVERIFY(panel->actions()->exportButton()->isEnabled());
    checkExport(panel, outcome, TunePanel::tr("tcptune tune %1").arg(outcome.experimentId));
    // Apply until I quit: the recommended sysctls are set in the lab's client namespace.
    const QMap<QString, QString> sysctls = panel->actions()->localSysctls();
    if (sysctls.contains(kRmem)) {
        QTest::mouseClick(panel->actions()->applyButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(readInLab(kRmem), sysctls.value(kRmem).simplified(), 10000);
    }
}

void TestTunePanel::stopRestoresTheKnob()
{
    if (!test::runningAsRoot())
        QSKIP("needs root: the lab is made of network namespaces");
    MainWindow window;
    describeTune(window, 20, 8);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    TunePanel *panel = window.tunePanel();
    QSignalSpy samples(window.runner(), &RunnerThread::samplesReady);
    QTest::mouseClick(panel->startButton(), Qt::LeftButton);
    QVERIFY(samples.wait(30000));
    QTRY_COMPARE_WITH_TIMEOUT(readInLab(kRmem), kSmallRmem, 10000);
    QTest::mouseClick(panel->stopButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isTuning(), 30000);
    const QString after = readInLab(kRmem);
    QVERIFY(!after.isEmpty());
    QVERIFY2(after != kSmallRmem, qPrintable(after));
    QVERIFY(panel->startButton()->isEnabled());
    if (panel->outcome().searched)
        QCOMPARE(int(panel->outcome().answer.stop), int(TuneAnswer::Stop::Cancelled));
}

QTEST_MAIN(TestTunePanel)
#include "tst_tune_panel.moc"

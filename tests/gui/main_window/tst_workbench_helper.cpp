// One password prompt per workbench: the window's knob panel, a run (which builds its lab), a
// sweep and a reshaped lab all go through one tcptune-helper, started once. The helper is a
// wrapper that counts its starts (each would be a pkexec or sudo prompt for a normal user).
// The sweep restores only what it changed: the knob panel's change stays until the window
// closes, which rolls it back. Needs root (a lab of its own, t-gui4).

#include "command_runner.h"
#include "counted_helper.h"
#include "experiment/run/runner_thread.h"
#include "helper/helper_connection.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_table_model.h"
#include "main_window.h"
#include "panels/run_control_panel.h"
#include "panels/target_panel.h"
#include "panels/workload_panel.h"
#include "scratch_namespace.h"
#include "sweep/sweep_panel.h"

#include <QComboBox>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace tcptune;

namespace {

const QString labName = QStringLiteral("t-gui4");
const QString clientNetns = QStringLiteral("tcptune-t-gui4-client");
const QString kCork = QStringLiteral("net.ipv4.tcp_autocorking");
const QString kTsq = QStringLiteral("net.ipv4.tcp_limit_output_bytes");

QString clientValue(const QString &key)
{
    const test::CommandResult r = test::runCommand(QStringLiteral("ip"),
                                                   {QStringLiteral("netns"), QStringLiteral("exec"), clientNetns,
                                                    QStringLiteral("sysctl"), QStringLiteral("-n"), key},
                                                   10000);
    return r.exitCode == 0 ? QString::fromUtf8(r.out).trimmed() : QString();
}

// The lab's bottleneck rate as its record says.
double labRateBps()
{
    const test::CommandResult r = test::runTcptune(
        {QStringLiteral("lab"), QStringLiteral("status"), QStringLiteral("--name"), labName, QStringLiteral("--json")},
        30000);
    const QJsonObject status = QJsonDocument::fromJson(r.out).object();
    return status.value(QStringLiteral("spec")).toObject().value(QStringLiteral("rate_bps")).toDouble();
}

// Runs what the window has on its panels (or its sweep tab) and waits for the end.
bool runToTheEnd(MainWindow &window, const std::function<void()> &start)
{
    QSignalSpy stopped(window.runner(), &RunnerThread::stopped);
    QSignalSpy finished(window.runner(), &RunnerThread::finished);
    start();
    if (!stopped.wait(120000) && stopped.isEmpty())
        return false;
    return finished.size() == 1 && finished.at(0).at(1).toString() == QLatin1String("finished");
}

} // namespace

class TestWorkbenchHelper final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void oneHelperForKnobsRunsSweepsAndTheLab();

private:
    QTemporaryDir m_dir;
    QString m_journalDir;
};

void TestWorkbenchHelper::initTestCase()
{
    if (!test::runningAsRoot())
        QSKIP("needs root: the lab is made of network namespaces, and the helper starts directly only for root");
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    qputenv("TCPTUNE_RESULTS_DB", m_dir.filePath(QStringLiteral("results.db")).toUtf8());
    m_journalDir = QStringLiteral("/run/tcptune/test-workbench-helper-%1").arg(::getpid());
    test::runTcptune({QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), labName}, 60000);
}

void TestWorkbenchHelper::cleanupTestCase()
{
    if (!test::runningAsRoot())
        return;
    const test::CommandResult r =
        test::runTcptune({QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), labName}, 60000);
    QCOMPARE(r.exitCode, 0);
    QDir(m_journalDir).removeRecursively();
}

void TestWorkbenchHelper::oneHelperForKnobsRunsSweepsAndTheLab()
{
    test::CountedHelper counted;
    QVERIFY(counted.ok());
    QString cork;
    QString tsq;
    {
        MainWindow window;
        HelperStartOptions options;
        options.helperPath = counted.path();
        options.journalDir = m_journalDir;
        options.startTimeoutMs = 20000;
        window.helper()->setStartOptions(options);
        window.targetPanel()->setLabName(labName);
        window.workloadPanel()->setDuration(1);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        // A run: the lab is built through the helper.
        QVERIFY(runToTheEnd(window, [&] { QTest::mouseClick(window.runControl()->runButton(), Qt::LeftButton); }));
        QCOMPARE(counted.starts(), 1);
        cork = clientValue(kCork);
        tsq = clientValue(kTsq);
        QVERIFY(!cork.isEmpty() && !tsq.isEmpty());

        // A knob changed in the knob panel, in the lab's client namespace.
        KnobPanel *knobs = window.knobPanel();
        knobs->setNamespace(clientNetns);
        const QString flipped = cork == QLatin1String("1") ? QStringLiteral("0") : QStringLiteral("1");
        KnobTableModel *model = knobs->model();
        QVERIFY(model->setData(model->index(model->rowOf(kCork), KnobTableModel::ValueColumn), flipped));
        QTRY_COMPARE_WITH_TIMEOUT(clientValue(kCork), flipped, 20000);

        // A sweep of another sysctl, in a reshaped lab (built again through the helper).
        auto *rate = window.findChild<QComboBox *>(QStringLiteral("labRate"));
        QVERIFY(rate);
        rate->setEditText(QStringLiteral("40mbit"));
        SweepPanel *sweep = window.sweepPanel();
        sweep->parameterBox()->setCurrentIndex(sweep->parameterBox()->findData(kTsq));
        sweep->valuesEdit()->setText(QStringLiteral("131072 262144"));
        sweep->repeatsBox()->setValue(1);
        QVERIFY(runToTheEnd(window, [&] { QTest::mouseClick(sweep->startButton(), Qt::LeftButton); }));
        QCOMPARE(labRateBps(), 40e6);          // the lab was reshaped for the sweep
        QCOMPARE(clientValue(kTsq), tsq);      // the sweep restored its own knob...
        QCOMPARE(clientValue(kCork), flipped); // ...and left the knob panel's alone

        QCOMPARE(counted.starts(), 1); // one helper, one prompt, for everything
        // Closing the window closes the helper, which rolls the knob panel's change back.
    }
    QCOMPARE(clientValue(kCork), cork);
    QCOMPARE(counted.starts(), 1);
}

QTEST_MAIN(TestWorkbenchHelper)
#include "tst_workbench_helper.moc"

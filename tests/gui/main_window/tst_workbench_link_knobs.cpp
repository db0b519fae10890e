// Issue 31's GUI acceptance: the Knobs tab's Links group, driven in a real lab (a lab of its own,
// t-gui-lk). GSO toggled off on the client's veth in the Links group is the run's link knob:
// `ethtool -k` inside the client namespace (the oracle) shows it off during the run and on again
// after it, the stored run's snapshot has it, and History's row of the run lists it. The veth's
// facts are shown, and what veth lacks (coalescing, rings) is a disabled row whose tooltip is the
// helper's refusal. Needs root, or a user granted tcptune-helper (TCPTUNE_TEST_HELPER_GRANTED).

#include "command_runner.h"
#include "experiment/run/runner_thread.h"
#include "experiment/store/result_store.h"
#include "history/history_panel.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_panel.h"
#include "knobs/link_end_view.h"
#include "knobs/link_group.h"
#include "knobs/link_knob_model.h"
#include "main_window.h"
#include "panels/message_banner.h"
#include "panels/run_control_panel.h"
#include "panels/target_panel.h"
#include "panels/workload_panel.h"
#include "scratch_namespace.h"
#include "screenshot.h"

#include <QCheckBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace tcptune;

namespace {

const QString labName = QStringLiteral("t-gui-lk");
const QString clientNetns = QStringLiteral("tcptune-t-gui-lk-client");
const QString clientVeth = QStringLiteral("tcpt-c0");
const QString gsoKey = QStringLiteral("link.tcpt-c0.gso");

bool mayUseTheLab()
{
    return test::runningAsRoot() || !qEnvironmentVariableIsEmpty("TCPTUNE_TEST_HELPER_GRANTED");
}

// The oracle: what `ethtool -k` says of the client's veth inside the lab's client namespace.
QString gsoByEthtool()
{
    const test::CommandResult r = test::runCommand(QStringLiteral("ip"),
                                                   {QStringLiteral("netns"), QStringLiteral("exec"), clientNetns,
                                                    QStringLiteral("ethtool"), QStringLiteral("-k"), clientVeth},
                                                   10000);
    for (const QByteArray &line : r.out.split('\n'))
        if (line.startsWith("generic-segmentation-offload:"))
            return QString::fromUtf8(line.mid(line.indexOf(':') + 1).trimmed()).section(QLatin1Char(' '), 0, 0);
    return QStringLiteral("?");
}

} // namespace

class TestWorkbenchLinkKnobs final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void gsoToggledInTheLinksGroupReachesTheRun();

private:
    QTemporaryDir m_dir;
};

void TestWorkbenchLinkKnobs::initTestCase()
{
    if (!mayUseTheLab())
        QSKIP("needs root, or a user granted tcptune-helper (TCPTUNE_TEST_HELPER_GRANTED): the lab is made of "
              "network namespaces");
    if (test::runCommand(QStringLiteral("ethtool"), {QStringLiteral("--version")}, 10000).exitCode != 0)
        QSKIP("ethtool, the test's oracle, is not installed (scripts/install-deps installs it)");
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    qputenv("TCPTUNE_RESULTS_DB", m_dir.filePath(QStringLiteral("results.db")).toUtf8());
    test::runTcptune({QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), labName}, 60000);
}

void TestWorkbenchLinkKnobs::cleanupTestCase()
{
    if (!mayUseTheLab())
        return;
    const test::CommandResult r =
        test::runTcptune({QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), labName}, 60000);
    QCOMPARE(r.exitCode, 0);
}

void TestWorkbenchLinkKnobs::gsoToggledInTheLinksGroupReachesTheRun()
{
    MainWindow window;
    window.targetPanel()->setLabName(labName);
    window.workloadPanel()->setDuration(4);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.tabs()->setCurrentWidget(window.knobPanel());
    KnobPanel *knobs = window.knobPanel();
    auto *labUp = knobs->findChild<QPushButton *>(QStringLiteral("knobLabUp"));
    if (labUp->isVisible())
        QTest::mouseClick(labUp, Qt::LeftButton);
    LinkEndView *local = knobs->links()->localEnd();
    LinkKnobModel *model = local->model();
    QCOMPARE(local->devices(), QStringList{clientVeth});
    QTRY_VERIFY_WITH_TIMEOUT(model->rowOf(gsoKey) >= 0 && model->readings().at(model->rowOf(gsoKey)).available(),
                             60000);
    QVERIFY2(local->factsText().contains(QStringLiteral("veth")), qPrintable(local->factsText()));
    QVERIFY2(local->factsText().contains(QStringLiteral("MTU")), qPrintable(local->factsText()));
    QCOMPARE(gsoByEthtool(), QStringLiteral("on"));
    // Every link knob of the catalogue has its row, whatever the device supports.
    QCOMPARE(model->rowCount(), int(KnobCatalogue::instance().linkTemplates().size()));

    // What veth lacks is shown, disabled, with the helper's refusal as its tooltip.
    const int txUsecs = model->rowOf(QStringLiteral("link.tcpt-c0.tx-usecs"));
    QVERIFY(txUsecs >= 0);
    const QModelIndex coalescing = model->index(txUsecs, LinkKnobModel::ValueColumn);
    QVERIFY(!(model->flags(coalescing) & Qt::ItemIsEnabled));
    QVERIFY2(coalescing.data(Qt::ToolTipRole).toString().contains(QStringLiteral("interrupt coalescing")),
             qPrintable(coalescing.data(Qt::ToolTipRole).toString()));
    // The far end: the server's veth, read-only (a lab run sets link knobs at the client only).
    QCOMPARE(knobs->links()->remoteEnd()->devices(), QStringList{QStringLiteral("tcpt-s0")});
    QVERIFY(!(knobs->links()->remoteEnd()->model()->flags(
                  knobs->links()->remoteEnd()->model()->index(0, LinkKnobModel::ValueColumn)) &
              Qt::ItemIsEditable));

    // GSO off through the table's switch, as a user flips it.
    QTableView *view = local->view();
    const QModelIndex gso = model->index(model->rowOf(gsoKey), LinkKnobModel::ValueColumn);
    view->scrollTo(gso);
    view->setCurrentIndex(gso);
    view->edit(gso);
    auto *toggle = view->findChild<QCheckBox *>(QStringLiteral("knobSwitch"));
    QVERIFY(toggle);
    QVERIFY(toggle->isChecked());
    toggle->click();
    QTRY_COMPARE(local->runValues().value(gsoKey), QStringLiteral("0"));
    QCOMPARE(gsoByEthtool(), QStringLiteral("on")); // kept for the run, not applied at once
    QVERIFY(test::looksDrawn(test::saveScreenshot(&window, QStringLiteral("knobs_links_gso_off"))));

    QSignalSpy stopped(window.runner(), &RunnerThread::stopped);
    QSignalSpy ran(window.runner(), &RunnerThread::runFinished);
    QTest::mouseClick(window.runControl()->runButton(), Qt::LeftButton);
    QVERIFY(window.runner()->isRunning());
    // During the run the oracle sees it off.
    bool offDuringRun = false;
    for (int i = 0; i < 300 && !offDuringRun && window.runner()->isRunning(); ++i) {
        offDuringRun = gsoByEthtool() == QLatin1String("off");
        QTest::qWait(100);
    }
    QVERIFY2(offDuringRun, "ethtool -k never showed gso off during the run");
    QVERIFY(stopped.wait(90000) || stopped.size() == 1);
    QVERIFY2(!window.banner()->isVisible() || window.banner()->level() != MessageBanner::Level::Error,
             qPrintable(window.banner()->text()));
    QCOMPARE(ran.size(), 1);
    const RunRecord run = ran.at(0).at(0).value<RunRecord>();
    QCOMPARE(run.status, RunStatus::Ok);
    QCOMPARE(gsoByEthtool(), QStringLiteral("on")); // put back after the run

    ResultStore store;
    QVERIFY(store.open());
    // The snapshots are taken before the run's knobs are applied and before they are put back.
    const auto before = store.knobSnapshot(run.id, QStringLiteral("local"), QStringLiteral("before"));
    const auto after = store.knobSnapshot(run.id, QStringLiteral("local"), QStringLiteral("after"));
    QVERIFY(before && after);
    QCOMPARE(before->value(gsoKey), QStringLiteral("1"));
    QCOMPARE(after->value(gsoKey), QStringLiteral("0"));
    QCOMPARE(before->value(QStringLiteral("link.tcpt-c0.driver")), QStringLiteral("veth"));

    window.historyPanel()->refresh();
    QTreeWidgetItem *row = window.historyPanel()->itemOfRun(run.id);
    QVERIFY(row);
    QVERIFY2(row->text(HistoryPanel::ChangedColumn).contains(QStringLiteral("gso")),
             qPrintable(row->text(HistoryPanel::ChangedColumn)));
}

QTEST_MAIN(TestWorkbenchLinkKnobs)
#include "tst_workbench_link_knobs.moc"

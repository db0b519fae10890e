// View > Throughput unit for real (issue 37, "throughput units"): a 2-point sweep of 1 s runs
// against a `tcptune serve` agent on loopback (started here, no lab, no helper), then the menu's
// MB/s and Gbit/s choices, triggered as a user would. The live chart's goodput axis title, its
// tick labels and the crosshair's value, the sweep table's header and cells all follow at once,
// and the choice is remembered by the next window.

#include "charts/sweep_chart.h"
#include "charts/throughput_rtt_view.h"
#include "command_runner.h"
#include "experiment/run/runner_thread.h"
#include "main_window.h"
#include "panels/message_banner.h"
#include "panels/throughput_unit_menu.h"
#include "panels/workload_panel.h"
#include "sweep/sweep_panel.h"

#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;

namespace {

constexpr int kPort = 15361;

// The mean before the interval: "94.1 (–, 1 run)" -> 94.1.
double meanOf(const QString &cell)
{
    return QLocale().toDouble(cell.section(QLatin1Char(' '), 0, 0));
}

// The throughput value of the crosshair's first run line: "#1 · ...: 1234 Mbit/s".
double crosshairValue(const QString &text)
{
    const QString line = text.split(QLatin1Char('\n')).value(1);
    return QLocale().toDouble(line.section(QStringLiteral(": "), -1).section(QLatin1Char(' '), 0, 0));
}

} // namespace

class TestThroughputUnitView final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void chartsAndSweepTableFollowTheViewMenu();

private:
    void runSweep(MainWindow &window);

    QTemporaryDir m_dir;
    QProcess *m_agent = nullptr;
};

void TestThroughputUnitView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    qputenv("TCPTUNE_RESULTS_DB", m_dir.filePath(QStringLiteral("results.db")).toUtf8());
    m_agent = new QProcess(this);
    m_agent->setProcessChannelMode(QProcess::MergedChannels);
    m_agent->start(test::binary(QStringLiteral("tcptune")),
                   {QStringLiteral("serve"), QStringLiteral("--bind"), QStringLiteral("127.0.0.1"),
                    QStringLiteral("--port"), QString::number(kPort)});
    QVERIFY2(m_agent->waitForReadyRead(10000), "tcptune serve did not say it listens");
    QVERIFY2(m_agent->readAll().contains("listening"), "tcptune serve did not listen");
}

void TestThroughputUnitView::cleanupTestCase()
{
    m_agent->terminate();
    if (!m_agent->waitForFinished(10000))
        m_agent->kill();
}

// Two points of workload.streams (1 and 2), one 1 s run each, against the loopback agent.
void TestThroughputUnitView::runSweep(MainWindow &window)
{
    window.workloadPanel()->setDuration(1);
    window.findChild<QComboBox *>(QStringLiteral("targetKind"))->setCurrentIndex(1); // tcptune agent
    QTest::keyClicks(window.findChild<QLineEdit *>(QStringLiteral("agentHost")), QStringLiteral("127.0.0.1"));
    window.findChild<QSpinBox *>(QStringLiteral("agentPort"))->setValue(kPort);
    window.tabs()->setCurrentWidget(window.sweepPanel());
    auto *parameter = window.sweepPanel()->findChild<QComboBox *>(QStringLiteral("sweepParameter"));
    parameter->setCurrentIndex(parameter->findData(QStringLiteral("workload.streams")));
    window.sweepPanel()->findChild<QLineEdit *>(QStringLiteral("sweepValues"))->setText(QStringLiteral("1 2"));
    window.sweepPanel()->findChild<QSpinBox *>(QStringLiteral("sweepRepeats"))->setValue(1);
    QSignalSpy finished(window.runner(), &RunnerThread::finished);
    QTest::mouseClick(window.sweepPanel()->findChild<QPushButton *>(QStringLiteral("startSweep")), Qt::LeftButton);
    QVERIFY2(window.runner()->isRunning(), qPrintable(window.banner()->text()));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("finished"));
    QTRY_VERIFY(!window.runner()->isRunning());
}

void TestThroughputUnitView::chartsAndSweepTableFollowTheViewMenu()
{
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ThroughputUnitMenu *menu = window.throughputUnitMenu();
    QVERIFY(menu->actionFor(ThroughputUnit(ThroughputUnitKind::Mbit))->isChecked()); // the default
    runSweep(window);
    if (QTest::currentTestFailed())
        return;

    ThroughputRttView *chart = window.chartView();
    QTableWidget *table = window.sweepPanel()->table();
    chart->replotNow();
    QCOMPARE(chart->valueAxisTitle(ChartMetric::Throughput), QStringLiteral("Mbit/s"));
    QVERIFY(table->horizontalHeaderItem(1)->text().contains(QStringLiteral("Mbit/s")));
    const QString mbitCell = table->item(0, 1)->text();
    const double mbit = meanOf(mbitCell);
    QVERIFY2(mbit > 1, qPrintable(mbitCell));
    const double t = chart->xRange().y() / 2;
    const double mbitAt = crosshairValue(chart->showCrosshairAt(t));
    QVERIFY2(mbitAt > 0, qPrintable(chart->showCrosshairAt(t)));
    const QStringList mbitTicks = chart->valueTickLabels(ChartMetric::Throughput);

    menu->actionFor(ThroughputUnit(ThroughputUnitKind::MByte))->trigger();
    QCOMPARE(chart->valueAxisTitle(ChartMetric::Throughput), QStringLiteral("MB/s"));
    QVERIFY2(chart->showCrosshairAt(t).contains(QStringLiteral(" MB/s")), qPrintable(chart->showCrosshairAt(t)));
    const double mbAt = crosshairValue(chart->showCrosshairAt(t));
    QVERIFY2(qAbs(mbAt * 8 - mbitAt) <= 0.01 * mbitAt, qPrintable(QStringLiteral("%1 vs %2").arg(mbAt).arg(mbitAt)));
    QVERIFY2(chart->valueTickLabels(ChartMetric::Throughput) != mbitTicks,
             qPrintable(chart->valueTickLabels(ChartMetric::Throughput).join(QLatin1Char(' '))));
    QVERIFY(table->horizontalHeaderItem(1)->text().contains(QStringLiteral("MB/s")));
    const QString mbCell = table->item(0, 1)->text();
    QVERIFY2(mbCell != mbitCell, qPrintable(mbCell));
    QVERIFY2(qAbs(meanOf(mbCell) * 8 - mbit) <= 0.9, qPrintable(mbCell + QStringLiteral(" vs ") + mbitCell));
    QCOMPARE(window.sweepPanel()->chart()->throughputAxisTitle(), QStringLiteral("MB/s"));

    menu->actionFor(ThroughputUnit(ThroughputUnitKind::Gbit))->trigger();
    QCOMPARE(chart->valueAxisTitle(ChartMetric::Throughput), QStringLiteral("Gbit/s"));
    QVERIFY(menu->actionFor(ThroughputUnit(ThroughputUnitKind::Gbit))->isChecked());
    QVERIFY(!menu->actionFor(ThroughputUnit(ThroughputUnitKind::MByte))->isChecked());
    QVERIFY2(qAbs(meanOf(table->item(0, 1)->text()) * 1000 - mbit) <= 2, qPrintable(table->item(0, 1)->text()));

    // Remembered: the next window starts in Gbit/s.
    QCOMPARE(QSettings().value(QStringLiteral("view/throughputUnit")).toString(), QStringLiteral("gbit"));
    MainWindow next;
    QVERIFY(next.throughputUnitMenu()->actionFor(ThroughputUnit(ThroughputUnitKind::Gbit))->isChecked());
    QCOMPARE(next.chartView()->valueAxisTitle(ChartMetric::Throughput), QStringLiteral("Gbit/s"));
}

QTEST_MAIN(TestThroughputUnitView)
#include "tst_throughput_unit_view.moc"

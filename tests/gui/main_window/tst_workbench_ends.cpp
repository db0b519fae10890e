// A run against several ends from the workbench, for real (issue 12, point 9): two `tcptune serve`
// agents on loopback (127.0.0.1, two ports, started here), both added in the Target panel with
// "Add end" as a user would, a 2 s bulk run started with the Run button. The live chart draws a
// line per end, each named after its end and holding that end's samples, and the run is stored.
// Loopback only, no lab, no helper: it needs no root.

#include "charts/throughput_rtt_view.h"
#include "command_runner.h"
#include "experiment/run/runner_thread.h"
#include "main_window.h"
#include "panels/message_banner.h"
#include "panels/run_control_panel.h"
#include "panels/target_end_list.h"
#include "panels/target_panel.h"
#include "panels/workload_panel.h"
#include "screenshot.h"

#include <QComboBox>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;

namespace {

constexpr int kPorts[] = {15341, 15342};

} // namespace

class TestWorkbenchEnds final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void twoAgentsDrawALineEach();

private:
    QTemporaryDir m_dir;
    QList<QProcess *> m_agents;
};

void TestWorkbenchEnds::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    qputenv("TCPTUNE_RESULTS_DB", m_dir.filePath(QStringLiteral("results.db")).toUtf8());
    for (const int port : kPorts) {
        auto *agent = new QProcess(this);
        agent->setProcessChannelMode(QProcess::MergedChannels);
        agent->start(test::binary(QStringLiteral("tcptune")),
                     {QStringLiteral("serve"), QStringLiteral("--bind"), QStringLiteral("127.0.0.1"),
                      QStringLiteral("--port"), QString::number(port)});
        QVERIFY2(agent->waitForReadyRead(10000), "tcptune serve did not say it listens");
        const QByteArray said = agent->readAll();
        QVERIFY2(said.contains("listening"), said.constData());
        m_agents.append(agent);
    }
}

void TestWorkbenchEnds::cleanupTestCase()
{
    for (QProcess *agent : m_agents) {
        agent->terminate();
        if (!agent->waitForFinished(10000))
            agent->kill();
    }
}

void TestWorkbenchEnds::twoAgentsDrawALineEach()
{
    MainWindow window;
    window.workloadPanel()->setDuration(2);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.findChild<QComboBox *>(QStringLiteral("targetKind"))->setCurrentIndex(1); // tcptune agent
    auto *host = window.findChild<QLineEdit *>(QStringLiteral("agentHost"));
    auto *portField = window.findChild<QSpinBox *>(QStringLiteral("agentPort"));
    QTest::keyClicks(host, QStringLiteral("127.0.0.1"));
    for (const int p : kPorts) {
        portField->setValue(p);
        QTest::mouseClick(window.targetPanel()->endList()->addButton(), Qt::LeftButton);
    }
    QCOMPARE(window.targetPanel()->endList()->ends().size(), 2);

    QSignalSpy finished(window.runner(), &RunnerThread::finished);
    QTest::mouseClick(window.runControl()->runButton(), Qt::LeftButton);
    QVERIFY2(window.runner()->isRunning(), qPrintable(window.banner()->text()));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    const bool failed = window.banner()->isVisible() && window.banner()->level() == MessageBanner::Level::Error;
    QVERIFY2(!failed, qPrintable(window.banner()->text()));
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("finished"));
    QTRY_VERIFY(!window.runner()->isRunning());

    ThroughputRttView *view = window.chartView();
    view->replotNow();
    QCOMPARE(view->runIds().size(), 2);
    QStringList labels;
    for (const int run : view->runIds())
        labels << view->runLabel(run);
    for (const int port : kPorts) {
        const QString name = QStringLiteral("127.0.0.1:%1").arg(port);
        // "#1 · 127.0.0.1:15341": the run's name, then its end's.
        const qsizetype at =
            labels.indexOf(QRegularExpression(QStringLiteral(".* · ") + QRegularExpression::escape(name)));
        QVERIFY2(at >= 0, qPrintable(labels.join(QLatin1String(" | "))));
        const int run = view->runIds().at(at);
        QVERIFY2(view->pointCount(run, ChartMetric::Throughput) >= 5,
                 qPrintable(QString::number(view->pointCount(run, ChartMetric::Throughput))));
        QVERIFY(view->plottedPointCount(run, ChartMetric::Throughput) > 0);
    }
    const QImage shot = test::saveScreenshot(&window, QStringLiteral("workbench_two_agents"));
    QVERIFY(test::looksDrawn(shot));
}

QTEST_MAIN(TestWorkbenchEnds)
#include "tst_workbench_ends.moc"

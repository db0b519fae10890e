// Opening a recorded capture overlays its flows on the charts: throughput per interval as
// Wireshark's IO graph (bytes per interval x 8 / interval) and one RTT point per ack_rtt sample;
// bad files are reported without touching the charts; a long analysis can be cancelled.

#include "captures/capture_panel.h"
#include "capture/tcp_flow_analyzer.h"
#include "charts/throughput_rtt_view.h"
#include "main_window.h"
#include "captures/stream_graph_view.h"
#include "screenshot.h"
#include "test_data.h"
#include "test_paths.h"

#include <QAction>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace tcptune;
using namespace tcptune::test;

class TestCapturePanel final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void overlaysFlows_data();
    void overlaysFlows();
    void badFileIsReported();
    void showsTunnelsMalformedAndTimeOutliers();
    void runCaptureIsAlignedWithoutTheControlConnection();
    void clearedFlowsAreUnticked();
    void enterOnAFlowOpensItsStreamGraph();
    void screenshotOfOverlay();
};

void TestCapturePanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestCapturePanel::overlaysFlows_data()
{
    QTest::addColumn<QString>("file");
    QTest::addRow("bulk with timestamps") << QStringLiteral("zeek_tcp_timestamps_bulk_snap96.pcap");
    QTest::addRow("iperf with dsack") << QStringLiteral("tcptrace_dsack_iperf_bulk_ts_sack.pcap");
    QTest::addRow("pcapng") << QStringLiteral("zeek_irc_dcc_send_bulk.pcapng");
}

void TestCapturePanel::overlaysFlows()
{
    QFETCH(QString, file);
    const QString path = captureFile(file);
    QVERIFY2(QFile::exists(path), qPrintable(path));
    ThroughputRttView chart;
    CapturePanel panel(&chart);
    QSignalSpy loaded(&panel, &CapturePanel::captureLoaded);
    panel.open(path);
    QVERIFY(loaded.wait(30000));
    const QList<int> runs = panel.chartRunsOf(path);
    QVERIFY(!runs.isEmpty());

    // The largest flow: its throughput integrates back to its data direction's frame bytes.
    const int largest = runs.first();
    QVERIFY(chart.pointCount(largest, ChartMetric::Throughput) > 0);
    QVERIFY(chart.pointCount(largest, ChartMetric::Rtt) > 0);
    const auto analysis = analyzeCapture(path);
    QVERIFY(analysis);
    const FlowAnalysis &flow = analysis->flows.front();
    const DirectionAnalysis &data = flow.s2c.payload_bytes > flow.c2s.payload_bytes ? flow.s2c : flow.c2s;
    double bits = 0;
    for (const QPointF &p : chart.series(largest, ChartMetric::Throughput))
        bits += p.y() * 1e6 * analysis->interval_s;
    QCOMPARE(qRound64(bits / 8), data.frame_bytes);
    QCOMPARE(chart.pointCount(largest, ChartMetric::Rtt), qsizetype(data.rtt.size()));
    chart.resize(900, 300);
    chart.replotNow();
    QVERIFY(chart.plottedPointCount(largest, ChartMetric::Throughput) > 0);
    QVERIFY(chart.plottedPointCount(largest, ChartMetric::Rtt) > 0);

    // The tree lists the capture with its flows, the first ones ticked.
    QCOMPARE(panel.tree()->topLevelItemCount(), 1);
    QTreeWidgetItem *top = panel.tree()->topLevelItem(0);
    QCOMPARE(top->childCount(), runs.size());
    QCOMPARE(top->child(0)->checkState(0), Qt::Checked);

    // Unticking hides the flow from the crosshair readout.
    const QString label = chart.runLabel(largest);
    QVERIFY(chart.showCrosshairAt(0.5).contains(label));
    top->child(0)->setCheckState(0, Qt::Unchecked);
    QVERIFY(!chart.showCrosshairAt(0.5).contains(label));
}

void TestCapturePanel::badFileIsReported()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("not-a-capture.pcap"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("this is not a capture file at all, just text\n");
    f.close();
    ThroughputRttView chart;
    CapturePanel panel(&chart);
    QSignalSpy failed(&panel, &CapturePanel::captureFailed);
    panel.open(path);
    QVERIFY(failed.wait(10000));
    QVERIFY(!failed.at(0).at(1).toString().isEmpty());
    QVERIFY(chart.runIds().isEmpty());
}

// The Captures tab says how many packets were malformed and through which tunnel a flow came, and
// explains a packet whose time lies decades away instead of drawing a 136-year chart in silence.
void TestCapturePanel::showsTunnelsMalformedAndTimeOutliers()
{
    const QString corpus = sourcePath(QStringLiteral("tests/data/capture-corpus/"));
    ThroughputRttView chart;
    CapturePanel panel(&chart);
    QSignalSpy loaded(&panel, &CapturePanel::captureLoaded);
    panel.open(corpus + QStringLiteral("malformed_headers.pcap"));
    QVERIFY(loaded.wait(30000));
    const auto *status = panel.findChild<QLabel *>(QStringLiteral("captureStatus"));
    QVERIFY(status);
    QVERIFY2(status->text().contains(QStringLiteral("15 malformed packets")), qPrintable(status->text()));
    QTreeWidgetItem *top = panel.tree()->topLevelItem(0);
    QVERIFY2(top->text(0).contains(QStringLiteral("15 malformed")), qPrintable(top->text(0)));
    QStringList via;
    for (int i = 0; i < top->childCount(); ++i)
        if (top->child(i)->text(0).contains(QStringLiteral("via")))
            via << top->child(i)->text(0);
    QVERIFY2(via.join(QLatin1Char('\n')).contains(QStringLiteral("(via VXLAN VNI 5, 10.1.1.1 -> 10.1.1.2)")),
             qPrintable(via.join(QLatin1Char('\n'))));

    panel.open(corpus + QStringLiteral("time_far_outliers.pcap"));
    QVERIFY(loaded.wait(30000));
    QVERIFY2(status->text().contains(QStringLiteral("more than a day")) &&
                 status->text().contains(QStringLiteral("1970-01-01")),
             qPrintable(status->text()));
}

// Issue 18, point 11: a stored run's capture is drawn on the run's time (its data connection
// starts at 0, nothing after the run's end, so a long capture does not squash a short run), named
// after the run; the small IRC control connection beside the DCC transfer is marked and not drawn.
void TestCapturePanel::runCaptureIsAlignedWithoutTheControlConnection()
{
    const QString path = captureFile(QStringLiteral("zeek_irc_dcc_send_bulk.pcapng"));
    ThroughputRttView chart;
    CapturePanel panel(&chart);
    QSignalSpy loaded(&panel, &CapturePanel::captureLoaded);
    const double duration = 1.0;
    panel.openForRun(path, duration, QStringLiteral("#7"));
    QVERIFY(loaded.wait(30000));
    const QList<int> runs = panel.chartRunsOf(path);
    QCOMPARE(runs.size(), 3); // the DCC transfer, the IRC session, a short third connection
    const int data = runs.first();
    QVERIFY2(chart.runLabel(data).startsWith(QStringLiteral("#7")), qPrintable(chart.runLabel(data)));
    const QList<QPointF> throughput = chart.series(data, ChartMetric::Throughput);
    QVERIFY(!throughput.isEmpty());
    // The transfer starts 64 s into the capture; on the run's time it starts at 0.
    QVERIFY2(throughput.first().x() >= 0 && throughput.first().x() < 0.2,
             qPrintable(QString::number(throughput.first().x())));
    for (int run : runs)
        for (ChartMetric metric : {ChartMetric::Throughput, ChartMetric::Rtt})
            for (const QPointF &p : chart.series(run, metric))
                QVERIFY2(p.x() >= 0 && p.x() <= duration + 0.5, qPrintable(QString::number(p.x())));

    QTreeWidgetItem *top = panel.tree()->topLevelItem(0);
    QCOMPARE(top->child(0)->checkState(0), Qt::Checked);
    for (int i = 1; i < top->childCount(); ++i) {
        QVERIFY2(top->child(i)->text(0).contains(QStringLiteral("control connection")),
                 qPrintable(top->child(i)->text(0)));
        QCOMPARE(top->child(i)->checkState(0), Qt::Unchecked);
    }
    chart.resize(900, 300);
    chart.replotNow();
    QVERIFY(chart.plottedPointCount(data, ChartMetric::Throughput) > 0);
    QCOMPARE(chart.plottedPointCount(runs.at(1), ChartMetric::Rtt), 0);
    QVERIFY2(chart.xRange().y() <= duration + 0.5, qPrintable(QString::number(chart.xRange().y())));
}

// Issue 18, point 11: "Clear charts" leaves no flow ticked that is no longer drawn.
void TestCapturePanel::clearedFlowsAreUnticked()
{
    const QString path = captureFile(QStringLiteral("tcptrace_dsack_iperf_bulk_ts_sack.pcap"));
    ThroughputRttView chart;
    CapturePanel panel(&chart);
    QSignalSpy loaded(&panel, &CapturePanel::captureLoaded);
    panel.open(path);
    QVERIFY(loaded.wait(30000));
    QTreeWidgetItem *top = panel.tree()->topLevelItem(0);
    QCOMPARE(top->child(0)->checkState(0), Qt::Checked);
    chart.clear();
    QVERIFY(chart.runIds().isEmpty());
    for (int i = 0; i < top->childCount(); ++i) {
        QCOMPARE(top->child(i)->checkState(0), Qt::Unchecked);
        QVERIFY(top->child(i)->isDisabled());
    }
}

// Enter on a flow's row (as a double-click, Qt's item activation) opens that flow's stream graph
// in a window of its own; on the capture's own row it opens none.
void TestCapturePanel::enterOnAFlowOpensItsStreamGraph()
{
    ThroughputRttView chart;
    CapturePanel panel(&chart);
    panel.show();
    QSignalSpy loaded(&panel, &CapturePanel::captureLoaded);
    QSignalSpy opened(&panel, &CapturePanel::streamGraphOpened);
    panel.open(captureFile(QStringLiteral("tcptrace_dsack_iperf_bulk_ts_sack.pcap")));
    QVERIFY(loaded.wait(30000));
    QTreeWidget *tree = panel.tree();
    QTreeWidgetItem *capture = tree->topLevelItem(0);
    QVERIFY(capture && capture->childCount() >= 1);
    tree->setFocus();
    tree->setCurrentItem(capture);
    QTest::keyClick(tree->viewport(), Qt::Key_Return);
    QCOMPARE(opened.size(), 0);
    tree->setCurrentItem(capture->child(0));
    QTest::keyClick(tree->viewport(), Qt::Key_Return);
    QCOMPARE(opened.size(), 1);
    auto *view = opened.first().first().value<StreamGraphView *>();
    QVERIFY(view && view->isWindow());
    QCOMPARE(view->flowNumber(), 1);
    view->close();
}

void TestCapturePanel::screenshotOfOverlay()
{
    MainWindow window;
    window.resize(1400, 860);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy loaded(window.capturePanel(), &CapturePanel::captureLoaded);
    window.openCaptureFile(captureFile(QStringLiteral("tcptrace_dsack_iperf_bulk_ts_sack.pcap")));
    QVERIFY(loaded.wait(30000));
    QCOMPARE(window.tabs()->currentWidget(), window.capturePage());
    window.chartView()->replotNow();
    QVERIFY(!window.chartView()->runIds().isEmpty());
    const QImage shot = test::saveScreenshot(&window, QStringLiteral("workbench_capture_overlay"));
    QVERIFY(test::looksDrawn(shot));
    // Ctrl+O is the open action's shortcut.
    auto *open = window.findChild<QAction *>(QStringLiteral("actionOpenCapture"));
    QVERIFY(open);
    QCOMPARE(open->shortcut(), QKeySequence(QKeySequence::Open));
}

QTEST_MAIN(TestCapturePanel)
#include "tst_capture_panel.moc"

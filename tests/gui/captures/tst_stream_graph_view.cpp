// The TCP stream graph view on real widgets (offscreen), opened as a user opens it: the Captures
// tab loads tcptrace_dsack_iperf_bulk_ts_sack.pcap, the flow menu's "TCP stream graph" on its main
// flow opens the view. The time-sequence graph is drawn (segments as bars, the ACK line); a rubber
// band dragged with the mouse zooms in (the time axis shrinks, the series are thinned again for the
// zoomed range); a click on a retransmitted segment (its time and sequence number from
// readStreamGraph) shows that packet's details, named by tshark's frame number for that
// retransmission (tshark run live); the crosshair names the values under the pointer; a right-button
// drag pans; Reset zoom and Home bring the whole graph back; Ctrl+W closes the window.
// Screenshots: build/screenshots/stream-graph-view-whole.png and stream-graph-view-zoomed.png.

#include "capture/stream_graph.h"
#include "captures/capture_flow_menu.h"
#include "captures/capture_panel.h"
#include "captures/stream_graph_view.h"
#include "charts/stream_graph_chart_view.h"
#include "charts/throughput_rtt_view.h"
#include "screenshot.h"
#include "test_data.h"
#include "tshark_oracle.h"

#include <QAction>
#include <QCategoryAxis>
#include <QChart>
#include <QComboBox>
#include <QMenu>
#include <QPointer>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>
#include <QXYSeries>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kCapture = QStringLiteral("tcptrace_dsack_iperf_bulk_ts_sack.pcap");

// Where the view draws the graph's value VALUE, in its viewport's coordinates.
QPoint widgetPoint(StreamGraphChartView *view, QPointF value)
{
    const QPointF chartPosition = view->chart()->mapToPosition(value);
    return view->mapFromScene(view->chart()->mapToScene(chartPosition));
}

double xSpan(const StreamGraphChartView *view)
{
    const QCategoryAxis *x = view->plot()->xAxis();
    return x->max() - x->min();
}

} // namespace

class TestStreamGraphView final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void openedFromTheFlowMenu();
    void zoomAndClickARetransmission();
    void crosshairPanAndReset();
    void everyKindAndTheOtherDirection();
    void ctrlWClosesTheWindow();
    void cleanupTestCase();

private:
    StreamGraphView *view();
    std::unique_ptr<ThroughputRttView> m_chart;
    std::unique_ptr<CapturePanel> m_panel;
    StreamGraphView *m_view = nullptr;
};

StreamGraphView *TestStreamGraphView::view()
{
    return m_view;
}

// The flow row's menu opens the view on the main flow; the time-sequence graph is drawn.
void TestStreamGraphView::openedFromTheFlowMenu()
{
    m_chart = std::make_unique<ThroughputRttView>();
    m_panel = std::make_unique<CapturePanel>(m_chart.get());
    QSignalSpy loaded(m_panel.get(), &CapturePanel::captureLoaded);
    m_panel->open(captureFile(kCapture));
    QVERIFY(loaded.wait(60000) || loaded.size() == 1);
    QTreeWidgetItem *flow = m_panel->tree()->topLevelItem(0)->child(0);
    QVERIFY(flow);
    QCOMPARE(CaptureFlowMenu::flowNumber(flow), 1);
    std::unique_ptr<QMenu> menu(m_panel->flowMenu()->menuFor(flow));
    auto *action = menu->findChild<QAction *>(QStringLiteral("actionStreamGraph"));
    QVERIFY(action);
    QSignalSpy opened(m_panel.get(), &CapturePanel::streamGraphOpened);
    action->trigger();
    QCOMPARE(opened.size(), qsizetype(1));
    m_view = opened.at(0).at(0).value<StreamGraphView *>();
    QVERIFY(m_view);
    QCOMPARE(m_view->flowNumber(), 1);
    QSignalSpy shown(m_view, &StreamGraphView::graphShown);
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    QVERIFY2(shown.wait(60000) || shown.size() == 1, qPrintable(m_view->statusText()));
    QVERIFY(m_view->graph());
    QCOMPARE(m_view->findChild<QComboBox *>(QStringLiteral("streamGraphKind"))->currentIndex(),
             int(StreamGraphKind::TimeSequence));
    StreamGraphChartView *chart = m_view->chartView();
    QTRY_VERIFY(!chart->refillPending());
    QVERIFY(chart->plot()->shownPoints() > 0);
    // The whole graph: 11,597 segments on a plot some hundred pixels wide, merged where they touch.
    QVERIFY(chart->plot()->shownSegmentBars() > 0);
    QVERIFY(chart->plot()->shownSegmentBars() < m_view->graph()->segments.size() / 2);
    qsizetype ackPoints = 0;
    for (QAbstractSeries *series : chart->chart()->series())
        if (series->name() == QStringLiteral("ACK"))
            ackPoints = static_cast<QXYSeries *>(series)->count();
    QVERIFY(ackPoints > 0);
    QTest::qWait(100); // the status line's new text is laid out (a posted layout request)
    QVERIFY(looksDrawn(saveScreenshot(m_view, QStringLiteral("stream-graph-view-whole"))));
}

void TestStreamGraphView::zoomAndClickARetransmission()
{
    QVERIFY(view());
    const auto graph = readStreamGraph(captureFile(kCapture), 1, StreamDirection::ClientToServer);
    QVERIFY2(graph.has_value(), graph ? "" : qPrintable(graph.error().message));
    const StreamSegments &s = graph->segments;
    std::size_t retransmission = s.size();
    for (std::size_t i = 0; i < s.size() && retransmission == s.size(); ++i)
        if (s.marks[i] & streammark::Retransmission)
            retransmission = i;
    QVERIFY(retransmission < s.size());
    const double t = s.time_s[retransmission];
    const double seq = double(s.seq[retransmission]);
    const double len = double(s.len[retransmission]);

    // tshark's retransmissions of the same flow, first one first.
    const TsharkFigures &figures = tsharkFigures(captureFile(kCapture));
    QVERIFY2(figures.error.isEmpty(), qPrintable(figures.error));
    const TsharkRows tshark = tsharkFields(
        captureFile(kCapture),
        QStringLiteral("tcp.stream==%1 && tcp.analysis.retransmission").arg(figures.largest.stream),
        {QStringLiteral("frame.number"), QStringLiteral("frame.time_relative"), QStringLiteral("tcp.seq")});
    QVERIFY2(tshark.error.isEmpty(), qPrintable(tshark.error));
    QVERIFY(!tshark.rows.isEmpty());
    const qint64 tsharkFrame = tshark.rows[0][0].toLongLong();
    QVERIFY(std::abs(tshark.rows[0][1].toDouble() - t) < 1e-6);
    QCOMPARE(tshark.rows[0][2].toDouble(), seq);

    // A rubber band around the retransmission: a 50th of the time and of the sequence space.
    StreamGraphChartView *chart = view()->chartView();
    const double fullSpan = xSpan(chart);
    const double dt = fullSpan / 100;
    const double ds = (chart->plot()->yAxis()->max() - chart->plot()->yAxis()->min()) / 100;
    const QPoint from = widgetPoint(chart, QPointF(t - dt, seq + ds));
    const QPoint to = widgetPoint(chart, QPointF(t + dt, seq - ds));
    QTest::mousePress(chart->viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(chart->viewport(), (from + to) / 2);
    QTest::mouseMove(chart->viewport(), to);
    QTest::mouseRelease(chart->viewport(), Qt::LeftButton, {}, to);
    QTRY_VERIFY(!chart->refillPending());
    QVERIFY2(xSpan(chart) < fullSpan / 10, qPrintable(QString::number(xSpan(chart))));
    QVERIFY(chart->plot()->xAxis()->min() <= t && t <= chart->plot()->xAxis()->max());
    // Thinned again for the zoomed range: once few segments are visible (zoomed further with the
    // + key, about the middle), every one of them is a bar of its own, where the whole graph
    // merged thousands into a few hundred.
    chart->setFocus();
    for (int i = 0; i < 3; ++i)
        QTest::keyClick(chart, Qt::Key_Plus);
    QTRY_VERIFY(!chart->refillPending());
    const auto visible = std::size_t(std::count_if(s.time_s.begin(), s.time_s.end(), [chart](double time) {
        return time >= chart->plot()->xAxis()->min() && time <= chart->plot()->xAxis()->max();
    }));
    QVERIFY(visible > 0);
    QCOMPARE(chart->plot()->shownSegmentBars(), visible);
    QVERIFY(chart->plot()->xAxis()->min() <= t && t <= chart->plot()->xAxis()->max());

    // A click on the middle of the retransmitted segment's bar.
    QSignalSpy details(view(), &StreamGraphView::detailsShown);
    QTest::mouseClick(chart->viewport(), Qt::LeftButton, {}, widgetPoint(chart, QPointF(t, seq + len / 2)));
    QVERIFY2(details.wait(30000) || details.size() == 1, qPrintable(view()->detailsText()));
    QCOMPARE(details.at(0).at(0).toLongLong(), tsharkFrame);
    QVERIFY2(view()->detailsText().contains(QStringLiteral("Frame %1").arg(tsharkFrame)),
             qPrintable(view()->detailsText()));
    QVERIFY2(view()->detailsText().contains(QStringLiteral("retransmission")), qPrintable(view()->detailsText()));
    QVERIFY(looksDrawn(saveScreenshot(view(), QStringLiteral("stream-graph-view-zoomed"))));
}

// The crosshair names the time under the pointer; a right-button drag moves the range without
// zooming; Reset zoom and Home show the whole graph again.
void TestStreamGraphView::crosshairPanAndReset()
{
    QVERIFY(view());
    StreamGraphChartView *chart = view()->chartView();
    const QRectF area = chart->chart()->plotArea();
    const QPoint middle = chart->mapFromScene(chart->chart()->mapToScene(area.center()));
    QTest::mouseMove(chart->viewport(), middle);
    QTRY_VERIFY(!chart->crosshairText().isEmpty());
    QVERIFY2(chart->crosshairText().contains(QStringLiteral(" s, seq ")), qPrintable(chart->crosshairText()));

    const double min = chart->plot()->xAxis()->min();
    const double span = xSpan(chart);
    QTest::mousePress(chart->viewport(), Qt::RightButton, {}, middle);
    QTest::mouseMove(chart->viewport(), middle + QPoint(int(area.width() / 4), 0));
    QTest::mouseRelease(chart->viewport(), Qt::RightButton, {}, middle + QPoint(int(area.width() / 4), 0));
    QTRY_VERIFY(!chart->refillPending());
    QVERIFY2(chart->plot()->xAxis()->min() < min, "dragging right shows earlier times");
    QVERIFY(std::abs(xSpan(chart) - span) < span * 1e-6);

    view()->findChild<QPushButton *>(QStringLiteral("streamGraphResetZoom"))->click();
    const double whole = xSpan(chart);
    QVERIFY(whole > span * 10);
    chart->setFocus();
    QTest::keyClick(chart, Qt::Key_Right);
    QTRY_VERIFY(chart->plot()->xAxis()->min() > 0);
    QTest::keyClick(chart, Qt::Key_Home);
    QCOMPARE(xSpan(chart), whole);
}

// Each graph kind draws something titled for it; the other direction is read again and drawn.
void TestStreamGraphView::everyKindAndTheOtherDirection()
{
    QVERIFY(view());
    auto *kind = view()->findChild<QComboBox *>(QStringLiteral("streamGraphKind"));
    StreamGraphChartView *chart = view()->chartView();
    QStringList titles;
    for (int k = 0; k < kind->count(); ++k) {
        kind->setCurrentIndex(k);
        QTRY_VERIFY(!chart->refillPending());
        QCOMPARE(chart->plot()->kind(), StreamGraphKind(k));
        QVERIFY2(chart->plot()->shownPoints() > 0, qPrintable(chart->chart()->title()));
        titles << chart->chart()->title();
    }
    QCOMPARE(QSet<QString>(titles.begin(), titles.end()).size(), kind->count());
    kind->setCurrentIndex(int(StreamGraphKind::TimeSequence));

    QSignalSpy shown(view(), &StreamGraphView::graphShown);
    view()->findChild<QComboBox *>(QStringLiteral("streamGraphDirection"))->setCurrentIndex(1);
    QVERIFY2(shown.wait(60000) || shown.size() == 1, qPrintable(view()->statusText()));
    QCOMPARE(view()->graph()->direction, StreamDirection::ServerToClient);
    // The server sent the ACKs: its segments carry (almost) no data, the client's ACKs are its ACK line.
    QVERIFY(view()->graph()->segments.size() > 0);
    QVERIFY(chart->chart()->title().startsWith(QStringLiteral("Time-sequence")));
    QVERIFY(chart->chart()->title().contains(view()->graph()->flow.server.toString() + QStringLiteral(" ->")));
}

// A window of its own: Ctrl+W closes it (and, WA_DeleteOnClose, deletes it).
void TestStreamGraphView::ctrlWClosesTheWindow()
{
    QVERIFY(view());
    const QPointer<StreamGraphView> window = view();
    QVERIFY(window->isVisible());
    window->activateWindow();
    QTest::keyClick(window->findChild<QComboBox *>(QStringLiteral("streamGraphKind")), Qt::Key_W, Qt::ControlModifier);
    QTRY_VERIFY(!window);
    m_view = nullptr;
}

void TestStreamGraphView::cleanupTestCase()
{
    m_panel.reset();
    m_chart.reset();
}

QTEST_MAIN(TestStreamGraphView)
#include "tst_stream_graph_view.moc"

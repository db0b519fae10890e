// The TCP_INFO overlay on the bytes in flight graph (issue 34), offscreen: a result store (at
// TCPTUNE_RESULTS_DB) holds a run that recorded tcptrace_dsack_iperf_bulk_ts_sack.pcap, with
// TCP_INFO samples every 10 ms made from the capture's own bytes in flight (unacked = in flight /
// MSS, cwnd 10 segments above). The stream graph view of that capture draws, on its bytes in
// flight graph, the lines "TCP_INFO snd_cwnd × MSS" and "TCP_INFO unacked × MSS" with legend
// entries, starting at the capture time where the client's traffic started, in bytes of the handshake's MSS; the
// exported chart (StreamGraphChart, the same renderer) draws them too. The time-sequence graph has no overlay, and a
// copy of the capture no run recorded has none at all (no empty series). Screenshots:
// build/screenshots/stream-graph-overlay.png and stream-graph-overlay-export.png.

#include "capture/tcp_info_alignment.h"
#include "captures/stream_graph_view.h"
#include "charts/stream_graph_chart.h"
#include "charts/stream_graph_chart_view.h"
#include "experiment/store/result_store.h"
#include "recorded_run.h"
#include "screenshot.h"
#include "test_data.h"
#include "test_paths.h"

#include <QChart>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QPainter>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QXYSeries>

#include <algorithm>
#include <memory>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kCapture = QStringLiteral("tcptrace_dsack_iperf_bulk_ts_sack.pcap");
const QString kUnacked = QStringLiteral("TCP_INFO unacked × MSS");
const QString kCwnd = QStringLiteral("TCP_INFO snd_cwnd × MSS");

// The series of CHART whose name starts with NAME.
QXYSeries *seriesNamed(QChart *chart, const QString &name)
{
    for (QAbstractSeries *s : chart->series())
        if (s->name().startsWith(name))
            return static_cast<QXYSeries *>(s);
    return nullptr;
}

// The capture's bytes in flight at capture time T: the latest data segment's value.
double inFlightAt(const StreamSegments &s, double t)
{
    double value = 0;
    for (std::size_t i = 0; i < s.size() && s.time_s[i] <= t; ++i)
        if (s.marks[i] & streammark::BytesInFlight)
            value = s.bytes_in_flight[i];
    return value;
}

// Samples as the Runner stores them for a run whose traffic started at START in the capture.
QList<RunSample> samplesOf(const StreamGraph &graph, double start, int mss)
{
    QList<RunSample> samples;
    const double end = graph.segments.time_s.back();
    for (int k = 1; start + k * 0.01 < end; ++k) {
        RunSample s;
        s.t = k * 0.01;
        s.unacked = qint64(inFlightAt(graph.segments, start + s.t) / mss + 0.5);
        s.cwnd = s.unacked + 10;
        samples << s;
    }
    return samples;
}

StreamGraphView *openView(const QString &path)
{
    auto *view = new StreamGraphView(path, 1);
    view->resize(1100, 700);
    view->show();
    QSignalSpy shown(view, &StreamGraphView::graphShown);
    if (!QTest::qWaitForWindowExposed(view) || !(shown.wait(60000) || shown.size() == 1))
        qWarning() << view->statusText();
    return view;
}

void showKind(StreamGraphView *view, StreamGraphKind kind)
{
    view->findChild<QComboBox *>(QStringLiteral("streamGraphKind"))->setCurrentIndex(int(kind));
}

} // namespace

class TestStreamGraphOverlay final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void recordedCaptureHasTheRunsTcpInfo();
    void exportedChartDrawsItToo();
    void noOverlayWithoutARun();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<StreamGraphView> m_view;
    int m_mss = 0;
    double m_start = 0;
    int m_samples = 0;
};

void TestStreamGraphOverlay::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("TCPTUNE_RESULTS_DB", m_dir.filePath(QStringLiteral("results.db")).toUtf8());
    auto graph = readStreamGraph(captureFile(kCapture), 1, StreamDirection::ClientToServer);
    QVERIFY(graph);
    m_mss = graph->handshake.senderMss();
    const auto start = trafficStartOf(*graph);
    QVERIFY(m_mss > 0 && start);
    m_start = *start;
    const QList<RunSample> samples = samplesOf(*graph, m_start, m_mss);
    m_samples = int(samples.size());
    QVERIFY(m_samples > 100);

    ResultStore store;
    QVERIFY(store.open(ResultStore::defaultPath()));
    QVERIFY(storeRecordedRun(store, QStringLiteral("recorded"), samples, captureFile(kCapture)));
}

void TestStreamGraphOverlay::recordedCaptureHasTheRunsTcpInfo()
{
    m_view.reset(openView(captureFile(kCapture)));
    QVERIFY(m_view->graph());
    QVERIFY(m_view->graph()->tcp_info);
    QVERIFY2(m_view->statusText().contains(QStringLiteral("TCP_INFO")), qPrintable(m_view->statusText()));
    StreamGraphChartView *chart = m_view->chartView();
    // Time-sequence first: no overlay there.
    QVERIFY(!seriesNamed(chart->chart(), kUnacked));
    showKind(m_view.get(), StreamGraphKind::BytesInFlight);
    QTRY_VERIFY(!chart->refillPending());
    QXYSeries *unacked = seriesNamed(chart->chart(), kUnacked);
    QXYSeries *cwnd = seriesNamed(chart->chart(), kCwnd);
    QVERIFY(unacked && cwnd);
    QVERIFY2(unacked->name().contains(QLocale().toString(m_mss)), qPrintable(unacked->name()));
    QVERIFY(unacked->count() > 0 && cwnd->count() > 0);
    for (QXYSeries *s : {unacked, cwnd}) {
        const auto markers = chart->chart()->legend()->markers(s);
        QCOMPARE(markers.size(), qsizetype(1));
        QVERIFY(markers.first()->isVisible());
    }
    // On the capture's time: the first sample (10 ms into the traffic) where the traffic started.
    const TcpInfoOverlay &overlay = *m_view->graph()->tcp_info;
    QCOMPARE(int(overlay.time_s.size()), m_samples);
    QCOMPARE(overlay.time_s.front(), m_start + 0.01);
    QCOMPARE(unacked->at(0).x(), m_start + 0.01);
    // In bytes: the samples were the capture's own bytes in flight, so the lines lie on its line.
    const auto mid = overlay.time_s.size() / 2;
    const double captured = inFlightAt(m_view->graph()->segments, overlay.time_s[mid]);
    QVERIFY2(std::abs(overlay.unacked_bytes[mid] - captured) <= m_mss,
             qPrintable(QStringLiteral("%1 against %2").arg(overlay.unacked_bytes[mid]).arg(captured)));
    QCOMPARE(overlay.cwnd_bytes[mid], overlay.unacked_bytes[mid] + 10 * m_mss);
    QTest::qWait(100);
    QVERIFY(looksDrawn(saveScreenshot(m_view.get(), QStringLiteral("stream-graph-overlay"))));
}

void TestStreamGraphOverlay::exportedChartDrawsItToo()
{
    QVERIFY(m_view && m_view->graph());
    StreamGraphChart chart(*m_view->graph(), StreamGraphKind::BytesInFlight);
    QXYSeries *unacked = seriesNamed(chart.qchart(), kUnacked);
    QXYSeries *cwnd = seriesNamed(chart.qchart(), kCwnd);
    QVERIFY(unacked && cwnd);
    QVERIFY(unacked->count() > 0 && cwnd->count() > 0);
    QImage image(1200, 480, QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        chart.render(&painter, QRectF(image.rect()));
    }
    QVERIFY(looksDrawn(image));
    QDir().mkpath(screenshotPath());
    QVERIFY(image.save(screenshotPath(QStringLiteral("stream-graph-overlay-export.png"))));
    StreamGraphChart sequence(*m_view->graph(), StreamGraphKind::TimeSequence);
    QVERIFY(!seriesNamed(sequence.qchart(), kUnacked));
}

void TestStreamGraphOverlay::noOverlayWithoutARun()
{
    const QString copy = m_dir.filePath(QStringLiteral("not-recorded.pcap"));
    QVERIFY(QFile::copy(captureFile(kCapture), copy));
    std::unique_ptr<StreamGraphView> view(openView(copy));
    QVERIFY(view->graph());
    QVERIFY(!view->graph()->tcp_info);
    QVERIFY(!view->statusText().contains(QStringLiteral("TCP_INFO")));
    showKind(view.get(), StreamGraphKind::BytesInFlight);
    QTRY_VERIFY(!view->chartView()->refillPending());
    QVERIFY(seriesNamed(view->chartView()->chart(), QStringLiteral("Bytes in flight")));
    QVERIFY(!seriesNamed(view->chartView()->chart(), kUnacked));
    QVERIFY(!seriesNamed(view->chartView()->chart(), kCwnd));
    QCOMPARE(view->chartView()->chart()->series().size(), qsizetype(1));
}

QTEST_MAIN(TestStreamGraphOverlay)
#include "tst_stream_graph_overlay.moc"

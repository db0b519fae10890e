// The stream graph in reports (issue 34): a stored run that recorded a real capture
// (tcptrace_dsack_iperf_bulk_ts_sack.pcap, registered as its capture) with TCP_INFO samples every
// 10 ms, the send buffer holding its sender back in the first half of the traffic and the
// congestion window in the second. Its report holds the time-sequence graph of the run's main flow
// (the flow that carried the most bytes, in the direction of its data), drawn by the stream graph's
// renderer with the run's limiter shading: the spans shaded are the backend's (limiterSpans) on the
// capture's time. The chart is in the HTML (inline SVG), beside the Markdown (PNG) and in the PDF
// (a page rendered: build/screenshots/report-stream-graph-pdf.png; the PNG itself:
// report-stream-graph.png).

#include "capture/tcp_info_alignment.h"
#include "charts/stream_graph_chart.h"
#include "charts/time_shading.h"
#include "experiment/diagnosis/limiter_spans.h"
#include "experiment/store/result_store.h"
#include "export/report_chart_renderer.h"
#include "export/report_exporter.h"
#include "export_probe.h"
#include "history/run_stream_graph.h"
#include "recorded_run.h"
#include "screenshot.h"
#include "test_data.h"
#include "test_paths.h"

#include <QChart>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kCapture = QStringLiteral("tcptrace_dsack_iperf_bulk_ts_sack.pcap");
const QString kChartId = QStringLiteral("stream-graph-1");

// Samples as the Runner stores them for a run whose traffic ran from START to END in the capture:
// the send buffer limits the first half of each 10 ms interval's time, the congestion window the
// second half's samples.
QList<RunSample> samplesOf(double start, double end)
{
    QList<RunSample> samples;
    const double middle = (end - start) / 2;
    for (int k = 1; start + k * 0.01 < end; ++k) {
        RunSample s;
        s.t = k * 0.01;
        s.busyMs = 10;
        s.rwndLimitedMs = 0;
        s.sndbufLimitedMs = s.t <= middle ? 8 : 0;
        s.cwnd = 10;
        s.unacked = s.t <= middle ? 4 : 10;
        s.appLimited = 0;
        samples << s;
    }
    return samples;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestReportStreamGraph final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void chartIsInTheReport();
    void shadedSpansAreTheBackends();
    void everyFormatCarriesIt();

private:
    QString write(ReportExporter::Format format, const QString &name);
    QTemporaryDir m_dir;
    ReportModel m_model;
    RunRecord m_run;
    QList<RunSample> m_samples;
};

void TestReportStreamGraph::initTestCase()
{
    QVERIFY(m_dir.isValid());
    auto graph = readStreamGraph(captureFile(kCapture), 1, StreamDirection::ClientToServer);
    QVERIFY(graph);
    const auto start = trafficStartOf(*graph);
    QVERIFY(start);
    m_samples = samplesOf(*start, graph->segments.time_s.back());
    QVERIFY(m_samples.size() > 100);

    const QString db = m_dir.filePath(QStringLiteral("results.db"));
    ResultStore store;
    QVERIFY(store.open(db));
    const auto run = storeRecordedRun(store, QStringLiteral("recorded bulk"), m_samples, captureFile(kCapture));
    QVERIFY(run);
    m_run = *run;

    auto loaded = ReportExporter::load(db, QString::number(m_run.experimentId));
    QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().message));
    m_model = *loaded;
}

void TestReportStreamGraph::chartIsInTheReport()
{
    QVERIFY(ReportChartRenderer::availableCharts(m_model).contains(kChartId));
    const ReportChart *chart = nullptr;
    for (const ReportChart &c : m_model.charts)
        if (c.id == kChartId)
            chart = &c;
    QVERIFY(chart);
    QVERIFY2(chart->title.contains(QStringLiteral("main flow")), qPrintable(chart->title));
    QVERIFY(chart->svg.contains("<svg"));
    QImage png;
    QVERIFY(png.loadFromData(chart->png, "PNG"));
    QCOMPARE(png.size(), ReportChartRenderer::kDefaultSize);
    QVERIFY(looksDrawn(png, 16, 0.95));
    QDir().mkpath(screenshotPath());
    QVERIFY(png.save(screenshotPath(QStringLiteral("report-stream-graph.png"))));
    // Bounded: thinned to a few thousand pixel columns whatever the capture's length.
    QVERIFY2(chart->svg.size() < 8 * 1024 * 1024, qPrintable(QString::number(chart->svg.size())));
}

void TestReportStreamGraph::shadedSpansAreTheBackends()
{
    auto graph = RunStreamGraph::mainFlow(m_run, m_samples);
    QVERIFY2(graph, qPrintable(graph ? QString() : graph.error().message));
    QCOMPARE(graph->direction, StreamDirection::ClientToServer); // iperf3's client sent the bulk
    QVERIFY(graph->tcp_info);
    std::vector<LimiterSpan> expected = limiterSpans(m_samples, false);
    QCOMPARE(expected.size(), std::size_t(2));
    QCOMPARE(expected[0].limiter, SpanLimiter::SendBuffer);
    QCOMPARE(expected[1].limiter, SpanLimiter::CongestionWindow);
    StreamGraphChart chart(*graph, StreamGraphKind::TimeSequence);
    const charts::TimeShading *shading = chart.plot().limiterShading();
    QVERIFY(shading);
    QCOMPARE(shading->spans().size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(shading->spans()[i].x0, expected[i].t0_s + graph->tcp_info->shift_s);
        QCOMPARE(shading->spans()[i].x1, expected[i].t1_s + graph->tcp_info->shift_s);
        QCOMPARE(shading->spans()[i].colour, StreamGraphPlot::limiterShade(expected[i].limiter));
    }
    // A legend entry per limiter shaded, none for the receive window.
    QStringList legend;
    for (QLegendMarker *m : chart.qchart()->legend()->markers())
        legend << m->label();
    QVERIFY2(legend.contains(QStringLiteral("sndbuf-limited")) && legend.contains(QStringLiteral("cwnd-limited")) &&
                 !legend.contains(QStringLiteral("rwnd-limited")),
             qPrintable(legend.join(QStringLiteral(", "))));
}

QString TestReportStreamGraph::write(ReportExporter::Format format, const QString &name)
{
    const QString path = m_dir.filePath(name);
    auto written = ReportExporter::write(m_model, format, path);
    if (!written) {
        qWarning("%s", qPrintable(written.error().message));
        return {};
    }
    return path;
}

void TestReportStreamGraph::everyFormatCarriesIt()
{
    const QString title = ReportChartRenderer::chartTitle(m_model, kChartId);
    const QString html = QString::fromUtf8(readAll(write(ReportExporter::Format::Html, QStringLiteral("r.html"))));
    QVERIFY(html.contains(title.toHtmlEscaped()));
    QVERIFY(html.count(QStringLiteral("<svg")) >= 2);

    const QString md = write(ReportExporter::Format::Markdown, QStringLiteral("md/r.md"));
    QVERIFY(!md.isEmpty());
    const QString text = QString::fromUtf8(readAll(md));
    QVERIFY2(text.contains(QStringLiteral("![%1](").arg(title)), qPrintable(text.left(2000)));
    bool besideIt = false;
    for (const QString &file : QFileInfo(md).dir().entryList({QStringLiteral("*.png")}))
        besideIt = besideIt || (file.contains(kChartId) && !QImage(QFileInfo(md).dir().filePath(file)).isNull());
    QVERIFY(besideIt);

    const QString pdf = write(ReportExporter::Format::Pdf, QStringLiteral("r.pdf"));
    QVERIFY(!pdf.isEmpty());
    // Up to "main": pdftotext gives "flow" as its ligature.
    const QString heading = title.left(title.indexOf(QStringLiteral(" flow")));
    int page = 0;
    for (int p = 1; p <= pdfPages(pdf) && page == 0; ++p)
        if (squeezed(pdfText(pdf, p)).contains(heading))
            page = p;
    QVERIFY2(page > 0, qPrintable(squeezed(pdfText(pdf))));
    QVERIFY(looksDrawn(pdfPageImage(pdf, page, 60, QStringLiteral("report-stream-graph-pdf")), 16, 0.97));
}

QTEST_MAIN(TestReportStreamGraph)
#include "tst_report_stream_graph.moc"

// Issue 34's limiter shading on real lab traffic, as root: `tcptune sweep` runs one bulk stream
// with SO_SNDBUF 64 KiB in story 5's routed lab (50 Mbit/s tbf, 2 MB queue, cubic) with a capture,
// this host sending. Its 64 KiB hold less than the 2 MB queue takes, so the writer waits on its
// send buffer: the run's TCP_INFO samples make a send-buffer span over most of the traffic
// (limiterSpans, the backend's list). The stream graph of the stored capture, as the window opens it
// (StreamGraphView, which finds the run by the capture's file) and as the export draws it
// (StreamGraphChart), shades exactly those spans, moved onto the capture's time by the overlay's
// shift, in the send buffer's shade, with a legend entry. Screenshots:
// build/screenshots/limiter-shading-lab.png (the window) and limiter-shading-lab-export.png.

#include "capture/tcp_info_alignment.h"
#include "captures/stream_graph_view.h"
#include "charts/stream_graph_chart.h"
#include "charts/stream_graph_chart_view.h"
#include "charts/time_shading.h"
#include "command_runner.h"
#include "experiment/diagnosis/limiter_breakdown.h"
#include "experiment/diagnosis/limiter_spans.h"
#include "experiment/store/result_store.h"
#include "history/run_capture_overlay.h"
#include "lab_cleanup.h"
#include "scratch_namespace.h"
#include "screenshot.h"
#include "test_paths.h"

#include <QChart>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QPainter>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kLab = QStringLiteral("t-shading");

QString writeSpec(const QTemporaryDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("shading.json"));
    const QByteArray spec = QStringLiteral(R"({"name": "limiter shading", "target": {"kind": "lab"},
        "knobs": {"lab.topology": "routed", "lab.rate": "50mbit", "lab.queue": "2M",
                  "socket.TCP_CONGESTION": "cubic"},
        "workload": {"type": "bulk", "streams": 1, "direction": "up"},
        "capture": true, "duration_s": 5, "omit_s": 0, "pause_s": 0.2, "sample_ms": 10, "repeats": 1,
        "sweep": {"axes": [{"parameter": "socket.SO_SNDBUF", "values": ["64K"]}]}})")
                                .toUtf8();
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(spec) == spec.size() ? path : QString();
}

// The backend's spans of RUN's sender (this host's aggregate series), on the capture's time.
std::vector<LimiterSpan> expectedSpans(const ResultStore &store, const RunRecord &run, double shift)
{
    QList<RunSample> sender;
    const auto samples = store.samples(run.id);
    if (samples)
        for (const RunSample &s : *samples)
            if (!s.farSender && s.stream < 0)
                sender << s;
    std::vector<LimiterSpan> spans = limiterSpans(sender, writerAlwaysHasData(run));
    for (LimiterSpan &s : spans) {
        s.t0_s += shift;
        s.t1_s += shift;
    }
    return spans;
}

void compareShading(const StreamGraphPlot &plot, const std::vector<LimiterSpan> &expected)
{
    const charts::TimeShading *shading = plot.limiterShading();
    QVERIFY(shading);
    QCOMPARE(shading->spans().size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(shading->spans()[i].x0, expected[i].t0_s);
        QCOMPARE(shading->spans()[i].x1, expected[i].t1_s);
        QCOMPARE(shading->spans()[i].colour, StreamGraphPlot::limiterShade(expected[i].limiter));
    }
}

// A legend entry NAME (an export's chart is never shown, so its markers' visibility says nothing).
bool hasLegendEntry(QChart *chart, const QString &name)
{
    for (QLegendMarker *m : chart->legend()->markers())
        if (m->label() == name)
            return true;
    return false;
}

} // namespace

class TestLimiterShadingLab final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void sendBufferSpanIsShaded();
};

void TestLimiterShadingLab::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root: the lab is built through tcptune-helper");
    removeLab(kLab);
}

void TestLimiterShadingLab::cleanupTestCase()
{
    if (runningAsRoot())
        removeLab(kLab);
}

void TestLimiterShadingLab::sendBufferSpanIsShaded()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString spec = writeSpec(dir);
    QVERIFY(!spec.isEmpty());
    const QString db = dir.filePath(QStringLiteral("results.db"));
    qputenv("TCPTUNE_RESULTS_DB", db.toUtf8());
    const CommandResult r = runTcptune({QStringLiteral("sweep"), spec, QStringLiteral("--lab"), kLab,
                                        QStringLiteral("--db"), db, QStringLiteral("--lab-down")},
                                       120000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    ResultStore store;
    QVERIFY(store.open(db));
    const auto experiments = store.experiments();
    QVERIFY(experiments && experiments->size() == 1);
    const auto runs = store.runs(experiments->first().id);
    QVERIFY(runs && runs->size() == 1);
    const RunRecord &run = runs->first();
    QCOMPARE(run.status, RunStatus::Ok);
    QCOMPARE(run.captures.size(), qsizetype(1));
    const QString capture = run.captures.first().path;

    // The window, as the Captures tab opens it: flow 1, the data connection this host sent.
    StreamGraphView view(capture, 1);
    view.resize(1100, 700);
    view.show();
    QSignalSpy shown(&view, &StreamGraphView::graphShown);
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY2(shown.wait(60000) || shown.size() == 1, qPrintable(view.statusText()));
    QVERIFY(view.graph() && view.graph()->tcp_info);
    const std::vector<LimiterSpan> expected = expectedSpans(store, run, view.graph()->tcp_info->shift_s);
    double sendBuffer = 0;
    for (const LimiterSpan &s : expected) {
        qInfo("%s limited %.3f .. %.3f s", s.limiter == SpanLimiter::SendBuffer ? "send buffer" : "other", s.t0_s,
              s.t1_s);
        if (s.limiter == SpanLimiter::SendBuffer)
            sendBuffer += s.t1_s - s.t0_s;
    }
    // Most of the 5 s of traffic waited on the 64 KiB send buffer.
    QVERIFY2(sendBuffer > 2.5, qPrintable(QString::number(sendBuffer)));
    QTRY_VERIFY(!view.chartView()->refillPending());
    compareShading(*view.chartView()->plot(), expected);
    const QString legend = QStringLiteral("sndbuf-limited");
    QVERIFY(hasLegendEntry(view.chartView()->chart(), legend));
    QTest::qWait(100);
    QVERIFY(looksDrawn(saveScreenshot(&view, QStringLiteral("limiter-shading-lab"))));

    // The export: the same renderer, the same spans.
    StreamGraphChart chart(*view.graph(), StreamGraphKind::TimeSequence);
    compareShading(chart.plot(), expected);
    QVERIFY(hasLegendEntry(chart.qchart(), legend));
    QImage image(1200, 600, QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        chart.render(&painter, QRectF(image.rect()));
    }
    QVERIFY(looksDrawn(image));
    QDir().mkpath(screenshotPath());
    QVERIFY(image.save(screenshotPath(QStringLiteral("limiter-shading-lab-export.png"))));
}

QTEST_MAIN(TestLimiterShadingLab)
#include "tst_limiter_shading_lab.moc"

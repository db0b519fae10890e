// LatencyUnderLoadChart and LatencyUnderLoadView (issue 34): a real latency-under-load run (workload
// rrul, 1 s idle, 2 s loaded, 4 streams each way) against a real AgentServer on loopback is drawn
// probe for probe: the UDP series has a point per answered UDP probe, the lost marks one per lost
// probe, the CDF's curves the idle and loaded counts of the result, the throughput a line each way;
// the same charts export through ChartRenderer. Made-up probes check what loopback cannot show:
// lost probes marked on the top edge, the log axis for idle and loaded far apart, a linear one
// otherwise, and the idle phase shaded.

#include "charts/chart_renderer.h"
#include "charts/latency_under_load_chart.h"
#include "charts/latency_under_load_view.h"
#include "charts/time_shading.h"
#include "experiment/run/traffic_bridge.h"
#include "history/under_load_summary.h"
#include "rrul_run.h"
#include "screenshot.h"
#include "test_paths.h"

#include <QChart>
#include <QGraphicsItem>
#include <QLogValueAxis>
#include <QTest>
#include <QValueAxis>
#include <QXYSeries>

using namespace tcptune;
using Role = LatencyUnderLoadChart::Role;

namespace {

int answeredUdp(const LatencyUnderLoad &u)
{
    return int(std::count_if(u.probes.begin(), u.probes.end(),
                             [](const ProbeSample &p) { return p.kind == ProbeSample::Kind::Udp && p.ms >= 0; }));
}

qsizetype pointsOf(const LatencyUnderLoadChart *chart, Role role)
{
    const QXYSeries *series = chart->series(role);
    return series ? series->count() : -1;
}

// Idle probes at IDLE_MS every 50 ms for 1 s, then loaded ones at LOADED_MS; every tenth loaded
// probe lost.
LatencyUnderLoad madeUp(double idleMs, double loadedMs)
{
    QList<ProbeSample> probes;
    for (int i = 0; i < 60; ++i) {
        const double t = i * 0.05;
        const bool idle = t < 1;
        const bool lost = !idle && i % 10 == 0;
        probes.append({ProbeSample::Kind::Udp, t, lost ? -1 : (idle ? idleMs : loadedMs + i * 0.1)});
    }
    return LatencyUnderLoad::of(probes, 1, 1.5);
}

} // namespace

class TestLatencyUnderLoadChart final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void realRunIsDrawnProbeForProbe();
    void lostProbesAreMarkedOnTheTopEdge();
    void cdfAxisIsLogWhenTheRangeIsWide();
    void notMeasuredHidesTheView();
};

void TestLatencyUnderLoadChart::realRunIsDrawnProbeForProbe()
{
    const TrafficResult result = test::rrulRunOnLoopback(1, 2);
    QVERIFY2(result.ok(), qPrintable(result.error));
    const LatencyUnderLoad &u = result.underLoad;
    QVERIFY(u.measured);
    QVERIFY(u.idleMs.count > 0);
    QVERIFY(u.loadedMs.count > 0);
    const TrafficOutcome outcome = outcomeOf(result);

    LatencyUnderLoadView view;
    view.resize(1100, 420);
    view.setRun(u, outcome.samples);
    QVERIFY(!view.isHidden());
    const LatencyUnderLoadChart *series = view.timeSeries();
    const LatencyUnderLoadChart *cdf = view.cdf();
    QVERIFY(series && cdf);
    QCOMPARE(pointsOf(series, Role::UdpProbes), answeredUdp(u));
    QCOMPARE(pointsOf(series, Role::LostProbes), u.udpLost);
    QVERIFY(pointsOf(series, Role::TcpProbes) > 0);
    QVERIFY(pointsOf(series, Role::ThroughputUp) > 0);
    QVERIFY(pointsOf(series, Role::ThroughputDown) > 0);
    QCOMPARE(pointsOf(cdf, Role::IdleCdf), u.idleMs.count);
    QCOMPARE(pointsOf(cdf, Role::LoadedCdf), u.loadedMs.count);
    QCOMPARE(pointsOf(series, Role::IdleCdf), -1);
    QCOMPARE(view.summaryText(), UnderLoadSummary::line(u));
    QVERIFY(view.summaryText().contains(QStringLiteral(" of %1 probes lost").arg(u.udpLoadedSent)));
    view.show();
    QVERIFY(test::looksDrawn(test::saveScreenshot(&view, QStringLiteral("latency_under_load_view"))));

    // The export path: the same charts as images and SVG, with their titles.
    for (LatencyUnderLoadChart *chart : {view.timeSeries(), view.cdf()}) {
        const auto draw = [chart](QPainter *p, const QRectF &r) { chart->render(p, r); };
        QVERIFY(test::looksDrawn(ChartRenderer::toImage(draw, QSize(900, 500))));
        const QByteArray svg = ChartRenderer::toSvg(draw, QSize(900, 500), chart->title());
        QVERIFY(svg.contains(chart->title().toHtmlEscaped().toUtf8()));
    }
}

void TestLatencyUnderLoadChart::lostProbesAreMarkedOnTheTopEdge()
{
    const LatencyUnderLoad u = madeUp(0.5, 80);
    QCOMPARE(u.udpLost, 4);
    LatencyUnderLoadChart chart(u, {}, LatencyUnderLoadChart::Kind::TimeSeries);
    const QXYSeries *lost = chart.series(Role::LostProbes);
    QVERIFY(lost);
    QCOMPARE(lost->count(), 4);
    const auto *latency = qobject_cast<QValueAxis *>(chart.qchart()->axes(Qt::Vertical).first());
    QVERIFY(latency);
    for (const QPointF &p : lost->points())
        QCOMPARE(p.y(), latency->max());
    QCOMPARE(pointsOf(&chart, Role::UdpProbes), 56);
    QCOMPARE(pointsOf(&chart, Role::ThroughputUp), -1); // no samples, no throughput axis
    // The idle phase shaded: one span from 0 to the idle phase's end.
    const charts::TimeShading *shading = nullptr;
    for (QGraphicsItem *item : chart.qchart()->childItems())
        if (const auto *s = dynamic_cast<const charts::TimeShading *>(item))
            shading = s;
    QVERIFY(shading);
    QCOMPARE(shading->spans().size(), std::size_t(1));
    QCOMPARE(shading->spans().front().x1, 1.0);
    const QImage image =
        ChartRenderer::toImage([&chart](QPainter *p, const QRectF &r) { chart.render(p, r); }, QSize(800, 400));
    QVERIFY(test::looksDrawn(image));
    image.save(test::screenshotPath(QStringLiteral("latency_under_load_lost.png")));
}

void TestLatencyUnderLoadChart::cdfAxisIsLogWhenTheRangeIsWide()
{
    LatencyUnderLoadChart wide(madeUp(0.05, 300), {}, LatencyUnderLoadChart::Kind::Cdf);
    QVERIFY(qobject_cast<QLogValueAxis *>(wide.qchart()->axes(Qt::Horizontal).first()));
    QVERIFY2(wide.title().contains(QStringLiteral("+")), qPrintable(wide.title()));
    QCOMPARE(pointsOf(&wide, Role::IdleCdf), 20);
    QCOMPARE(pointsOf(&wide, Role::LoadedCdf), 27); // 30 from 1.5 s, 3 of them lost
    const QXYSeries *loaded = wide.series(Role::LoadedCdf);
    QCOMPARE(loaded->points().last().y(), 1.0);
    QVERIFY(loaded->name().contains(UnderLoadSummary::ms(madeUp(0.05, 300).loadedMs.median)));
    const QImage image =
        ChartRenderer::toImage([&wide](QPainter *p, const QRectF &r) { wide.render(p, r); }, QSize(700, 400));
    QVERIFY(test::looksDrawn(image));
    image.save(test::screenshotPath(QStringLiteral("latency_under_load_cdf_log.png")));

    LatencyUnderLoadChart narrow(madeUp(20, 60), {}, LatencyUnderLoadChart::Kind::Cdf);
    QVERIFY(qobject_cast<QValueAxis *>(narrow.qchart()->axes(Qt::Horizontal).first()));
}

void TestLatencyUnderLoadChart::notMeasuredHidesTheView()
{
    LatencyUnderLoadView view;
    view.setRun(madeUp(1, 50), {});
    QVERIFY(!view.isHidden());
    view.setRun(LatencyUnderLoad{}, {});
    QVERIFY(view.isHidden());
    QVERIFY(!view.timeSeries());
    QVERIFY(view.summaryText().isEmpty());
}

QTEST_MAIN(TestLatencyUnderLoadChart)
#include "tst_latency_under_load_chart.moc"

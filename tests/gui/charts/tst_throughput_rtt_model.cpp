// ThroughputRttModel without a widget: a value axis turns logarithmic when the typical (median)
// values of the visible runs are 100x apart or more and back when they are not, a logarithmic
// axis gets no points at or below 0, a replot hands over only the lines that changed and at most
// two points per pixel column, the goodput unit scales what is drawn, an RTT of 0 is no sample
// and a sample older than a line's last is dropped, and the time range follows the data until it
// is zoomed.

#include "charts/chart_axis.h"
#include "charts/throughput_rtt_model.h"

#include <QTest>

#include <algorithm>

using namespace tcptune;
using charts::Line;
using charts::LineUpdate;
using charts::Replot;
using charts::ThroughputRttModel;

class TestThroughputRttModel final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rttAxisTurnsLogarithmicAt100xApart_data();
    void rttAxisTurnsLogarithmicAt100xApart();
    void hiddenRunsDoNotWidenTheAxis();
    void logarithmicAxisGetsNoZeros();
    void unchangedLinesAreNotHandedAgain();
    void decimatesToTwoPointsPerColumn();
    void axisTopIsAboveTheHighestValue();
    void throughputUnitScalesWhatIsDrawn();
    void rttOfZeroAndLateSamplesAreDropped();
    void rangeFollowsTheDataUntilZoomed();
};

namespace {

// Samples of a run at constant THROUGHPUT and RTT, 10 per second for 5 s.
QList<ChartSample> flat(double throughput, double rtt)
{
    QList<ChartSample> samples;
    for (int i = 1; i <= 50; ++i) {
        ChartSample s;
        s.t = i * 0.1;
        s.throughputMbps = throughput;
        s.rttMs = rtt;
        samples.append(s);
    }
    return samples;
}

const LineUpdate *updateOf(const Replot &replot, int run, Line line)
{
    const auto it = std::find_if(replot.updates.begin(), replot.updates.end(),
                                 [&](const LineUpdate &u) { return u.run == run && u.line == line; });
    return it == replot.updates.end() ? nullptr : &*it;
}

} // namespace

void TestThroughputRttModel::rttAxisTurnsLogarithmicAt100xApart_data()
{
    QTest::addColumn<double>("near");
    QTest::addColumn<double>("far");
    QTest::addColumn<bool>("logarithmic");
    QTest::newRow("one run") << 0.09 << 0.0 << false;
    QTest::newRow("loopback and LAN, 55x") << 0.09 << 5.0 << false;
    QTest::newRow("99x") << 1.0 << 99.0 << false;
    QTest::newRow("100x") << 1.0 << 100.0 << true;
    QTest::newRow("loopback and geostationary") << 0.09 << 170.0 << true;
}

void TestThroughputRttModel::rttAxisTurnsLogarithmicAt100xApart()
{
    QFETCH(double, near);
    QFETCH(double, far);
    QFETCH(bool, logarithmic);
    QCOMPARE(ChartValueAxis::kWideRatio, 100.0);
    ThroughputRttModel model;
    model.appendSamples(model.addRun(QStringLiteral("near")), flat(50, near));
    if (far > 0)
        model.appendSamples(model.addRun(QStringLiteral("far")), flat(50, far));
    const Replot replot = model.replot(200, 200);
    QCOMPARE(replot.axis(Line::Rtt).logarithmic(), logarithmic);
    QCOMPARE(replot.axis(Line::Rtt).lowest, near);
    // The runs' throughput is the same: that axis stays linear.
    QVERIFY(!replot.axis(Line::Throughput).logarithmic());
    QVERIFY(!replot.axis(Line::Extra).logarithmic());
}

void TestThroughputRttModel::hiddenRunsDoNotWidenTheAxis()
{
    ThroughputRttModel model;
    model.appendSamples(model.addRun(QStringLiteral("loopback")), flat(50, 0.09));
    const int far = model.addRun(QStringLiteral("geostationary"));
    model.appendSamples(far, flat(50, 170));
    QVERIFY(model.replot(200, 200).axis(Line::Rtt).logarithmic());
    model.run(far)->visible = false;
    const Replot hidden = model.replot(200, 200);
    QVERIFY(!hidden.axis(Line::Rtt).logarithmic());
    // Back to linear, the loopback run's line is handed over again though its data did not change.
    QVERIFY(updateOf(hidden, 1, Line::Rtt));
}

void TestThroughputRttModel::logarithmicAxisGetsNoZeros()
{
    ThroughputRttModel model;
    const int slow = model.addRun(QStringLiteral("slow"));
    QList<QPointF> stalls;
    for (int i = 0; i < 40; ++i)
        stalls.append(QPointF(i * 0.1, i % 4 == 0 ? 0.0 : 1.0));
    model.setSeries(slow, ChartMetric::Throughput, stalls, true);
    const int fast = model.addRun(QStringLiteral("fast"));
    model.appendSamples(fast, flat(900, 1));
    const Replot replot = model.replot(200, 200);
    QVERIFY(replot.axis(Line::Throughput).logarithmic());
    const LineUpdate *update = updateOf(replot, slow, Line::Throughput);
    QVERIFY(update);
    QVERIFY(!update->points.isEmpty());
    for (const QPointF &p : update->points)
        QVERIFY2(p.y() > 0, qPrintable(QStringLiteral("y = %1 at t = %2").arg(p.y()).arg(p.x())));
}

void TestThroughputRttModel::unchangedLinesAreNotHandedAgain()
{
    ThroughputRttModel model;
    const int finished = model.addRun(QStringLiteral("finished"));
    model.appendSamples(finished, flat(50, 10));
    const int live = model.addRun(QStringLiteral("live"));
    model.appendSamples(live, flat(60, 12));
    model.setXRange(0, 10);
    QCOMPARE(model.replot(200, 200).updates.size(), size_t(4));
    QVERIFY(model.replot(200, 200).updates.empty());

    ChartSample next;
    next.t = 5.1;
    next.throughputMbps = 60;
    next.rttMs = 12;
    model.appendSamples(live, {next});
    const Replot grown = model.replot(200, 200);
    QVERIFY(updateOf(grown, live, Line::Throughput));
    QVERIFY(updateOf(grown, live, Line::Rtt));
    QVERIFY(!updateOf(grown, finished, Line::Throughput));
    QVERIFY(!updateOf(grown, finished, Line::Rtt));
    // A chart of another width needs every line anew.
    QCOMPARE(model.replot(300, 200).updates.size(), size_t(2));
}

void TestThroughputRttModel::decimatesToTwoPointsPerColumn()
{
    ThroughputRttModel model;
    const int run = model.addRun(QStringLiteral("capture"));
    QList<QPointF> rtt;
    for (int i = 0; i < 100000; ++i)
        rtt.append(QPointF(i * 1e-4, 1 + i % 7));
    model.setSeries(run, ChartMetric::Rtt, rtt);
    QCOMPARE(model.pointCount(run, ChartMetric::Rtt), qsizetype(100000));
    const Replot replot = model.replot(100, 100);
    const LineUpdate *update = updateOf(replot, run, Line::Rtt);
    QVERIFY(update);
    QVERIFY(update->points.size() <= 2 * 100 + 2);
    QVERIFY(update->points.size() > 100);
    QCOMPARE(model.series(run, ChartMetric::Rtt).size(), qsizetype(100000));
}

void TestThroughputRttModel::axisTopIsAboveTheHighestValue()
{
    ThroughputRttModel model;
    model.setExtraMetric(ChartMetric::Cwnd);
    const int run = model.addRun(QStringLiteral("run"));
    QList<ChartSample> samples = flat(40, 20);
    for (ChartSample &s : samples)
        s.cwnd = 80;
    model.appendSamples(run, samples);
    const Replot replot = model.replot(200, 200);
    QCOMPARE(replot.axis(Line::Rtt).top, 20 * 1.05);
    QCOMPARE(replot.axis(Line::Extra).top, 80 * 1.05);
    QVERIFY(updateOf(replot, run, Line::Extra));
    // Throughput and RTT have charts of their own: neither is the extra metric.
    model.setExtraMetric(ChartMetric::Rtt);
    QVERIFY(!model.extraMetric());
}

void TestThroughputRttModel::throughputUnitScalesWhatIsDrawn()
{
    ThroughputRttModel model;
    const int run = model.addRun(QStringLiteral("run"));
    model.setSeries(run, ChartMetric::Throughput, {{0, 2000}, {1, 2000}, {2, 2000}}, true);
    const Replot mbit = model.replot(200, 200);
    QCOMPARE(mbit.axis(Line::Throughput).top, 2000 * 1.05);

    QVERIFY(!model.setThroughputUnit(ThroughputUnit(ThroughputUnitKind::Mbit)));
    QVERIFY(model.setThroughputUnit(ThroughputUnit(ThroughputUnitKind::Gbit)));
    const Replot gbit = model.replot(200, 200);
    QCOMPARE(gbit.axis(Line::Throughput).top, 2 * 1.05);
    const LineUpdate *update = updateOf(gbit, run, Line::Throughput);
    QVERIFY(update);
    for (const QPointF &p : update->points)
        QCOMPARE(p.y(), 2.0);
    // The series stays in Mbit/s.
    QCOMPARE(model.series(run, ChartMetric::Throughput).first().y(), 2000.0);
}

void TestThroughputRttModel::rttOfZeroAndLateSamplesAreDropped()
{
    ThroughputRttModel model;
    const int run = model.addRun(QStringLiteral("run"));
    model.appendSamples(run, flat(50, 0));
    QCOMPARE(model.pointCount(run, ChartMetric::Rtt), qsizetype(0));
    QCOMPARE(model.pointCount(run, ChartMetric::Throughput), qsizetype(50));
    QVERIFY(model.valuesAt(2, ChartMetric::Rtt).isEmpty());
    // Samples from 1.1 s: the throughput line already reaches 5 s and drops them; the RTT line,
    // empty, takes them (each line keeps its own order).
    model.appendSamples(run, flat(50, 7).mid(10, 5));
    QCOMPARE(model.pointCount(run, ChartMetric::Throughput), qsizetype(50));
    QCOMPARE(model.pointCount(run, ChartMetric::Rtt), qsizetype(5));
    const QList<charts::RunValue> rtt = model.valuesAt(2, ChartMetric::Rtt);
    QCOMPARE(rtt.size(), qsizetype(1));
    QCOMPARE(rtt.first().label, QStringLiteral("run"));
    QCOMPARE(rtt.first().value, 7.0);
}

void TestThroughputRttModel::rangeFollowsTheDataUntilZoomed()
{
    ThroughputRttModel model;
    QVERIFY(model.isFollowing());
    model.followData();
    QCOMPARE(model.xRange(), QPointF(0, 1)); // no data: one second
    model.appendSamples(model.addRun(QStringLiteral("run")), flat(50, 10));
    model.followData();
    QCOMPARE(model.xRange(), QPointF(0, 5));

    QVERIFY(!model.setXRange(3, 3));
    QVERIFY(model.isFollowing());
    QVERIFY(model.setXRange(1, 3));
    QVERIFY(!model.isFollowing());
    model.followData();
    QCOMPARE(model.xRange(), QPointF(1, 3));
    QCOMPARE(model.zoomed(0.5, 2).value(), QPointF(1.5, 2.5));
    QVERIFY(!model.zoomed(1e-5, 2));
    model.follow();
    model.followData();
    QCOMPARE(model.xRange(), QPointF(0, 5));
}

QTEST_GUILESS_MAIN(TestThroughputRttModel)
#include "tst_throughput_rtt_model.moc"

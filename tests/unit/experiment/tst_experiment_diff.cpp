// Two experiments side by side on a real SQLite store (experiment_diff, metric_comparison,
// experiment_diff_json): points matched by label, Welch over three runs a side, the moving-block
// bootstrap over one run's series, no test without runs, Holm over the metrics, the knob that
// differed, and the JSON's schema and figures.

#include "common/hypothesis_tests.h"
#include "experiment/store/result_store.h"
#include "experiment/tables/experiment_diff.h"
#include "experiment/tables/experiment_diff_json.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <random>

using namespace tcptune;

namespace {

SweepPlan plan(const QString &name, const QStringList &sndbufs, int repeats)
{
    ExperimentSpec spec;
    spec.name = name;
    SweepPlan p{spec};
    (void)p.addAxis(QStringLiteral("socket.SO_SNDBUF"), sndbufs);
    p.setRepeats(repeats);
    return p;
}

// A run with THROUGHPUT (Mbit/s) and an RTT series around RTT_MS (10 ms samples, noise from SEED).
void storeRun(ResultStore &store, qint64 experiment, int point, int repeat, double mbit, double rttMs, int seed)
{
    RunRecord run;
    run.experimentId = experiment;
    run.pointIndex = point;
    run.repeat = repeat;
    run.runIndex = point * 10 + repeat;
    run.id = *store.beginRun(run);
    run.status = RunStatus::Ok;
    run.throughputBps = mbit * 1e6;
    std::mt19937 random(seed);
    std::normal_distribution<double> noise(0, 1);
    QList<RunSample> samples;
    QList<double> rtt;
    for (int i = 0; i < 200; ++i) {
        RunSample s;
        s.t = 0.01 * i;
        s.throughputBps = (mbit + 0.5 * noise(random)) * 1e6;
        s.rttMs = rttMs + noise(random);
        s.retransmits = i % 50 == 0 ? 1 : 0;
        samples << s;
        rtt << s.rttMs;
        run.intervalThroughputBps << s.throughputBps;
    }
    std::sort(rtt.begin(), rtt.end());
    run.rttMedianMs = rtt.at(100);
    run.rttP95Ms = rtt.at(190);
    run.retransmits = 4;
    QVERIFY(store.finishRun(run, samples).has_value());
}

const MetricRow *row(const PointDiff &p, const QString &key)
{
    for (const MetricRow &r : p.metrics)
        if (r.key == key)
            return &r;
    return nullptr;
}

} // namespace

class TestExperimentDiff final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void welchOverRepeats();
    void bootstrapForOneRunEach();
    void noRunsNoTest();
    void holmOverTheMetrics();
    void json();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ResultStore> m_owned;
    ResultStore *m_store = nullptr;
    qint64 m_a = 0;
    qint64 m_b = 0;
};

void TestExperimentDiff::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_owned = std::make_unique<ResultStore>();
    m_store = m_owned.get();
    QVERIFY(m_store->open(m_dir->filePath(QStringLiteral("results.db"))).has_value());
    // A: 64K (3 runs), 1M (1 run), 4M (no run); B: 64K (3 runs, slower), 1M (1 run, more RTT), 2M.
    m_a = *m_store->createExperiment(
        plan(QStringLiteral("A"), {QStringLiteral("64K"), QStringLiteral("1M"), QStringLiteral("4M")}, 3));
    m_b = *m_store->createExperiment(
        plan(QStringLiteral("B"), {QStringLiteral("64K"), QStringLiteral("1M"), QStringLiteral("2M")}, 3));
    const QList<double> a64{47.0, 47.2, 46.9};
    const QList<double> b64{45.1, 45.4, 45.0};
    for (int r = 0; r < 3; ++r) {
        storeRun(*m_store, m_a, 0, r, a64[r], 20, r);
        storeRun(*m_store, m_b, 0, r, b64[r], 20.2, 10 + r);
    }
    storeRun(*m_store, m_a, 1, 0, 47, 20, 100);
    storeRun(*m_store, m_b, 1, 0, 47, 75, 101);
}

void TestExperimentDiff::welchOverRepeats()
{
    auto diff = diffExperiments(*m_store, m_a, m_b);
    QVERIFY2(diff.has_value(), qPrintable(diff ? QString() : diff.error().message));
    QCOMPARE(diff->points.size(), 2);
    QCOMPARE(diff->onlyInA, QStringList{QStringLiteral("4 MiB")});
    QCOMPARE(diff->onlyInB, QStringList{QStringLiteral("2 MiB")});
    const PointDiff &p = diff->points.first();
    QCOMPARE(p.labelA, QStringLiteral("64 KiB"));
    const MetricDifference &t = row(p, QStringLiteral("throughput"))->difference;
    QCOMPARE(t.method, MetricDifference::Method::Welch);
    QCOMPARE(t.nA, 3);
    // The same as Welch's test of B's runs against A's (checked against SciPy in tst_statistics_oracle).
    const stats::WelchTest w =
        stats::welchTTest(QList<double>{45.1e6, 45.4e6, 45.0e6}, QList<double>{47.0e6, 47.2e6, 46.9e6});
    QCOMPARE(t.p, w.p);
    QCOMPARE(t.difference, w.difference);
    QCOMPARE(t.ciLow, w.ciLow);
    QVERIFY(std::abs(t.percent(t.difference) - 100 * w.difference / 47.0333e6) < 1e-3);
    QVERIFY(t.significant);
    // The knob is the same at a matched point: nothing differs.
    QVERIFY(p.knobs.isEmpty());
}

void TestExperimentDiff::bootstrapForOneRunEach()
{
    auto diff = diffExperiments(*m_store, m_a, m_b);
    QVERIFY(diff.has_value());
    const PointDiff &p = diff->points.at(1);
    const MetricDifference &rtt = row(p, QStringLiteral("rtt_median"))->difference;
    QCOMPARE(rtt.method, MetricDifference::Method::BlockBootstrap);
    QCOMPARE(rtt.nA, 1);
    QVERIFY2(rtt.difference > 50 && rtt.difference < 60, qPrintable(QString::number(rtt.difference)));
    QVERIFY(rtt.ciLow > 50 && rtt.ciHigh < 60);
    QVERIFY(rtt.significant);
    // Equal throughput series (47 Mbit/s and noise): no significant difference.
    const MetricDifference &t = row(p, QStringLiteral("throughput"))->difference;
    QCOMPARE(t.method, MetricDifference::Method::BlockBootstrap);
    QVERIFY2(!t.significant, qPrintable(QString::number(t.pHolm)));
    QVERIFY(t.ciLow < t.difference && t.difference < t.ciHigh);
    QVERIFY2(std::abs(t.difference) < 0.2e6, qPrintable(QString::number(t.difference)));
    // The same again: the bootstrap is seeded.
    auto again = diffExperiments(*m_store, m_a, m_b);
    QCOMPARE(row(again->points.at(1), QStringLiteral("rtt_median"))->difference.ciLow, rtt.ciLow);
}

void TestExperimentDiff::noRunsNoTest()
{
    MetricRuns none;
    MetricRuns one{{47e6}, {{47e6}}};
    const MetricDifference d = compareMetric(none, one);
    QCOMPARE(d.method, MetricDifference::Method::None);
    QVERIFY(std::isnan(d.p));
    QVERIFY(std::isnan(d.difference));
    QCOMPARE(methodName(d.method), QStringLiteral("none"));
    // A at 0 (no retransmissions): no percentage, the absolute difference stays.
    MetricRuns zero{{0, 0, 0}, {}};
    MetricRuns some{{3, 4, 5}, {}};
    const MetricDifference r = compareMetric(zero, some);
    QCOMPARE(r.difference, 4.0);
    QVERIFY(std::isnan(r.percent(r.difference)));
}

void TestExperimentDiff::holmOverTheMetrics()
{
    MetricDifference a;
    MetricDifference b;
    MetricDifference c;
    a.p = 0.01;
    b.p = 0.04;
    c.p = std::nan("");
    correctForMetrics({&a, &b, &c});
    // m = 2 (the NaN does not count): 0.02 and max(0.02, 0.04).
    QCOMPARE(a.pHolm, 0.02);
    QCOMPARE(b.pHolm, 0.04);
    QVERIFY(a.significant && b.significant && !c.significant);
    b.p = 0.03;
    a.p = 0.03;
    correctForMetrics({&a, &b});
    QCOMPARE(a.pHolm, 0.06);
    QVERIFY(!a.significant && !b.significant);
}

void TestExperimentDiff::json()
{
    auto diff = diffExperiments(*m_store, m_a, m_b);
    QVERIFY(diff.has_value());
    const QJsonObject json = toJson(*diff);
    QCOMPARE(json.value(QStringLiteral("schema_version")).toInt(), 2);
    QCOMPARE(json.value(QStringLiteral("a")).toObject().value(QStringLiteral("id")).toInteger(), m_a);
    const QJsonArray points = json.value(QStringLiteral("points")).toArray();
    QCOMPARE(points.size(), 2);
    const QJsonArray metrics = points.at(0).toObject().value(QStringLiteral("metrics")).toArray();
    QCOMPARE(metrics.size(), 4);
    const QJsonObject t = metrics.at(0).toObject();
    QCOMPARE(t.value(QStringLiteral("metric")).toString(), QStringLiteral("throughput"));
    QCOMPARE(t.value(QStringLiteral("method")).toString(), QStringLiteral("welch"));
    const MetricDifference &d = diff->points.first().metrics.first().difference;
    QCOMPARE(t.value(QStringLiteral("p")).toDouble(), d.p);
    QCOMPARE(t.value(QStringLiteral("p_holm")).toDouble(), d.pHolm);
    QCOMPARE(t.value(QStringLiteral("ci_low_pct")).toDouble(), d.percent(d.ciLow));
    QCOMPARE(t.value(QStringLiteral("significant")).toBool(), true);
    QCOMPARE(json.value(QStringLiteral("only_in_a")).toArray().size(), 1);
    // Two experiments of one point each are matched whatever their labels.
    const qint64 c = *m_store->createExperiment(plan(QStringLiteral("C"), {QStringLiteral("256K")}, 1));
    const qint64 e = *m_store->createExperiment(plan(QStringLiteral("E"), {QStringLiteral("512K")}, 1));
    storeRun(*m_store, c, 0, 0, 40, 30, 7);
    storeRun(*m_store, e, 0, 0, 41, 31, 8);
    auto single = diffExperiments(*m_store, c, e);
    QVERIFY(single.has_value());
    QCOMPARE(single->points.size(), 1);
    QCOMPARE(single->points.first().labelB, QStringLiteral("512 KiB"));
    const QList<KnobDifference> &knobs = single->points.first().knobs;
    QCOMPARE(knobs.size(), 1);
    QCOMPARE(knobs.first().key, QStringLiteral("socket.SO_SNDBUF"));
    QCOMPARE(knobs.first().a, QStringLiteral("262144"));
    QCOMPARE(knobs.first().b, QStringLiteral("524288"));
    QVERIFY(!diffExperiments(*m_store, c, 9999).has_value());
}

QTEST_GUILESS_MAIN(TestExperimentDiff)
#include "tst_experiment_diff.moc"

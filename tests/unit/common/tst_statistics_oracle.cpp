// The statistics module (common/confidence_interval, common/hypothesis_tests) against SciPy,
// computed live by Debian's python3-scipy (scripts/install-deps) in this test, the way the
// capture tests ask tshark: no stored figure can drift from SciPy. Each figure is compared to
// 1e-9 relative with the SciPy function of the same definition:
//   meanInterval            scipy.stats.t.interval(0.95, n - 1, loc=mean, scale=scipy.stats.sem(x)):
//                           its centre and half-width (the bounds themselves lose digits when
//                           the interval spans 0); the half-width also with the polished t
//                           quantile (below), t.interval itself to 1e-7
//   welchTTest t, p         scipy.stats.ttest_ind(x, y, equal_var=False)
//   welchTTest df, interval Welch-Satterthwaite df and the quantile t(0.975; df) * se (SciPy 1.10's
//                           ttest_ind gives neither). SciPy 1.10's scipy.stats.t.ppf inverts the
//                           cdf with cdflib to only about 1e-9 for a fractional df, so the test
//                           polishes its answer with Newton steps on scipy.stats.t.cdf, the
//                           definition itself, to machine precision.
//   welchTTest hedgesG      Cohen's d times Gamma(m/2) / (sqrt(m/2) Gamma((m-1)/2)), in Python
//   mannWhitneyU Exact      scipy.stats.mannwhitneyu(x, y, method="exact") (data without ties)
//   mannWhitneyU Asymptotic scipy.stats.mannwhitneyu(x, y, method="asymptotic") (continuity on)
//   mannWhitneyU Auto       scipy.stats.mannwhitneyu(x, y, method="auto")
//   holmAdjusted            Holm's step-down in plain Python (SciPy has no Holm;
//                           scipy.stats.false_discovery_control is Benjamini-Hochberg, another rule)
// Where SciPy answers NaN because a group has no spread, tcptune's own definition (the headers,
// docs/statistics.md) is checked instead, by value.

#include "common/confidence_interval.h"
#include "common/hypothesis_tests.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QTest>

#include <cmath>

using namespace tcptune;

namespace {

constexpr double kRelative = 1e-9;

struct DataSet {
    const char *name;
    QList<double> x;
    QList<double> y;
};

// At least 30 pairs: n = 2, ties, zero variance (one group and both), one outlier, skewed,
// large n (asymptotic rank test), tiny and huge magnitudes, and the throughputs a sweep gives.
QList<DataSet> dataSets()
{
    return {
        {"n=2 each", {1.0, 2.0}, {3.0, 5.0}},
        {"n=2 vs n=3", {10.0, 12.0}, {11.0, 13.5, 12.2}},
        {"n=3 sweep throughputs", {47.1e6, 46.8e6, 47.3e6}, {46.2e6, 46.9e6, 45.8e6}},
        {"n=3 RTT medians bloat", {19.4, 19.9, 20.3}, {71.2, 76.5, 74.9}},
        {"identical groups", {5.0, 6.0, 7.0}, {5.0, 6.0, 7.0}},
        {"ties within x", {1.0, 1.0, 2.0, 3.0}, {2.5, 4.0, 5.0}},
        {"ties across groups", {1.0, 2.0, 3.0, 4.0}, {3.0, 4.0, 5.0, 6.0}},
        {"many ties", {1, 1, 1, 2, 2, 3}, {1, 2, 2, 3, 3, 3}},
        {"zero variance in x", {4.0, 4.0, 4.0}, {3.0, 5.0, 4.5}},
        {"zero variance in y", {3.1, 2.9, 3.3, 3.0}, {2.0, 2.0}},
        {"zero variance both, different means", {5.0, 5.0, 5.0}, {6.0, 6.0, 6.0}},
        {"zero variance both, equal means", {5.0, 5.0, 5.0}, {5.0, 5.0, 5.0, 5.0}},
        {"one outlier in x", {10.1, 10.3, 9.9, 10.0, 55.0}, {10.2, 10.4, 10.1, 10.3, 10.2}},
        {"one outlier in y", {0.51, 0.49, 0.5, 0.52}, {0.5, 0.48, 0.47, 0.02}},
        {"skewed", {1.0, 1.2, 1.1, 1.4, 9.0, 1.3}, {2.0, 2.5, 2.2, 30.0, 2.1}},
        {"complete separation n=4", {1.0, 2.0, 3.0, 4.0}, {5.0, 6.0, 7.0, 8.0}},
        {"complete separation n=8", {1, 2, 3, 4, 5, 6, 7, 8}, {9, 10, 11, 12, 13, 14, 15, 16}},
        {"interleaved n=5", {1.0, 3.0, 5.0, 7.0, 9.0}, {2.0, 4.0, 6.0, 8.0, 10.0}},
        {"n=1 vs n=6 (rank test only)", {3.7}, {1.0, 2.0, 3.0, 4.0, 5.0, 6.0}},
        {"unequal sizes 3 vs 9", {4.2, 5.1, 3.9}, {2.2, 2.9, 3.1, 2.5, 3.0, 2.7, 2.8, 3.3, 2.6}},
        {"large n=12 each",
         {12.1, 11.8, 12.5, 13.0, 11.2, 12.9, 12.3, 11.7, 12.0, 12.6, 12.2, 11.9},
         {12.8, 13.1, 12.4, 13.6, 13.3, 12.9, 13.8, 12.7, 13.0, 13.4, 13.2, 12.6}},
        {"large n with ties", {1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 7}, {2, 3, 3, 4, 4, 5, 5, 5, 6, 6, 7, 8}},
        {"n=9 vs n=10 no ties",
         {0.11, 0.35, 0.72, 0.93, 1.21, 1.44, 1.87, 2.05, 2.31},
         {0.52, 0.8, 1.13, 1.39, 1.66, 1.92, 2.18, 2.47, 2.73, 3.02}},
        {"tiny magnitudes", {1.2e-7, 1.5e-7, 1.1e-7}, {2.3e-7, 2.1e-7, 2.6e-7}},
        {"huge magnitudes", {9.41e9, 9.43e9, 9.38e9, 9.40e9}, {9.12e9, 9.15e9, 9.11e9}},
        {"negative values", {-3.0, -2.5, -4.1}, {-1.0, -0.2, -0.7, -1.3}},
        {"near-identical means", {100.0, 101.0, 99.0, 100.5}, {100.2, 99.8, 100.9, 99.5}},
        {"very different variances", {50.0, 50.1, 49.9}, {10.0, 90.0, 45.0, 70.0, 20.0}},
        {"exact p at U = mn/2", {1.0, 4.0}, {2.0, 3.0}},
        {"retransmissions counts", {0, 3, 1, 0, 2}, {12, 9, 15, 11, 8}},
        {"n=2 vs n=2 overlapping", {20.5, 21.0}, {20.8, 20.6}},
        {"n=7 vs n=8 exact", {3.1, 4.5, 2.2, 5.9, 4.0, 3.3, 6.1}, {5.2, 6.8, 7.4, 4.9, 8.1, 6.6, 7.7, 5.5}},
        {"n=20 vs n=3 one tie", {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22}, {5, 30, 31}},
    };
}

QJsonArray toJson(const QList<double> &values)
{
    QJsonArray out;
    for (double v : values)
        out.append(v);
    return out;
}

// The SciPy side: one JSON object per data set on stdout; NaN as null (JSON has no NaN).
const char *const kScipyScript = R"PY(
import json, math, sys
import numpy as np
from scipy import stats

def num(v):
    v = float(v)
    return None if math.isnan(v) else (str(v) if math.isinf(v) else v)

def holm(ps):
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    m = len(ps)
    out = [0.0] * m
    running = 0.0
    for k, i in enumerate(order):
        running = max(running, min(1.0, (m - k) * ps[i]))
        out[i] = running
    return out

def t_quantile(p, df):
    q = stats.t.ppf(p, df)
    for _ in range(3):
        q -= (stats.t.cdf(q, df) - p) / stats.t.pdf(q, df)
    return q

def welch_extras(x, y):
    nx, ny = len(x), len(y)
    vx, vy = np.var(x, ddof=1) / nx, np.var(y, ddof=1) / ny
    se = math.sqrt(vx + vy)
    diff = np.mean(x) - np.mean(y)
    m = nx + ny - 2
    pooled = math.sqrt(((nx - 1) * np.var(x, ddof=1) + (ny - 1) * np.var(y, ddof=1)) / m)
    g = diff / pooled * math.gamma(m / 2) / (math.sqrt(m / 2) * math.gamma((m - 1) / 2)) if pooled > 0 else float("nan")
    if se == 0:
        return {"df": None, "ci_low": None, "ci_high": None, "g": num(g)}
    df = (vx + vy) ** 2 / (vx ** 2 / (nx - 1) + vy ** 2 / (ny - 1))
    half = t_quantile(0.975, df) * se
    return {"df": df, "ci_low": diff - half, "ci_high": diff + half, "g": num(g)}

out = []
for d in json.load(sys.stdin):
    x, y = np.array(d["x"], dtype=float), np.array(d["y"], dtype=float)
    r = {}
    if len(x) >= 2:
        lo, hi = stats.t.interval(0.95, len(x) - 1, loc=np.mean(x), scale=stats.sem(x))
        r["ci"] = [num(lo), num(hi), num(t_quantile(0.975, len(x) - 1) * stats.sem(x)), num(np.mean(x))]
    if len(x) >= 2 and len(y) >= 2:
        w = stats.ttest_ind(x, y, equal_var=False)
        r["welch"] = {"t": num(w.statistic), "p": num(w.pvalue), **welch_extras(x, y)}
    if len(np.unique(np.concatenate([x, y]))) == len(x) + len(y):
        e = stats.mannwhitneyu(x, y, method="exact")
        r["mwu_exact"] = [num(e.statistic), num(e.pvalue)]
    a = stats.mannwhitneyu(x, y, method="asymptotic")
    r["mwu_asymptotic"] = [num(a.statistic), num(a.pvalue)]
    u = stats.mannwhitneyu(x, y, method="auto")
    r["mwu_auto"] = [num(u.statistic), num(u.pvalue)]
    ps = [p for p in [r.get("welch", {}).get("p"), a.pvalue, u.pvalue] if p is not None and not math.isnan(p)]
    r["holm_in"] = ps
    r["holm"] = holm(ps)
    out.append(r)
json.dump(out, sys.stdout)
)PY";

QString python()
{
    // Debian's interpreter, where python3-scipy is; a python3 earlier on PATH may lack it.
    return QFile::exists(QStringLiteral("/usr/bin/python3")) ? QStringLiteral("/usr/bin/python3")
                                                             : QStringLiteral("python3");
}

// Runs the SciPy script over every data set once; empty with a message in ERROR when it fails.
QJsonArray scipyAnswers(QString &error)
{
    QJsonArray input;
    for (const DataSet &d : dataSets())
        input.append(QJsonObject{{QStringLiteral("x"), toJson(d.x)}, {QStringLiteral("y"), toJson(d.y)}});
    QProcess process;
    process.start(python(), {QStringLiteral("-c"), QString::fromUtf8(kScipyScript)});
    if (!process.waitForStarted(10000)) {
        error = QStringLiteral("python3 does not start: run scripts/install-deps");
        return {};
    }
    process.write(QJsonDocument(input).toJson(QJsonDocument::Compact));
    process.closeWriteChannel();
    process.waitForFinished(60000);
    const QJsonDocument doc = QJsonDocument::fromJson(process.readAllStandardOutput());
    if (process.exitCode() != 0 || !doc.isArray()) {
        error = QString::fromUtf8(process.readAllStandardError());
        return {};
    }
    return doc.array();
}

const QJsonArray &answers()
{
    static QString error;
    static const QJsonArray cached = scipyAnswers(error);
    if (!error.isEmpty())
        qWarning("SciPy oracle failed: %s", qPrintable(error));
    return cached;
}

double scipyNumber(const QJsonValue &v)
{
    if (v.isString())
        return v.toString().toDouble(); // "inf", "-inf"
    return v.isNull() ? std::nan("") : v.toDouble();
}

bool close(double ours, double theirs)
{
    if (std::isnan(ours) || std::isnan(theirs))
        return std::isnan(ours) && std::isnan(theirs);
    if (std::isinf(ours) || std::isinf(theirs))
        return ours == theirs;
    return std::abs(ours - theirs) <= kRelative * std::max(std::abs(ours), std::abs(theirs));
}

QByteArray describe(const char *what, double ours, double theirs)
{
    return QStringLiteral("%1: tcptune %2, SciPy %3")
        .arg(QString::fromUtf8(what))
        .arg(ours, 0, 'g', 17)
        .arg(theirs, 0, 'g', 17)
        .toUtf8();
}

#define COMPARE_SCIPY(what, ours, theirs)                                                                              \
    QVERIFY2(close((ours), (theirs)), describe((what), (ours), (theirs)).constData())

} // namespace

class TestStatisticsOracle final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void agreesWithScipy_data();
    void confidenceInterval();
    void welch();
    void rankTestExact();
    void rankTestAsymptotic();
    void rankTestAuto();
    void holm();
    void confidenceInterval_data() { agreesWithScipy_data(); }
    void welch_data() { agreesWithScipy_data(); }
    void rankTestExact_data() { agreesWithScipy_data(); }
    void rankTestAsymptotic_data() { agreesWithScipy_data(); }
    void rankTestAuto_data() { agreesWithScipy_data(); }
    void holm_data() { agreesWithScipy_data(); }
    void holmKnownValues();
};

void TestStatisticsOracle::initTestCase()
{
    QVERIFY(dataSets().size() >= 30);
    QCOMPARE(answers().size(), dataSets().size());
}

void TestStatisticsOracle::agreesWithScipy_data()
{
    QTest::addColumn<QList<double>>("x");
    QTest::addColumn<QList<double>>("y");
    QTest::addColumn<QJsonObject>("scipy");
    const QList<DataSet> sets = dataSets();
    for (qsizetype i = 0; i < sets.size(); ++i)
        QTest::newRow(sets[i].name) << sets[i].x << sets[i].y << answers().at(i).toObject();
}

void TestStatisticsOracle::confidenceInterval()
{
    QFETCH(QList<double>, x);
    QFETCH(QJsonObject, scipy);
    const stats::MeanInterval ci = stats::meanInterval(x);
    QCOMPARE(ci.n, std::size_t(x.size()));
    if (x.size() < 2) {
        QVERIFY(!ci.hasInterval());
        QVERIFY(std::isnan(ci.low) && std::isnan(ci.high) && std::isnan(ci.halfWidth()));
        return;
    }
    const QJsonArray theirs = scipy.value(QStringLiteral("ci")).toArray();
    if (ci.sd == 0) {
        // SciPy: NaN for a scale of 0; tcptune: the degenerate interval at the mean.
        QVERIFY(theirs.at(0).isNull() && theirs.at(1).isNull());
        QCOMPARE(ci.low, x.first());
        QCOMPARE(ci.high, x.first());
        QCOMPARE(ci.halfWidth(), 0.0);
        return;
    }
    const double low = scipyNumber(theirs.at(0));
    const double high = scipyNumber(theirs.at(1));
    COMPARE_SCIPY("t.interval centre", (ci.low + ci.high) / 2, (low + high) / 2);
    COMPARE_SCIPY("mean", ci.mean, scipyNumber(theirs.at(3)));
    COMPARE_SCIPY("half-width, polished t quantile", ci.halfWidth(), scipyNumber(theirs.at(2)));
    QVERIFY2(std::abs(ci.halfWidth() - (high - low) / 2) <= 1e-7 * ci.halfWidth(),
             describe("t.interval half-width", ci.halfWidth(), (high - low) / 2).constData());
}

void TestStatisticsOracle::welch()
{
    QFETCH(QList<double>, x);
    QFETCH(QList<double>, y);
    QFETCH(QJsonObject, scipy);
    const stats::WelchTest w = stats::welchTTest(x, y);
    if (x.size() < 2 || y.size() < 2) {
        QVERIFY(!w.defined);
        QVERIFY(std::isnan(w.p));
        return;
    }
    QVERIFY(w.defined);
    const QJsonObject theirs = scipy.value(QStringLiteral("welch")).toObject();
    COMPARE_SCIPY("hedges g", w.hedgesG, scipyNumber(theirs.value(QStringLiteral("g"))));
    if (w.standardError == 0 && w.difference == 0) {
        // SciPy: t and p NaN (0 / 0); tcptune: nothing differs, t = 0, p = 1.
        QVERIFY(theirs.value(QStringLiteral("p")).isNull());
        QCOMPARE(w.t, 0.0);
        QCOMPARE(w.p, 1.0);
        QCOMPARE(w.ciLow, 0.0);
        QCOMPARE(w.ciHigh, 0.0);
        return;
    }
    COMPARE_SCIPY("ttest_ind(equal_var=False) t", w.t, scipyNumber(theirs.value(QStringLiteral("t"))));
    COMPARE_SCIPY("ttest_ind(equal_var=False) p", w.p, scipyNumber(theirs.value(QStringLiteral("p"))));
    if (w.standardError == 0) {
        QCOMPARE(w.ciLow, w.difference);
        QCOMPARE(w.ciHigh, w.difference);
        return;
    }
    COMPARE_SCIPY("welch df", w.df, scipyNumber(theirs.value(QStringLiteral("df"))));
    COMPARE_SCIPY("welch ci low", w.ciLow, scipyNumber(theirs.value(QStringLiteral("ci_low"))));
    COMPARE_SCIPY("welch ci high", w.ciHigh, scipyNumber(theirs.value(QStringLiteral("ci_high"))));
}

void TestStatisticsOracle::rankTestExact()
{
    QFETCH(QList<double>, x);
    QFETCH(QList<double>, y);
    QFETCH(QJsonObject, scipy);
    if (!scipy.contains(QStringLiteral("mwu_exact"))) {
        // Ties: SciPy's exact distribution assumes none, and so auto falls back to asymptotic.
        QVERIFY(stats::mannWhitneyU(x, y).method == stats::RankTestMethod::Asymptotic);
        return;
    }
    const stats::RankTest r = stats::mannWhitneyU(x, y, stats::RankTestMethod::Exact);
    const QJsonArray theirs = scipy.value(QStringLiteral("mwu_exact")).toArray();
    QVERIFY(r.method == stats::RankTestMethod::Exact);
    COMPARE_SCIPY("mannwhitneyu(method=\"exact\") U", r.u1, scipyNumber(theirs.at(0)));
    COMPARE_SCIPY("mannwhitneyu(method=\"exact\") p", r.p, scipyNumber(theirs.at(1)));
}

void TestStatisticsOracle::rankTestAsymptotic()
{
    QFETCH(QList<double>, x);
    QFETCH(QList<double>, y);
    QFETCH(QJsonObject, scipy);
    const stats::RankTest r = stats::mannWhitneyU(x, y, stats::RankTestMethod::Asymptotic);
    const QJsonArray theirs = scipy.value(QStringLiteral("mwu_asymptotic")).toArray();
    COMPARE_SCIPY("mannwhitneyu(method=\"asymptotic\") U", r.u1, scipyNumber(theirs.at(0)));
    COMPARE_SCIPY("mannwhitneyu(method=\"asymptotic\") p", r.p, scipyNumber(theirs.at(1)));
}

void TestStatisticsOracle::rankTestAuto()
{
    QFETCH(QList<double>, x);
    QFETCH(QList<double>, y);
    QFETCH(QJsonObject, scipy);
    const stats::RankTest r = stats::mannWhitneyU(x, y);
    const QJsonArray theirs = scipy.value(QStringLiteral("mwu_auto")).toArray();
    const bool expectExact = (x.size() <= 8 || y.size() <= 8) && scipy.contains(QStringLiteral("mwu_exact"));
    QCOMPARE(r.method == stats::RankTestMethod::Exact, expectExact);
    COMPARE_SCIPY("mannwhitneyu(method=\"auto\") U", r.u1, scipyNumber(theirs.at(0)));
    COMPARE_SCIPY("mannwhitneyu(method=\"auto\") p", r.p, scipyNumber(theirs.at(1)));
}

void TestStatisticsOracle::holm()
{
    QFETCH(QJsonObject, scipy);
    QList<double> in;
    for (const QJsonValue &v : scipy.value(QStringLiteral("holm_in")).toArray())
        in.append(v.toDouble());
    const std::vector<double> ours = stats::holmAdjusted(in);
    const QJsonArray theirs = scipy.value(QStringLiteral("holm")).toArray();
    QCOMPARE(qsizetype(ours.size()), theirs.size());
    for (qsizetype i = 0; i < theirs.size(); ++i)
        COMPARE_SCIPY("holm", ours[std::size_t(i)], theirs.at(i).toDouble());
}

void TestStatisticsOracle::holmKnownValues()
{
    // Holm (1979) by hand: sorted 0.01, 0.02, 0.03, 0.04 times 4, 3, 2, 1 = 0.04, 0.06, 0.06
    // (monotone: max with 0.06), 0.06 (max of 0.04 and 0.06); a NaN keeps its place and does not count.
    const QList<double> p{0.03, 0.01, std::nan(""), 0.04, 0.02};
    const std::vector<double> adjusted = stats::holmAdjusted(p);
    QCOMPARE(adjusted[1], 0.04);
    QVERIFY(std::abs(adjusted[4] - 0.06) < 1e-15);
    QVERIFY(std::abs(adjusted[0] - 0.06) < 1e-15);
    QVERIFY(std::abs(adjusted[3] - 0.06) < 1e-15);
    QVERIFY(std::isnan(adjusted[2]));
}

QTEST_GUILESS_MAIN(TestStatisticsOracle)
#include "tst_statistics_oracle.moc"

// `tcptune check`'s judgement on comparisons made by the statistics module from runs with known
// figures: a significant drop beyond the limit is a regression, a significant RTT drop an
// improvement, a small significant change passes, a wide interval is undecided with the repeats
// that would decide it, and a missing point is undecided too. Its JUnit file validates against
// Jenkins' junit-10.xsd (xmllint, live) and its Markdown renders as a table (python3-markdown).

#include "common/hypothesis_tests.h"
#include "experiment/tables/regression_check.h"
#include "experiment/tables/regression_check_junit.h"
#include "experiment/tables/regression_check_markdown.h"
#include "test_paths.h"

#include <QProcess>
#include <QTimeZone>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;

namespace {

MetricRow row(const QString &key, const QList<double> &a, const QList<double> &b)
{
    return MetricRow{key, key == QLatin1String("throughput") ? QStringLiteral("bit/s") : QStringLiteral("ms"),
                     compareMetric(MetricRuns{a, {}}, MetricRuns{b, {}})};
}

// One point: throughput (Mbit/s as bit/s) and RTT median runs of baseline A and candidate B.
PointDiff point(const QString &label, const QList<double> &tputA, const QList<double> &tputB, const QList<double> &rttA,
                const QList<double> &rttB)
{
    const auto bits = [](QList<double> v) {
        for (double &x : v)
            x *= 1e6;
        return v;
    };
    PointDiff p;
    p.labelA = p.labelB = label;
    p.metrics = {row(QStringLiteral("throughput"), bits(tputA), bits(tputB)),
                 row(QStringLiteral("rtt_median"), rttA, rttB)};
    QList<MetricDifference *> family;
    for (MetricRow &r : p.metrics)
        family.append(&r.difference);
    correctForMetrics(family);
    return p;
}

ExperimentDiff diffOf(const QList<PointDiff> &points)
{
    ExperimentDiff d;
    d.a.id = 12;
    d.a.name = QStringLiteral("baseline");
    d.b.id = 14;
    d.b.name = QStringLiteral("candidate");
    d.points = points;
    return d;
}

const MetricCheck &checkOf(const RegressionCheck &check, const QString &metric)
{
    for (const MetricCheck &c : check.checks)
        if (c.row.key == metric)
            return c;
    qFatal("no check of %s", qPrintable(metric));
}

const QList<double> kSteady = {100, 101, 99, 100.5, 99.5};
const QList<double> kRtt = {20, 20.4, 19.6, 20.2, 19.8};

} // namespace

class TestRegressionCheck final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void throughputDropIsARegression();
    void rttDropIsAnImprovement();
    void smallSignificantChangePasses();
    void wideIntervalIsUndecided();
    void missingPointIsUndecided();
    void limitsParse();
    void runsToDetectIsTheTextbookFormula();
    void junitValidatesAgainstJenkinsSchema();
    void markdownRendersAsATable();
};

void TestRegressionCheck::throughputDropIsARegression()
{
    const RegressionCheck check = checkRegressions(
        diffOf({point(QStringLiteral("64K"), kSteady, {90, 91, 89, 90.5, 89.5}, kRtt, kRtt)}), RegressionLimits());
    const MetricCheck &tput = checkOf(check, QStringLiteral("throughput"));
    QCOMPARE(tput.outcome, CheckOutcome::Regression);
    QVERIFY2(tput.sentence().startsWith(QStringLiteral("throughput -10.0 % (95 % CI -")), qPrintable(tput.sentence()));
    QVERIFY2(tput.sentence().endsWith(QStringLiteral("a regression beyond the 5 % limit")),
             qPrintable(tput.sentence()));
    QCOMPARE(checkOf(check, QStringLiteral("rtt_median")).outcome, CheckOutcome::Pass);
    QCOMPARE(check.exitCode(), 1);
    // A limit above the drop lets it pass.
    const RegressionCheck lenient =
        checkRegressions(check.diff, *RegressionLimits::parse(QStringLiteral("throughput=15")));
    QCOMPARE(checkOf(lenient, QStringLiteral("throughput")).outcome, CheckOutcome::Pass);
    QCOMPARE(lenient.exitCode(), 0);
}

void TestRegressionCheck::rttDropIsAnImprovement()
{
    const RegressionCheck check = checkRegressions(
        diffOf({point(QString(), kSteady, kSteady, {160, 165, 158, 162, 161}, {9, 9.5, 8.8, 9.2, 9.1})}),
        RegressionLimits());
    QCOMPARE(checkOf(check, QStringLiteral("rtt_median")).outcome, CheckOutcome::Improvement);
    QCOMPARE(checkOf(check, QStringLiteral("throughput")).outcome, CheckOutcome::Pass);
    QCOMPARE(check.exitCode(), 0);
    // The other way round it is a regression of the RTT, named with its interval.
    const RegressionCheck reverse = checkRegressions(
        diffOf({point(QString(), kSteady, kSteady, {9, 9.5, 8.8, 9.2, 9.1}, {160, 165, 158, 162, 161})}),
        RegressionLimits());
    const MetricCheck &rtt = checkOf(reverse, QStringLiteral("rtt_median"));
    QCOMPARE(rtt.outcome, CheckOutcome::Regression);
    QVERIFY2(rtt.sentence().startsWith(QStringLiteral("RTT median +")), qPrintable(rtt.sentence()));
    QVERIFY(rtt.sentence().contains(QStringLiteral("(95 % CI +")));
    QCOMPARE(reverse.exitCode(), 1);
}

void TestRegressionCheck::smallSignificantChangePasses()
{
    const RegressionCheck check =
        checkRegressions(diffOf({point(QString(), kSteady, {98, 99, 97, 98.5, 97.5}, kRtt, kRtt)}), RegressionLimits());
    const MetricCheck &tput = checkOf(check, QStringLiteral("throughput"));
    QVERIFY(tput.row.difference.significant);
    QCOMPARE(tput.outcome, CheckOutcome::Pass);
    QVERIFY2(tput.sentence().endsWith(QStringLiteral("within the 5 % limit")), qPrintable(tput.sentence()));
    QCOMPARE(check.exitCode(), 0);
}

void TestRegressionCheck::wideIntervalIsUndecided()
{
    const RegressionCheck check =
        checkRegressions(diffOf({point(QString(), {100, 60, 140}, {95, 50, 145}, kRtt, kRtt)}), RegressionLimits());
    const MetricCheck &tput = checkOf(check, QStringLiteral("throughput"));
    QCOMPARE(tput.outcome, CheckOutcome::Undecided);
    // sd 40 % of the mean against a 5 % limit: far more than the three runs it had.
    QVERIFY2(tput.repeatsNeeded > 100, qPrintable(QString::number(tput.repeatsNeeded)));
    QVERIFY(tput.sentence().contains(QStringLiteral("runs a side would decide it")));
    QCOMPARE(check.exitCode(), 2);
}

void TestRegressionCheck::missingPointIsUndecided()
{
    ExperimentDiff diff = diffOf({point(QStringLiteral("64K"), kSteady, kSteady, kRtt, kRtt)});
    QCOMPARE(checkRegressions(diff, RegressionLimits()).exitCode(), 0);
    diff.onlyInA = {QStringLiteral("1M")};
    QCOMPARE(checkRegressions(diff, RegressionLimits()).exitCode(), 2);
    QCOMPARE(checkRegressions(diffOf({}), RegressionLimits()).exitCode(), 2);
}

void TestRegressionCheck::limitsParse()
{
    const auto all = RegressionLimits::parse(QStringLiteral("2.5"));
    QVERIFY(all.has_value());
    QCOMPARE(all->percent.value(QStringLiteral("rtt_p95")), 2.5);
    const auto some = RegressionLimits::parse(QStringLiteral("throughput=3, rtt_median=20"));
    QVERIFY(some.has_value());
    QCOMPARE(some->percent.value(QStringLiteral("throughput")), 3.0);
    QCOMPARE(some->percent.value(QStringLiteral("rtt_median")), 20.0);
    QCOMPARE(some->percent.value(QStringLiteral("rtt_p95")), RegressionLimits::kDefaultPercent);
    for (const QString &bad : {QStringLiteral("-1"), QStringLiteral("fast"), QStringLiteral("throughput"),
                               QStringLiteral("jitter=3"), QStringLiteral("throughput=x"), QStringLiteral("nan")}) {
        const auto parsed = RegressionLimits::parse(bad);
        QVERIFY2(!parsed.has_value(), qPrintable(bad));
        QVERIFY(parsed.error().message.contains(QStringLiteral("throughput, rtt_median, rtt_p95")));
    }
}

void TestRegressionCheck::runsToDetectIsTheTextbookFormula()
{
    // n = 2 ((z 0.975 + z 0.8) sd / delta)^2 with z 0.975 = 1.959964, z 0.8 = 0.841621:
    // 15.70 for sd = delta, 62.79 for sd = 2 delta.
    QCOMPARE(stats::runsToDetect(1, 1), 16);
    QCOMPARE(stats::runsToDetect(2, 1), 63);
    QCOMPARE(stats::runsToDetect(0.1, 1), 2);
    QCOMPARE(stats::runsToDetect(0, 1), 0);
    QCOMPARE(stats::runsToDetect(1, 0), 0);
}

void TestRegressionCheck::junitValidatesAgainstJenkinsSchema()
{
    ExperimentDiff diff = diffOf({point(QStringLiteral("64K <&>"), kSteady, {90, 91, 89, 90.5, 89.5}, kRtt, kRtt),
                                  point(QStringLiteral("1M"), {100, 60, 140}, {95, 50, 145}, kRtt, kRtt)});
    diff.onlyInA = {QStringLiteral("4M")};
    const RegressionCheck check = checkRegressions(diff, RegressionLimits());
    const QByteArray xml = regressionCheckJUnit(check, QStringLiteral("lab-host"),
                                                QDateTime(QDate(2026, 12, 6), QTime(18, 0), QTimeZone::utc()), 12.5);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile file(dir.filePath(QStringLiteral("check.xml")));
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(xml) == xml.size());
    file.close();
    QProcess xmllint;
    xmllint.start(QStringLiteral("xmllint"),
                  {QStringLiteral("--noout"), QStringLiteral("--schema"),
                   tcptune::test::sourcePath(QStringLiteral("tests/data/junit/junit-10.xsd")), file.fileName()});
    QVERIFY2(xmllint.waitForFinished(30000), "xmllint (libxml2-utils): run scripts/install-deps");
    QVERIFY2(xmllint.exitCode() == 0, xmllint.readAllStandardError().constData());
    QCOMPARE(xml.count("<testcase "), 5);
    QCOMPARE(xml.count("<failure "), 1);
    QCOMPARE(xml.count("<skipped "), 1);
    QCOMPARE(xml.count("<error "), 1);
    QVERIFY(xml.contains("failures=\"1\""));
    QVERIFY(xml.contains("64K &lt;&amp;&gt;"));
}

void TestRegressionCheck::markdownRendersAsATable()
{
    const RegressionCheck check = checkRegressions(
        diffOf({point(QStringLiteral("64K"), kSteady, {90, 91, 89, 90.5, 89.5}, kRtt, kRtt)}), RegressionLimits());
    const QString markdown = regressionCheckMarkdown(check);
    QVERIFY(markdown.contains(QStringLiteral("**Regression**")));
    QProcess python;
    python.start(
        QStringLiteral("/usr/bin/python3"),
        {QStringLiteral("-c"), QStringLiteral("import sys, markdown; print(markdown.markdown(sys.stdin.read(), "
                                              "extensions=['tables']))")});
    QVERIFY(python.waitForStarted(10000));
    python.write(markdown.toUtf8());
    python.closeWriteChannel();
    QVERIFY(python.waitForFinished(30000));
    const QString html = QString::fromUtf8(python.readAllStandardOutput());
    QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
    QCOMPARE(html.count(QStringLiteral("<table>")), 1);
    QCOMPARE(html.count(QStringLiteral("<tr>")), 1 + 2); // the heading and one row per metric
    QCOMPARE(html.count(QStringLiteral("<td")), 2 * 7);
    QVERIFY(html.contains(QStringLiteral("<h2>tcptune check: ")));
}

QTEST_GUILESS_MAIN(TestRegressionCheck)
#include "tst_regression_check.moc"

// ReportBuilder on a real SQLite ResultStore filled with a story 5 sweep: one row per swept
// value with mean, sd and RTT, failed points reported with their error, the collapse flag, the
// knobs of both ends, a report of one run, and subject ids.

#include "experiment/spec/sweep_plan.h"
#include "report/report_builder.h"
#include "report/report_tables.h"
#include "report_fixture.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;

class TestReportBuilder final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void rowsFollowTheSweep();
    void failedPointIsReported();
    void collapseAndNotes();
    void knobsOfBothEnds();
    void oneRun();
    void whyTableShowsTheVerdictsShare();
    void subjects_data();
    void subjects();
    void missingExperimentSaysWhatToDo();
    void labNoteOfTheSpec();
    void handSetKnobIsInTheRerunSpec();
    void capturesOfEveryRun();

private:
    ReportModel build(const ReportSubject &subject);
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ResultStore> m_store;
    qint64 m_id = 0;
};

void TestReportBuilder::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_store = std::make_unique<ResultStore>();
    QVERIFY(m_store->open(m_dir->filePath(QStringLiteral("results.db"))).has_value());
    m_id = test::fillStory5Sweep(*m_store);
}

ReportModel TestReportBuilder::build(const ReportSubject &subject)
{
    ReportOptions options;
    options.withHostFacts = false;
    auto model = buildReport(*m_store, subject, options);
    if (!model)
        qWarning("%s", qPrintable(model.error().message));
    return model.value_or(ReportModel{});
}

// A spec's note on what the lab cannot reproduce is among the notes a reader must not miss, when
// it ran in the lab; against a real host it says nothing.
void TestReportBuilder::labNoteOfTheSpec()
{
    QCOMPARE(build({m_id, 0}).notes.filter(QStringLiteral("In the lab:")).size(), 0); // the fixture has none
    for (const TargetSpec::Kind kind : {TargetSpec::Kind::Lab, TargetSpec::Kind::Agent}) {
        ExperimentSpec spec;
        spec.name = QStringLiteral("note");
        spec.labNote = QStringLiteral("a veth completes a packet at once");
        spec.target.kind = kind;
        spec.target.host = kind == TargetSpec::Kind::Agent ? QStringLiteral("198.18.30.2") : QString();
        const auto id = m_store->createExperiment(SweepPlan{spec});
        QVERIFY(id.has_value());
        const QStringList notes = build({*id, 0}).notes;
        QCOMPARE(notes.contains(QStringLiteral("In the lab: a veth completes a packet at once")),
                 kind == TargetSpec::Kind::Lab);
    }
}

void TestReportBuilder::rowsFollowTheSweep()
{
    const ReportModel m = build({m_id, 0});
    QCOMPARE(m.experimentId, m_id);
    const QList<PointResult> &points = m.results.points;
    QCOMPARE(points.size(), 8);
    QCOMPARE(m.pointLabel(points.first()), QStringLiteral("64 KiB"));
    QCOMPARE(m.pointLabel(points.last()), QStringLiteral("4 MiB"));
    QCOMPARE(m.axisName, QStringLiteral("socket.SO_SNDBUF"));
    QCOMPARE(m.runs().size(), 16);
    const PointResult &r = points.at(1); // 128 KiB: 2 runs at 888 Mbit/s and 3 % more
    QCOMPARE(r.okRuns(), 2);
    QCOMPARE(r.stats.values.size(), 2);
    QVERIFY(r.stats.mean > 880e6 && r.stats.mean < 920e6);
    QVERIFY(r.stats.sd > 10e6);
    QVERIFY(r.stats.rttMedianMs > 7 && r.stats.rttMedianMs < 9);
    QVERIFY(r.stats.rttP95Ms >= r.stats.rttMedianMs);
    // RTT grows with the window, as the fixture says.
    QVERIFY(points.at(7).stats.rttMedianMs > points.at(0).stats.rttMedianMs);
    QVERIFY(!m.samples.value(m.runs().first()->id).isEmpty());
    QVERIFY(!m.specJson.isEmpty());
    QVERIFY(m.rerunCommand.startsWith(QStringLiteral("tcptune sweep ")));
}

void TestReportBuilder::failedPointIsReported()
{
    const ReportModel m = build({m_id, 0});
    const PointResult &failed = m.results.points.at(4);
    QCOMPARE(m.pointLabel(failed), QStringLiteral("512 KiB"));
    QCOMPARE(failed.okRuns(), 0);
    QVERIFY(!failed.hasResult());
    QCOMPARE(failed.failedRuns, 2);
    QCOMPARE(failed.errors.value(0), test::kFixtureError);
    QVERIFY(failed.flags().join(u' ').contains(QStringLiteral("FAILED")));
    QCOMPARE(m.failedRunCount(), 2);
    QVERIFY(m.notes.join(u'\n').contains(test::kFixtureError));
}

void TestReportBuilder::collapseAndNotes()
{
    const ReportModel m = build({m_id, 0});
    QCOMPARE(m.results.points.at(7).stats.collapsedRuns, 1);
    QVERIFY(m.results.points.at(7).flags().join(u' ').contains(QStringLiteral("collapse")));
    QCOMPARE(m.results.points.at(0).stats.collapsedRuns, 0);
    QVERIFY(m.results.points.at(0).flags().isEmpty());
}

void TestReportBuilder::knobsOfBothEnds()
{
    const ReportModel m = build({m_id, 0});
    QVERIFY(!m.knobs.isEmpty());
    const ReportKnob &swept = m.knobs.first();
    QCOMPARE(swept.key, QStringLiteral("socket.SO_SNDBUF"));
    QVERIFY(swept.swept);
    QVERIFY(swept.setTo.contains(QStringLiteral("64 KiB")));
    QVERIFY(swept.setTo.contains(QStringLiteral("4 MiB")));
    bool sawBoth = false;
    for (const ReportKnob &k : m.knobs)
        if (k.key == QLatin1String("net.ipv4.tcp_congestion_control"))
            sawBoth =
                k.localBefore == QLatin1String("cubic") && k.remoteBefore == QLatin1String("cubic") && !k.changed();
    QVERIFY(sawBoth);
}

void TestReportBuilder::oneRun()
{
    const ReportModel all = build({m_id, 0});
    const RunRecord third = *all.runs().at(2);
    const ReportModel m = build({0, third.id});
    QCOMPARE(m.runId, third.id);
    QCOMPARE(m.runs().size(), 1);
    QCOMPARE(m.results.points.size(), 1);
    QCOMPARE(m.pointLabel(m.results.points.first()), third.pointLabel);
    QCOMPARE(m.results.points.first().okRuns(), 1);
    QCOMPARE(m.results.points.first().stats.mean, third.throughputBps);
}

// Story 5's 64 KiB run as the kernel counts it: sndbuf-limited 0 %, application-limited 99 %.
// The verdict names the send buffer 99 % (rule 4); the "Why" table's send-buffer column shows the
// same share, and its note says why.
void TestReportBuilder::whyTableShowsTheVerdictsShare()
{
    RunRecord r = *build({m_id, 0}).runs().at(0);
    r.status = RunStatus::Ok;
    r.limiters.busy = 1;
    r.limiters.rwndLimited = 0;
    r.limiters.sndbufLimited = 0;
    r.limiters.cwndLimited = 0.01;
    r.limiters.applicationLimited = 0.99;
    r.details.insert(QStringLiteral("spec"), QJsonObject{{QStringLiteral("workload"), QStringLiteral("bulk")},
                                                         {QStringLiteral("sndbuf"), 65536}});
    QVERIFY(m_store->finishRun(r, {}).has_value());
    const ReportModel m = build({0, r.id});
    const ReportTable why = reporttables::diagnosis(m);
    QCOMPARE(why.rows.size(), 1);
    const QStringList row = why.rows.first();
    QCOMPARE(why.header.at(4), QStringLiteral("sndbuf-lim. %"));
    QCOMPARE(row.at(4), QStringLiteral("99"));
    QCOMPARE(row.at(6), QStringLiteral("99")); // app-lim.: the kernel's own figure
    QVERIFY2(row.last().contains(QStringLiteral("send buffer 99 % of the time")), qPrintable(row.last()));
    QVERIFY(reporttables::headings(m).diagnosisHint.contains(
        QStringLiteral("The send-buffer column is the share the verdict names: for a bulk writer the larger")));
}

void TestReportBuilder::subjects_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("experiment");
    QTest::addColumn<qint64>("run");
    QTest::addColumn<bool>("ok");
    QTest::addRow("plain") << "12" << qint64(12) << qint64(0) << true;
    QTest::addRow("sweep prefix") << "sweep:7" << qint64(7) << qint64(0) << true;
    QTest::addRow("experiment prefix") << "experiment:3" << qint64(3) << qint64(0) << true;
    QTest::addRow("run prefix") << "run:34" << qint64(0) << qint64(34) << true;
    QTest::addRow("short run") << "r5" << qint64(0) << qint64(5) << true;
    QTest::addRow("word") << "latest" << qint64(0) << qint64(0) << false;
    QTest::addRow("zero") << "0" << qint64(0) << qint64(0) << false;
    QTest::addRow("negative run") << "run:-2" << qint64(0) << qint64(0) << false;
}

void TestReportBuilder::subjects()
{
    QFETCH(QString, text);
    QFETCH(qint64, experiment);
    QFETCH(qint64, run);
    QFETCH(bool, ok);
    const auto s = ReportSubject::parse(text);
    QCOMPARE(s.has_value(), ok);
    if (!ok) {
        QVERIFY(s.error().message.contains(QStringLiteral("tcptune results list")));
        return;
    }
    QCOMPARE(s->experimentId, experiment);
    QCOMPARE(s->runId, run);
}

void TestReportBuilder::missingExperimentSaysWhatToDo()
{
    const auto m = buildReport(*m_store, {m_id + 100, 0}, {});
    QVERIFY(!m.has_value());
    QVERIFY(!m.error().message.isEmpty());
}

// Autocorking turned off by hand at the client before the sweep shows in the knobs table; the
// spec under "Run it again" must set it too, or the rerun in a fresh lab (autocorking on) does
// not reproduce the runs. Knobs at their kernel default stay out of it.
void TestReportBuilder::handSetKnobIsInTheRerunSpec()
{
    const ReportModel untouched = build({m_id, 0});
    const QJsonObject plain = QJsonDocument::fromJson(untouched.specJson).object();
    QVERIFY(!plain.value(QStringLiteral("knobs")).toObject().contains(QStringLiteral("net.ipv4.tcp_autocorking")));

    test::ReportFixtureOptions options;
    options.localAutocorking = QStringLiteral("0");
    const qint64 handSet = test::fillStory5Sweep(*m_store, options);
    const ReportModel model = build({handSet, 0});
    bool shown = false;
    for (const ReportKnob &k : model.knobs)
        shown = shown || (k.key == QLatin1String("net.ipv4.tcp_autocorking") && k.localBefore == QLatin1String("0"));
    QVERIFY(shown);
    const QJsonObject knobs =
        QJsonDocument::fromJson(model.specJson).object().value(QStringLiteral("knobs")).toObject();
    QCOMPARE(knobs.value(QStringLiteral("net.ipv4.tcp_autocorking")).toString(), QStringLiteral("0"));
    // The rerun spec still parses as a plan, with the knob in its spec.
    const auto rerun = SweepPlan::fromJson(QJsonDocument::fromJson(model.specJson).object());
    QVERIFY2(rerun.has_value(), qPrintable(rerun ? QString() : rerun.error().message));
    QCOMPARE(rerun->spec().knobs.value(QStringLiteral("net.ipv4.tcp_autocorking")), QStringLiteral("0"));
    QVERIFY(!knobs.contains(QStringLiteral("net.ipv4.tcp_wmem"))); // at the kernel's default
    bool noted = false;
    for (const QString &n : model.notes)
        noted = noted || n.contains(QLatin1String("net.ipv4.tcp_autocorking=0"));
    QVERIFY(noted);
}

// The files a run was captured to come with the run (results show, the reports' Captures table).
void TestReportBuilder::capturesOfEveryRun()
{
    const ReportModel before = build({m_id, 0});
    QVERIFY(reporttables::captures(before).rows.isEmpty());
    const RunRecord *first = before.runs().first();
    CaptureRecord capture;
    capture.path = QStringLiteral("/tmp/run-1.pcapng");
    capture.interface = QStringLiteral("veth-c");
    capture.packetsReceived = 1200;
    capture.packetsDropped = 3;
    QVERIFY(m_store->addCapture(first->id, capture).has_value());
    capture.path = QStringLiteral("/tmp/run-1-router.pcapng");
    QVERIFY(m_store->addCapture(first->id, capture).has_value());
    const ReportModel model = build({m_id, 0});
    QCOMPARE(model.runs().first()->captures.size(), 2);
    QCOMPARE(model.runs().first()->captures.at(1).path, QStringLiteral("/tmp/run-1-router.pcapng"));
    const ReportTable files = reporttables::captures(model);
    QCOMPARE(files.rows.size(), 2);
    QCOMPARE(files.rows.first().at(2), QStringLiteral("/tmp/run-1.pcapng"));
    QCOMPARE(files.rows.first().at(5), QStringLiteral("3"));
}

QTEST_GUILESS_MAIN(TestReportBuilder)
#include "tst_report_builder.moc"

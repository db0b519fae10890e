// The "tune" object of a spec: defaults, a round trip through JSON, and every bad field refused
// with its name; and the move table's knobs, each of which must be in the catalogue.

#include "experiment/spec/experiment_spec.h"
#include "experiment/tune/tune_moves.h"
#include "experiment/tune/tune_spec.h"

#include <QJsonDocument>
#include <QTest>

using namespace tcptune;

namespace {

QJsonValue parsed(const char *json)
{
    return QJsonDocument::fromJson(QByteArray(json)).object().value(QStringLiteral("tune"));
}

} // namespace

class TestTuneSpec final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defaults();
    void roundTrip();
    void badField_data();
    void badField();
    void moveTableKnobsExist();
};

void TestTuneSpec::defaults()
{
    auto spec = TuneSpec::fromJson(QJsonValue());
    QVERIFY(spec);
    QCOMPARE(spec->goal, TuneGoal::Throughput);
    QCOMPARE(spec->budgetRuns, 60);
    QCOMPARE(spec->baselineRepeats, 3);
    QCOMPARE(spec->minRepeats, 2);
    QCOMPARE(spec->maxRepeats, 5);
    QCOMPARE(spec->alpha, 0.05);
    auto empty = TuneSpec::fromJson(QJsonObject());
    QVERIFY(empty);
    QCOMPARE(empty->toJson(), TuneSpec().toJson());
}

void TestTuneSpec::roundTrip()
{
    auto spec = TuneSpec::fromJson(parsed(R"({"tune": {
        "goal": "latency", "keep_throughput_pct": 80,
        "ends": {"local": false, "remote": true, "host": true},
        "budget": {"runs": 40, "s": 1800},
        "leave_alone": ["net.ipv4.tcp_congestion_control", "remote:net.ipv4.tcp_wmem"],
        "ranges": {"remote:net.ipv4.tcp_rmem": {"min": "64K", "max": "16M"}, "socket.SO_RCVBUF": {"max": 8388608}},
        "race": {"baseline_repeats": 4, "min_repeats": 3, "max_repeats": 8, "alpha": 0.01}}})"));
    QVERIFY2(spec, qPrintable(spec ? QString() : spec.error().message));
    QCOMPARE(spec->goal, TuneGoal::Latency);
    QCOMPARE(spec->keepThroughputPct, 80.0);
    QVERIFY(!spec->localEnd && spec->remoteEnd && spec->allowHost);
    QCOMPARE(spec->budgetRuns, 40);
    QCOMPARE(spec->budgetS, 1800.0);
    QCOMPARE(spec->leaveAlone.size(), 2);
    QCOMPARE(spec->ranges.value(QStringLiteral("remote:net.ipv4.tcp_rmem")).minimum, QStringLiteral("65536"));
    QCOMPARE(spec->ranges.value(QStringLiteral("remote:net.ipv4.tcp_rmem")).maximum, QStringLiteral("16777216"));
    QVERIFY(spec->ranges.value(QStringLiteral("socket.SO_RCVBUF")).minimum.isEmpty());
    QCOMPARE(spec->baselineRepeats, 4);
    QCOMPARE(spec->minRepeats, 3);
    QCOMPARE(spec->maxRepeats, 8);
    QCOMPARE(spec->alpha, 0.01);

    auto again = TuneSpec::fromJson(spec->toJson());
    QVERIFY(again);
    QCOMPARE(again->toJson(), spec->toJson());
}

void TestTuneSpec::badField_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("field");
    const auto row = [](const char *name, const char *json, const char *field) {
        QTest::newRow(name) << QString::fromLatin1(json) << QString::fromLatin1(field);
    };
    row("not an object", R"("fast")", "'tune'");
    row("unknown field", R"({"colour": 1})", "'tune.colour'");
    row("goal", R"({"goal": "fast"})", "'tune.goal'");
    row("keep", R"({"keep_throughput_pct": 0})", "'tune.keep_throughput_pct'");
    row("ends type", R"({"ends": true})", "'tune.ends'");
    row("ends.local", R"({"ends": {"local": 1}})", "'tune.ends.local'");
    row("ends unknown", R"({"ends": {"far": true}})", "'tune.ends.far'");
    row("budget.runs zero", R"({"budget": {"runs": 0}})", "'tune.budget.runs'");
    row("budget.runs fraction", R"({"budget": {"runs": 2.5}})", "'tune.budget.runs'");
    row("budget.runs too many", R"({"budget": {"runs": 1001}})", "'tune.budget.runs'");
    row("budget under baseline", R"({"budget": {"runs": 3}})", "'tune.budget.runs'");
    row("budget.s", R"({"budget": {"s": -1}})", "'tune.budget.s'");
    row("leave_alone type", R"({"leave_alone": "net.ipv4.tcp_rmem"})", "'tune.leave_alone'");
    row("leave_alone unknown", R"({"leave_alone": ["net.ipv4.nope"]})", "'tune.leave_alone[0]'");
    row("leave_alone number", R"({"leave_alone": ["net.ipv4.tcp_rmem", 3]})", "'tune.leave_alone[1]'");
    row("range unknown knob", R"({"ranges": {"net.ipv4.nope": {"max": 1}}})", "'tune.ranges.net.ipv4.nope'");
    row("range of a word", R"({"ranges": {"net.ipv4.tcp_congestion_control": {"max": 1}}})",
        "'tune.ranges.net.ipv4.tcp_congestion_control'");
    row("range bound", R"({"ranges": {"net.ipv4.tcp_rmem": {"max": "lots"}}})", "'tune.ranges.net.ipv4.tcp_rmem.max'");
    row("range field", R"({"ranges": {"net.ipv4.tcp_rmem": {"top": 1}}})", "'tune.ranges.net.ipv4.tcp_rmem.top'");
    row("range swapped", R"({"ranges": {"net.ipv4.tcp_rmem": {"min": "1M", "max": "64K"}}})",
        "'tune.ranges.net.ipv4.tcp_rmem'");
    row("race baseline", R"({"race": {"baseline_repeats": 1}})", "'tune.race.baseline_repeats'");
    row("race max", R"({"race": {"max_repeats": 21}})", "'tune.race.max_repeats'");
    row("race min above max", R"({"race": {"min_repeats": 6, "max_repeats": 5}})", "'tune.race.min_repeats'");
    row("race alpha", R"({"race": {"alpha": 0.9}})", "'tune.race.alpha'");
    row("race unknown", R"({"race": {"repeats": 3}})", "'tune.race.repeats'");
}

void TestTuneSpec::badField()
{
    QFETCH(QString, json);
    QFETCH(QString, field);
    const QByteArray text = QByteArrayLiteral("{\"tune\": ") + json.toUtf8() + '}';
    auto spec = TuneSpec::fromJson(QJsonDocument::fromJson(text).object().value(QStringLiteral("tune")));
    QVERIFY(!spec);
    const QString message = spec.error().message;
    QVERIFY2(message.contains(field), qPrintable(message));
}

void TestTuneSpec::moveTableKnobsExist()
{
    for (const RuleMoves &rule : tuneMoves())
        for (const KnobMove &move : rule.moves) {
            auto knob = ExperimentSpec::lookupKnob(move.knob);
            QVERIFY2(knob, qPrintable(move.knob));
            if (move.role != KnobRole::Socket)
                QVERIFY2(ExperimentSpec::lookupKnob(QStringLiteral("remote:") + move.knob), qPrintable(move.knob));
        }
    QVERIFY(stopsThroughput(Finding::Rule::PathFull));
    QVERIFY(movesFor(Finding::Rule::Application).isEmpty());
    QCOMPARE(movesFor(Finding::Rule::ReceiverWindow).constFirst().knob, QStringLiteral("net.ipv4.tcp_rmem"));
}

QTEST_GUILESS_MAIN(TestTuneSpec)
#include "tst_tune_spec.moc"

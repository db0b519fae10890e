// The enum <-> name tables (common/enum_names.h): the mechanism itself, and every table of the
// backends: each enumerator up to the enum's last has a name, no name is given twice, and a
// name reads back as the value it names. The wrappers keep their own rules (trimming, case,
// what an unknown name falls back to).

#include "capture/capture_enum_names.h"
#include "common/enum_names.h"
#include "experiment/diagnosis/diagnosis_enum_names.h"
#include "experiment/record/record_enum_names.h"
#include "experiment/spec/spec_enum_names.h"
#include "knobs/knob_enum_names.h"
#include "lab/lab_enum_names.h"
#include "traffic/traffic_enum_names.h"

#include <QSet>
#include <QTest>

using namespace tcptune;

namespace {

enum class Colour { Red, DarkBlue, Green };

constexpr auto kColourNames = std::to_array<EnumName<Colour>>({
    {Colour::Red, u"red"},
    {Colour::DarkBlue, u"dark-blue"},
    {Colour::Green, u"green"},
});

// The checks a table's static_asserts make, shown to fail where they should.
constexpr auto kGap = std::to_array<EnumName<Colour>>({{Colour::Red, u"red"}, {Colour::Green, u"green"}});
constexpr auto kTwice = std::to_array<EnumName<Colour>>({{Colour::Red, u"red"}, {Colour::DarkBlue, u"red"}});
static_assert(enumNamesDense(kColourNames) && enumNamesUnique(kColourNames));
static_assert(!enumNamesDense(kGap) && enumNamesUnique(kGap));
static_assert(enumNamesDense(kTwice) && !enumNamesUnique(kTwice));

// LAST is the enum's last enumerator: the table names every value from 0 to it, once each, and
// parseName(nameOf(v)) == v.
template <typename E, std::size_t N> void checkTable(const EnumNames<E, N> &names, E last, const char *table)
{
    QVERIFY2(N == static_cast<std::size_t>(last) + 1, table);
    QSet<QString> seen;
    for (std::size_t i = 0; i < N; ++i) {
        const E value = static_cast<E>(i);
        QVERIFY2(names[i].value == value, table);
        const QString name = nameOf(names, value);
        QVERIFY2(!seen.contains(name), qPrintable(QStringLiteral("%1: '%2' twice").arg(QLatin1String(table), name)));
        seen.insert(name);
        QVERIFY2(parseName(names, name) == value,
                 qPrintable(QStringLiteral("%1: '%2'").arg(QLatin1String(table), name)));
    }
    QVERIFY2(!parseName(names, u"no such name"), table);
}

} // namespace

class TestEnumNames : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void namesAndParsesExactly()
    {
        QCOMPARE(nameOf(kColourNames, Colour::DarkBlue), QStringLiteral("dark-blue"));
        QVERIFY(parseName(kColourNames, u"dark-blue") == Colour::DarkBlue);
        QVERIFY(parseName(kColourNames, QStringLiteral("green")) == Colour::Green);
        // Exact: trimming and case are the caller's rules.
        QVERIFY(!parseName(kColourNames, u"Dark-Blue"));
        QVERIFY(!parseName(kColourNames, u" red"));
        QVERIFY(!parseName(kColourNames, u"purple"));
        QVERIFY(!parseName(kColourNames, QString()));
        // A value the table does not list has no name.
        QVERIFY(nameOf(kGap, Colour::DarkBlue).isNull());
    }

    void everyTableRoundTrips()
    {
        checkTable(kWorkloadNames, Workload::Rrul, "workload");
        checkTable(kSendMethodNames, SendMethod::Sendfile, "send method");
        checkTable(kDirectionNames, Direction::Both, "direction");
        checkTable(kTargetKindNames, TargetKind::Ssh, "traffic target kind");
        checkTable(kRunStatusNames, RunStatus::Interrupted, "run status");
        checkTable(kRunEndNames, RunEnd::Router, "run end");
        checkTable(kExperimentStatusNames, ExperimentStatus::Interrupted, "experiment status");
        checkTable(kTargetSpecKindNames, TargetSpec::Kind::Ssh, "spec target kind");
        checkTable(kFindingRuleNames, Finding::Rule::SenderUnobserved, "finding rule");
        checkTable(kSettlingSeriesNames, RunSettling::Series::Throughput, "settling series");
        checkTable(kMetricMethodNames, MetricDifference::Method::BlockBootstrap, "metric method");
        checkTable(kKnobKindNames, KnobKind::Link, "knob kind");
        checkTable(kValueTypeNames, ValueType::Qdisc, "value type");
        checkTable(kUnitNames, Unit::Microseconds, "unit");
        checkTable(kLabTopologyNames, LabTopology::Routed, "lab topology");
        checkTable(kLabStateNames, LabStatus::State::Leftover, "lab state");
        checkTable(kTunnelKindNames, TunnelKind::Geneve, "tunnel kind");
    }

    // The functions callers use keep their names and their own reading rules.
    void wrappersKeepTheirRules()
    {
        QCOMPARE(workloadName(Workload::RequestResponse), QStringLiteral("rr"));
        QCOMPARE(parseWorkload(QStringLiteral(" Split-Write ")).value(), Workload::SplitWrite);
        QVERIFY(!parseWorkload(QStringLiteral("stream")));
        QCOMPARE(parseSendMethod(QStringLiteral("ZEROCOPY")).value(), SendMethod::Zerocopy);
        QCOMPARE(parseDirection(QStringLiteral("down\n")).value(), Direction::Down);
        QVERIFY(!parseDirection(QStringLiteral("sideways")));
        // The store's names: anything unknown reads as the first state.
        QCOMPARE(runStatusFromName(QStringLiteral("cancelled")), RunStatus::Cancelled);
        QCOMPARE(runStatusFromName(QStringLiteral("Cancelled")), RunStatus::Running);
        QCOMPARE(runEndFromName(QStringLiteral("router")), RunEnd::Router);
        QCOMPARE(runEndFromName(QString()), RunEnd::Local);
        QCOMPARE(experimentStatusFromName(QStringLiteral("finished")), ExperimentStatus::Finished);
        QCOMPARE(experimentStatusFromName(QStringLiteral("done")), ExperimentStatus::Running);
        QCOMPARE(ruleName(Finding::Rule::SenderCounters), QStringLiteral("sender-counters-missing"));
        QCOMPARE(methodName(MetricDifference::Method::BlockBootstrap), QStringLiteral("block_bootstrap"));
        QCOMPARE(TargetSpec::kindName(TargetSpec::Kind::Iperf3), QStringLiteral("iperf3"));
        QCOMPARE(unitName(Unit::BitsPerSecond), QStringLiteral("bit/s"));
        QVERIFY(unitName(Unit::None).isEmpty());
        QCOMPARE(topologyName(LabTopology::Direct), QStringLiteral("direct"));
        QCOMPARE(stateName(LabStatus::State::Leftover), QStringLiteral("leftover"));
    }
};

QTEST_GUILESS_MAIN(TestEnumNames)
#include "tst_enum_names.moc"

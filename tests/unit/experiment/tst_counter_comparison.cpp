// CounterComparison: the counters that differ between two runs, end by end and biggest first,
// left out where either run's counters were not read; the line the A/B view shows; and what
// the pair says about autocorking when the A/B turned it.

#include "experiment/diagnosis/counter_comparison.h"

#include <QTest>

using namespace tcptune;

Q_DECLARE_METATYPE(tcptune::RunRecord)

namespace {

EndRecord end(RunEnd which, QMap<QString, qint64> counters, bool read = true)
{
    EndRecord e;
    e.end = which;
    e.sender = which == RunEnd::Local;
    e.countersRead = read;
    e.counterDeltas = counters;
    return e;
}

RunRecord corkingRun(const QString &autocorking, qint64 corked, bool read = true)
{
    RunRecord r;
    r.status = RunStatus::Ok;
    r.settings.insert(QStringLiteral("net.ipv4.tcp_autocorking"), autocorking);
    QMap<QString, qint64> counters{{QStringLiteral("TcpOutSegs"), 50000}};
    if (corked > 0)
        counters.insert(QStringLiteral("TcpExtTCPAutoCorking"), corked);
    r.ends = {end(RunEnd::Local, counters, read)};
    return r;
}

} // namespace

class TestCounterComparison final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }
    void differencesBiggestFirst();
    void endsNotReadAreLeftOut();
    void autocorkingVerdict_data();
    void autocorkingVerdict();
};

void TestCounterComparison::differencesBiggestFirst()
{
    RunRecord a;
    a.ends = {end(RunEnd::Local, {{QStringLiteral("TcpOutSegs"), 100000},
                                  {QStringLiteral("TcpExtTCPAutoCorking"), 41223},
                                  {QStringLiteral("TcpExtTCPLossProbes"), 5}}),
              end(RunEnd::Router, {{QStringLiteral("IpForwDatagrams"), 100}})};
    RunRecord b;
    b.ends = {end(RunEnd::Local, {{QStringLiteral("TcpOutSegs"), 80000},
                                  {QStringLiteral("TcpExtTCPLossProbes"), 5},
                                  {QStringLiteral("TcpExtDelayedACKs"), 3}}),
              end(RunEnd::Router, {{QStringLiteral("IpForwDatagrams"), 90}})};
    const QList<CounterDifference> d = CounterComparison::differences(a, b);
    QStringList lines;
    for (const CounterDifference &x : d)
        lines << CounterComparison::endName(x.end) + QLatin1Char(' ') + CounterComparison::line(x);
    // Only in one run (relative 1): the bigger absolute one first; then 20 % and 10 %. Equal
    // counters (TcpExtTCPLossProbes) are not listed.
    QCOMPARE(lines, (QStringList{QStringLiteral("local TcpExtTCPAutoCorking 41,223 vs 0"),
                                 QStringLiteral("local TcpExtDelayedACKs 0 vs 3"),
                                 QStringLiteral("local TcpOutSegs 100,000 vs 80,000"),
                                 QStringLiteral("router IpForwDatagrams 100 vs 90")}));
}

void TestCounterComparison::endsNotReadAreLeftOut()
{
    RunRecord a;
    a.ends = {end(RunEnd::Local, {{QStringLiteral("TcpOutSegs"), 10}}),
              end(RunEnd::Remote, {{QStringLiteral("TcpInSegs"), 10}})};
    RunRecord b;
    b.ends = {end(RunEnd::Local, {{QStringLiteral("TcpOutSegs"), 20}}, false)};
    QVERIFY(CounterComparison::differences(a, b).isEmpty());
}

void TestCounterComparison::autocorkingVerdict_data()
{
    QTest::addColumn<RunRecord>("a");
    QTest::addColumn<RunRecord>("b");
    QTest::addColumn<QString>("verdict");
    QTest::addRow("never engaged") << corkingRun(QStringLiteral("1"), 0) << corkingRun(QStringLiteral("0"), 0)
                                   << "Autocorking never engaged in this set-up: TcpExtTCPAutoCorking stayed 0 in both "
                                      "runs, so any difference between them is not autocorking's doing.";
    QTest::addRow("engaged in A") << corkingRun(QStringLiteral("1"), 41223) << corkingRun(QStringLiteral("0"), 0)
                                  << "Autocorking held writes back 41,223 times with it on (A) and 0 times with it off "
                                     "(B).";
    QTest::addRow("engaged in B, off first")
        << corkingRun(QStringLiteral("0"), 0) << corkingRun(QStringLiteral("1"), 17)
        << "Autocorking held writes back 17 times with it on (B) and 0 times with "
           "it off (A).";
    QTest::addRow("counters not read") << corkingRun(QStringLiteral("1"), 0, false)
                                       << corkingRun(QStringLiteral("0"), 0)
                                       << "The runs differ in net.ipv4.tcp_autocorking, but the sender's counters were "
                                          "not read: whether autocorking engaged is unknown.";
    QTest::addRow("same setting: nothing to say")
        << corkingRun(QStringLiteral("1"), 0) << corkingRun(QStringLiteral("1"), 5) << QString();
    QTest::addRow("not an autocorking A/B") << RunRecord{} << RunRecord{} << QString();
    RunRecord knobAfter = corkingRun(QString(), 0);
    knobAfter.settings.clear();
    knobAfter.ends[0].knobsAfter.insert(QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("0"));
    QTest::addRow("the snapshot tells the setting") << corkingRun(QStringLiteral("1"), 0) << knobAfter
                                                    << "Autocorking never engaged in this set-up: TcpExtTCPAutoCorking "
                                                       "stayed 0 in both runs, so any difference between them is not "
                                                       "autocorking's doing.";
}

void TestCounterComparison::autocorkingVerdict()
{
    QFETCH(RunRecord, a);
    QFETCH(RunRecord, b);
    QFETCH(QString, verdict);
    QCOMPARE(CounterComparison::verdict(a, b), verdict);
}

QTEST_GUILESS_MAIN(TestCounterComparison)
#include "tst_counter_comparison.moc"

// The value of link.DEV.qdisc as a tc user writes it: each supported kind parses into its kind
// and numbers in the kernel's units and prints back in one canonical form (tbf's latency turned
// into the byte limit as tc reckons it); what is out of range, unknown or incomplete is refused
// with the accepted form; "default" stands for the kernel's own root qdisc; a read-back setting
// satisfies a request that names fewer parameters or differs by the kernel's rounding only.

#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"
#include "knobs/qdisc_setting.h"

#include <QTest>

using namespace tcptune;

class TestQdiscSetting final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parsesToCanonical_data();
    void parsesToCanonical();
    void refusesWithTheAcceptedForm_data();
    void refusesWithTheAcceptedForm();
    void tbfLatencyBecomesTheLimitTcWouldSet();
    void defaultIsTheKernelsOwn();
    void satisfiesAllowsFewerParametersAndRounding();
    void knobValueParsesThroughTheCatalogue();
};

void TestQdiscSetting::parsesToCanonical_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("canonical");
    QTest::addRow("pfifo") << "pfifo limit 1000"
                           << "pfifo limit 1000";
    QTest::addRow("pfifo bare") << "pfifo"
                                << "pfifo";
    QTest::addRow("bfifo kb") << "bfifo limit 100kb"
                              << "bfifo limit 100kb";
    QTest::addRow("bfifo bytes") << "BFIFO  limit 1500b"
                                 << "bfifo limit 1500";
    QTest::addRow("pfifo_fast") << "pfifo_fast"
                                << "pfifo_fast";
    QTest::addRow("tbf limit") << "tbf burst 16k rate 1gbit limit 1mb"
                               << "tbf rate 1gbit burst 16kb limit 1mb";
    QTest::addRow("tbf bytes rate") << "tbf rate 125kbps burst 1514 limit 3000"
                                    << "tbf rate 1mbit burst 1514 limit 3000";
    QTest::addRow("fq_codel bare") << "fq_codel"
                                   << "fq_codel";
    QTest::addRow("fq_codel params") << "fq_codel target 5ms interval 100ms limit 10240 noecn"
                                     << "fq_codel limit 10240 target 5ms interval 100ms noecn";
    QTest::addRow("fq") << "fq maxrate 100mbit flow_limit 100"
                        << "fq flow_limit 100 maxrate 100mbit";
    QTest::addRow("cake") << "cake bandwidth 20mbit"
                          << "cake bandwidth 20mbit";
    QTest::addRow("cake unlimited") << "cake unlimited"
                                    << "cake unlimited";
    QTest::addRow("time in us") << "fq_codel target 500"
                                << "fq_codel target 500us";
}

void TestQdiscSetting::parsesToCanonical()
{
    QFETCH(QString, input);
    QFETCH(QString, canonical);
    auto s = QdiscSettings::parse(input);
    QVERIFY2(s, qPrintable(s ? QString() : s.error().message));
    QCOMPARE(QdiscSettings::canonical(*s), canonical);
    auto again = QdiscSettings::parse(canonical); // the canonical form reads back as itself
    QVERIFY(again);
    QCOMPARE(QdiscSettings::canonical(*again), canonical);
}

void TestQdiscSetting::refusesWithTheAcceptedForm_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    QTest::addRow("empty") << "  "
                           << "No qdisc given";
    QTest::addRow("unknown kind") << "sfq"
                                  << "does not set the qdisc 'sfq'";
    QTest::addRow("unknown parameter") << "pfifo rate 1mbit"
                                       << "pfifo has no parameter 'rate'. The form is: pfifo";
    QTest::addRow("zero limit") << "pfifo limit 0"
                                << "from 1 to 4294967295";
    QTest::addRow("negative") << "pfifo limit -5"
                              << "is not a whole number";
    QTest::addRow("fraction") << "pfifo limit 2.5"
                              << "is not a whole number";
    QTest::addRow("no value") << "pfifo limit"
                              << "pfifo limit needs a value";
    QTest::addRow("twice") << "pfifo limit 5 limit 6"
                           << "given twice";
    QTest::addRow("rate without unit") << "tbf rate 1000 burst 10k limit 20k"
                                       << "a rate with its unit";
    QTest::addRow("size unit on count") << "fq_codel limit 10kb"
                                        << "a whole number";
    QTest::addRow("tbf without burst") << "tbf rate 1mbit latency 10ms"
                                       << "tbf needs a rate and a burst. The form is: tbf rate RATE burst SIZE";
    QTest::addRow("tbf both") << "tbf rate 1mbit burst 10k latency 10ms limit 30k"
                              << "exactly one of latency and limit";
    QTest::addRow("tbf neither") << "tbf rate 1mbit burst 10k"
                                 << "exactly one of latency and limit";
    QTest::addRow("tbf huge queue") << "tbf rate 10gbit burst 10k latency 10s"
                                    << "above 4 GiB";
    QTest::addRow("ecn both") << "fq_codel ecn noecn"
                              << "ecn or noecn";
    QTest::addRow("flows range") << "fq_codel flows 70000"
                                 << "from 1 to 65536";
    QTest::addRow("fq quantum") << "fq quantum 2mb"
                                << "from 1 to 1mb";
    QTest::addRow("default extra") << "default noqueue now"
                                   << "'default' takes at most";
}

void TestQdiscSetting::refusesWithTheAcceptedForm()
{
    QFETCH(QString, input);
    QFETCH(QString, expected);
    auto s = QdiscSettings::parse(input);
    QVERIFY(!s);
    QVERIFY2(s.error().message.contains(expected), qPrintable(s.error().message));
}

void TestQdiscSetting::tbfLatencyBecomesTheLimitTcWouldSet()
{
    // tc: limit = rate * latency + burst = 6,250,000 B/s * 0.05 s + 32768 B.
    auto s = QdiscSettings::parse(QStringLiteral("tbf rate 50mbit burst 32kb latency 50ms"));
    QVERIFY(s);
    QCOMPARE(s->value(QStringLiteral("rate")).value_or(0), 6'250'000u);
    QCOMPARE(s->value(QStringLiteral("burst")).value_or(0), 32768u);
    QCOMPARE(s->value(QStringLiteral("limit")).value_or(0), 345'268u);
    QVERIFY(!s->value(QStringLiteral("latency")));
    QCOMPARE(QdiscSettings::canonical(*s), QStringLiteral("tbf rate 50mbit burst 32kb limit 345268"));
}

void TestQdiscSetting::defaultIsTheKernelsOwn()
{
    auto bare = QdiscSettings::parse(QStringLiteral("default"));
    QVERIFY(bare && bare->kernelDefault && bare->kind.isEmpty());
    QCOMPARE(QdiscSettings::canonical(*bare), QStringLiteral("default"));
    auto named = QdiscSettings::parse(QStringLiteral("default noqueue"));
    QVERIFY(named && named->kernelDefault);
    QCOMPARE(QdiscSettings::canonical(*named), QStringLiteral("default noqueue"));
    QVERIFY(QdiscSettings::satisfies(QStringLiteral("default noqueue"), QStringLiteral("default")));
    QVERIFY(!QdiscSettings::satisfies(QStringLiteral("default pfifo_fast"), QStringLiteral("default noqueue")));
    QVERIFY(!QdiscSettings::satisfies(QStringLiteral("default pfifo_fast"), QStringLiteral("pfifo_fast")));
    QCOMPARE(QdiscSettings::moduleOf(QStringLiteral("fq_codel")), QStringLiteral("sch_fq_codel"));
    QCOMPARE(QdiscSettings::moduleOf(QStringLiteral("bfifo")), QStringLiteral("sch_fifo"));
}

void TestQdiscSetting::satisfiesAllowsFewerParametersAndRounding()
{
    const QString readBack = QStringLiteral("fq_codel limit 10240 flows 1024 target 4999us interval 100ms noecn");
    QVERIFY(QdiscSettings::satisfies(readBack, QStringLiteral("fq_codel")));
    QVERIFY(QdiscSettings::satisfies(readBack, QStringLiteral("fq_codel target 5ms")));
    QVERIFY(!QdiscSettings::satisfies(readBack, QStringLiteral("fq_codel target 6ms")));
    QVERIFY(!QdiscSettings::satisfies(readBack, QStringLiteral("fq_codel limit 10241")));
    QVERIFY(!QdiscSettings::satisfies(readBack, QStringLiteral("fq_codel ecn")));
    QVERIFY(!QdiscSettings::satisfies(readBack, QStringLiteral("fq")));
    // tbf's burst comes back through the kernel's 64 ns ticks; its limit exactly.
    QVERIFY(QdiscSettings::satisfies(QStringLiteral("tbf rate 40gbit burst 1048320 limit 6048576"),
                                     QStringLiteral("tbf rate 40gbit burst 1mb limit 6048576")));
    QVERIFY(!QdiscSettings::satisfies(QStringLiteral("tbf rate 40gbit burst 1mb limit 6048577"),
                                      QStringLiteral("tbf rate 40gbit burst 1mb limit 6048576")));
    QVERIFY(!QdiscSettings::satisfies(QStringLiteral("htb"), QStringLiteral("pfifo")));
}

void TestQdiscSetting::knobValueParsesThroughTheCatalogue()
{
    auto knob = KnobCatalogue::instance().lookup(QStringLiteral("link.veth0.qdisc"));
    QVERIFY(knob);
    QCOMPARE(typeName((*knob)->type), QStringLiteral("qdisc"));
    auto value = knobvalue::parse(**knob, QStringLiteral("tbf rate 50mbit burst 32kb latency 50ms"));
    QVERIFY2(value, qPrintable(value ? QString() : value.error().message));
    QCOMPARE(*value, QStringLiteral("tbf rate 50mbit burst 32kb limit 345268"));
    auto bad = knobvalue::parse(**knob, QStringLiteral("tbf rate 50mbit"));
    QVERIFY(!bad);
    QVERIFY2(bad.error().message.startsWith(QLatin1String("link.veth0.qdisc: tbf needs")),
             qPrintable(bad.error().message));
    QVERIFY(
        knobvalue::sameValue(**knob, QStringLiteral("fq_codel limit 10240 target 5ms"), QStringLiteral("fq_codel")));
    QVERIFY(!knobvalue::sameValue(**knob, QStringLiteral("pfifo limit 500"), QStringLiteral("pfifo limit 1000")));
}

QTEST_GUILESS_MAIN(TestQdiscSetting)
#include "tst_qdisc_setting.moc"

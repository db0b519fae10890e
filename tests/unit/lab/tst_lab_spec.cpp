// LabSpec: parsed through the knob catalogue's lab parameters, with defaults, errors that say
// what to do, and a JSON form that reads back to the same spec.

#include "lab/lab_spec.h"

#include <QTest>

using namespace tcptune;

class TestLabSpec final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defaultsComeFromTheCatalogue();
    void parsesValues_data();
    void parsesValues();
    void rejectsBadInput_data();
    void rejectsBadInput();
    void labNames_data();
    void labNames();
    void jsonRoundTrip();
    void knobValuesRoundTrip();
};

void TestLabSpec::defaultsComeFromTheCatalogue()
{
    const auto spec = parseLabSpec(QStringLiteral("lab"), {});
    QVERIFY(spec);
    QCOMPARE(spec->topology, LabTopology::Routed);
    QCOMPARE(spec->rateBitsPerSecond, 0LL);
    QCOMPARE(spec->queueBytes, 2097152LL);
    QCOMPARE(spec->mtu, 1500);
    QCOMPARE(spec->delayMs, 0);
}

void TestLabSpec::parsesValues_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("input");
    QTest::addColumn<qint64>("rate");
    QTest::addColumn<qint64>("queue");
    QTest::addColumn<int>("mtu");
    QTest::addColumn<int>("topology");
    QTest::addRow("rate 50mbit") << "lab.rate"
                                 << "50mbit" << qint64(50'000'000) << qint64(2097152) << 1500 << 1;
    QTest::addRow("rate 1gbit") << "lab.rate"
                                << "1gbit" << qint64(1'000'000'000) << qint64(2097152) << 1500 << 1;
    QTest::addRow("queue 64K") << "lab.queue"
                               << "64K" << qint64(0) << qint64(65536) << 1500 << 1;
    QTest::addRow("mtu 9000") << "lab.mtu"
                              << "9000" << qint64(0) << qint64(2097152) << 9000 << 1;
    QTest::addRow("direct") << "lab.topology"
                            << "direct" << qint64(0) << qint64(2097152) << 1500 << 0;
}

void TestLabSpec::parsesValues()
{
    QFETCH(QString, key);
    QFETCH(QString, input);
    const auto spec = parseLabSpec(QStringLiteral("t1"), {{key, input}});
    QVERIFY2(spec, spec ? "" : qPrintable(spec.error().message));
    QCOMPARE(spec->name, QStringLiteral("t1"));
    QTEST(qint64(spec->rateBitsPerSecond), "rate");
    QTEST(qint64(spec->queueBytes), "queue");
    QTEST(spec->mtu, "mtu");
    QTEST(int(spec->topology), "topology");
}

void TestLabSpec::rejectsBadInput_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("not a lab knob") << "net.ipv4.tcp_autocorking"
                                    << "0"
                                    << "not a lab parameter";
    QTest::addRow("unknown key") << "lab.colour"
                                 << "red"
                                 << "lab.rate";
    QTest::addRow("rate words") << "lab.rate"
                                << "fast"
                                << "lab.rate";
    QTest::addRow("negative rate") << "lab.rate"
                                   << "-5mbit"
                                   << "lab.rate";
    QTest::addRow("mtu too small") << "lab.mtu"
                                   << "100"
                                   << "lab.mtu";
    QTest::addRow("mtu too large") << "lab.mtu"
                                   << "70000"
                                   << "lab.mtu";
    QTest::addRow("queue tiny") << "lab.queue"
                                << "10"
                                << "lab.queue";
    QTest::addRow("topology") << "lab.topology"
                              << "star"
                              << "lab.topology";
}

void TestLabSpec::rejectsBadInput()
{
    QFETCH(QString, key);
    QFETCH(QString, input);
    QFETCH(QString, mentions);
    const auto spec = parseLabSpec(QStringLiteral("lab"), {{key, input}});
    QVERIFY(!spec);
    QVERIFY2(spec.error().message.contains(mentions), qPrintable(spec.error().message));
}

void TestLabSpec::labNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("valid");
    QTest::addRow("default") << "lab" << true;
    QTest::addRow("test name") << "t-lab1" << true;
    QTest::addRow("17 chars") << "abcdefghijklmnopq" << true;
    QTest::addRow("18 chars") << "abcdefghijklmnopqr" << false;
    QTest::addRow("empty") << "" << false;
    QTest::addRow("slash") << "a/b" << false;
    QTest::addRow("dots") << ".." << false;
    QTest::addRow("final newline") << "lab\n" << false;
    QTest::addRow("space") << "a b" << false;
    QTest::addRow("leading dash") << "-x" << false;
    QTest::addRow("nul") << QStringLiteral("a") + QChar(0) << false;
}

void TestLabSpec::labNames()
{
    QFETCH(QString, name);
    QFETCH(bool, valid);
    const auto ok = validateLabName(name);
    QCOMPARE(bool(ok), valid);
    if (!valid)
        QVERIFY(ok.error().message.contains(QStringLiteral("17")));
}

void TestLabSpec::jsonRoundTrip()
{
    LabSpec spec;
    spec.name = QStringLiteral("round");
    spec.topology = LabTopology::Direct;
    spec.rateBitsPerSecond = 123'000'000;
    spec.queueBytes = 300000;
    spec.mtu = 9000;
    spec.delayMs = 20;
    const auto back = labSpecFromJson(toJson(spec));
    QVERIFY(back);
    QCOMPARE(*back, spec);
}

void TestLabSpec::knobValuesRoundTrip()
{
    LabSpec spec;
    spec.name = QStringLiteral("knobs");
    spec.rateBitsPerSecond = 50'000'000;
    spec.mtu = 576;
    const auto back = parseLabSpec(spec.name, labKnobValues(spec));
    QVERIFY(back);
    QCOMPARE(*back, spec);
    QVERIFY(describe(spec).contains(QStringLiteral("routed")));
}

QTEST_GUILESS_MAIN(TestLabSpec)
#include "tst_lab_spec.moc"

#include "common/throughput_unit.h"

#include <QTest>

using namespace tcptune;

class TestThroughputUnit final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void convertsOneGigabitPerSecond_data();
    void convertsOneGigabitPerSecond();
    void parsesNamesLabelsAndIperfLetters_data();
    void parsesNamesLabelsAndIperfLetters();
    void refusesAnythingElseWithTheNamesToGive();
    void keysReadBack();
};

void TestThroughputUnit::convertsOneGigabitPerSecond_data()
{
    QTest::addColumn<ThroughputUnitKind>("kind");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("text");
    QTest::addRow("Mbit/s") << ThroughputUnitKind::Mbit << 1000.0 << "Mbit/s"
                            << "1000.0";
    QTest::addRow("Gbit/s") << ThroughputUnitKind::Gbit << 1.0 << "Gbit/s"
                            << "1.0";
    QTest::addRow("MB/s") << ThroughputUnitKind::MByte << 125.0 << "MB/s"
                          << "125.0";
}

void TestThroughputUnit::convertsOneGigabitPerSecond()
{
    QFETCH(ThroughputUnitKind, kind);
    QFETCH(double, value);
    const ThroughputUnit unit(kind);
    QCOMPARE(unit.fromBitsPerSecond(1e9), value);
    QTEST(unit.label(), "label");
    QTEST(unit.format(1e9, 1), "text");
}

void TestThroughputUnit::parsesNamesLabelsAndIperfLetters_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<ThroughputUnitKind>("kind");
    for (const char *t : {"mbit", "Mbit/s", "m", " MBIT "})
        QTest::addRow("%s", t) << QString::fromLatin1(t) << ThroughputUnitKind::Mbit;
    for (const char *t : {"gbit", "Gbit/s", "g", "GBIT"})
        QTest::addRow("%s", t) << QString::fromLatin1(t) << ThroughputUnitKind::Gbit;
    for (const char *t : {"MB", "MB/s", "M"})
        QTest::addRow("%s", t) << QString::fromLatin1(t) << ThroughputUnitKind::MByte;
}

void TestThroughputUnit::parsesNamesLabelsAndIperfLetters()
{
    QFETCH(QString, text);
    const Result<ThroughputUnit> unit = ThroughputUnit::parse(text);
    QVERIFY2(unit.has_value(), qPrintable(unit ? QString() : unit.error().message));
    QTEST(unit->kind(), "kind");
}

void TestThroughputUnit::refusesAnythingElseWithTheNamesToGive()
{
    for (const char *t : {"", "kbit", "mb", "G", "Mbps", "1"}) {
        const Result<ThroughputUnit> unit = ThroughputUnit::parse(QString::fromLatin1(t));
        QVERIFY2(!unit.has_value(), t);
        QVERIFY(unit.error().message.contains(QLatin1String("'%1'").arg(QLatin1String(t))));
        QVERIFY(unit.error().message.contains(QLatin1String("mbit (Mbit/s), gbit (Gbit/s) or MB (MB/s)")));
    }
}

void TestThroughputUnit::keysReadBack()
{
    const QList<ThroughputUnit> units = ThroughputUnit::all();
    QCOMPARE(units.size(), 3);
    for (const ThroughputUnit u : units)
        QCOMPARE(ThroughputUnit::parse(u.key()).value(), u);
    QCOMPARE(ThroughputUnit(), ThroughputUnit(ThroughputUnitKind::Mbit));
}

QTEST_GUILESS_MAIN(TestThroughputUnit)
#include "tst_throughput_unit.moc"

// The reader returns what /proc/sys says, for every sysctl of the catalogue, and reports the
// ones the kernel lacks instead of failing.

#include "common/proc_sys.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_reader.h"

#include <QFile>
#include <QTest>

using namespace tcptune;

class TestKnobReader final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readsEverySysctl();
    void valuesMatchProc_data();
    void valuesMatchProc();
    void snapshotFoldsWhitespace();
    void refusesForeignNamespace();
};

void TestKnobReader::readsEverySysctl()
{
    auto readings = KnobReader::readSysctls();
    QVERIFY(readings.has_value());
    QCOMPARE(readings->size(), KnobCatalogue::instance().ofKind(KnobKind::Sysctl).size());
    for (const KnobReading &r : *readings)
        QCOMPARE(r.available(), QFile::exists(r.knob->procPath()));
}

void TestKnobReader::valuesMatchProc_data()
{
    QTest::addColumn<QString>("key");
    for (const KnobInfo &k : KnobCatalogue::instance().ofKind(KnobKind::Sysctl))
        QTest::addRow("%s", qPrintable(k.key)) << k.key;
}

void TestKnobReader::valuesMatchProc()
{
    QFETCH(QString, key);
    auto readings = KnobReader::readSysctls();
    QVERIFY(readings.has_value());
    for (const KnobReading &r : *readings) {
        if (r.knob->key != key)
            continue;
        QFile file(r.knob->procPath());
        if (!file.open(QIODevice::ReadOnly))
            QSKIP("this kernel lacks the knob");
        QCOMPARE(*r.value, QString::fromUtf8(file.readAll()).trimmed());
        return;
    }
    QFAIL("knob not read");
}

void TestKnobReader::snapshotFoldsWhitespace()
{
    auto readings = KnobReader::readSysctls();
    QVERIFY(readings.has_value());
    const KnobSnapshot snapshot = KnobReader::snapshotOf(*readings);
    QVERIFY(snapshot.contains(QStringLiteral("net.ipv4.tcp_wmem")));
    QVERIFY(!snapshot.value(QStringLiteral("net.ipv4.tcp_wmem")).contains(QLatin1Char('\t')));
    QCOMPARE(snapshot.value(QStringLiteral("net.ipv4.tcp_wmem")).count(QLatin1Char(' ')), 2);
}

void TestKnobReader::refusesForeignNamespace()
{
    auto readings = KnobReader::readSysctls(QStringLiteral("not-ours"));
    QVERIFY(!readings.has_value());
    QVERIFY2(readings.error().message.contains(QStringLiteral("tcptune-")), qPrintable(readings.error().message));
    auto missing = KnobReader::readSysctls(QStringLiteral("tcptune-doesnotexist"));
    QVERIFY(!missing.has_value());
    QVERIFY2(missing.error().message.contains(QStringLiteral("does not exist")), qPrintable(missing.error().message));
}

QTEST_GUILESS_MAIN(TestKnobReader)
#include "tst_knob_reader.moc"

// IntervalLog: bounded however long the run, and merging keeps every byte and the span's end.

#include "traffic/interval_log.h"

#include <QTest>

using namespace tcptune;

class TestIntervalLog final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void keepsEveryIntervalBelowCapacity();
    void mergesWhenFull();
};

static double sumOf(const QJsonArray &a)
{
    double sum = 0;
    for (const QJsonValue &v : a)
        sum += v.toArray().at(1).toDouble();
    return sum;
}

void TestIntervalLog::keepsEveryIntervalBelowCapacity()
{
    IntervalLog log(100);
    for (int i = 1; i <= 50; ++i)
        log.add(i * 0.01, 10);
    const QJsonArray a = log.toJson();
    QCOMPARE(a.size(), 50);
    QCOMPARE(a.at(0).toArray().at(0).toDouble(), 0.01);
    QCOMPARE(sumOf(a), 500.0);
    QCOMPARE(log.ticksPerEntry(), 1);
}

void TestIntervalLog::mergesWhenFull()
{
    IntervalLog log(100);
    const int ticks = 100'000; // 1000 s at 10 ms
    for (int i = 1; i <= ticks; ++i)
        log.add(i * 0.01, 7);
    const QJsonArray a = log.toJson();
    QVERIFY2(a.size() <= 101, qPrintable(QString::number(a.size())));
    QVERIFY(a.size() >= 50);
    QCOMPARE(sumOf(a), 7.0 * ticks);
    QCOMPARE(a.last().toArray().at(0).toDouble(), ticks * 0.01);
    double previous = 0;
    for (const QJsonValue &v : a) {
        QVERIFY(v.toArray().at(0).toDouble() > previous);
        previous = v.toArray().at(0).toDouble();
    }
    QVERIFY(log.ticksPerEntry() >= 1024);
}

QTEST_GUILESS_MAIN(TestIntervalLog)
#include "tst_interval_log.moc"

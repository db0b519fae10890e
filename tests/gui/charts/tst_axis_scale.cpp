// Round axis scales and SI labels (issue 18, point 10): steps of 1, 2, 2.5 or 5 x 10^k, labels
// with k/M/G and the locale's decimal separator, never printf's exponent.

#include "charts/axis_scale.h"

#include <QLocale>
#include <QTest>

using namespace tcptune;

class TestAxisScale final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void labels_data();
    void labels();
    void germanDecimals();
    void scales();
};

void TestAxisScale::labels_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<double>("step");
    QTest::addColumn<QString>("label");
    QTest::addRow("40 k") << 40000.0 << 10000.0 << QStringLiteral("40 k");
    QTest::addRow("150 k") << 150000.0 << 50000.0 << QStringLiteral("150 k");
    QTest::addRow("1.5 k") << 1500.0 << 500.0 << QStringLiteral("1.5 k");
    QTest::addRow("2 M") << 2e6 << 5e5 << QStringLiteral("2.0 M");
    QTest::addRow("small") << 0.003 << 0.001 << QStringLiteral("0.003");
    QTest::addRow("zero") << 0.0 << 0.5 << QStringLiteral("0");
    QTest::addRow("plain") << 250.0 << 50.0 << QStringLiteral("250");
    QTest::addRow("half") << 5.2 << 0.2 << QStringLiteral("5.2");
}

void TestAxisScale::labels()
{
    QFETCH(double, value);
    QFETCH(double, step);
    QFETCH(QString, label);
    QCOMPARE(axisscale::label(value, step), label);
}

void TestAxisScale::germanDecimals()
{
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QCOMPARE(axisscale::label(1500, 500), QStringLiteral("1,5 k"));
    QCOMPARE(axisscale::label(0.5, 0.1), QStringLiteral("0,5"));
    QLocale::setDefault(before);
}

void TestAxisScale::scales()
{
    const axisscale::Scale s = axisscale::niceScale(0, 37000);
    QCOMPARE(s.min, 0.0);
    QCOMPARE(s.max, 40000.0);
    QCOMPARE(s.step, 10000.0);
    QCOMPARE(s.ticks().size(), 5);
    QCOMPARE(axisscale::niceStep(1.244, 5), 0.25);
    QCOMPARE(axisscale::decimalsFor(0.25), 2);
    QCOMPARE(axisscale::decimalsFor(5), 0);
}

QTEST_MAIN(TestAxisScale)
#include "tst_axis_scale.moc"

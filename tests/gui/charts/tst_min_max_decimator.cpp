// decimateMinMax keeps every column's extremes in order, bounds the output, skips NaN and adds
// the neighbours just outside the range.

#include "charts/min_max_decimator.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <vector>

using tcptune::charts::decimateMinMax;

class TestMinMaxDecimator final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void smallInputs_data();
    void smallInputs();
    void keepsExtremesOfLargeSeries_data();
    void keepsExtremesOfLargeSeries();
    void addsNeighboursOutsideRange();
};

void TestMinMaxDecimator::smallInputs_data()
{
    QTest::addColumn<QList<double>>("xs");
    QTest::addColumn<QList<double>>("ys");
    QTest::addColumn<double>("xMin");
    QTest::addColumn<double>("xMax");
    QTest::addColumn<int>("columns");
    QTest::addColumn<QList<QPointF>>("expected");

    const double nan = std::numeric_limits<double>::quiet_NaN();
    QTest::addRow("empty") << QList<double>{} << QList<double>{} << 0.0 << 1.0 << 10 << QList<QPointF>{};
    QTest::addRow("no columns") << QList<double>{0, 1} << QList<double>{1, 2} << 0.0 << 1.0 << 0 << QList<QPointF>{};
    QTest::addRow("empty range") << QList<double>{0, 1} << QList<double>{1, 2} << 1.0 << 1.0 << 10 << QList<QPointF>{};
    QTest::addRow("fewer points than columns") << QList<double>{0, 1, 2} << QList<double>{5, 6, 7} << 0.0 << 2.0 << 100
                                               << QList<QPointF>{{0, 5}, {1, 6}, {2, 7}};
    QTest::addRow("one column min before max")
        << QList<double>{0, 1, 2, 3} << QList<double>{4, 1, 9, 5} << 0.0 << 3.0 << 1 << QList<QPointF>{{1, 1}, {2, 9}};
    QTest::addRow("one column max before min")
        << QList<double>{0, 1, 2, 3} << QList<double>{4, 9, 1, 5} << 0.0 << 3.0 << 1 << QList<QPointF>{{1, 9}, {2, 1}};
    QTest::addRow("two columns") << QList<double>{0, 1, 2, 3} << QList<double>{4, 9, 1, 5} << 0.0 << 4.0 << 2
                                 << QList<QPointF>{{0, 4}, {1, 9}, {2, 1}, {3, 5}};
    QTest::addRow("nan skipped") << QList<double>{0, 1, 2} << QList<double>{nan, 3, nan} << 0.0 << 2.0 << 10
                                 << QList<QPointF>{{1, 3}};
    QTest::addRow("all nan") << QList<double>{0, 1} << QList<double>{nan, nan} << 0.0 << 1.0 << 10 << QList<QPointF>{};
    QTest::addRow("flat column gives one point")
        << QList<double>{0, 0.1, 0.2} << QList<double>{2, 2, 2} << 0.0 << 1.0 << 1 << QList<QPointF>{{0, 2}};
}

void TestMinMaxDecimator::smallInputs()
{
    QFETCH(QList<double>, xs);
    QFETCH(QList<double>, ys);
    QFETCH(double, xMin);
    QFETCH(double, xMax);
    QFETCH(int, columns);
    QFETCH(QList<QPointF>, expected);
    const std::vector<double> x(xs.begin(), xs.end());
    const std::vector<double> y(ys.begin(), ys.end());
    QCOMPARE(decimateMinMax(x, y, xMin, xMax, columns), expected);
}

void TestMinMaxDecimator::keepsExtremesOfLargeSeries_data()
{
    QTest::addColumn<int>("points");
    QTest::addColumn<int>("columns");
    QTest::addRow("100k into 500") << 100000 << 500;
    QTest::addRow("1M into 1000") << 1000000 << 1000;
    QTest::addRow("1M into 1") << 1000000 << 1;
}

void TestMinMaxDecimator::keepsExtremesOfLargeSeries()
{
    QFETCH(int, points);
    QFETCH(int, columns);
    std::vector<double> x(static_cast<size_t>(points));
    std::vector<double> y(static_cast<size_t>(points));
    for (int i = 0; i < points; ++i) {
        x[size_t(i)] = i * 0.001;
        y[size_t(i)] = std::sin(i * 0.0007) * 100 + ((i * 7919) % 13);
    }
    const double xMax = x.back();
    const QList<QPointF> out = decimateMinMax(x, y, 0, xMax, columns);
    QVERIFY(out.size() <= 2 * columns + 2);
    QVERIFY(out.size() >= columns);
    // x stays ascending; the global extremes survive.
    for (qsizetype i = 1; i < out.size(); ++i)
        QVERIFY(out[i].x() >= out[i - 1].x());
    const double top = *std::max_element(y.begin(), y.end());
    const double bottom = *std::min_element(y.begin(), y.end());
    double outTop = -1e300;
    double outBottom = 1e300;
    for (const QPointF &p : out) {
        outTop = std::max(outTop, p.y());
        outBottom = std::min(outBottom, p.y());
    }
    QCOMPARE(outTop, top);
    QCOMPARE(outBottom, bottom);
    // Each column's extremes: check the column holding the 1000th point.
    const double width = xMax / columns;
    const int column = std::min(columns - 1, int(x[999] / width));
    double colTop = -1e300;
    for (size_t i = 0; i < x.size(); ++i)
        if (std::min(columns - 1, int(x[i] / width)) == column)
            colTop = std::max(colTop, y[i]);
    bool found = false;
    for (const QPointF &p : out)
        found = found || (p.y() == colTop && std::min(columns - 1, int(p.x() / width)) == column);
    QVERIFY(found);
}

void TestMinMaxDecimator::addsNeighboursOutsideRange()
{
    const std::vector<double> x{0, 1, 2, 3, 4, 5};
    const std::vector<double> y{10, 11, 12, 13, 14, 15};
    const QList<QPointF> out = decimateMinMax(x, y, 1.5, 3.5, 10);
    QCOMPARE(out, (QList<QPointF>{{1, 11}, {2, 12}, {3, 13}, {4, 14}}));
}

QTEST_GUILESS_MAIN(TestMinMaxDecimator)
#include "tst_min_max_decimator.moc"

// IntervalBars, the bars of the stream graphs' segments and SACK blocks, on a real chart: in one
// pixel column, bars that touch merge into one and a bar far from them (a retransmission below new
// data) stays apart; few bars are each drawn alone; only the visible x range is drawn; and the
// chart's rendering shows the bars where the axes put them.

#include "charts/interval_bars.h"

#include <QChart>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QTest>
#include <QValueAxis>

#include <memory>

using namespace tcptune::charts;

class TestIntervalBars final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void touchingBarsMergeFarOnesStayApart();
    void fewBarsAreEachDrawnAlone();
    void onlyTheVisibleRangeIsDrawn();
    void barsAreDrawnWhereTheAxesPutThem();

private:
    IntervalBars *bars(std::vector<double> x, std::vector<double> lo, std::vector<double> hi);
    std::unique_ptr<QGraphicsScene> m_scene;
    QChart *m_chart = nullptr;
    QValueAxis *m_x = nullptr;
    QValueAxis *m_y = nullptr;
};

void TestIntervalBars::init()
{
    m_scene = std::make_unique<QGraphicsScene>();
    m_chart = new QChart;
    m_scene->addItem(m_chart);
    m_chart->resize(400, 300);
    m_chart->legend()->hide();
    m_x = new QValueAxis;
    m_y = new QValueAxis;
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_x->setRange(0, 10);
    m_y->setRange(0, 100000);
}

void TestIntervalBars::cleanup()
{
    m_scene.reset();
}

IntervalBars *TestIntervalBars::bars(std::vector<double> x, std::vector<double> lo, std::vector<double> hi)
{
    return new IntervalBars(m_chart, m_x, m_y, std::move(x), std::move(lo), std::move(hi), QPen(Qt::blue));
}

// 1,000 back-to-back segments of 1,448 B in the first of 10 columns, and one retransmission of
// the first segment's bytes at the same time: the column shows two bars.
void TestIntervalBars::touchingBarsMergeFarOnesStayApart()
{
    std::vector<double> x;
    std::vector<double> lo;
    std::vector<double> hi;
    for (int i = 0; i < 1000; ++i) {
        x.push_back(i * 0.0005);
        lo.push_back(10000.0 + i * 1448.0);
        hi.push_back(10000.0 + (i + 1) * 1448.0);
    }
    x.push_back(0.5);
    lo.push_back(0);
    hi.push_back(1448);
    IntervalBars *b = bars(x, lo, hi);
    b->rebuild(0, 10, 10, 100);
    QCOMPARE(b->shownBars(), std::size_t(2));
    // With a tolerance below the gap (10,000 - 1,448 B) they stay two; with one above it, one.
    b->rebuild(0, 10, 10, 9000);
    QCOMPARE(b->shownBars(), std::size_t(1));
}

void TestIntervalBars::fewBarsAreEachDrawnAlone()
{
    IntervalBars *b = bars({1, 1.001, 1.002}, {0, 1448, 2896}, {1448, 2896, 4344});
    b->rebuild(0, 10, 400, 1000);
    QCOMPARE(b->shownBars(), std::size_t(3));
}

void TestIntervalBars::onlyTheVisibleRangeIsDrawn()
{
    IntervalBars *b = bars({1, 2, 3, 4, 5}, {0, 0, 0, 0, 0}, {10, 10, 10, 10, 10});
    b->rebuild(2, 4, 400, 1);
    QCOMPARE(b->shownBars(), std::size_t(3));
    b->rebuild(6, 7, 400, 1);
    QCOMPARE(b->shownBars(), std::size_t(0));
}

// One bar from 20,000 to 80,000 at x = 5: blue pixels in the middle of the plot, none near its
// bottom and top.
void TestIntervalBars::barsAreDrawnWhereTheAxesPutThem()
{
    IntervalBars *b = bars({5}, {20000}, {80000});
    b->rebuild(0, 10, 400, 1);
    QImage image(400, 300, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    m_scene->render(&painter, QRectF(0, 0, 400, 300), QRectF(0, 0, 400, 300));
    painter.end();
    const QRectF area = m_chart->plotArea();
    const int x = int(area.left() + area.width() / 2);
    const auto blueAt = [&](double share) {
        const int y = int(area.bottom() - share * area.height());
        for (int dx = -1; dx <= 1; ++dx)
            if (image.pixelColor(x + dx, y) == QColor(Qt::blue))
                return true;
        return false;
    };
    QVERIFY(blueAt(0.5));
    QVERIFY(blueAt(0.25));
    QVERIFY(blueAt(0.75));
    QVERIFY(!blueAt(0.1));
    QVERIFY(!blueAt(0.9));
}

QTEST_MAIN(TestIntervalBars)
#include "tst_interval_bars.moc"

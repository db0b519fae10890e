// ChartRenderer, the one place charts become pictures, with the workbench's own sweep chart:
// images of exactly the asked size with the DPI stored, a higher DPI draws larger text, PNG bytes
// decode to the same picture, SVG carries its title and view box. (PDF pages: tst_chart_exporter,
// which reads them back with poppler.)

#include "charts/chart_renderer.h"
#include "charts/sweep_chart.h"
#include "screenshot.h"

#include <QTest>
#include <QXmlStreamReader>

#include <cmath>

using namespace tcptune;

class TestChartRenderer final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void imageHasTheAskedSizeAndDpi_data();
    void imageHasTheAskedSizeAndDpi();
    void higherDpiDrawsLargerText();
    void pngIsTheImage();
    void svgHasTitleAndViewBox();

private:
    ChartPainterFunction draw();
    SweepChart m_chart;
};

void TestChartRenderer::initTestCase()
{
    // Never shown: reports draw charts from data alone.
    m_chart.setAttribute(Qt::WA_DontShowOnScreen);
    m_chart.setAxisTitle(QStringLiteral("socket.SO_SNDBUF"));
    m_chart.setPoints({{QStringLiteral("64 KiB"), 744, 10, 2.1},
                       {QStringLiteral("256 KiB"), 896, 12, 14.3},
                       {QStringLiteral("1 MiB"), 168, 4, 38.0},
                       {QStringLiteral("4 MiB"), 152, 30, 44.5}});
}

ChartPainterFunction TestChartRenderer::draw()
{
    return [this](QPainter *painter, const QRectF &target) { m_chart.render(painter, target); };
}

void TestChartRenderer::imageHasTheAskedSizeAndDpi_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("dpi");
    QTest::addRow("1200x480 @96") << QSize(1200, 480) << 96;
    QTest::addRow("333x222 @72") << QSize(333, 222) << 72;
    QTest::addRow("1600x900 @192") << QSize(1600, 900) << 192;
}

void TestChartRenderer::imageHasTheAskedSizeAndDpi()
{
    QFETCH(QSize, size);
    QFETCH(int, dpi);
    const QImage image = ChartRenderer::toImage(draw(), size, dpi);
    QCOMPARE(image.size(), size);
    QVERIFY(std::abs(image.dotsPerMeterX() * 0.0254 - dpi) < 1.0);
    QVERIFY(std::abs(image.dotsPerMeterY() * 0.0254 - dpi) < 1.0);
    QVERIFY(test::looksDrawn(image));
}

void TestChartRenderer::higherDpiDrawsLargerText()
{
    // The same pixels at twice the DPI hold half the logical area: fewer, bigger glyphs, so more
    // ink (non-white pixels) in the band at the top.
    auto ink = [](const QImage &image) {
        qint64 n = 0;
        for (int y = 0; y < image.height() / 8; ++y)
            for (int x = 0; x < image.width(); ++x)
                n += qGray(image.pixel(x, y)) < 160;
        return n;
    };
    const QImage normal = ChartRenderer::toImage(draw(), QSize(1000, 500), 96);
    const QImage large = ChartRenderer::toImage(draw(), QSize(1000, 500), 192);
    QCOMPARE(large.size(), normal.size());
    QVERIFY2(ink(large) > ink(normal) * 1.2, qPrintable(QStringLiteral("%1 vs %2").arg(ink(large)).arg(ink(normal))));
}

void TestChartRenderer::pngIsTheImage()
{
    const QByteArray png = ChartRenderer::toPng(draw(), QSize(640, 300), 144);
    QVERIFY(png.startsWith("\x89PNG"));
    QImage decoded;
    QVERIFY(decoded.loadFromData(png, "PNG"));
    QCOMPARE(decoded.size(), QSize(640, 300));
    QVERIFY(std::abs(decoded.dotsPerMeterX() * 0.0254 - 144) < 1.0);
    const QImage direct = ChartRenderer::toImage(draw(), QSize(640, 300), 144);
    QCOMPARE(decoded.convertToFormat(QImage::Format_ARGB32), direct.convertToFormat(QImage::Format_ARGB32));
}

void TestChartRenderer::svgHasTitleAndViewBox()
{
    const QByteArray svg = ChartRenderer::toSvg(draw(), QSize(900, 400), QStringLiteral("Story 5 sweep"));
    QXmlStreamReader xml(svg);
    while (!xml.atEnd() && !xml.isStartElement())
        xml.readNext();
    QCOMPARE(xml.name().toString(), QStringLiteral("svg"));
    QCOMPARE(xml.attributes().value(QStringLiteral("viewBox")).toString(), QStringLiteral("0 0 900 400"));
    QString title;
    int drawn = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("title"))
            title = xml.readElementText();
        else if (xml.isStartElement() &&
                 (xml.name() == QLatin1String("path") || xml.name() == QLatin1String("polyline")))
            ++drawn;
    }
    QCOMPARE(xml.error(), QXmlStreamReader::NoError);
    QCOMPARE(title, QStringLiteral("Story 5 sweep"));
    QVERIFY(drawn > 5);
}

QTEST_MAIN(TestChartRenderer)
#include "tst_chart_renderer.moc"

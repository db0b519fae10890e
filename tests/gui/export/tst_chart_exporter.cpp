// ChartExporter with the workbench's charts from a stored sweep: PNG files have exactly the asked
// size and store the DPI; SVG files are valid XML with the asked size; a chart PDF is one page of
// the chart's size; bad sizes and formats say what to use. (How DPI scales the drawing:
// tst_chart_renderer.)

#include "export/chart_exporter.h"
#include "test_paths.h"
#include "export/report_chart_renderer.h"
#include "export_probe.h"
#include "report_fixture.h"
#include "screenshot.h"

#include "report/report_builder.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <cmath>

using namespace tcptune;

class TestChartExporter final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void pngHasTheAskedSize_data();
    void pngHasTheAskedSize();
    void svgIsValidXml_data();
    void svgIsValidXml();
    void pdfIsOnePageOfTheChartsSize();
    void badInputSaysWhatToDo_data();
    void badInputSaysWhatToDo();

private:
    ChartPainterFunction draw(const QString &id);
    QTemporaryDir m_dir;
    ReportModel m_model;
};

void TestChartExporter::initTestCase()
{
    QVERIFY(m_dir.isValid());
    ResultStore store;
    QVERIFY(store.open(m_dir.filePath(QStringLiteral("r.db"))).has_value());
    const qint64 id = test::fillStory5Sweep(store);
    ReportOptions options;
    options.withHostFacts = false;
    auto model = buildReport(store, {id, 0}, options);
    QVERIFY(model.has_value());
    m_model = *model;
    QCOMPARE(ReportChartRenderer::availableCharts(m_model),
             QStringList({QStringLiteral("throughput-rtt"), QStringLiteral("sweep")}));
}

ChartPainterFunction TestChartExporter::draw(const QString &id)
{
    auto f = ReportChartRenderer::painterFor(m_model, id);
    return f.value_or(ChartPainterFunction([](QPainter *, const QRectF &) {}));
}

void TestChartExporter::pngHasTheAskedSize_data()
{
    QTest::addColumn<QString>("chart");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("dpi");
    QTest::addRow("time series 1200x480 @96") << QStringLiteral("throughput-rtt") << QSize(1200, 480) << 96;
    QTest::addRow("time series 640x300 @72") << QStringLiteral("throughput-rtt") << QSize(640, 300) << 72;
    QTest::addRow("sweep 1600x900 @192") << QStringLiteral("sweep") << QSize(1600, 900) << 192;
    QTest::addRow("sweep 333x222 @96") << QStringLiteral("sweep") << QSize(333, 222) << 96;
}

void TestChartExporter::pngHasTheAskedSize()
{
    QFETCH(QString, chart);
    QFETCH(QSize, size);
    QFETCH(int, dpi);
    const QString path = m_dir.filePath(QStringLiteral("%1-%2.png").arg(chart).arg(size.width()));
    const auto ok = ChartExporter::write(draw(chart), ChartExporter::Format::Png, path, size, dpi, chart);
    QVERIFY2(ok.has_value(), qPrintable(ok ? QString() : ok.error().message));
    const QImage png(path);
    QCOMPARE(png.size(), size);
    QVERIFY(std::abs(png.dotsPerMeterX() * 0.0254 - dpi) < 1.0);
    QVERIFY(test::looksDrawn(png));
    png.save(tcptune::test::screenshotPath(
        QStringLiteral("chart-%1-%2x%3-%4dpi.png").arg(chart).arg(size.width()).arg(size.height()).arg(dpi)));
}

void TestChartExporter::svgIsValidXml_data()
{
    QTest::addColumn<QString>("chart");
    QTest::addRow("time series") << QStringLiteral("throughput-rtt");
    QTest::addRow("sweep") << QStringLiteral("sweep");
}

void TestChartExporter::svgIsValidXml()
{
    QFETCH(QString, chart);
    const QString path = m_dir.filePath(chart + QStringLiteral(".svg"));
    QVERIFY(
        ChartExporter::write(draw(chart), ChartExporter::Format::Svg, path, QSize(900, 400), 96, chart).has_value());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray svg = f.readAll();
    QCOMPARE(test::xmlError(svg), QString());
    QCOMPARE(test::xmllintError(path), QString());
    QXmlStreamReader xml(svg);
    while (!xml.atEnd() && !xml.isStartElement())
        xml.readNext();
    QCOMPARE(xml.name().toString(), QStringLiteral("svg"));
    QCOMPARE(xml.attributes().value(QStringLiteral("viewBox")).toString(), QStringLiteral("0 0 900 400"));
    int drawn = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && (xml.name() == QLatin1String("path") || xml.name() == QLatin1String("polyline")))
            ++drawn;
    }
    QVERIFY(drawn > 10);
}

void TestChartExporter::pdfIsOnePageOfTheChartsSize()
{
    const QString path = m_dir.filePath(QStringLiteral("chart.pdf"));
    QVERIFY(ChartExporter::write(draw(QStringLiteral("throughput-rtt")), ChartExporter::Format::Pdf, path,
                                 QSize(1200, 480), 96, QStringLiteral("t"))
                .has_value());
    QCOMPARE(test::pdfPages(path), 1);
    const QSizeF points = test::pdfPageSizePoints(path);
    QVERIFY2(std::abs(points.width() - 900) < 2 && std::abs(points.height() - 360) < 2,
             qPrintable(QStringLiteral("%1x%2").arg(points.width()).arg(points.height())));
    QVERIFY(test::looksDrawn(test::pdfPageImage(path, 1, 72, QStringLiteral("chart-pdf")), 8, 0.97));
}

void TestChartExporter::badInputSaysWhatToDo_data()
{
    QTest::addColumn<QString>("size");
    QTest::addColumn<int>("dpi");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("hint");
    QTest::addRow("not a size") << QStringLiteral("big") << 96 << QStringLiteral("png")
                                << QStringLiteral("WIDTHxHEIGHT");
    QTest::addRow("too small") << QStringLiteral("10x10") << 96 << QStringLiteral("png") << QStringLiteral("50x50");
    QTest::addRow("dpi") << QStringLiteral("800x400") << 5000 << QStringLiteral("png") << QStringLiteral("24 to 1200");
    QTest::addRow("format") << QStringLiteral("800x400") << 96 << QStringLiteral("gif")
                            << QStringLiteral("png, svg or pdf");
}

void TestChartExporter::badInputSaysWhatToDo()
{
    QFETCH(QString, size);
    QFETCH(int, dpi);
    QFETCH(QString, format);
    QFETCH(QString, hint);
    QString message;
    const auto parsedSize = ChartExporter::parseSize(size);
    const auto parsedFormat = ChartExporter::formatFromName(format);
    if (!parsedSize)
        message = parsedSize.error().message;
    else if (!parsedFormat)
        message = parsedFormat.error().message;
    else if (auto r = ChartExporter::write(draw(QStringLiteral("sweep")), *parsedFormat,
                                           m_dir.filePath(QStringLiteral("bad.png")), *parsedSize, dpi, {});
             !r)
        message = r.error().message;
    QVERIFY2(message.contains(hint), qPrintable(message));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("bad.png"))));
}

QTEST_MAIN(TestChartExporter)
#include "tst_chart_exporter.moc"

#include "export/chart_exporter.h"

#include "report/report_file.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>

#include <cmath>

namespace tcptune {
namespace {

} // namespace

Result<ChartExporter::Format> ChartExporter::formatFromName(const QString &name)
{
    QString n = name.toLower();
    if (n.contains(QLatin1Char('.')) || n.contains(QLatin1Char('/')))
        n = QFileInfo(n).suffix();
    if (n == QLatin1String("png"))
        return Format::Png;
    if (n == QLatin1String("svg"))
        return Format::Svg;
    if (n == QLatin1String("pdf"))
        return Format::Pdf;
    return fail(tr("Unknown chart format '%1'; use png, svg or pdf.").arg(name));
}

QString ChartExporter::formatName(Format format)
{
    switch (format) {
    case Format::Png: return QStringLiteral("png");
    case Format::Svg: return QStringLiteral("svg");
    case Format::Pdf: return QStringLiteral("pdf");
    }
    return {};
}

QImage ChartExporter::toImage(const ChartPainterFunction &draw, const QSize &pixels, int dpi)
{
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    const double scale = double(std::max(dpi, 1)) / kDefaultDpi;
    image.setDotsPerMeterX(int(std::lround(dpi / 0.0254)));
    image.setDotsPerMeterY(int(std::lround(dpi / 0.0254)));
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    // Draw at the logical size and scale up, so a higher DPI gives larger text and thicker lines.
    painter.scale(scale, scale);
    draw(&painter, QRectF(0, 0, pixels.width() / scale, pixels.height() / scale));
    painter.end();
    return image;
}

QByteArray ChartExporter::toPng(const ChartPainterFunction &draw, const QSize &pixels, int dpi)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    toImage(draw, pixels, dpi).save(&buffer, "PNG");
    return buffer.data();
}

QByteArray ChartExporter::toSvg(const ChartPainterFunction &draw, const QSize &size, const QString &title)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(title);
    generator.setDescription(tr("Written by tcptune"));
    {
        QPainter painter(&generator);
        draw(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
    }
    return buffer.data();
}

QByteArray ChartExporter::toPdf(const ChartPainterFunction &draw, const QSize &size, const QString &title, int dpi)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setTitle(title);
        writer.setCreator(QStringLiteral("tcptune"));
        writer.setResolution(std::max(dpi, 1));
        const QSizeF points(size.width() * 72.0 / std::max(dpi, 1), size.height() * 72.0 / std::max(dpi, 1));
        writer.setPageLayout(QPageLayout(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch),
                                         QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        QPainter painter(&writer);
        // Same look as the PNG: the chart is laid out at 96 dpi and scaled onto the page.
        const double scale = double(std::max(dpi, 1)) / kDefaultDpi;
        painter.scale(scale, scale);
        draw(&painter, QRectF(0, 0, writer.width() / scale, writer.height() / scale));
    }
    return buffer.data();
}

Result<void> ChartExporter::write(const ChartPainterFunction &draw, Format format, const QString &path,
                                  const QSize &size, int dpi, const QString &title)
{
    if (size.width() < 50 || size.height() < 50 || size.width() > 20000 || size.height() > 20000)
        return fail(tr("A chart of %1x%2 pixels cannot be drawn; choose a size from 50x50 to 20000x20000.")
                        .arg(size.width())
                        .arg(size.height()));
    if (dpi < 24 || dpi > 1200)
        return fail(tr("DPI %1 is out of range; choose 24 to 1200 (96 is the screen's, 300 for print).").arg(dpi));
    QByteArray data;
    switch (format) {
    case Format::Png: data = toPng(draw, size, dpi); break;
    case Format::Svg: data = toSvg(draw, size, title); break;
    case Format::Pdf: data = toPdf(draw, size, title, dpi); break;
    }
    if (data.isEmpty())
        return fail(tr("Drawing the chart failed; is a Qt GUI platform available (QT_QPA_PLATFORM=offscreen)?"));
    return reportfile::write(path, data);
}

Result<QSize> ChartExporter::parseSize(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral(R"(^\s*(\d{1,5})\s*[xX*]\s*(\d{1,5})\s*$)"));
    const auto m = pattern.match(text);
    if (!m.hasMatch())
        return fail(tr("'%1' is not a size; write WIDTHxHEIGHT in pixels, e.g. 1600x900.").arg(text));
    return QSize(m.captured(1).toInt(), m.captured(2).toInt());
}

} // namespace tcptune

#include "export/chart_exporter.h"

#include "report/report_file.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>

namespace tcptune {

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
    case Format::Png: data = ChartRenderer::toPng(draw, size, dpi); break;
    case Format::Svg: data = ChartRenderer::toSvg(draw, size, title); break;
    case Format::Pdf: data = ChartRenderer::toPdf(draw, size, title, dpi); break;
    }
    if (data.isEmpty())
        return fail(tr("Drawing the chart failed; is a Qt GUI platform available (QT_QPA_PLATFORM=offscreen)?"));
    return reportfile::write(path, data);
}

Result<QSize> ChartExporter::parseSize(const QString &text)
{
    static const QRegularExpression pattern(
        QRegularExpression::anchoredPattern(QStringLiteral(R"(\s*(\d{1,5})\s*[xX*]\s*(\d{1,5})\s*)")));
    const auto m = pattern.match(text);
    if (!m.hasMatch())
        return fail(tr("'%1' is not a size; write WIDTHxHEIGHT in pixels, e.g. 1600x900.").arg(text));
    return QSize(m.captured(1).toInt(), m.captured(2).toInt());
}

} // namespace tcptune

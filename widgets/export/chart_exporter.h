#pragma once
// Writes a chart, given as a function that draws it into a rectangle, as PNG (pixel size and
// DPI chosen: text and lines scale with DPI / 96 and the DPI is stored in the file), SVG
// (QSvgGenerator) or a one-page PDF of the chart's size.

#include "common/error.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QImage>
#include <QRectF>
#include <QSize>
#include <QString>

#include <functional>

class QPainter;

namespace tcptune {

using ChartPainterFunction = std::function<void(QPainter *, const QRectF &)>;

class ChartExporter final {
    Q_DECLARE_TR_FUNCTIONS(ChartExporter)
public:
    enum class Format { Png, Svg, Pdf };
    static constexpr int kDefaultDpi = 96;

    // "png", "svg", "pdf" (case-insensitive), or from a file's extension.
    static Result<Format> formatFromName(const QString &name);
    static QString formatName(Format format);

    static QImage toImage(const ChartPainterFunction &draw, const QSize &pixels, int dpi = kDefaultDpi);
    static QByteArray toPng(const ChartPainterFunction &draw, const QSize &pixels, int dpi = kDefaultDpi);
    static QByteArray toSvg(const ChartPainterFunction &draw, const QSize &size, const QString &title);
    // SIZE in pixels at DPI; the page is that big (in points: size * 72 / dpi).
    static QByteArray toPdf(const ChartPainterFunction &draw, const QSize &size, const QString &title,
                            int dpi = kDefaultDpi);

    static Result<void> write(const ChartPainterFunction &draw, Format format, const QString &path, const QSize &size,
                              int dpi, const QString &title);
    // "1600x900" -> QSize; an error naming the text otherwise.
    static Result<QSize> parseSize(const QString &text);
};

} // namespace tcptune

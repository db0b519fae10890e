#pragma once
// Writes a chart to a file as PNG, SVG or PDF, drawn by ChartRenderer: the format from a name or
// a file's extension, the size from "WIDTHxHEIGHT", and sizes and DPIs checked before drawing.

#include "charts/chart_renderer.h"
#include "common/error.h"

#include <QCoreApplication>
#include <QSize>
#include <QString>

namespace tcptune {

class ChartExporter final {
    Q_DECLARE_TR_FUNCTIONS(ChartExporter)
public:
    enum class Format { Png, Svg, Pdf };

    // "png", "svg", "pdf" (case-insensitive), or from a file's extension.
    [[nodiscard]] static Result<Format> formatFromName(const QString &name);
    static QString formatName(Format format);

    [[nodiscard]] static Result<void> write(const ChartPainterFunction &draw, Format format, const QString &path,
                                            const QSize &size, int dpi, const QString &title);
    // "1600x900" -> QSize; an error naming the text otherwise.
    [[nodiscard]] static Result<QSize> parseSize(const QString &text);
};

} // namespace tcptune

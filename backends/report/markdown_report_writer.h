#pragma once
// The report as Markdown for a mail or a bug tracker: GitHub tables, the charts written beside
// the .md as PNG (SVG when no PNG was rendered) and linked relatively.

#include "common/error.h"
#include "report/report_model.h"

namespace tcptune {

class MarkdownReportWriter final {
public:
    // IMAGE_NAMES: the chart file names the text links to, in model.charts order.
    static QByteArray render(const ReportModel &model, const QStringList &imageNames);
    // Writes PATH and one image per chart beside it; returns every file written.
    [[nodiscard]] static Result<QStringList> write(const ReportModel &model, const QString &path);
};

} // namespace tcptune

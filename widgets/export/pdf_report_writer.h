#pragma once
// The report as a paginated A4 PDF (QPdfWriter + PageFlow): same sections as the HTML, charts
// drawn as vectors from their SVG, tables never cut mid-row, header rows repeated per page.

#include "common/error.h"
#include "report/report_model.h"

#include <QCoreApplication>

class QPdfWriter;

namespace tcptune {

class PdfReportWriter final {
    Q_DECLARE_TR_FUNCTIONS(PdfReportWriter)
public:
    // Returns the files written (PATH). Needs a QGuiApplication (offscreen is enough).
    [[nodiscard]] static Result<QStringList> write(const ReportModel &model, const QString &path);
    // Draws the report onto WRITER; returns the number of pages (0: the painter could not start).
    static int render(const ReportModel &model, QPdfWriter *writer);
};

} // namespace tcptune

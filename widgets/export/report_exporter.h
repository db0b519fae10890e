#pragma once
// One entry point for every report format, used by `tcptune report` and by the GUI's export
// menu: loads the model from the store, draws its charts, and calls the writer of each format.

#include "common/error.h"
#include "report/report_builder.h"
#include "report/report_model.h"

#include <QCoreApplication>
#include <QStringList>

namespace tcptune {

class ReportExporter final {
    Q_DECLARE_TR_FUNCTIONS(ReportExporter)
public:
    enum class Format { Html, Pdf, Markdown, Csv, Json };

    // "html", "pdf", "md"/"markdown", "csv", "json"; or from a file name's extension.
    [[nodiscard]] static Result<Format> formatFromName(const QString &name);
    static QString extension(Format format);
    static QStringList formatNames();

    // The model with host facts, samples and rendered charts (needs a QApplication for the charts),
    // its tables and charts in UNIT.
    [[nodiscard]] static Result<ReportModel> load(const QString &storePath, const QString &subject,
                                                  ThroughputUnit unit = {});
    // Writes MODEL as FORMAT to PATH; returns every file written (Markdown and CSV write several).
    [[nodiscard]] static Result<QStringList> write(const ReportModel &model, Format format, const QString &path);
};

} // namespace tcptune

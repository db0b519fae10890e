#include "export/report_exporter.h"

#include "experiment/store/result_store.h"
#include "export/pdf_report_writer.h"
#include "export/report_chart_renderer.h"
#include "report/html_report_writer.h"
#include "report/markdown_report_writer.h"
#include "report/raw_data_writer.h"

#include <QFileInfo>

namespace tcptune {

Result<ReportExporter::Format> ReportExporter::formatFromName(const QString &name)
{
    QString n = name.trimmed().toLower();
    if (n.contains(QLatin1Char('.')) || n.contains(QLatin1Char('/')))
        n = QFileInfo(n).suffix();
    if (n == QLatin1String("html") || n == QLatin1String("htm"))
        return Format::Html;
    if (n == QLatin1String("pdf"))
        return Format::Pdf;
    if (n == QLatin1String("md") || n == QLatin1String("markdown"))
        return Format::Markdown;
    if (n == QLatin1String("csv"))
        return Format::Csv;
    if (n == QLatin1String("json"))
        return Format::Json;
    return fail(tr("Unknown report format '%1'; use one of %2.").arg(name, formatNames().join(QStringLiteral(", "))));
}

QString ReportExporter::extension(Format format)
{
    switch (format) {
    case Format::Html: return QStringLiteral("html");
    case Format::Pdf: return QStringLiteral("pdf");
    case Format::Markdown: return QStringLiteral("md");
    case Format::Csv: return QStringLiteral("csv");
    case Format::Json: return QStringLiteral("json");
    }
    return {};
}

QStringList ReportExporter::formatNames()
{
    return {QStringLiteral("html"), QStringLiteral("pdf"), QStringLiteral("md"), QStringLiteral("csv"),
            QStringLiteral("json")};
}

Result<ReportModel> ReportExporter::load(const QString &storePath, const QString &subjectText, ThroughputUnit unit)
{
    auto subject = ReportSubject::parse(subjectText);
    if (!subject)
        return std::unexpected(subject.error());
    ResultStore store;
    if (auto opened = store.open(storePath); !opened)
        return std::unexpected(opened.error());
    auto model = buildReport(store, *subject);
    if (!model)
        return model;
    model->throughputUnit = unit;
    ReportChartRenderer::attachCharts(*model);
    return model;
}

Result<QStringList> ReportExporter::write(const ReportModel &model, Format format, const QString &path)
{
    switch (format) {
    case Format::Html: return HtmlReportWriter::write(model, path);
    case Format::Pdf: return PdfReportWriter::write(model, path);
    case Format::Markdown: return MarkdownReportWriter::write(model, path);
    case Format::Csv: return RawDataWriter::writeCsv(model, path);
    case Format::Json: return RawDataWriter::writeJson(model, path);
    }
    return fail(QStringLiteral("unreachable"));
}

} // namespace tcptune

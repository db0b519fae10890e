#include "export/pdf_report_writer.h"

#include "export/page_flow.h"
#include "report/report_file.h"
#include "report/report_tables.h"

#include <QBuffer>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>

namespace tcptune {

int PdfReportWriter::render(const ReportModel &model, QPdfWriter *writer)
{
    const reporttables::Headings hd = reporttables::headings(model);
    const QColor red(0xa4, 0, 0);
    PageFlow flow(writer, QStringLiteral("tcptune: %1").arg(model.title));
    if (!flow.isActive())
        return 0;
    flow.title(model.title);
    if (!model.description.isEmpty())
        flow.paragraph(model.description);
    flow.facts(reporttables::facts(model));

    flow.heading(hd.notes);
    if (model.failedRunCount() > 0)
        flow.paragraph(hd.failures, true, red);
    else
        flow.paragraph(hd.noFailures, false, QColor(0x2e, 0x6b, 0x2e));
    for (const QString &n : model.notes)
        flow.bullet(n, n.contains(QLatin1String("FAILED")) ? red : QColor(Qt::black));

    flow.heading(hd.results);
    flow.table(reporttables::results(model));

    if (!model.charts.isEmpty()) {
        flow.keepTogether(0.5);
        flow.heading(hd.charts);
        for (const ReportChart &c : model.charts)
            flow.svg(c.svg, c.title);
    }

    if (const ReportTable loaded = reporttables::underLoad(model); !loaded.rows.isEmpty()) {
        flow.heading(hd.underLoad);
        flow.paragraph(hd.underLoadHint);
        flow.table(loaded);
    }

    flow.heading(hd.runs);
    flow.table(reporttables::runs(model));
    if (const ReportTable files = reporttables::captures(model); !files.rows.isEmpty()) {
        flow.heading(hd.captures);
        flow.paragraph(hd.capturesHint);
        flow.table(files);
    }
    if (const ReportTable why = reporttables::diagnosis(model); !why.rows.isEmpty()) {
        flow.heading(hd.diagnosis);
        flow.paragraph(hd.diagnosisHint);
        flow.table(why);
    }

    flow.heading(hd.host);
    flow.paragraph(QStringLiteral("%1, Linux %2 %3").arg(model.host.hostname, model.host.kernel, model.host.version));
    flow.table(reporttables::nics(model));
    if (!model.host.qdiscProblem.isEmpty())
        flow.paragraph(model.host.qdiscProblem);

    flow.heading(hd.knobs);
    flow.table(reporttables::knobs(model));

    flow.heading(hd.rerun);
    flow.paragraph(hd.rerunHint);
    flow.preformatted(model.rerunCommand);
    flow.heading(hd.spec);
    flow.preformatted(QString::fromUtf8(model.specJson).trimmed());
    flow.finish();
    return flow.pageCount();
}

Result<QStringList> PdfReportWriter::write(const ReportModel &model, const QString &path)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    int pages = 0;
    {
        QPdfWriter writer(&buffer);
        writer.setResolution(96);
        writer.setTitle(model.title);
        writer.setCreator(QStringLiteral("tcptune"));
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(16, 14, 16, 12),
                                         QPageLayout::Millimeter));
        pages = render(model, &writer);
    }
    if (pages == 0)
        return fail(tr("Could not start drawing the PDF for %1; is a Qt GUI platform available "
                       "(QT_QPA_PLATFORM=offscreen works without a display)?")
                        .arg(path));
    if (auto ok = reportfile::write(path, buffer.data()); !ok)
        return std::unexpected(ok.error());
    return QStringList{path};
}

} // namespace tcptune

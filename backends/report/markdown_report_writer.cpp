#include "report/markdown_report_writer.h"

#include "report/report_file.h"
#include "report/report_tables.h"

#include <QFileInfo>

namespace tcptune {
namespace {

QString cell(QString s)
{
    return s.replace(QLatin1Char('|'), QStringLiteral("\\|")).replace(QLatin1Char('\n'), QLatin1Char(' '));
}

void table(QString &m, const ReportTable &t)
{
    if (t.rows.isEmpty()) {
        m += QStringLiteral("(none)\n\n");
        return;
    }
    QStringList head;
    QStringList rule;
    for (int c = 0; c < t.header.size(); ++c) {
        head << cell(t.header.at(c));
        rule << (t.numericColumn(c) ? QStringLiteral("---:") : QStringLiteral("---"));
    }
    m += QStringLiteral("| %1 |\n|%2|\n").arg(head.join(QStringLiteral(" | ")), rule.join(QLatin1Char('|')));
    for (int r = 0; r < t.rows.size(); ++r) {
        QStringList cells;
        for (const QString &c : t.rows.at(r))
            cells << cell(c);
        if (t.alert.value(r) && !cells.isEmpty())
            cells.last() =
                cells.last().isEmpty() ? QStringLiteral("**!**") : QStringLiteral("**%1**").arg(cells.last());
        m += QStringLiteral("| %1 |\n").arg(cells.join(QStringLiteral(" | ")));
    }
    m += QLatin1Char('\n');
}

} // namespace

QByteArray MarkdownReportWriter::render(const ReportModel &model, const QStringList &imageNames)
{
    const reporttables::Headings hd = reporttables::headings(model);
    QString m;
    m += QStringLiteral("# %1\n\n").arg(model.title);
    if (!model.description.isEmpty())
        m += model.description + QStringLiteral("\n\n");
    for (const auto &[label, value] : reporttables::facts(model))
        m += QStringLiteral("- **%1:** %2\n").arg(label, value);
    m += QStringLiteral("\n## %1\n\n").arg(hd.notes);
    m += (model.failedRunCount() > 0 ? QStringLiteral("**%1**").arg(hd.failures) : hd.noFailures) +
         QStringLiteral("\n\n");
    for (const QString &n : model.notes)
        m += QStringLiteral("- %1\n").arg(n);
    if (!model.notes.isEmpty())
        m += QLatin1Char('\n');
    m += QStringLiteral("## %1\n\n").arg(hd.results);
    table(m, reporttables::results(model));
    if (!model.charts.isEmpty()) {
        m += QStringLiteral("## %1\n\n").arg(hd.charts);
        for (int i = 0; i < model.charts.size(); ++i)
            m += QStringLiteral("![%1](%2)\n\n").arg(model.charts.at(i).title, imageNames.value(i));
    }
    if (const ReportTable loaded = reporttables::underLoad(model); !loaded.rows.isEmpty()) {
        m += QStringLiteral("## %1\n\n%2\n\n").arg(hd.underLoad, hd.underLoadHint);
        table(m, loaded);
    }
    m += QStringLiteral("## %1\n\n").arg(hd.runs);
    table(m, reporttables::runs(model));
    if (const ReportTable files = reporttables::captures(model); !files.rows.isEmpty()) {
        m += QStringLiteral("## %1\n\n%2\n\n").arg(hd.captures, hd.capturesHint);
        table(m, files);
    }
    if (const ReportTable why = reporttables::diagnosis(model); !why.rows.isEmpty()) {
        m += QStringLiteral("## %1\n\n%2\n\n").arg(hd.diagnosis, hd.diagnosisHint);
        table(m, why);
    }
    m += QStringLiteral("## %1\n\n%2, Linux %3 %4\n\n")
             .arg(hd.host, model.host.hostname, model.host.kernel, model.host.version);
    table(m, reporttables::nics(model));
    if (!model.host.qdiscProblem.isEmpty())
        m += model.host.qdiscProblem + QStringLiteral("\n\n");
    m += QStringLiteral("## %1\n\n").arg(hd.knobs);
    table(m, reporttables::knobs(model));
    m += QStringLiteral("## %1\n\n%2\n\n```sh\n%3\n```\n\n").arg(hd.rerun, hd.rerunHint, model.rerunCommand);
    m += QStringLiteral("## %1\n\n```json\n%2\n```\n").arg(hd.spec, QString::fromUtf8(model.specJson).trimmed());
    return m.toUtf8();
}

Result<QStringList> MarkdownReportWriter::write(const ReportModel &model, const QString &path)
{
    QStringList written;
    QStringList names;
    for (const ReportChart &c : model.charts) {
        const bool png = !c.png.isEmpty();
        const QString file = reportfile::sibling(
            path, QStringLiteral("-%1.%2").arg(c.id, png ? QStringLiteral("png") : QStringLiteral("svg")));
        if (auto ok = reportfile::write(file, png ? c.png : c.svg); !ok)
            return std::unexpected(ok.error());
        written << file;
        names << QFileInfo(file).fileName();
    }
    if (auto ok = reportfile::write(path, render(model, names)); !ok)
        return std::unexpected(ok.error());
    written.prepend(path);
    return written;
}

} // namespace tcptune

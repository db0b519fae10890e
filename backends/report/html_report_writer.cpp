#include "report/html_report_writer.h"

#include "report/report_file.h"
#include "report/report_tables.h"

#include <QCoreApplication>

namespace tcptune {
namespace {

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

const char *kStyle = R"(
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.25em; border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 1.6em; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.92em; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #eef2f7; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.alert td { background: #fff1e6; }
table.facts th { background: none; border: none; padding-right: 1.2em; }
table.facts td { border: none; }
.notes li.failed { color: #a40000; font-weight: bold; }
.ok { color: #2e6b2e; }
figure { margin: 1em 0; }
figure svg { max-width: 100%; height: auto; border: 1px solid #ddd; }
figcaption { font-weight: bold; margin-bottom: 0.3em; }
pre { background: #f6f6f6; padding: 0.8em; overflow-x: auto; font-size: 0.85em; }
code { background: #f6f6f6; padding: 0.1em 0.3em; }
)";

void table(QString &h, const ReportTable &t, const QString &cssClass = {})
{
    h += cssClass.isEmpty() ? QStringLiteral("<table>\n") : QStringLiteral("<table class=\"%1\">\n").arg(cssClass);
    h += QStringLiteral("<thead><tr>");
    for (const QString &c : t.header)
        h += QStringLiteral("<th>%1</th>").arg(esc(c));
    h += QStringLiteral("</tr></thead>\n<tbody>\n");
    for (int r = 0; r < t.rows.size(); ++r) {
        h += t.alert.value(r) ? QStringLiteral("<tr class=\"alert\">") : QStringLiteral("<tr>");
        for (int c = 0; c < t.rows.at(r).size(); ++c)
            h += t.numericColumn(c) ? QStringLiteral("<td class=\"num\">%1</td>").arg(esc(t.rows.at(r).at(c)))
                                    : QStringLiteral("<td>%1</td>").arg(esc(t.rows.at(r).at(c)));
        h += QStringLiteral("</tr>\n");
    }
    h += QStringLiteral("</tbody>\n</table>\n");
}

} // namespace

QByteArray HtmlReportWriter::inlineSvg(const QByteArray &svg)
{
    const qsizetype start = svg.indexOf("<svg");
    return start < 0 ? QByteArray() : svg.mid(start);
}

QByteArray HtmlReportWriter::render(const ReportModel &model)
{
    const reporttables::Headings hd = reporttables::headings(model);
    QString h;
    h += QStringLiteral("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
                        "<meta charset=\"utf-8\"/>\n<title>%1</title>\n<style>%2</style>\n</head>\n<body>\n")
             .arg(esc(model.title), QString::fromLatin1(kStyle));
    h += QStringLiteral("<h1>%1</h1>\n").arg(esc(model.title));
    if (!model.description.isEmpty())
        h += QStringLiteral("<p>%1</p>\n").arg(esc(model.description));
    h += QStringLiteral("<table class=\"facts\">\n");
    for (const auto &[label, value] : reporttables::facts(model))
        h += QStringLiteral("<tr><th>%1</th><td>%2</td></tr>\n").arg(esc(label), esc(value));
    h += QStringLiteral("</table>\n");

    h += QStringLiteral("<h2 id=\"notes\">%1</h2>\n").arg(esc(hd.notes));
    if (model.failedRunCount() > 0)
        h += QStringLiteral("<p class=\"failed\"><strong>%1</strong></p>\n").arg(esc(hd.failures));
    else
        h += QStringLiteral("<p class=\"ok\">%1</p>\n").arg(esc(hd.noFailures));
    if (!model.notes.isEmpty()) {
        h += QStringLiteral("<ul class=\"notes\">\n");
        for (const QString &n : model.notes)
            h +=
                QStringLiteral("<li%1>%2</li>\n")
                    .arg(n.contains(QLatin1String("FAILED")) ? QStringLiteral(" class=\"failed\"") : QString(), esc(n));
        h += QStringLiteral("</ul>\n");
    }

    h += QStringLiteral("<h2 id=\"results\">%1</h2>\n").arg(esc(hd.results));
    table(h, reporttables::results(model), QStringLiteral("results"));

    if (!model.charts.isEmpty()) {
        h += QStringLiteral("<h2 id=\"charts\">%1</h2>\n").arg(esc(hd.charts));
        for (const ReportChart &c : model.charts) {
            h += QStringLiteral("<figure id=\"chart-%1\">\n<figcaption>%2</figcaption>\n").arg(esc(c.id), esc(c.title));
            h += QString::fromUtf8(inlineSvg(c.svg));
            h += QStringLiteral("\n</figure>\n");
        }
    }

    if (const ReportTable loaded = reporttables::underLoad(model); !loaded.rows.isEmpty()) {
        h += QStringLiteral("<h2 id=\"latency-under-load\">%1</h2>\n<p>%2</p>\n")
                 .arg(esc(hd.underLoad), esc(hd.underLoadHint));
        table(h, loaded, QStringLiteral("latency-under-load"));
    }

    h += QStringLiteral("<h2 id=\"runs\">%1</h2>\n").arg(esc(hd.runs));
    table(h, reporttables::runs(model), QStringLiteral("runs"));
    if (const ReportTable files = reporttables::captures(model); !files.rows.isEmpty()) {
        h += QStringLiteral("<h2 id=\"captures\">%1</h2>\n<p>%2</p>\n").arg(esc(hd.captures), esc(hd.capturesHint));
        table(h, files, QStringLiteral("captures"));
    }

    if (const ReportTable why = reporttables::diagnosis(model); !why.rows.isEmpty()) {
        h += QStringLiteral("<h2 id=\"diagnosis\">%1</h2>\n<p>%2</p>\n").arg(esc(hd.diagnosis), esc(hd.diagnosisHint));
        table(h, why, QStringLiteral("diagnosis"));
    }

    h += QStringLiteral("<h2 id=\"host\">%1</h2>\n").arg(esc(hd.host));
    h += QStringLiteral("<p>%1 &#8212; Linux %2 %3</p>\n")
             .arg(esc(model.host.hostname), esc(model.host.kernel), esc(model.host.version));
    table(h, reporttables::nics(model));
    if (!model.host.qdiscProblem.isEmpty())
        h += QStringLiteral("<p>%1</p>\n").arg(esc(model.host.qdiscProblem));

    h += QStringLiteral("<h2 id=\"knobs\">%1</h2>\n").arg(esc(hd.knobs));
    table(h, reporttables::knobs(model), QStringLiteral("knobs"));

    h += QStringLiteral("<h2 id=\"rerun\">%1</h2>\n<p>%2</p>\n<pre>%3</pre>\n")
             .arg(esc(hd.rerun), esc(hd.rerunHint), esc(model.rerunCommand));
    h += QStringLiteral("<h2 id=\"spec\">%1</h2>\n<pre>%2</pre>\n")
             .arg(esc(hd.spec), esc(QString::fromUtf8(model.specJson)));
    h += QStringLiteral("</body>\n</html>\n");
    return h.toUtf8();
}

Result<QStringList> HtmlReportWriter::write(const ReportModel &model, const QString &path)
{
    if (auto ok = reportfile::write(path, render(model)); !ok)
        return std::unexpected(ok.error());
    return QStringList{path};
}

} // namespace tcptune

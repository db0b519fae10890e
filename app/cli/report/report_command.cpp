#include "cli/report/report_command.h"

#include "cli/command.h"
#include "cli/console.h"
#include "cli/store_option.h"
#include "cli/throughput_unit_option.h"
#include "experiment/store/result_store.h"
#include "export/report_exporter.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace tcptune::cli {
namespace {

// ReportCommand::tr(): lupdate files this file's text under the context that tr() looks it up in.
class ReportCommand final {
    Q_DECLARE_TR_FUNCTIONS(ReportCommand)
};

// With one format --out is the file; with several it is a stem (any extension is replaced).
QString outputPath(const QString &out, ReportExporter::Format format, bool several)
{
    const QString ext = ReportExporter::extension(format);
    if (!several && !QFileInfo(out).suffix().isEmpty())
        return out;
    const QFileInfo info(out);
    const QString stem = info.suffix().isEmpty() ? info.fileName() : info.completeBaseName();
    return info.dir().filePath(stem + QLatin1Char('.') + ext);
}

} // namespace

int runReportCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(ReportCommand::tr(
        "Writes a report of a stored sweep or run: host, kernel, NIC and qdisc, the knobs of both ends, the spec,\n"
        "the result table (mean ± sd, RTT), charts, every run, flags and failures, and the command that reruns it.\n"
        "ID is an experiment id (as 'tcptune results list' shows) or run:ID for one run.\n"
        "Several formats at once: --format html,pdf --out DIR/report writes DIR/report.html and DIR/report.pdf."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("report"), ReportCommand::tr("Write a report."));
    parser.addPositionalArgument(QStringLiteral("id"), ReportCommand::tr("Experiment id, or run:ID."),
                                 QStringLiteral("ID"));
    const QCommandLineOption format(
        QStringLiteral("format"),
        ReportCommand::tr("html, pdf, md, csv or json; a comma list for several (default: from --out)."),
        QStringLiteral("FORMAT"));
    const QCommandLineOption outOption(QStringLiteral("out"),
                                       ReportCommand::tr("The file to write (a stem for several formats)."),
                                       QStringLiteral("FILE"));
    parser.addOptions({format, outOption, StoreOption::option(), ThroughputUnitOption::option()});
    if (const auto done = parseArguments(parser, args, QStringLiteral("report")))
        return *done;
    const QStringList positional = parser.positionalArguments().mid(1);
    if (positional.size() != 1)
        return failWith(ReportCommand::tr("Give one experiment id (or run:ID); 'tcptune results list' shows them."), 2);
    if (!parser.isSet(outOption))
        return failWith(
            ReportCommand::tr("--out FILE is missing: say where to write the report, e.g. --out report.html."), 2);
    const QString outPath = parser.value(outOption);
    const auto unit = ThroughputUnitOption::from(parser);
    if (!unit)
        return failWith(unit.error().message, 2);

    QList<ReportExporter::Format> formats;
    const QStringList names = parser.isSet(format) ? parser.value(format).split(QLatin1Char(','), Qt::SkipEmptyParts)
                                                   : QStringList{QFileInfo(outPath).suffix()};
    for (const QString &name : names) {
        auto f = ReportExporter::formatFromName(name.isEmpty() ? QStringLiteral("(none)") : name);
        if (!f)
            return failWith(f.error().message + QLatin1Char(' ') +
                                ReportCommand::tr("Give --format or an --out file with that extension."),
                            2);
        if (!formats.contains(*f))
            formats << *f;
    }

    auto model = ReportExporter::load(StoreOption::from(parser), positional.first(), unit->value_or(ThroughputUnit()));
    if (!model)
        return failWith(model.error().message, 1);
    for (ReportExporter::Format f : formats) {
        auto written = ReportExporter::write(*model, f, outputPath(outPath, f, formats.size() > 1));
        if (!written)
            return failWith(written.error().message, 1);
        for (const QString &file : *written)
            out() << ReportCommand::tr("wrote %1").arg(file) << '\n';
    }
    if (model->failedRunCount() > 0)
        out() << ReportCommand::tr(
                     "note: %1 of %2 runs of this experiment failed; the report lists them and their errors.")
                     .arg(model->failedRunCount())
                     .arg(model->runs().size())
              << '\n';
    out().flush();
    return 0;
}

} // namespace tcptune::cli

TCPTUNE_REGISTER_GUI_COMMAND(
    "report",
    QT_TRANSLATE_NOOP("CommandSummary", "Write a report (HTML, PDF, Markdown, CSV, JSON) of a stored sweep or run"),
    tcptune::cli::runReportCommand)

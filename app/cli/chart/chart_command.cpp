#include "cli/chart/chart_command.h"

#include "cli/command.h"
#include "cli/console.h"
#include "experiment/store/result_store.h"
#include "export/chart_exporter.h"
#include "export/report_chart_renderer.h"
#include "report/report_builder.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>

namespace tcptune::cli {
namespace {

// ChartCommand::tr(): lupdate files this file's text under the context that tr() looks it up in.
class ChartCommand final {
    Q_DECLARE_TR_FUNCTIONS(ChartCommand)
};

} // namespace

int runChartCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(ChartCommand::tr(
        "Draws a chart of a stored sweep or run, as on screen, into a PNG, SVG or PDF file.\n"
        "For a sweep the default chart is throughput and RTT by the swept value ('sweep'); for a run, throughput\n"
        "and RTT over time side by side ('throughput-rtt'). ID is an experiment id or run:ID."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("chart"), ChartCommand::tr("Draw a chart."));
    parser.addPositionalArgument(QStringLiteral("id"), ChartCommand::tr("Experiment id, or run:ID."),
                                 QStringLiteral("ID"));
    const QCommandLineOption format(
        QStringLiteral("format"), ChartCommand::tr("png, svg or pdf (default: from --out)."), QStringLiteral("FORMAT"));
    const QCommandLineOption outOption(QStringLiteral("out"), ChartCommand::tr("The file to write."),
                                       QStringLiteral("FILE"));
    const QCommandLineOption size(QStringLiteral("size"),
                                  ChartCommand::tr("Width x height in pixels (default 1200x480)."),
                                  QStringLiteral("WxH"), QStringLiteral("1200x480"));
    const QCommandLineOption dpi(QStringLiteral("dpi"),
                                 ChartCommand::tr("Dots per inch; text and lines scale with DPI/96 (default 96)."),
                                 QStringLiteral("N"), QStringLiteral("96"));
    const QCommandLineOption which(QStringLiteral("chart"), ChartCommand::tr("sweep, throughput-rtt or limiters."),
                                   QStringLiteral("NAME"));
    const QCommandLineOption db(QStringLiteral("db"),
                                ChartCommand::tr("The result store (default: $XDG_DATA_HOME/tcptune/results.db)."),
                                QStringLiteral("FILE"));
    parser.addOptions({format, outOption, size, dpi, which, db});
    if (const auto done = parseArguments(parser, args, QStringLiteral("chart")))
        return *done;
    const QStringList positional = parser.positionalArguments().mid(1);
    if (positional.size() != 1)
        return failWith(ChartCommand::tr("Give one experiment id (or run:ID); 'tcptune results list' shows them."), 2);
    if (!parser.isSet(outOption))
        return failWith(ChartCommand::tr("--out FILE is missing: say where to write the chart, e.g. --out chart.png."),
                        2);
    const QString path = parser.value(outOption);
    auto chartFormat =
        ChartExporter::formatFromName(parser.isSet(format) ? parser.value(format) : QFileInfo(path).suffix());
    if (!chartFormat)
        return failWith(chartFormat.error().message, 2);
    auto pixels = ChartExporter::parseSize(parser.value(size));
    if (!pixels)
        return failWith(pixels.error().message, 2);
    bool dpiOk = false;
    const int dots = parser.value(dpi).toInt(&dpiOk);
    if (!dpiOk)
        return failWith(ChartCommand::tr("--dpi '%1' is not a number; use e.g. --dpi 192.").arg(parser.value(dpi)), 2);

    auto subject = ReportSubject::parse(positional.first());
    if (!subject)
        return failWith(subject.error().message, 2);
    ResultStore store;
    if (auto opened = store.open(parser.isSet(db) ? parser.value(db) : ResultStore::defaultPath()); !opened)
        return failWith(opened.error().message, 1);
    ReportOptions options;
    options.withHostFacts = false;
    auto model = buildReport(store, *subject, options);
    if (!model)
        return failWith(model.error().message, 1);
    const QStringList available = ReportChartRenderer::availableCharts(*model);
    QString id = parser.value(which);
    if (id.isEmpty())
        id = available.contains(QStringLiteral("sweep")) ? QStringLiteral("sweep") : available.value(0);
    auto draw = ReportChartRenderer::painterFor(*model, id);
    if (!draw)
        return failWith(draw.error().message, 2);
    if (auto written =
            ChartExporter::write(*draw, *chartFormat, path, *pixels, dots, ReportChartRenderer::chartTitle(*model, id));
        !written)
        return failWith(written.error().message, 1);
    out() << ChartCommand::tr("wrote %1").arg(path) << Qt::endl;
    return 0;
}

} // namespace tcptune::cli

TCPTUNE_REGISTER_GUI_COMMAND("chart",
                             QT_TRANSLATE_NOOP("CommandSummary",
                                               "Draw a stored sweep's or run's chart into PNG, SVG or PDF"),
                             tcptune::cli::runChartCommand)

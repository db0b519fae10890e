#include "cli/chart/chart_command.h"

#include "cli/chart/capture_chart.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/store_option.h"
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

// The options that say where and how the chart is written, read into OUTPUT; an exit code when
// one of them is wrong.
std::optional<int> readOutput(const QCommandLineParser &parser, const QCommandLineOption &format,
                              const QCommandLineOption &outOption, const QCommandLineOption &size,
                              const QCommandLineOption &dpi, ChartOutput &output)
{
    if (!parser.isSet(outOption))
        return failWith(ChartCommand::tr("--out FILE is missing: say where to write the chart, e.g. --out chart.png."),
                        2);
    output.path = parser.value(outOption);
    auto chartFormat =
        ChartExporter::formatFromName(parser.isSet(format) ? parser.value(format) : QFileInfo(output.path).suffix());
    if (!chartFormat)
        return failWith(chartFormat.error().message, 2);
    output.format = *chartFormat;
    auto pixels = ChartExporter::parseSize(parser.value(size));
    if (!pixels)
        return failWith(pixels.error().message, 2);
    output.pixels = *pixels;
    bool dpiOk = false;
    output.dpi = parser.value(dpi).toInt(&dpiOk);
    if (!dpiOk)
        return failWith(ChartCommand::tr("--dpi '%1' is not a number; use e.g. --dpi 192.").arg(parser.value(dpi)), 2);
    return std::nullopt;
}

// A stored sweep's or run's chart.
int runStoredChart(const QString &subjectText, const QString &which, const QString &location, const ChartOutput &output)
{
    auto subject = ReportSubject::parse(subjectText);
    if (!subject)
        return failWith(subject.error().message, 2);
    ResultStore store;
    if (auto opened = store.open(location); !opened)
        return failWith(opened.error().message, 1);
    ReportOptions options;
    options.withHostFacts = false;
    auto model = buildReport(store, *subject, options);
    if (!model)
        return failWith(model.error().message, 1);
    const QStringList available = ReportChartRenderer::availableCharts(*model);
    QString id = which;
    if (id.isEmpty())
        id = available.contains(QStringLiteral("sweep")) ? QStringLiteral("sweep") : available.value(0);
    auto draw = ReportChartRenderer::painterFor(*model, id);
    if (!draw)
        return failWith(draw.error().message, 2);
    if (auto written = ChartExporter::write(*draw, output.format, output.path, output.pixels, output.dpi,
                                            ReportChartRenderer::chartTitle(*model, id));
        !written)
        return failWith(written.error().message, 1);
    out() << ChartCommand::tr("wrote %1").arg(output.path) << Qt::endl;
    return 0;
}

} // namespace

int runChartCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(ChartCommand::tr(
        "Draws a chart of a stored sweep or run, or a TCP stream graph of a capture's flow, as on screen, into a\n"
        "PNG, SVG or PDF file. For a sweep the default chart is throughput and RTT by the swept value ('sweep');\n"
        "for a run, throughput and RTT over time side by side ('throughput-rtt'). ID is an experiment id, run:ID,\n"
        "or capture:FILE#FLOW (FLOW: the row of 'tcptune analyze FILE', 1 = the largest flow)."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("chart"), ChartCommand::tr("Draw a chart."));
    parser.addPositionalArgument(QStringLiteral("id"), ChartCommand::tr("Experiment id, run:ID or capture:FILE#FLOW."),
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
    const QCommandLineOption which(
        QStringLiteral("chart"),
        ChartCommand::tr("sweep, throughput-rtt, limiters, stream-graph-N (run N's capture), latency-under-load-N "
                         "or latency-cdf-N (run N's latency under load)."),
        QStringLiteral("NAME"));
    const QCommandLineOption graph(
        QStringLiteral("graph"),
        ChartCommand::tr("For a capture: tcptrace (time-sequence), inflight, rtt or throughput (default tcptrace)."),
        QStringLiteral("KIND"));
    const QCommandLineOption direction(
        QStringLiteral("direction"),
        ChartCommand::tr("For a capture: c2s (the client's data, default) or s2c (the server's)."),
        QStringLiteral("DIR"));
    const QCommandLineOption window(QStringLiteral("window"),
                                    ChartCommand::tr("For --graph throughput: the averaging window in s (default 1)."),
                                    QStringLiteral("S"));
    parser.addOptions({format, outOption, size, dpi, which, StoreOption::option(), graph, direction, window});
    if (const auto done = parseArguments(parser, args, QStringLiteral("chart")))
        return *done;
    const QStringList positional = parser.positionalArguments().mid(1);
    if (positional.size() != 1)
        return failWith(
            ChartCommand::tr("Give one experiment id (or run:ID, or capture:FILE#FLOW); 'tcptune results list' shows "
                             "the stored ones."),
            2);
    ChartOutput output;
    if (const auto wrong = readOutput(parser, format, outOption, size, dpi, output))
        return *wrong;
    if (isCaptureSubject(positional.first()))
        return runCaptureChart(
            positional.first(),
            {parser.value(graph), parser.value(direction), parser.value(window), StoreOption::from(parser)}, output);
    return runStoredChart(positional.first(), parser.value(which), StoreOption::from(parser), output);
}

} // namespace tcptune::cli

TCPTUNE_REGISTER_GUI_COMMAND("chart",
                             QT_TRANSLATE_NOOP("CommandSummary",
                                               "Draw a stored sweep's or run's chart into PNG, SVG or PDF"),
                             tcptune::cli::runChartCommand)

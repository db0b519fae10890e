#include "cli/analyze/analyze_command.h"
#include "cli/command.h"

#include "capture/capture_json.h"
#include "capture/tcp_flow_analyzer.h"
#include "cli/console.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>

namespace tcptune::cli {
namespace {

// AnalyzeCommand::tr(): lupdate files this file's text under the context that tr() looks it up in.
class AnalyzeCommand final {
    Q_DECLARE_TR_FUNCTIONS(AnalyzeCommand)
};

// Decimal units as tshark prints them, the largest that leaves at least 1: "1.2 MB", not "1218.0 kB".
QString humanBytes(std::int64_t bytes)
{
    if (bytes >= 1000LL * 1000 * 1000)
        return QStringLiteral("%1 GB").arg(double(bytes) / 1e9, 0, 'f', 1);
    if (bytes >= 1000 * 1000)
        return QStringLiteral("%1 MB").arg(double(bytes) / 1e6, 0, 'f', 1);
    if (bytes >= 1000)
        return QStringLiteral("%1 kB").arg(double(bytes) / 1e3, 0, 'f', 1);
    return QStringLiteral("%1 B").arg(bytes);
}

void printTable(const CaptureAnalysis &a)
{
    out() << AnalyzeCommand::tr("%1: %2 packets, link type %3, %4 s, %5 TCP flows, %6 malformed")
                 .arg(a.file)
                 .arg(a.packets)
                 .arg(a.link_type)
                 .arg(a.duration_s, 0, 'f', 3)
                 .arg(a.flows.size())
                 .arg(a.malformed)
          << '\n';
    int width = 10;
    for (const FlowAnalysis &f : a.flows)
        width = std::max({width, int(f.client.toString().size()), int(f.server.toString().size())});
    out() << QStringLiteral("%1  %2  %3 %4 %5 %6 %7 %8 %9  %10")
                 .arg(AnalyzeCommand::tr("client"), -width)
                 .arg(AnalyzeCommand::tr("server"), -width)
                 .arg(AnalyzeCommand::tr("packets"), 8)
                 .arg(AnalyzeCommand::tr("c2s"), 10)
                 .arg(AnalyzeCommand::tr("s2c"), 10)
                 .arg(AnalyzeCommand::tr("retrans"), 7)
                 .arg(AnalyzeCommand::tr("rtt med ms"), 10)
                 .arg(AnalyzeCommand::tr("rtt p95 ms"), 10)
                 .arg(AnalyzeCommand::tr("rtt n"), 7)
                 .arg(AnalyzeCommand::tr("via"))
          << '\n';
    for (const FlowAnalysis &f : a.flows) {
        const RttStats &r = f.c2s.rtt_stats;
        const QString median = r.count ? QString::number(r.median_ms, 'f', 3) : QStringLiteral("-");
        const QString p95 = r.count ? QString::number(r.p95_ms, 'f', 3) : QStringLiteral("-");
        out() << QStringLiteral("%1  %2  %3 %4 %5 %6 %7 %8 %9  %10")
                     .arg(f.client.toString(), -width)
                     .arg(f.server.toString(), -width)
                     .arg(f.packets, 8)
                     .arg(humanBytes(f.c2s.frame_bytes), 10)
                     .arg(humanBytes(f.s2c.frame_bytes), 10)
                     .arg(f.retransmissions(), 7)
                     .arg(median, 10)
                     .arg(p95, 10)
                     .arg(qlonglong(r.count), 7)
                     .arg(f.via.isEmpty() ? QStringLiteral("-") : f.via)
              << '\n';
    }
    out().flush();
}

} // namespace

int runAnalyzeCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(AnalyzeCommand::tr(
        "Analyses the TCP flows of a pcap or pcapng capture as Wireshark would: bytes, retransmissions, "
        "round-trip times and bytes per interval, largest flow first."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("file"), AnalyzeCommand::tr("The capture file (pcap or pcapng)."));
    const QCommandLineOption json(QStringLiteral("json"), AnalyzeCommand::tr("Print JSON instead of a table."));
    const QCommandLineOption interval(
        QStringLiteral("interval"),
        AnalyzeCommand::tr("Length of the intervals for bytes per interval, in seconds (default 0.1)."),
        QStringLiteral("S"), QStringLiteral("0.1"));
    const QCommandLineOption maxMemory(
        QStringLiteral("max-memory"),
        AnalyzeCommand::tr("Stop with a partial result when the analysis would need more than this "
                           "many MB of memory (default 64)."),
        QStringLiteral("MB"), QStringLiteral("64"));
    parser.addOptions({json, interval, maxMemory});
    if (!parser.parse(args))
        return failWith(parser.errorText() + QLatin1Char('\n') + AnalyzeCommand::tr("Try 'tcptune analyze --help'."),
                        2);
    if (parser.isSet(QStringLiteral("help"))) {
        out() << helpText(parser, QStringLiteral("analyze"));
        return 0;
    }
    const QStringList files = parser.positionalArguments().mid(1);
    if (files.size() != 1)
        return failWith(AnalyzeCommand::tr("Give exactly one capture file, e.g. 'tcptune analyze run.pcap'."), 2);
    bool ok = false;
    AnalysisOptions options;
    options.interval_s = parser.value(interval).toDouble(&ok);
    if (!ok || !(options.interval_s > 0))
        return failWith(
            AnalyzeCommand::tr("'%1' is not a valid interval; give a positive number of seconds, e.g. --interval 0.1.")
                .arg(parser.value(interval)),
            2);
    options.keep_rtt_samples = false;
    const qint64 megabytes = parser.value(maxMemory).toLongLong(&ok);
    if (!ok || megabytes < 1 || megabytes > (1 << 20))
        return failWith(
            AnalyzeCommand::tr("'%1' is not a valid memory limit; give a number of MB from 1 to 1048576, e.g. "
                               "--max-memory 64.")
                .arg(parser.value(maxMemory)),
            2);
    options.memory_limit_bytes = megabytes << 20;

    const Result<CaptureAnalysis> result = analyzeCapture(files.first(), options);
    if (!result)
        return failWith(result.error().message);
    const CaptureAnalysis &a = *result;
    if (parser.isSet(json)) {
        out().flush();
        QFile stdoutFile;
        if (!stdoutFile.open(stdout, QIODevice::WriteOnly))
            return failWith(AnalyzeCommand::tr("Cannot write to the standard output."));
        writeCaptureJson(a, stdoutFile);
    } else {
        printTable(a);
    }
    for (const QString &w : a.warnings)
        err() << AnalyzeCommand::tr("warning: ") << w << Qt::endl;
    if (a.truncated)
        err() << AnalyzeCommand::tr("warning: ") << a.truncation_message << Qt::endl;
    return 0;
}

} // namespace tcptune::cli

TCPTUNE_REGISTER_COMMAND("analyze",
                         QT_TRANSLATE_NOOP("CommandSummary", "Analyse the TCP flows of a pcap or pcapng capture"),
                         tcptune::cli::runAnalyzeCommand)

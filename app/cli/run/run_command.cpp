#include "cli/run/run_command.h"
#include "cli/command.h"

#include "cli/console.h"
#include "cli/run/run_report.h"
#include "common/termination_signals.h"
#include "helper/helper_connection.h"
#include "knobs/knob_value.h"
#include "lab/lab_target.h"
#include "traffic/traffic_client.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonDocument>

#include <unistd.h>

namespace tcptune::cli {
namespace {

// RunCommand::tr(): lupdate files this file's text under the context that tr() looks it up in.
class RunCommand final {
    Q_DECLARE_TR_FUNCTIONS(RunCommand)
};

} // namespace

int runRunCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(RunCommand::tr(
        "Runs real TCP traffic against a `tcptune serve` agent or a stock `iperf3 -s`, sampling TCP_INFO of "
        "every sending socket, and prints the receiver's goodput, RTT and the sample series."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("run"), RunCommand::tr("Run traffic."));
    auto opt = [](const char *name, const QString &help, const char *valueName = nullptr, const QString &def = {}) {
        return valueName ? QCommandLineOption(QString::fromLatin1(name), help, QString::fromLatin1(valueName), def)
                         : QCommandLineOption(QString::fromLatin1(name), help);
    };
    const auto target =
        opt("target",
            RunCommand::tr("HOST[:PORT] of a `tcptune serve` agent (port 5300), or iperf3://HOST[:PORT] "
                           "of an iperf3 server (port 5201)."),
            "TARGET");
    const auto duration = opt("duration", RunCommand::tr("Measured seconds (default 10)."), "S", QStringLiteral("10"));
    const auto omit =
        opt("omit", RunCommand::tr("Seconds to run first and leave out (default 0)."), "S", QStringLiteral("0"));
    const auto streams = opt("streams", RunCommand::tr("Parallel connections (default 1)."), "N", QStringLiteral("1"));
    const auto workload =
        opt("workload", RunCommand::tr("bulk, rr or split-write (default bulk)."), "W", QStringLiteral("bulk"));
    const auto writeSize =
        opt("write-size", RunCommand::tr("Bytes per write; split-write: the data part (default 128K)."), "B",
            QStringLiteral("128K"));
    const auto requestSize =
        opt("request-size", RunCommand::tr("rr: request bytes (default 64)."), "B", QStringLiteral("64"));
    const auto responseSize = opt("response-size",
                                  RunCommand::tr("rr, split-write: response bytes (default 64; split-write 0 = "
                                                 "one-way)."),
                                  "B");
    const auto headerSize =
        opt("header-size", RunCommand::tr("split-write: header bytes (default 48)."), "B", QStringLiteral("48"));
    const auto sndbuf = opt("sndbuf", RunCommand::tr("SO_SNDBUF in bytes (default: autotuning)."), "B");
    const auto rcvbuf = opt("rcvbuf", RunCommand::tr("SO_RCVBUF in bytes, both ends (default: autotuning)."), "B");
    const auto nodelay = opt("nodelay", RunCommand::tr("Set TCP_NODELAY."));
    const auto cork = opt("cork", RunCommand::tr("Set TCP_CORK (split-write: around each message)."));
    const auto lowat = opt("notsent-lowat", RunCommand::tr("TCP_NOTSENT_LOWAT in bytes."), "B");
    const auto cc = opt("cc", RunCommand::tr("Congestion control (e.g. cubic, bbr, reno)."), "NAME");
    const auto pacing = opt("max-pacing-rate", RunCommand::tr("SO_MAX_PACING_RATE, e.g. 100mbit."), "RATE");
    const auto sampleMs =
        opt("sample-ms", RunCommand::tr("TCP_INFO sampling interval in ms (default 10)."), "MS", QStringLiteral("10"));
    const auto probe =
        opt("latency-probe", RunCommand::tr("Measure latency with a small request/response flow beside the load."));
    const auto token = opt("token", RunCommand::tr("The agent's token."), "T");
    const auto connectTimeout = opt("connect-timeout", RunCommand::tr("Seconds to wait for a connection (default 3)."),
                                    "S", QStringLiteral("3"));
    const auto json = opt("json", RunCommand::tr("Print the result as one JSON object."));
    parser.addOptions({target,       duration,   omit,     streams, workload, writeSize,      requestSize,
                       responseSize, headerSize, sndbuf,   rcvbuf,  nodelay,  cork,           lowat,
                       cc,           pacing,     sampleMs, probe,   token,    connectTimeout, json});
    const auto labOption =
        opt("lab", RunCommand::tr("Without --target: the local lab NAME (default lab), started if down."), "NAME",
            QStringLiteral("lab"));
    parser.addOption(labOption);
    if (!parser.parse(args))
        return failWith(parser.errorText() + QLatin1Char('\n') + RunCommand::tr("Try 'tcptune run --help'."), 2);
    if (parser.isSet(QStringLiteral("help"))) {
        out() << parser.helpText();
        return 0;
    }
    if (parser.positionalArguments().size() > 1)
        return failWith(
            RunCommand::tr("Unknown argument '%1'. Try 'tcptune run --help'.").arg(parser.positionalArguments().at(1)),
            2);
    if (parser.isSet(target) && parser.isSet(labOption))
        return failWith(RunCommand::tr("Give either --target or --lab, not both."), 2);

    TrafficSpec spec;
    QString problem;
    auto number = [&](const QCommandLineOption &o, double &field, const QString &what) {
        if (!parser.isSet(o) && parser.value(o).isEmpty())
            return;
        bool ok = false;
        const double v = parser.value(o).toDouble(&ok);
        if (!ok && problem.isEmpty())
            problem = RunCommand::tr("%1 '%2' is not a number of seconds.").arg(what, parser.value(o));
        else
            field = v;
    };
    auto integer = [&](const QCommandLineOption &o, auto &field, Unit unit, const QString &what) {
        if (parser.value(o).isEmpty() || !problem.isEmpty())
            return;
        auto v = knobvalue::parseInteger(parser.value(o), unit);
        if (!v) {
            problem = RunCommand::tr("%1: %2").arg(what, v.error().message);
            return;
        }
        using T = std::decay_t<decltype(field)>;
        if (*v > std::int64_t(std::numeric_limits<T>::max())) {
            problem = RunCommand::tr("%1 '%2' is too large.").arg(what, parser.value(o));
            return;
        }
        field = T(*v);
    };
    HelperConnection helper;        // builds the lab if it is down
    std::unique_ptr<LabTarget> lab; // no --target: the local lab, with its agent in the server namespace
    if (parser.isSet(target)) {
        auto t = TrafficTarget::parse(parser.value(target));
        if (!t)
            return failWith(t.error().message, 2);
        spec.target = *t;
    } else {
        auto started = LabTarget::start(helper, parser.value(labOption));
        if (!started)
            return failWith(started.error().message, 1);
        lab = std::move(*started);
        lab->applyTo(spec);
    }
    spec.target.token = parser.value(token);
    auto w = parseWorkload(parser.value(workload));
    if (!w)
        return failWith(w.error().message, 2);
    spec.workload = *w;
    if (spec.workload == Workload::SplitWrite && !parser.isSet(responseSize) && spec.target.kind == TargetKind::Iperf3)
        spec.responseSize = 0; // iperf3 cannot answer: one-way split writes
    else if (spec.workload == Workload::SplitWrite && !parser.isSet(responseSize))
        spec.responseSize = 48; // an iSCSI response header
    number(duration, spec.durationS, RunCommand::tr("Duration"));
    number(omit, spec.omitS, RunCommand::tr("Omit"));
    double timeoutS = 3;
    number(connectTimeout, timeoutS, RunCommand::tr("Connect timeout"));
    spec.connectTimeoutMs = int(std::clamp(timeoutS * 1000.0, -1.0, 1e9));
    integer(streams, spec.streams, Unit::None, RunCommand::tr("Streams"));
    integer(writeSize, spec.writeSize, Unit::Bytes, RunCommand::tr("Write size"));
    integer(requestSize, spec.requestSize, Unit::Bytes, RunCommand::tr("Request size"));
    integer(responseSize, spec.responseSize, Unit::Bytes, RunCommand::tr("Response size"));
    integer(headerSize, spec.headerSize, Unit::Bytes, RunCommand::tr("Header size"));
    integer(sndbuf, spec.sndbuf, Unit::Bytes, RunCommand::tr("Send buffer"));
    integer(rcvbuf, spec.rcvbuf, Unit::Bytes, RunCommand::tr("Receive buffer"));
    integer(lowat, spec.notsentLowat, Unit::Bytes, RunCommand::tr("TCP_NOTSENT_LOWAT"));
    integer(pacing, spec.maxPacingRateBps, Unit::BitsPerSecond, RunCommand::tr("Pacing rate"));
    integer(sampleMs, spec.sampleIntervalMs, Unit::None, RunCommand::tr("Sample interval"));
    if (!problem.isEmpty())
        return failWith(problem, 2);
    spec.nodelay = parser.isSet(nodelay);
    spec.cork = parser.isSet(cork);
    spec.latencyProbe = parser.isSet(probe);
    spec.congestionControl = parser.value(cc);
    if (auto valid = spec.validate(); !valid)
        return failWith(valid.error().message, 2);

    TrafficClient client;
    const bool tty = ::isatty(STDERR_FILENO) != 0;
    TrafficSample latest;
    double lastLineAt = -1;
    QObject::connect(&client, &TrafficClient::samplesReady, &client,
                     [&latest](const QList<TrafficSample> &samples) { latest = samples.back(); });
    QObject::connect(&client, &TrafficClient::progress, &client, [&](double elapsed, double total, double throughput) {
        const QString line = progressLine(elapsed, total, throughput, latest);
        if (tty) {
            err() << '\r' << line << "\x1b[K";
            err().flush();
        } else if (elapsed - lastLineAt >= 1.0) {
            err() << line << Qt::endl;
            lastLineAt = elapsed;
        }
    });
    // Ctrl-C or SIGTERM ends the run early; what was measured so far is still printed.
    auto stop = TerminationSignals::install([&client](int) { client.cancel(); });
    if (!stop)
        return failWith(stop.error().message, 1);
    if (!parser.isSet(json))
        err() << RunCommand::tr("Connecting to %1 ...").arg(spec.target.toString()) << Qt::endl;
    const TrafficResult result = client.run(spec);
    stop->reset();
    if (tty)
        err() << '\r' << "\x1b[K";

    if (result.samples.isEmpty() && !result.error.isEmpty() && !result.interrupted)
        return failWith(result.error, 1);
    if (parser.isSet(json)) {
        out() << QJsonDocument(result.toJson()).toJson(QJsonDocument::Indented);
        out().flush();
    } else {
        out() << summaryText(result) << Qt::endl;
    }
    if (result.interrupted) {
        err() << "tcptune: " << result.error << Qt::endl;
        return result.cancelled ? 130 : 3;
    }
    if (!result.error.isEmpty())
        return failWith(result.error, 1);
    return 0;
}

} // namespace tcptune::cli

TCPTUNE_REGISTER_COMMAND("run", QT_TRANSLATE_NOOP("cli", "Run traffic against an agent or iperf3 server"),
                         tcptune::cli::runRunCommand)

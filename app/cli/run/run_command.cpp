#include "cli/run/run_command.h"
#include "cli/command.h"

#include "cli/affinity_option.h"
#include "cli/console.h"
#include "cli/run/run_report.h"
#include "cli/run/several_ends_run.h"
#include "cli/throughput_unit_option.h"
#include "common/termination_signals.h"
#include "experiment/diagnosis/run_diagnosis.h"
#include "experiment/run/lab_run_endpoint.h"
#include "experiment/run/run_observer.h"
#include "experiment/run/traffic_bridge.h"
#include "helper/helper_connection.h"
#include "knobs/knob_value.h"
#include "lab/lab_manager.h"
#include "lab/lab_target.h"
#include "traffic/agent_token.h"
#include "traffic/iperf3_json_layout.h"
#include "traffic/traffic_client.h"
#include "traffic/workload_registry.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonDocument>

#include <optional>

#include <unistd.h>

namespace tcptune::cli {
namespace {

// RunCommand::tr(): lupdate files this file's text under the context that tr() looks it up in.
class RunCommand final {
    Q_DECLARE_TR_FUNCTIONS(RunCommand)
};

QCommandLineOption option(const char *name, const QString &help, const char *valueName = nullptr,
                          const QString &defaultValue = {})
{
    return valueName ? QCommandLineOption(QString::fromLatin1(name), help, QString::fromLatin1(valueName), defaultValue)
                     : QCommandLineOption(QString::fromLatin1(name), help);
}

bool isSet(const QCommandLineParser &parser, const char *name)
{
    return parser.isSet(QString::fromLatin1(name));
}

QString valueOf(const QCommandLineParser &parser, const char *name)
{
    return parser.value(QString::fromLatin1(name));
}

void addWorkloadOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        option("duration", RunCommand::tr("Measured seconds (default 10)."), "S", QStringLiteral("10")),
        option("omit", RunCommand::tr("Seconds to run first and leave out (default 0)."), "S", QStringLiteral("0")),
        option("idle",
               RunCommand::tr("rrul: seconds of probing alone before the streams start, the idle baseline "
                              "(default 5)."),
               "S", QStringLiteral("5")),
        option("streams", RunCommand::tr("Parallel connections (default 1)."), "N", QStringLiteral("1")),
        option("workload", RunCommand::tr("%1 (default %2).").arg(workloadNameList(), workloadName(Workload::Bulk)),
               "W", workloadName(Workload::Bulk)),
        option("direction",
               RunCommand::tr("up (this host sends, default), down (the target sends; iperf3: reverse mode) or both "
                              "(at once; iperf3: bidirectional mode)."),
               "DIR", QStringLiteral("up")),
        option("write-size", RunCommand::tr("Bytes per write; split-write: the data part (default 128K)."), "B",
               QStringLiteral("128K")),
        option("request-size", RunCommand::tr("rr: request bytes (default 64)."), "B", QStringLiteral("64")),
        option("response-size",
               RunCommand::tr("rr, split-write: response bytes (default 64; split-write 0 = "
                              "one-way)."),
               "B"),
        option("header-size", RunCommand::tr("split-write: header bytes (default 48)."), "B", QStringLiteral("48")),
        option("sndbuf", RunCommand::tr("SO_SNDBUF in bytes (default: autotuning)."), "B"),
        option("rcvbuf", RunCommand::tr("SO_RCVBUF in bytes, both ends (default: autotuning)."), "B"),
        option("nodelay", RunCommand::tr("Set TCP_NODELAY.")),
        option("cork", RunCommand::tr("Set TCP_CORK (split-write: around each message).")),
        option("notsent-lowat", RunCommand::tr("TCP_NOTSENT_LOWAT in bytes."), "B"),
        option("cc", RunCommand::tr("Congestion control (e.g. cubic, bbr, reno)."), "NAME"),
        option("max-pacing-rate", RunCommand::tr("SO_MAX_PACING_RATE, e.g. 100mbit."), "RATE"),
        option("sample-ms", RunCommand::tr("TCP_INFO sampling interval in ms (default 10)."), "MS",
               QStringLiteral("10")),
        option("latency-probe", RunCommand::tr("Measure latency with a small request/response flow beside the load.")),
        option("zerocopy", RunCommand::tr("bulk: send with MSG_ZEROCOPY (the kernel pins the buffer instead of copying "
                                          "it; towards a local receiver it copies anyway).")),
        option("sendfile", RunCommand::tr("bulk: send with sendfile() from an in-memory file (no copy).")),
        option("sendfile-file", RunCommand::tr("bulk: send with sendfile() from FILE, over and over."), "FILE"),
    });
}

void addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(RunCommand::tr(
        "Runs real TCP traffic against a `tcptune serve` agent or a stock `iperf3 -s`, sampling TCP_INFO of "
        "every sending socket, and prints the receiver's goodput, RTT and the sample series."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("run"), RunCommand::tr("Run traffic."));
    parser.addOption(option("target",
                            RunCommand::tr("HOST[:PORT] of a `tcptune serve` agent (port 5300), "
                                           "iperf3://HOST[:PORT] of an iperf3 server (port 5201), or "
                                           "ssh://[USER@]HOST[:PORT] of a host with tcptune that ssh logs in to "
                                           "with a key. Give it several times to run against several ends at "
                                           "once (the same traffic to each, started together)."),
                            "TARGET"));
    addWorkloadOptions(parser);
    parser.addOptions({
        option("token", RunCommand::tr("Refused: the command line is readable by every user. Use --token-file."), "T"),
        option("token-file",
               RunCommand::tr("The agent's token is in FILE (or in the TCPTUNE_TOKEN environment variable); "
                              "results keep the file's name, never the token."),
               "FILE"),
        option("ssh-config", RunCommand::tr("ssh:// targets: the ssh config file to use (ssh -F)."), "FILE"),
        option("connect-timeout", RunCommand::tr("Seconds to wait for a connection (default 3)."), "S",
               QStringLiteral("3")),
        option("json", RunCommand::tr("Print the result as one JSON object.")),
        option("json-iperf3",
               RunCommand::tr("Print the result in iperf3's JSON layout (iperf3 -J: start, intervals, end with "
                              "sum_sent and sum_received), for tools that read iperf3's results.")),
        ThroughputUnitOption::option(),
        AffinityOption::option(RunCommand::tr("this host's end")),
        option("lab", RunCommand::tr("Without --target: the local lab NAME (default lab), started if down."), "NAME",
               QStringLiteral("lab")),
    });
}

// The command line's numbers and sizes, each checked and named when it is wrong.
class FigureReader final {
public:
    explicit FigureReader(const QCommandLineParser &parser)
        : m_parser(parser)
    {
    }
    void seconds(const char *name, double &field, const QString &what)
    {
        if (!isSet(m_parser, name) && valueOf(m_parser, name).isEmpty())
            return;
        bool ok = false;
        const double v = valueOf(m_parser, name).toDouble(&ok);
        if (!ok && m_problem.isEmpty())
            m_problem = RunCommand::tr("%1 '%2' is not a number of seconds.").arg(what, valueOf(m_parser, name));
        else
            field = v;
    }
    template <typename T> void integer(const char *name, T &field, Unit unit, const QString &what)
    {
        const QString text = valueOf(m_parser, name);
        if (text.isEmpty() || !m_problem.isEmpty())
            return;
        auto v = knobvalue::parseInteger(text, unit);
        if (!v)
            m_problem = RunCommand::tr("%1: %2").arg(what, v.error().message);
        else if (*v > std::int64_t(std::numeric_limits<T>::max()))
            m_problem = RunCommand::tr("%1 '%2' is too large.").arg(what, text);
        else
            field = T(*v);
    }
    const QString &problem() const { return m_problem; }

private:
    const QCommandLineParser &m_parser;
    QString m_problem;
};

// Reads the workload's figures into SPEC (its target's kind already known).
[[nodiscard]] Result<void> readFigures(const QCommandLineParser &parser, TrafficSpec &spec)
{
    if (spec.workload == Workload::SplitWrite && !isSet(parser, "response-size"))
        spec.responseSize = spec.target.kind == TargetKind::Iperf3 ? 0   // iperf3 cannot answer: one-way
                                                                   : 48; // an iSCSI response header
    FigureReader read(parser);
    read.seconds("duration", spec.durationS, RunCommand::tr("Duration"));
    read.seconds("omit", spec.omitS, RunCommand::tr("Omit"));
    read.seconds("idle", spec.idleS, RunCommand::tr("Idle phase"));
    double timeoutS = 3;
    read.seconds("connect-timeout", timeoutS, RunCommand::tr("Connect timeout"));
    spec.connectTimeoutMs = int(std::clamp(timeoutS * 1000.0, -1.0, 1e9));
    read.integer("streams", spec.streams, Unit::None, RunCommand::tr("Streams"));
    read.integer("write-size", spec.writeSize, Unit::Bytes, RunCommand::tr("Write size"));
    read.integer("request-size", spec.requestSize, Unit::Bytes, RunCommand::tr("Request size"));
    read.integer("response-size", spec.responseSize, Unit::Bytes, RunCommand::tr("Response size"));
    read.integer("header-size", spec.headerSize, Unit::Bytes, RunCommand::tr("Header size"));
    read.integer("sndbuf", spec.sndbuf, Unit::Bytes, RunCommand::tr("Send buffer"));
    read.integer("rcvbuf", spec.rcvbuf, Unit::Bytes, RunCommand::tr("Receive buffer"));
    read.integer("notsent-lowat", spec.notsentLowat, Unit::Bytes, RunCommand::tr("TCP_NOTSENT_LOWAT"));
    read.integer("max-pacing-rate", spec.maxPacingRateBps, Unit::BitsPerSecond, RunCommand::tr("Pacing rate"));
    read.integer("sample-ms", spec.sampleIntervalMs, Unit::None, RunCommand::tr("Sample interval"));
    if (!read.problem().isEmpty())
        return fail(read.problem());
    // Without --streams, the workload's own count (rrul: four each way, as Flent's RRUL).
    if (!isSet(parser, "streams"))
        spec.streams = workloadDescriptor(spec.workload).defaultStreams;
    return {};
}

// --zerocopy, --sendfile, --sendfile-file FILE: how bulk bytes reach the socket.
[[nodiscard]] Result<void> readSendMethod(const QCommandLineParser &parser, TrafficSpec &spec)
{
    const bool sendfile = isSet(parser, "sendfile") || isSet(parser, "sendfile-file");
    if (isSet(parser, "zerocopy") && sendfile)
        return fail(RunCommand::tr("Give either --zerocopy or --sendfile, not both."));
    if (isSet(parser, "zerocopy"))
        spec.send = SendMethod::Zerocopy;
    if (sendfile)
        spec.send = SendMethod::Sendfile;
    spec.sendfileFile = valueOf(parser, "sendfile-file");
    return {};
}

// The run the command line describes, except where a lab target lives (that needs the lab up).
[[nodiscard]] Result<TrafficSpec> specFrom(const QCommandLineParser &parser)
{
    TrafficSpec spec;
    // Several --target: runSeveralEnds reads and checks each end.
    if (isSet(parser, "target") && parser.values(QStringLiteral("target")).size() == 1) {
        auto t = TrafficTarget::parse(valueOf(parser, "target"));
        if (!t)
            return std::unexpected(t.error());
        spec.target = *t;
    }
    if (isSet(parser, "token"))
        return fail(AgentToken::commandLineRefusal());
    spec.target.tokenFile = valueOf(parser, "token-file");
    if (!spec.target.tokenFile.isEmpty())
        if (auto readable = AgentToken::readFile(spec.target.tokenFile); !readable)
            return std::unexpected(readable.error());
    spec.sshConfig = valueOf(parser, "ssh-config");
    auto w = parseWorkload(valueOf(parser, "workload"));
    if (!w)
        return std::unexpected(w.error());
    spec.workload = *w;
    auto direction = parseDirection(valueOf(parser, "direction"));
    if (!direction)
        return std::unexpected(direction.error());
    spec.direction = *direction;
    if (!isSet(parser, "direction"))
        spec.direction = workloadDescriptor(spec.workload).defaultDirection;
    if (auto read = readFigures(parser, spec); !read)
        return std::unexpected(read.error());
    if (auto send = readSendMethod(parser, spec); !send)
        return std::unexpected(send.error());
    spec.nodelay = isSet(parser, "nodelay");
    spec.cork = isSet(parser, "cork");
    spec.latencyProbe = isSet(parser, "latency-probe");
    spec.congestionControl = valueOf(parser, "cc");
    return spec;
}

// Where the run's counters are read and which queue is watched: the lab's ends and bottleneck,
// or this host alone.
RunEndpoint observedEndpoint(const LabTarget *lab)
{
    if (!lab)
        return {};
    const LabEndpoints &served = lab->endpoints();
    const LabStatus status = labStatus(served.labName);
    if (status.record)
        return labRunEndpoint(served.labName, status.record->spec, served);
    RunEndpoint e; // the record is unreadable: the client's counters at least
    e.lab = true;
    e.clientNetns = served.clientNetns;
    return e;
}

// Runs SPEC with a progress line on stderr; SOCKET_MAKER makes the sockets in a lab namespace. Ctrl-C or SIGTERM ends
// the run early; what was measured so far is still returned. OBSERVER (may be null) learns when the traffic starts.
[[nodiscard]] Result<TrafficResult> runWithProgress(const TrafficSpec &spec, bool json, netns::SocketMaker socketMaker,
                                                    RunObserver *observer)
{
    TrafficClient client;
    client.setSocketMaker(std::move(socketMaker));
    if (observer)
        QObject::connect(
            &client, &TrafficClient::trafficStarted, &client,
            [observer] { observer->trafficStarted(std::chrono::steady_clock::now()); }, Qt::DirectConnection);
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
    auto stop = TerminationSignals::install([&client](int) { client.cancel(); });
    if (!stop)
        return std::unexpected(stop.error());
    if (!json)
        err() << RunCommand::tr("Connecting to %1 ...").arg(spec.target.toString()) << Qt::endl;
    TrafficResult result = client.run(spec);
    stop->reset();
    if (tty)
        err() << '\r' << "\x1b[K";
    return result;
}

// RESULT as the result store would keep it, with the ends OBSERVER (may be null) watched and the
// verdict of docs/diagnosis.md.
RunRecord diagnosed(const TrafficResult &result, RunObserver *observer)
{
    RunRecord r = outcomeOf(result).figures;
    if (observer)
        r.ends = observer->finish(result.spec.upStreams() > 0) + r.ends;
    r.verdict = RunDiagnosis::verdictOf(r);
    return r;
}

// iperf3's layout holds one direction of one end, as iperf3 without --bidir does.
[[nodiscard]] Result<void> checkIperf3Layout(const QCommandLineParser &parser)
{
    if (!isSet(parser, "json-iperf3"))
        return {};
    if (isSet(parser, "json"))
        return fail(RunCommand::tr("Give either --json or --json-iperf3, not both."));
    if (valueOf(parser, "direction") == QLatin1String("both"))
        return fail(RunCommand::tr("--json-iperf3 holds one direction, as iperf3 without --bidir; use --json for "
                                   "--direction both."));
    if (parser.values(QStringLiteral("target")).size() > 1)
        return fail(RunCommand::tr("--json-iperf3 holds one end; use --json for several --target."));
    return {};
}

// Prints RESULT (JSON, iperf3's JSON or a summary) with the verdict of DIAGNOSIS and returns the
// exit code.
int report(const TrafficResult &result, const RunRecord &diagnosis, const QCommandLineParser &parser)
{
    const bool json = isSet(parser, "json");
    if (result.samples.isEmpty() && !result.error.isEmpty() && !result.interrupted)
        return failWith(result.error, 1);
    if (isSet(parser, "json-iperf3")) {
        const QJsonObject layout = toIperf3Json(result, QStringLiteral("tcptune " TCPTUNE_VERSION));
        out() << QString::fromUtf8(QJsonDocument(layout).toJson(QJsonDocument::Indented));
        out().flush();
    } else if (json)
        printFinishedRun(result.toJson(), diagnosis);
    else
        printFinishedRun(summaryText(result), diagnosis);
    return exitCodeOf(result.interrupted, result.cancelled, result.error);
}

} // namespace

int runRunCommand(const QStringList &args)
{
    QCommandLineParser parser;
    addOptions(parser);
    if (!parser.parse(args))
        return failWith(parser.errorText() + QLatin1Char('\n') + RunCommand::tr("Try 'tcptune run --help'."), 2);
    if (parser.isSet(QStringLiteral("help"))) {
        out() << helpText(parser, QStringLiteral("run"));
        return 0;
    }
    if (parser.positionalArguments().size() > 1)
        return failWith(
            RunCommand::tr("Unknown argument '%1'. Try 'tcptune run --help'.").arg(parser.positionalArguments().at(1)),
            2);
    if (isSet(parser, "target") && isSet(parser, "lab"))
        return failWith(RunCommand::tr("Give either --target or --lab, not both."), 2);
    if (auto layout = checkIperf3Layout(parser); !layout)
        return failWith(layout.error().message, 2);
    auto spec = specFrom(parser);
    if (!spec)
        return failWith(spec.error().message, 2);
    const auto unit = ThroughputUnitOption::from(parser);
    if (!unit)
        return failWith(unit.error().message, 2);
    setRateUnit(*unit);
    if (auto pinned = AffinityOption::apply(parser); !pinned)
        return failWith(pinned.error().message, 2);

    HelperConnection helper; // builds the lab if it is down
    if (const QStringList targets = parser.values(QStringLiteral("target")); targets.size() > 1)
        return runSeveralEnds(*spec, targets, isSet(parser, "json"), helper);
    std::unique_ptr<LabTarget> lab; // no --target: the local lab, with its agent in the server namespace
    if (!isSet(parser, "target")) {
        auto started = LabTarget::start(helper, valueOf(parser, "lab"));
        if (!started)
            return failWith(started.error().message, 1);
        lab = std::move(*started);
        lab->applyTo(*spec);
    }
    if (auto valid = spec->validate(); !valid)
        return failWith(valid.error().message, 2);
    std::optional<RunObserver> observer;
    if (RunObserver::enabled()) {
        observer.emplace(&helper,
                         watchedWhereDataFlows(observedEndpoint(lab.get()), spec->direction == Direction::Down));
        observer->start();
    }
    RunObserver *watching = observer ? &*observer : nullptr;
    const bool quiet = isSet(parser, "json") || isSet(parser, "json-iperf3");
    auto result = runWithProgress(*spec, quiet, helper.socketMaker(), watching);
    if (!result)
        return failWith(result.error().message, 1);
    return report(*result, diagnosed(*result, watching), parser);
}

} // namespace tcptune::cli

TCPTUNE_REGISTER_COMMAND("run", QT_TRANSLATE_NOOP("CommandSummary", "Run traffic against an agent or iperf3 server"),
                         tcptune::cli::runRunCommand)

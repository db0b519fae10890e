#include "cli/serve/serve_command.h"
#include "cli/command.h"

#include "cli/affinity_option.h"
#include "cli/console.h"
#include "common/install_layout.h"
#include "common/termination_signals.h"
#include "helper/helper_connection.h"
#include "helper/knob_change_set.h"
#include "traffic/agent_server.h"
#include "traffic/agent_token.h"
#include "traffic/pipe_bridge.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QSysInfo>

#include <cmath>
#include <pwd.h>
#include <unistd.h>

namespace tcptune::cli {
namespace {

// ServeCommand::tr(): lupdate files this file's text under the context that tr() looks it up in.
class ServeCommand final {
    Q_DECLARE_TR_FUNCTIONS(ServeCommand)
};

constexpr int kMaxIntervals = 100'000;

QCommandLineOption limitOption(const char *name, const QString &description, int defaultValue)
{
    return {QString::fromLatin1(name), description, QStringLiteral("N"), QString::number(defaultValue)};
}

// The token from --token-file or TCPTUNE_TOKEN, never from the command line.
[[nodiscard]] Result<QString> tokenFrom(const QCommandLineParser &parser)
{
    if (parser.isSet(QStringLiteral("token")))
        return fail(AgentToken::commandLineRefusal());
    return AgentToken::resolve(parser.value(QStringLiteral("token-file")));
}

// The resource limits; each must be a whole number from 1 to MAX.
[[nodiscard]] Result<void> readLimits(const QCommandLineParser &parser, AgentOptions &options)
{
    const std::pair<const char *, int *> limits[] = {
        {"max-sessions", &options.maxSessions},
        {"max-connections", &options.maxConnections},
        {"max-per-address", &options.maxPerAddress},
        {"max-threads", &options.maxThreads},
        {"max-runs-per-network", &options.maxSessionsPerSource},
        {"max-intervals", &options.maxIntervals},
    };
    for (const auto &[name, target] : limits) {
        if (!parser.isSet(QString::fromLatin1(name)) && *target == 0)
            continue; // max-threads: follows --max-streams
        bool ok = false;
        const QString text = parser.value(QString::fromLatin1(name));
        const int value = text.toInt(&ok);
        if (!ok || value < 1 || value > 1'000'000)
            return fail(ServeCommand::tr("'%1' is not a limit for --%2; give a whole number from 1 to 1000000.")
                            .arg(text, QString::fromLatin1(name)));
        *target = value;
    }
    // Every interval rides on the "result" line, which a client reads up to
    // agentproto::kMaxResultLine: about 20 bytes each.
    if (options.maxIntervals > kMaxIntervals)
        return fail(ServeCommand::tr("--max-intervals %1 is too many for one result line; give at most %2.")
                        .arg(options.maxIntervals)
                        .arg(kMaxIntervals));
    return {};
}

// --memory-budget in MiB: at least what one small run takes, at most 1 TiB.
[[nodiscard]] Result<void> readMemoryBudget(const QCommandLineParser &parser, AgentOptions &options)
{
    constexpr int kMinMiB = 16;
    constexpr int kMaxMiB = 1 << 20;
    bool ok = false;
    const QString text = parser.value(QStringLiteral("memory-budget"));
    const int mib = text.toInt(&ok);
    if (!ok || mib < kMinMiB || mib > kMaxMiB)
        return fail(ServeCommand::tr("'%1' is not a memory budget for --memory-budget; give MiB as a whole number "
                                     "from %2 to %3, e.g. 512.")
                        .arg(text)
                        .arg(kMinMiB)
                        .arg(kMaxMiB));
    options.memoryBudget = std::int64_t(mib) << 20;
    return {};
}

void addServeOptions(QCommandLineParser &parser)
{
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("serve"), ServeCommand::tr("Serve."));
    const AgentOptions d;
    parser.addOptions({
        {QStringLiteral("port"), ServeCommand::tr("TCP port to listen on (default 5300)."), QStringLiteral("PORT"),
         QStringLiteral("5300")},
        {QStringLiteral("bind"), ServeCommand::tr("Address to listen on (default all IPv4 addresses)."),
         QStringLiteral("ADDR"), QStringLiteral("0.0.0.0")},
        {QStringLiteral("token"),
         ServeCommand::tr("Refused: the command line is readable by every user. Use --token-file or TCPTUNE_TOKEN."),
         QStringLiteral("T")},
        {QStringLiteral("token-file"),
         ServeCommand::tr("Only serve clients that prove they know the token in FILE (TCPTUNE_TOKEN also works); the "
                          "file must be yours and closed to group and others."),
         QStringLiteral("FILE")},
        {QStringLiteral("new-token"),
         ServeCommand::tr("Write a new 256-bit token to FILE (mode 0600, never over an existing file) and exit; give "
                          "the same file to the clients."),
         QStringLiteral("FILE")},
        {QStringLiteral("max-duration"),
         ServeCommand::tr("Longest run a client may ask for, in seconds (default 3600)."), QStringLiteral("S"),
         QStringLiteral("3600")},
        {QStringLiteral("max-streams"), ServeCommand::tr("Most parallel streams per run (default 64)."),
         QStringLiteral("N"), QStringLiteral("64")},
        limitOption("max-sessions", ServeCommand::tr("Most runs at once (default %1).").arg(d.maxSessions),
                    d.maxSessions),
        limitOption("max-connections",
                    ServeCommand::tr("Most connections waiting to authenticate, from all addresses (default %1).")
                        .arg(d.maxConnections),
                    d.maxConnections),
        limitOption("max-per-address",
                    ServeCommand::tr("Most connections waiting to authenticate from one network (/24 for IPv4, /64 "
                                     "for IPv6), and how many it may open at once before it is held to %1 a second "
                                     "(default %2).")
                        .arg(d.newPerSecond)
                        .arg(d.maxPerAddress),
                    d.maxPerAddress),
        limitOption("max-runs-per-network",
                    ServeCommand::tr("Most runs at once from one network for clients without a token (default %1).")
                        .arg(d.maxSessionsPerSource),
                    d.maxSessionsPerSource),
        {QStringLiteral("max-threads"),
         ServeCommand::tr("Most threads serving runs, one per control and data connection, each with a 256 KiB "
                          "buffer (default 2 x max-streams + 8)."),
         QStringLiteral("N")},
        limitOption("memory-budget",
                    ServeCommand::tr("Memory in MiB that all runs' buffers, intervals and results share; a run "
                                     "that would exceed what is left is refused (default %1).")
                        .arg(AgentOptions::kDefaultMemoryBudget >> 20),
                    int(AgentOptions::kDefaultMemoryBudget >> 20)),
        limitOption("max-intervals",
                    ServeCommand::tr("Most intervals a run keeps; beyond, neighbours are merged (default %1).")
                        .arg(d.maxIntervals),
                    d.maxIntervals),
        AffinityOption::option(ServeCommand::tr("the agent")),
        {QStringLiteral("stdio"),
         ServeCommand::tr("Serve one run over stdin and stdout, as `tcptune run --target ssh://HOST` starts it; data "
                          "connections go to a port opened for that run only.")},
    });
}

// Port, token and limits from the parsed command line.
[[nodiscard]] Result<std::pair<AgentOptions, std::uint16_t>> optionsFrom(const QCommandLineParser &parser)
{
    bool ok = false;
    const QString portText = parser.value(QStringLiteral("port"));
    const int portNumber = portText.toInt(&ok);
    if (!ok || portNumber < 0 || portNumber > 65535)
        return fail(ServeCommand::tr("'%1' is not a port; give a number from 1 to 65535.").arg(portText));
    AgentOptions options;
    auto secret = tokenFrom(parser);
    if (!secret)
        return std::unexpected(secret.error());
    options.token = *secret;
    const QString duration = parser.value(QStringLiteral("max-duration"));
    options.maxDurationS = duration.toDouble(&ok);
    if (!ok || !std::isfinite(options.maxDurationS) || options.maxDurationS <= 0)
        return fail(ServeCommand::tr("'%1' is not a duration; give seconds, e.g. 600.").arg(duration));
    const QString streams = parser.value(QStringLiteral("max-streams"));
    options.maxStreams = streams.toInt(&ok);
    if (!ok || options.maxStreams < 1 || options.maxStreams > 128)
        return fail(ServeCommand::tr("'%1' is not a stream limit; give 1 to 128.").arg(streams));
    if (auto limits = readLimits(parser, options); !limits)
        return std::unexpected(limits.error());
    if (auto budget = readMemoryBudget(parser, options); !budget)
        return std::unexpected(budget.error());
    return std::pair{options, std::uint16_t(portNumber)};
}

// The address the ssh connection arrived on: the third field of SSH_CONNECTION ("client-address
// client-port server-address server-port").
QString sshServerAddress()
{
    const QStringList fields = qEnvironmentVariable("SSH_CONNECTION").split(QLatin1Char(' '), Qt::SkipEmptyParts);
    return fields.size() == 4 ? fields.at(2) : QString();
}

// What lets the far helper start: the sudoers line for the user this agent runs as and this
// host's helper (not the workstation's advice: nobody answers a pkexec prompt over ssh).
QString farHelperAdvice()
{
    const passwd *user = ::getpwuid(::geteuid());
    const QString name = user ? QString::fromLocal8Bit(user->pw_name) : QStringLiteral("USER");
    return ServeCommand::tr("On %1, as root, add the line '%2 ALL=(root) NOPASSWD: %3' with 'visudo -f "
                            "/etc/sudoers.d/tcptune', or log in there as root.")
        .arg(QSysInfo::machineHostName(), name, installlayout::helperExecutable());
}

// The far host's helper: directly as root, else through `sudo -n` (over ssh there is nobody to
// answer a pkexec prompt).
HelperStartOptions farHelperOptions()
{
    HelperStartOptions options;
    options.launch = ::geteuid() == 0 ? HelperStartOptions::Launch::Direct : HelperStartOptions::Launch::Sudo;
    options.startTimeoutMs = 10000;
    options.refusalAdvice = farHelperAdvice();
    return options;
}

// Why the far helper did not start; WHY ends with the sudoers line that lets it.
QString farHelperRefusal(const QString &why)
{
    return ServeCommand::tr("far knobs need tcptune-helper as root on the far host %1: %2")
        .arg(QSysInfo::machineHostName(), why);
}

// Far knobs of a run over ssh, through this host's helper (started on the first run that has
// some); the helper's own journal and its rollback when this process ends back them up.
void wireFarKnobs(AgentOptions &options, HelperConnection &helper, KnobChangeSet &changes)
{
    options.applyKnobs = [&helper, &changes](const QMap<QString, QString> &sysctls, bool confirmed) -> Result<void> {
        if (auto running = helper.ensureStarted(); !running)
            return fail(farHelperRefusal(running.error().message));
        return changes.apply(sysctls, {}, confirmed);
    };
    options.restoreKnobs = [&changes] { return changes.restore(); };
    // A connection test asks whether knobs could be set: the helper starts as a run would start it.
    options.checkHelper = [&helper]() -> Result<QString> {
        if (auto running = helper.ensureStarted(); !running)
            return fail(farHelperRefusal(running.error().message));
        return helper.launchMethod() == QLatin1String("direct") ? ServeCommand::tr("as root")
                                                                : ServeCommand::tr("through sudo -n");
    };
}

// `serve --stdio`: one run whose control channel is stdin and stdout (ssh started us and
// authenticated the client); its data port is open for this session only, on the address the
// ssh connection came to. Nothing but the protocol may reach stdout, and nothing is logged to
// stderr during the session: ssh carries it to a client that reads it only on failure.
int serveStdio(AgentOptions options, const QString &bindOverride)
{
    const QString address = bindOverride.isEmpty() ? sshServerAddress() : bindOverride;
    if (address.isEmpty())
        return failWith(
            ServeCommand::tr("serve --stdio is started by `tcptune run --target ssh://HOST`; SSH_CONNECTION "
                             "is not set, so give the address for data connections with --bind."),
            2);
    options.controlOnlyOverStdio = true;
    options.dataAddress = address;
    options.maxSessions = 1;
    // The test of a version mismatch makes the far agent announce another protocol.
    options.announcedProtocol = qEnvironmentVariableIntValue("TCPTUNE_TEST_AGENT_PROTOCOL");
    HelperConnection helper(farHelperOptions());
    KnobChangeSet changes(helper);
    wireFarKnobs(options, helper, changes);
    AgentServer server(options);
    auto listening = server.listen(address, 0);
    if (!listening)
        return failWith(listening.error().message, 1);
    auto bridge = PipeBridge::start(0, 1);
    if (!bridge)
        return failWith(bridge.error().message, 1);
    server.serveControl((*bridge)->socket());
    server.stop();
    return 0;
}

} // namespace

int runServeCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(ServeCommand::tr(
        "Runs the tcptune traffic agent: `tcptune run --target THIS_HOST` measures against it. With a token "
        "(--token-file or TCPTUNE_TOKEN) clients prove they know it without sending it and get the agent's kernel "
        "knobs, so both ends are recorded; without one the agent serves traffic only. Every resource is bounded "
        "by the limits below. Stops on Ctrl-C or SIGTERM."));
    addServeOptions(parser);
    if (!parser.parse(args))
        return failWith(parser.errorText() + QLatin1Char('\n') + ServeCommand::tr("Try 'tcptune serve --help'."), 2);
    if (parser.isSet(QStringLiteral("help"))) {
        out() << helpText(parser, QStringLiteral("serve"));
        return 0;
    }
    if (parser.positionalArguments().size() > 1)
        return failWith(ServeCommand::tr("Unknown argument '%1'. Try 'tcptune serve --help'.")
                            .arg(parser.positionalArguments().at(1)),
                        2);

    if (parser.isSet(QStringLiteral("new-token"))) {
        const QString path = parser.value(QStringLiteral("new-token"));
        if (auto made = AgentToken::createFile(path); !made)
            return failWith(made.error().message, 1);
        out() << ServeCommand::tr("A new token is in %1; start the agent with --token-file %1 and give the clients a "
                                  "copy of the file (mode 0600).")
                     .arg(path)
              << Qt::endl;
        return 0;
    }
    auto parsed = optionsFrom(parser);
    if (!parsed)
        return failWith(parsed.error().message, 2);
    const auto &[options, portNumber] = *parsed;
    if (auto pinned = AffinityOption::apply(parser); !pinned)
        return failWith(pinned.error().message, 2);
    if (parser.isSet(QStringLiteral("stdio")))
        return serveStdio(options,
                          parser.isSet(QStringLiteral("bind")) ? parser.value(QStringLiteral("bind")) : QString());

    AgentServer server(options);
    QObject::connect(
        &server, &AgentServer::logged, qApp,
        [](const QString &line) {
            err() << QDateTime::currentDateTimeUtc().toString(Qt::ISODate) << QLatin1Char(' ') << line << Qt::endl;
        },
        Qt::QueuedConnection);
    const QString bind = parser.value(QStringLiteral("bind"));
    auto listening = server.listen(bind, portNumber);
    if (!listening)
        return failWith(listening.error().message, 1);
    out() << ServeCommand::tr("tcptune agent listening on %1 port %2").arg(bind).arg(*listening) << Qt::endl;
    if (options.token.isEmpty())
        err() << ServeCommand::tr("No token (--token-file or TCPTUNE_TOKEN): any client that reaches this port may "
                                  "run traffic, within the agent's limits, and learns nothing of this host: no knob "
                                  "values, version, buffer limits, congestion control, TCP_INFO or thread counts. "
                                  "Make a token with 'tcptune serve --new-token FILE'.")
              << Qt::endl;

    auto stop = TerminationSignals::install(
        [](int) { QMetaObject::invokeMethod(qApp, &QCoreApplication::quit, Qt::QueuedConnection); });
    if (!stop)
        return failWith(stop.error().message, 1);
    QCoreApplication::exec();
    server.stop();
    QCoreApplication::processEvents();
    err() << ServeCommand::tr("tcptune agent stopped after %1 run(s)").arg(server.sessionsServed()) << Qt::endl;
    return 0;
}

} // namespace tcptune::cli

TCPTUNE_REGISTER_COMMAND("serve", QT_TRANSLATE_NOOP("CommandSummary", "Run the traffic agent on a target host"),
                         tcptune::cli::runServeCommand)

#include "cli/serve/serve_command.h"
#include "cli/command.h"

#include "cli/console.h"
#include "common/termination_signals.h"
#include "traffic/agent_server.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>

namespace tcptune::cli {
namespace {

// ServeCommand::tr(): lupdate files this file's text under the context that tr() looks it up in.
class ServeCommand final {
    Q_DECLARE_TR_FUNCTIONS(ServeCommand)
};

} // namespace

int runServeCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        ServeCommand::tr("Runs the tcptune traffic agent: `tcptune run --target THIS_HOST` measures against it, and it "
                         "reports its own kernel knobs so both ends are recorded. Stops on Ctrl-C or SIGTERM."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("serve"), ServeCommand::tr("Serve."));
    const QCommandLineOption port(QStringLiteral("port"), ServeCommand::tr("TCP port to listen on (default 5300)."),
                                  QStringLiteral("PORT"), QStringLiteral("5300"));
    const QCommandLineOption bind(QStringLiteral("bind"),
                                  ServeCommand::tr("Address to listen on (default all IPv4 addresses)."),
                                  QStringLiteral("ADDR"), QStringLiteral("0.0.0.0"));
    const QCommandLineOption token(QStringLiteral("token"),
                                   ServeCommand::tr("Only serve clients that give this token."), QStringLiteral("T"));
    const QCommandLineOption maxDuration(
        QStringLiteral("max-duration"),
        ServeCommand::tr("Longest run a client may ask for, in seconds (default 3600)."), QStringLiteral("S"),
        QStringLiteral("3600"));
    const QCommandLineOption maxStreams(QStringLiteral("max-streams"),
                                        ServeCommand::tr("Most parallel streams per run (default 64)."),
                                        QStringLiteral("N"), QStringLiteral("64"));
    parser.addOptions({port, bind, token, maxDuration, maxStreams});
    if (!parser.parse(args))
        return failWith(parser.errorText() + QLatin1Char('\n') + ServeCommand::tr("Try 'tcptune serve --help'."), 2);
    if (parser.isSet(QStringLiteral("help"))) {
        out() << parser.helpText();
        return 0;
    }
    if (parser.positionalArguments().size() > 1)
        return failWith(ServeCommand::tr("Unknown argument '%1'. Try 'tcptune serve --help'.")
                            .arg(parser.positionalArguments().at(1)),
                        2);

    bool ok = false;
    const int portNumber = parser.value(port).toInt(&ok);
    if (!ok || portNumber < 0 || portNumber > 65535)
        return failWith(ServeCommand::tr("'%1' is not a port; give a number from 1 to 65535.").arg(parser.value(port)),
                        2);
    AgentOptions options;
    options.token = parser.value(token);
    options.maxDurationS = parser.value(maxDuration).toDouble(&ok);
    if (!ok || options.maxDurationS <= 0)
        return failWith(
            ServeCommand::tr("'%1' is not a duration; give seconds, e.g. 600.").arg(parser.value(maxDuration)), 2);
    options.maxStreams = parser.value(maxStreams).toInt(&ok);
    if (!ok || options.maxStreams < 1 || options.maxStreams > 128)
        return failWith(ServeCommand::tr("'%1' is not a stream limit; give 1 to 128.").arg(parser.value(maxStreams)),
                        2);

    AgentServer server(options);
    QObject::connect(
        &server, &AgentServer::logged, qApp,
        [](const QString &line) {
            err() << QDateTime::currentDateTimeUtc().toString(Qt::ISODate) << QLatin1Char(' ') << line << Qt::endl;
        },
        Qt::QueuedConnection);
    auto listening = server.listen(parser.value(bind), std::uint16_t(portNumber));
    if (!listening)
        return failWith(listening.error().message, 1);
    out() << ServeCommand::tr("tcptune agent listening on %1 port %2").arg(parser.value(bind)).arg(*listening)
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

TCPTUNE_REGISTER_COMMAND("serve", QT_TRANSLATE_NOOP("cli", "Run the traffic agent on a target host"),
                         tcptune::cli::runServeCommand)

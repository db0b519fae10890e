#include "cli/lab/lab_command.h"
#include "cli/command.h"

#include "cli/console.h"
#include "helper/helper_connection.h"
#include "lab/lab_manager.h"
#include "lab/lab_requests.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include "common/json_schema_version.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <unistd.h>

namespace tcptune::cli {
namespace {

// LabCommand::tr(): lupdate files this file's text under the context that tr() looks it up in.
class LabCommand final {
    Q_DECLARE_TR_FUNCTIONS(LabCommand)
};

void printJson(const QJsonObject &o)
{
    out() << QJsonDocument(jsonschema::versioned(o, jsonschema::kLabStatus)).toJson(QJsonDocument::Indented);
    out().flush();
}

void printStatus(const LabStatus &s)
{
    switch (s.state) {
    case LabStatus::State::Down:
        out() << LabCommand::tr("Lab %1 is down. Start it with 'tcptune lab up --name %1'.").arg(s.name) << '\n';
        return;
    case LabStatus::State::Leftover:
        out() << LabCommand::tr("Lab %1 was left behind: %2.").arg(s.name, s.problem) << '\n'
              << LabCommand::tr("Remove it with 'tcptune lab down --name %1'.").arg(s.name) << '\n';
        return;
    case LabStatus::State::Up: break;
    }
    if (!s.recordReadable) {
        out() << LabCommand::tr("Lab %1 is up (namespaces %2); its settings are readable by root only.")
                     .arg(s.name, s.presentNamespaces.join(QStringLiteral(", ")))
              << '\n';
        return;
    }
    const LabSpec &spec = s.record->spec;
    const LabLayout l = layoutFor(s.name, spec.topology);
    out() << LabCommand::tr("Lab %1 is up: %2").arg(s.name, describe(spec)) << '\n';
    out() << QStringLiteral("  %1  %2  %3  %4")
                 .arg(LabCommand::tr("client"), -10)
                 .arg(l.clientNetns, -28)
                 .arg(l.clientAddress, -12)
                 .arg(l.clientInterface)
          << '\n';
    if (!l.routerNetns.isEmpty())
        out() << QStringLiteral("  %1  %2  %3  %4")
                     .arg(LabCommand::tr("router"), -10)
                     .arg(l.routerNetns, -28)
                     .arg(QString(), -12)
                     .arg(l.routerClientInterface + QLatin1Char(' ') + l.routerServerInterface)
              << '\n';
    out() << QStringLiteral("  %1  %2  %3  %4")
                 .arg(LabCommand::tr("server"), -10)
                 .arg(l.serverNetns, -28)
                 .arg(l.serverAddress, -12)
                 .arg(l.serverInterface)
          << '\n';
    if (spec.rateBitsPerSecond > 0)
        out() << LabCommand::tr("  bottleneck: %1 on %2 in %3, the same on %4 towards the client")
                     .arg(QStringLiteral("tbf"), l.bottleneckInterface, l.bottleneckNetns, l.returnBottleneckInterface)
              << '\n';
    if (::geteuid() == 0) {
        if (auto stats = bottleneckStatistics(s)) {
            out() << LabCommand::tr("  queue: %1 bytes (%2 packets) now; %3 bytes sent, %4 packets dropped")
                         .arg(stats->value(QStringLiteral("backlog")).toInteger())
                         .arg(stats->value(QStringLiteral("qlen")).toInteger())
                         .arg(stats->value(QStringLiteral("bytes")).toInteger())
                         .arg(stats->value(QStringLiteral("drops")).toInteger())
                  << '\n';
        }
    }
}

void printQdiscNote(const QdiscSupport &support)
{
    if (support.missing.contains(QStringLiteral("netem")))
        out() << LabCommand::tr("This kernel has no netem: labs work without --delay (missing qdiscs: %1).")
                     .arg(support.missing.join(QStringLiteral(", ")))
              << '\n';
}

// Starts the command's helper now, so that a refusal says what it was needed for.
[[nodiscard]] Result<void> startHelper(HelperConnection &helper)
{
    auto running = helper.ensureStarted();
    if (!running)
        return fail(
            LabCommand::tr("The lab is built by tcptune-helper, which did not start: %1").arg(running.error().message));
    return {};
}

int up(const QCommandLineParser &parser, const QString &name, bool json)
{
    QMap<QString, QString> knobs;
    const QList<std::pair<const char *, const char *>> options{{"topology", "lab.topology"},
                                                               {"rate", "lab.rate"},
                                                               {"queue", "lab.queue"},
                                                               {"mtu", "lab.mtu"},
                                                               {"delay", "lab.delay"}};
    for (const auto &[option, key] : options) {
        if (parser.isSet(QLatin1String(option)))
            knobs.insert(QLatin1String(key), parser.value(QLatin1String(option)));
    }
    auto spec = parseLabSpec(name, knobs);
    if (!spec)
        return failWith(spec.error().message, 2);
    // Say it before asking for a password: the helper would refuse it anyway.
    const QdiscSupport cached = cachedQdiscSupport();
    if (!cached.available.isEmpty()) {
        if (auto ok = checkLabSupported(*spec, cached); !ok)
            return failWith(ok.error().message, 2);
    }
    HelperConnection helper;
    if (auto running = startHelper(helper); !running)
        return failWith(running.error().message);
    auto status = requestLabUp(helper, *spec);
    if (!status)
        return failWith(status.error().message);
    if (json) {
        printJson(toJson(*status));
    } else {
        printStatus(*status);
        printQdiscNote(cachedQdiscSupport());
    }
    return status->isUp() ? 0 : 1;
}

int down(const QString &name, bool json)
{
    if (labStatus(name).state == LabStatus::State::Down && !readLabState(name)) {
        if (json)
            printJson(toJson(labStatus(name)));
        else
            out() << LabCommand::tr("Lab %1 is down; nothing to remove.").arg(name) << '\n';
        return 0;
    }
    HelperConnection helper;
    if (auto running = startHelper(helper); !running)
        return failWith(running.error().message);
    if (auto ok = requestLabDown(helper, name); !ok)
        return failWith(ok.error().message);
    if (json)
        printJson(toJson(labStatus(name)));
    else
        out() << LabCommand::tr("Lab %1 removed: its namespaces and links are gone.").arg(name) << '\n';
    return 0;
}

int status(const QString &name, bool nameGiven, bool json)
{
    const QdiscSupport support = cachedQdiscSupport();
    if (nameGiven) {
        const LabStatus s = labStatus(name);
        if (json) {
            QJsonObject o = toJson(s);
            o.insert(QStringLiteral("qdiscs"), toJson(support));
            if (::geteuid() == 0) {
                if (auto stats = bottleneckStatistics(s))
                    o.insert(QStringLiteral("bottleneck"), *stats);
            }
            printJson(o);
        } else {
            printStatus(s);
            printQdiscNote(support);
        }
        return 0;
    }
    const QList<LabStatus> labs = listLabs();
    if (json) {
        QJsonArray array;
        for (const LabStatus &s : labs)
            array.append(toJson(s));
        printJson({{QStringLiteral("labs"), array}, {QStringLiteral("qdiscs"), toJson(support)}});
        return 0;
    }
    if (labs.isEmpty())
        out() << LabCommand::tr("No lab is up. Start one with 'tcptune lab up'.") << '\n';
    for (const LabStatus &s : labs)
        printStatus(s);
    printQdiscNote(support);
    return 0;
}

} // namespace

int runLabCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(LabCommand::tr(
        "The local lab: client, router and server in network namespaces, joined by veth pairs, with a shaped "
        "bottleneck. Built through tcptune-helper."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("lab"), LabCommand::tr("The lab command."));
    parser.addPositionalArgument(QStringLiteral("action"), LabCommand::tr("up, down or status."),
                                 QStringLiteral("up|down|status"));
    const QCommandLineOption name(QStringLiteral("name"),
                                  LabCommand::tr("Lab name (default: lab); namespaces are tcptune-NAME-*."),
                                  QStringLiteral("NAME"), QString::fromLatin1(kDefaultLabName));
    const QCommandLineOption topology(
        QStringLiteral("topology"),
        LabCommand::tr("routed (default: client, router, server) or direct (one veth pair)."),
        QStringLiteral("direct|routed"));
    const QCommandLineOption rate(QStringLiteral("rate"),
                                  LabCommand::tr("Bottleneck rate, e.g. 50mbit (default: unshaped)."),
                                  QStringLiteral("RATE"));
    const QCommandLineOption queue(QStringLiteral("queue"),
                                   LabCommand::tr("Bottleneck queue limit, e.g. 2M (default 2 MiB)."),
                                   QStringLiteral("BYTES"));
    const QCommandLineOption mtu(QStringLiteral("mtu"), LabCommand::tr("MTU on every lab link (default 1500)."),
                                 QStringLiteral("N"));
    const QCommandLineOption delay(QStringLiteral("delay"),
                                   LabCommand::tr("One-way delay in ms (needs netem in the kernel)."),
                                   QStringLiteral("MS"));
    const QCommandLineOption json(QStringLiteral("json"), LabCommand::tr("Print JSON."));
    parser.addOptions({name, topology, rate, queue, mtu, delay, json});
    if (!parser.parse(args))
        return failWith(parser.errorText() + QLatin1Char('\n') + LabCommand::tr("Try 'tcptune lab --help'."), 2);
    if (parser.isSet(QStringLiteral("help"))) {
        out() << helpText(parser, QStringLiteral("lab"));
        return 0;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 2)
        return failWith(LabCommand::tr("Say what to do: 'tcptune lab up', 'tcptune lab down' or 'tcptune lab status'."),
                        2);
    const QString action = positional.at(1);
    const QString labName = parser.value(name);
    if (auto ok = validateLabName(labName); !ok)
        return failWith(ok.error().message, 2);
    const bool shapingGiven =
        parser.isSet(topology) || parser.isSet(rate) || parser.isSet(queue) || parser.isSet(mtu) || parser.isSet(delay);
    if (action != QLatin1String("up") && shapingGiven)
        return failWith(LabCommand::tr("--topology, --rate, --queue, --mtu and --delay belong to 'tcptune lab up'."),
                        2);

    if (action == QLatin1String("up"))
        return up(parser, labName, parser.isSet(json));
    if (action == QLatin1String("down"))
        return down(labName, parser.isSet(json));
    if (action == QLatin1String("status"))
        return status(labName, parser.isSet(name), parser.isSet(json));
    return failWith(LabCommand::tr("Unknown lab action '%1'; use up, down or status.").arg(action), 2);
}

} // namespace tcptune::cli

TCPTUNE_REGISTER_COMMAND("lab",
                         QT_TRANSLATE_NOOP("CommandSummary", "Start, stop or show the local lab of network namespaces"),
                         tcptune::cli::runLabCommand)

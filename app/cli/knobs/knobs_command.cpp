#include "cli/knobs/knobs_command.h"
#include "cli/command.h"

#include "cli/console.h"
#include "cli/knobs/knobs_set_command.h"
#include "common/json_schema_version.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_reader.h"
#include "knobs/knob_value.h"
#include "helper/helper_connection.h"
#include "lab/lab_layout.h"
#include "lab/lab_spec.h"

#include <unistd.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tcptune::cli {
namespace {

// KnobsCommand::tr(): lupdate files this file's text under the context that tr() looks it up in.
class KnobsCommand final {
    Q_DECLARE_TR_FUNCTIONS(KnobsCommand)
};

QJsonObject toJson(const KnobReading &r)
{
    const KnobInfo &k = *r.knob;
    QJsonObject o{
        {QStringLiteral("key"), k.key},
        {QStringLiteral("value"), r.value ? QJsonValue(*r.value) : QJsonValue()},
        {QStringLiteral("default"), k.defaultValue.isEmpty() ? QJsonValue() : QJsonValue(k.defaultValue)},
        {QStringLiteral("type"), typeName(k.type)},
        {QStringLiteral("unit"), unitName(k.unit)},
        {QStringLiteral("kind"), kindName(k.kind)},
        {QStringLiteral("per_netns"), k.perNetns},
        {QStringLiteral("available"), r.available()},
        {QStringLiteral("differs_from_default"), r.differsFromDefault()},
        {QStringLiteral("description"), k.description},
        {QStringLiteral("story"), k.story},
    };
    if (!r.available())
        o.insert(QStringLiteral("problem"), r.problem);
    return o;
}

// The knobs inside NETNS: read here when this process may enter it (root, or no namespace), else
// by the helper, which enters lab namespaces for the user (its snapshot operation). Global knobs
// are the host's either way.
[[nodiscard]] Result<QList<KnobReading>> readKnobs(const QString &netns)
{
    if (netns.isEmpty() || ::geteuid() == 0)
        return KnobReader::readSysctls(netns);
    auto readings = KnobReader::readSysctls({});
    if (!readings)
        return readings;
    HelperConnection helper;
    auto inside = helper.readKnobs(netns);
    if (!inside)
        return std::unexpected(inside.error());
    for (KnobReading &r : *readings) {
        if (!r.knob->perNetns)
            continue;
        if (inside->contains(r.knob->key)) {
            r.value = inside->value(r.knob->key);
            r.problem.clear();
        } else {
            r.value.reset();
            r.problem = KnobsCommand::tr("not offered inside %1").arg(netns);
        }
    }
    return readings;
}

// --lab NAME: the lab's client namespace, where a lab run's "this host" is; or --netns NAME.
[[nodiscard]] Result<QString> namespaceOf(const QCommandLineParser &parser)
{
    const bool lab = parser.isSet(QStringLiteral("lab"));
    if (lab && parser.isSet(QStringLiteral("netns")))
        return fail(KnobsCommand::tr("Give either --lab NAME or --netns NAME, not both."));
    if (!lab)
        return parser.value(QStringLiteral("netns"));
    if (auto valid = validateLabName(parser.value(QStringLiteral("lab"))); !valid)
        return std::unexpected(valid.error());
    return layoutFor(parser.value(QStringLiteral("lab")), LabTopology::Routed).clientNetns;
}

void printTable(const QList<KnobReading> &readings)
{
    int keyWidth = 0;
    for (const KnobReading &r : readings)
        keyWidth = std::max(keyWidth, int(r.knob->key.size()));
    out() << QStringLiteral("  %1  %2  %3")
                 .arg(KnobsCommand::tr("knob"), -keyWidth)
                 .arg(KnobsCommand::tr("value"), -24)
                 .arg(KnobsCommand::tr("default"))
          << '\n';
    for (const KnobReading &r : readings) {
        const QString marker = r.differsFromDefault() ? QStringLiteral("* ") : QStringLiteral("  ");
        const QString value = r.value ? knobvalue::formatHuman(*r.knob, *r.value) : KnobsCommand::tr("(unavailable)");
        const QString def = r.knob->defaultValue.isEmpty() ? QStringLiteral("-")
                                                           : knobvalue::formatHuman(*r.knob, r.knob->defaultValue);
        QString line = marker + QStringLiteral("%1  %2  %3").arg(r.knob->key, -keyWidth).arg(value, -24).arg(def);
        if (!r.knob->perNetns)
            line += QStringLiteral("  ") + KnobsCommand::tr("[global]");
        out() << line << '\n';
    }
    out() << KnobsCommand::tr("* differs from the kernel default") << Qt::endl;
}

} // namespace

int runKnobsCommand(const QStringList &args)
{
    if (args.size() > 2 && args[2] == QLatin1String("set"))
        return runKnobsSetCommand(args);
    if (args.size() > 2 && args[2] == QLatin1String("restore"))
        return runKnobsRestoreCommand(args);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        KnobsCommand::tr("Lists the kernel knobs tcptune knows, with their current and default values.\n"
                         "'tcptune knobs set KEY=VALUE... [--netns NAME] -- COMMAND' runs COMMAND with changed knobs;\n"
                         "'tcptune knobs restore' rolls back changes a crashed helper left behind."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("knobs"), KnobsCommand::tr("List knobs."));
    const QCommandLineOption json(QStringLiteral("json"), KnobsCommand::tr("Print a JSON array instead of a table."));
    const QCommandLineOption netnsOption(QStringLiteral("netns"),
                                         KnobsCommand::tr("Read the values inside lab namespace NAME."),
                                         QStringLiteral("NAME"));
    const QCommandLineOption labOption(
        QStringLiteral("lab"), KnobsCommand::tr("Read the values at the client of lab NAME (tcptune-NAME-client)."),
        QStringLiteral("NAME"));
    parser.addOptions({json, labOption, netnsOption});
    if (!parser.parse(args))
        return failWith(parser.errorText() + QLatin1Char('\n') + KnobsCommand::tr("Try 'tcptune knobs --help'."), 2);
    if (parser.isSet(QStringLiteral("help"))) {
        out() << helpText(parser, QStringLiteral("knobs"));
        return 0;
    }
    if (parser.positionalArguments().size() > 1)
        return failWith(KnobsCommand::tr("Unknown argument '%1'. Try 'tcptune knobs --help'.")
                            .arg(parser.positionalArguments().at(1)),
                        2);

    const auto netns = namespaceOf(parser);
    if (!netns)
        return failWith(netns.error().message, 2);
    auto readings = readKnobs(*netns);
    if (!readings)
        return failWith(readings.error().message);

    if (parser.isSet(json)) {
        QJsonArray array;
        for (const KnobReading &r : *readings)
            array.append(jsonschema::versioned(toJson(r), jsonschema::kKnobs));
        out() << QJsonDocument(array).toJson(QJsonDocument::Indented);
        out().flush();
    } else {
        printTable(*readings);
    }
    return 0;
}

} // namespace tcptune::cli

TCPTUNE_REGISTER_COMMAND("knobs",
                         QT_TRANSLATE_NOOP("CommandSummary",
                                           "List kernel knobs; set them around a command; restore them"),
                         tcptune::cli::runKnobsCommand)

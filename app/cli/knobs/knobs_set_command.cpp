#include "cli/knobs/knobs_set_command.h"

#include "cli/console.h"
#include "lab/lab_layout.h"
#include "common/process.h"
#include "helper/helper_connection.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"

#include <QCoreApplication>

namespace tcptune::cli {
namespace {

// KnobsSetCommand::tr(): lupdate files this file's text under the context that tr() looks it up in.
class KnobsSetCommand final {
    Q_DECLARE_TR_FUNCTIONS(KnobsSetCommand)
};

QString where(const QString &netns)
{
    return netns.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(netns);
}

struct SetArguments {
    QList<std::pair<QString, QString>> assignments;
    QString netns;
    QStringList command;
    bool force = false; // the user confirms a core TCP feature off, or a link knob, on the host
    bool help = false;
};

QString setUsage()
{
    return KnobsSetCommand::tr(
        "Usage: tcptune knobs set KEY=VALUE... [--lab NAME | --netns NAME] [--force] -- COMMAND [ARGS]\n"
        "Applies the knobs through tcptune-helper, runs COMMAND, then restores every knob and exits with "
        "COMMAND's status.\n"
        "  --lab NAME    change the knobs at the client of lab NAME (its namespace tcptune-NAME-client)\n"
        "  --netns NAME  change the knobs inside lab namespace NAME (per-namespace knobs only)\n"
        "  --force       confirm turning a core TCP feature off on the host (tcp_sack, tcp_timestamps or "
        "tcp_window_scaling = 0 affects every new connection of the machine), or changing a link knob "
        "(link.DEVICE.PARAMETER) of a host device\n"
        "Example: tcptune knobs set net.ipv4.tcp_autocorking=0 -- iperf3 -c 127.0.0.1\n");
}

// Says a wrong key or value before asking for a password, in the user's language (the helper
// would refuse it anyway, and checks again). Enum values are left to the helper when a namespace
// is given: it reads their list inside that namespace.
[[nodiscard]] Result<void> checkAssignments(const SetArguments &parsed)
{
    for (const auto &[key, value] : parsed.assignments) {
        auto knob = KnobCatalogue::instance().lookup(key);
        if (!knob)
            return fail(knob.error().message);
        if ((*knob)->type == ValueType::Enum && !parsed.netns.isEmpty())
            continue;
        if (auto canonical = knobvalue::parse(**knob, value); !canonical)
            return fail(canonical.error().message);
    }
    return {};
}

[[nodiscard]] Result<SetArguments> parseSetArguments(const QStringList &args)
{
    SetArguments parsed;
    int i = 3; // tcptune knobs set ...
    for (; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a == QLatin1String("--")) {
            ++i;
            break;
        }
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            parsed.help = true;
            return parsed;
        }
        if (a == QLatin1String("--force")) {
            parsed.force = true;
            continue;
        }
        if (a == QLatin1String("--netns")) {
            if (i + 1 >= args.size())
                return fail(KnobsSetCommand::tr("--netns needs a namespace name, e.g. --netns tcptune-client."));
            parsed.netns = args[++i];
            continue;
        }
        if (a == QLatin1String("--lab")) {
            if (i + 1 >= args.size())
                return fail(KnobsSetCommand::tr("--lab needs a lab name, e.g. --lab lab."));
            parsed.netns = layoutFor(args[++i], LabTopology::Routed).clientNetns;
            continue;
        }
        if (a.startsWith(QLatin1String("--netns="))) {
            parsed.netns = a.mid(8);
            continue;
        }
        if (a.startsWith(QLatin1Char('-')))
            return fail(KnobsSetCommand::tr("Unknown option '%1'. Try 'tcptune knobs set --help'.").arg(a));
        const qsizetype eq = a.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return fail(KnobsSetCommand::tr("'%1' is not KEY=VALUE, e.g. net.ipv4.tcp_autocorking=0.").arg(a));
        parsed.assignments.append({a.left(eq), a.mid(eq + 1)});
    }
    for (; i < args.size(); ++i)
        parsed.command << args[i];
    if (parsed.assignments.isEmpty())
        return fail(KnobsSetCommand::tr("Give at least one KEY=VALUE before '--'. Try 'tcptune knobs set --help'."));
    if (parsed.command.isEmpty())
        return fail(KnobsSetCommand::tr(
            "Give the command to run after '--', e.g. tcptune knobs set net.ipv4.tcp_autocorking=0 -- "
            "sleep 10."));
    if (auto known = checkAssignments(parsed); !known)
        return fail(known.error().message);
    return parsed;
}

// Runs COMMAND in the foreground as a child that dies with us (tcptune lives on through its
// Ctrl-C to restore). Returns its status the way a shell reports it.
int runChild(const QStringList &command)
{
    process::Options options;
    options.dieWithParent = true;
    int failedStatus = 1;
    auto status = process::runInForeground(command.first(), command.mid(1), options, &failedStatus);
    if (status)
        return *status;
    err() << KnobsSetCommand::tr("tcptune: %1").arg(status.error().message) << Qt::endl;
    return failedStatus;
}

void printReport(const RestoreReport &report)
{
    for (const KnobChange &c : report.restored)
        err() << KnobsSetCommand::tr("tcptune: restored %1%2: %3 -> %4")
                     .arg(c.key, where(c.netns), c.newValue, c.oldValue)
              << Qt::endl;
    for (const QString &w : report.warnings)
        err() << KnobsSetCommand::tr("tcptune: warning: %1").arg(w) << Qt::endl;
}

} // namespace

int runKnobsSetCommand(const QStringList &args)
{
    auto parsed = parseSetArguments(args);
    if (!parsed)
        return failWith(parsed.error().message, 2);
    if (parsed->help) {
        out() << setUsage();
        out().flush();
        return 0;
    }
    HelperConnection helper;
    if (auto running = helper.ensureStarted(); !running)
        return failWith(running.error().message);
    printReport(helper.recoveredAtStart());

    for (const auto &[key, value] : parsed->assignments) {
        auto change = helper.set(key, value, parsed->netns, parsed->force);
        if (!change) {
            failWith(change.error().message);
            if (auto restored = helper.restore())
                printReport(*restored);
            return 1;
        }
        err() << KnobsSetCommand::tr("tcptune: %1%2: %3 -> %4")
                     .arg(key, where(parsed->netns), change->oldValue, change->newValue)
              << Qt::endl;
    }

    const int status = runChild(parsed->command);

    auto restored = helper.restore();
    if (!restored)
        failWith(KnobsSetCommand::tr("Restoring the knobs failed: %1 Run 'tcptune knobs restore'.")
                     .arg(restored.error().message));
    else
        printReport(*restored);
    return status;
}

int runKnobsRestoreCommand(const QStringList &args)
{
    HelperStartOptions options;
    for (int i = 3; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--help") || args[i] == QLatin1String("-h")) {
            out() << KnobsSetCommand::tr(
                "Usage: tcptune knobs restore [--journal-dir DIR]\nRolls back the knob changes that a "
                "tcptune-helper which died left in its journal (/run/tcptune, or DIR below it).\n");
            out().flush();
            return 0;
        }
        if (args[i] == QLatin1String("--journal-dir") && i + 1 < args.size()) {
            options.journalDir = args[++i];
            continue;
        }
        return failWith(KnobsSetCommand::tr("Unknown argument '%1'. Try 'tcptune knobs restore --help'.").arg(args[i]),
                        2);
    }
    HelperConnection helper(options);
    if (auto running = helper.ensureStarted(); !running)
        return failWith(running.error().message);
    RestoreReport report = helper.recoveredAtStart();
    auto own = helper.restore();
    if (own) {
        report.restored += own->restored;
        report.warnings += own->warnings;
    }
    if (report.restored.isEmpty() && report.warnings.isEmpty()) {
        out() << KnobsSetCommand::tr("Nothing to restore: no helper left changes in the journal.") << Qt::endl;
        return 0;
    }
    for (const KnobChange &c : report.restored)
        out() << KnobsSetCommand::tr("restored %1%2: %3 -> %4").arg(c.key, where(c.netns), c.newValue, c.oldValue)
              << '\n';
    for (const QString &w : report.warnings)
        out() << KnobsSetCommand::tr("warning: %1").arg(w) << '\n';
    out().flush();
    return 0;
}

} // namespace tcptune::cli

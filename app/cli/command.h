#pragma once
// A headless subcommand of the one tcptune binary ("tcptune knobs", "tcptune run", ...).
// Each lives in app/cli/<area>/ and registers itself with TCPTUNE_REGISTER_COMMAND, so adding
// a command touches no shared file. Its summary is marked QT_TRANSLATE_NOOP("CommandSummary", "...")
// where the command registers, so that lupdate finds it (lupdate does not expand macros).

#include <QCoreApplication>
#include <QList>
#include <QStringList>

namespace tcptune::cli {

struct Command {
    const char *name;
    const char *summary; // source text; shown through CommandSummary::tr()
    // ARGS starts with the program name and the subcommand, as QCommandLineParser expects.
    int (*run)(const QStringList &args);
    // Draws (charts, PDF): main() then creates a QApplication, offscreen when there is no display.
    bool needsGui = false;
};

// CommandSummary::tr(): the context the summaries' QT_TRANSLATE_NOOP("CommandSummary", ...) files
// them under, so that the usage text finds their translations.
class CommandSummary final {
    Q_DECLARE_TR_FUNCTIONS(CommandSummary)
};

// Every subcommand, sorted by name.
QList<Command> commands();
const Command *findCommand(const QString &name);
// The command NAME is most likely a typo of (at most two letters off), or null.
const Command *nearestCommand(const QString &name);

// Used by TCPTUNE_REGISTER_COMMAND at static initialisation.
bool registerCommand(const Command &command);

} // namespace tcptune::cli

#define TCPTUNE_CONCAT_INNER(a, b) a##b
#define TCPTUNE_CONCAT(a, b) TCPTUNE_CONCAT_INNER(a, b)
#define TCPTUNE_REGISTER_COMMAND(name, summary, function)                                                              \
    namespace {                                                                                                        \
    const bool TCPTUNE_CONCAT(registered_, __LINE__) = ::tcptune::cli::registerCommand({name, summary, &function});    \
    }
#define TCPTUNE_REGISTER_GUI_COMMAND(name, summary, function)                                                          \
    namespace {                                                                                                        \
    const bool TCPTUNE_CONCAT(registered_,                                                                             \
                              __LINE__) = ::tcptune::cli::registerCommand({name, summary, &function, true});           \
    }

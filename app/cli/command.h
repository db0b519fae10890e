#pragma once
// A headless subcommand of the one tcptune binary ("tcptune knobs", "tcptune run", ...).

#include <QList>
#include <QStringList>

namespace tcptune::cli {

struct Command {
    const char *name;
    const char *summary;
    // ARGS starts with the program name and the subcommand, as QCommandLineParser expects.
    int (*run)(const QStringList &args);
};

// Every subcommand, in the order `tcptune --help` lists them.
const QList<Command> &commands();
const Command *findCommand(const QString &name);

} // namespace tcptune::cli

#pragma once
// stdout and stderr for the subcommands: UTF-8 text streams that flush at each line's end.

#include <QTextStream>

#include <optional>

class QCommandLineParser;

namespace tcptune::cli {

QTextStream &out();
QTextStream &err();

// Prints MESSAGE to stderr as "tcptune: MESSAGE" and returns EXIT_CODE, for `return fail(...)`.
int failWith(const QString &message, int exitCode = 1);

// Parses ARGS of `tcptune COMMAND` into PARSER. Returns the exit code when the command is done
// already (2 after a parse error, with a hint to --help; 0 after printing --help), else nothing.
std::optional<int> parseArguments(QCommandLineParser &parser, const QStringList &args, const QString &command);

// PARSER's help for `tcptune COMMAND`: its usage line names the program "tcptune" (not the path
// it was started by) followed by COMMAND once, not COMMAND again as an argument.
QString helpText(const QCommandLineParser &parser, const QString &command);

} // namespace tcptune::cli

#pragma once
// stdout and stderr for the subcommands: UTF-8 text streams that flush at each line's end.

#include <QTextStream>

namespace tcptune::cli {

QTextStream &out();
QTextStream &err();

// Prints MESSAGE to stderr as "tcptune: MESSAGE" and returns EXIT_CODE, for `return fail(...)`.
int failWith(const QString &message, int exitCode = 1);

} // namespace tcptune::cli

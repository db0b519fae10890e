#pragma once

#include <QStringList>

namespace tcptune::cli {

// tcptune analyze FILE [--interval S] [--json]: per TCP flow of a capture, what Wireshark shows.
int runAnalyzeCommand(const QStringList &args);

} // namespace tcptune::cli

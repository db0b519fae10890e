#pragma once

#include <QStringList>

namespace tcptune::cli {

// tcptune serve [--port 5300] [--bind ADDR] [--token-file FILE]: the traffic agent on a target host.
int runServeCommand(const QStringList &args);

} // namespace tcptune::cli

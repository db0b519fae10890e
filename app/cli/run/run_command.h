#pragma once

#include <QStringList>

namespace tcptune::cli {

// tcptune run --target HOST[:PORT] | iperf3://HOST[:PORT] [...]: one traffic run with TCP_INFO
// sampling, a live line on stderr, a summary (or --json) on stdout.
int runRunCommand(const QStringList &args);

} // namespace tcptune::cli

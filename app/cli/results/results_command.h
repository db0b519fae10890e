#pragma once
// `tcptune results list [--json]` and `tcptune results show ID [--json]`: what the result store
// holds, and one experiment's table (the same table `tcptune sweep` prints).

#include <QStringList>

namespace tcptune::cli {

int runResultsCommand(const QStringList &args);

} // namespace tcptune::cli

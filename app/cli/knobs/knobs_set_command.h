#pragma once

#include <QStringList>

namespace tcptune::cli {

// tcptune knobs set KEY=VALUE... [--netns NAME] -- COMMAND [ARGS]: applies the knobs through the
// helper, runs COMMAND, restores them, and exits with COMMAND's status.
int runKnobsSetCommand(const QStringList &args);

// tcptune knobs restore: rolls back what helpers that died left in the journal.
int runKnobsRestoreCommand(const QStringList &args);

} // namespace tcptune::cli

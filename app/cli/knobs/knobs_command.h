#pragma once

#include <QStringList>

namespace tcptune::cli {

// tcptune knobs [--json] [--netns NAME]: the catalogue's sysctls with current and default value.
int runKnobsCommand(const QStringList &args);

} // namespace tcptune::cli

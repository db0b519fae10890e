#pragma once
// `tcptune lab up|down|status`: the local lab of network namespaces, built through the helper.

#include <QStringList>

namespace tcptune::cli {

int runLabCommand(const QStringList &args);

} // namespace tcptune::cli

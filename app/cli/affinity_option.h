#pragma once
// --affinity of `run` and `serve`: the CPUs this end of a run may use, as `iperf3 -A` and
// `taskset -c` take them. Each end pins itself: one command line never moves the other host.

#include "common/error.h"

#include <QCommandLineOption>
#include <QCoreApplication>

class QCommandLineParser;

namespace tcptune::cli {

class AffinityOption final {
    Q_DECLARE_TR_FUNCTIONS(AffinityOption)
public:
    // WHO names the end in the help text ("this host's end", "the agent").
    static QCommandLineOption option(const QString &who);
    // Without --affinity nothing changes; otherwise every thread of this process is pinned to the
    // CPUs given, or the error says which CPUs may be given.
    [[nodiscard]] static Result<void> apply(const QCommandLineParser &parser);
};

} // namespace tcptune::cli

#pragma once
// --unit of the commands that print throughput for people (run, sweep, results show, report):
// mbit, gbit or MB, or iperf3's -f letters m, g, M. JSON output stays in bit/s whatever it says.

#include "common/throughput_unit.h"

#include <QCommandLineOption>
#include <QCoreApplication>

#include <optional>

class QCommandLineParser;

namespace tcptune::cli {

class ThroughputUnitOption final {
    Q_DECLARE_TR_FUNCTIONS(ThroughputUnitOption)
public:
    static QCommandLineOption option();
    // The unit given, nothing without --unit (a command may then pick its own, as `run` does);
    // a bad name is an error saying which names to give.
    static Result<std::optional<ThroughputUnit>> from(const QCommandLineParser &parser);
};

} // namespace tcptune::cli

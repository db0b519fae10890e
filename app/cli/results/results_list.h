#pragma once
// `tcptune results list [--host H] [--user U] [--kernel K] [--tag T] [--json]`: the stored
// experiments, newest first, narrowed by where they ran (a team's store holds many hosts, users
// and kernels); the JSON layout is docs/json.md's "results list".

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>

class QCommandLineParser;

namespace tcptune {
class ResultStore;
struct ExperimentFilter;
} // namespace tcptune

namespace tcptune::cli {

class ResultsList final {
    Q_DECLARE_TR_FUNCTIONS(ResultsList)
public:
    // --host, --user, --kernel and --tag.
    static QList<QCommandLineOption> filterOptions();
    static ExperimentFilter filterFrom(const QCommandLineParser &parser);
    // Prints the list; 0, or 1 when the store cannot be read.
    static int print(const ResultStore &store, const ExperimentFilter &filter, bool json);
};

} // namespace tcptune::cli

#pragma once
// "Make permanent" on the command line: --make-permanent NAME has tcptune-helper write the
// answer's changes of this end as /etc/sysctl.d/90-tcptune-NAME.conf (helper/permanent_sysctls.h),
// loaded at every boot; --undo NAME removes that file again and --list-permanent lists them.
// The last two need no spec and run nothing.

#include "common/error.h"
#include "experiment/tune/tuner_search.h"

#include <QCoreApplication>

#include <optional>

class QCommandLineParser;

namespace tcptune {
class HelperConnection;
}

namespace tcptune::cli {

class TunePermanent final {
    Q_DECLARE_TR_FUNCTIONS(TunePermanent)
public:
    static void add(QCommandLineParser &parser);
    // --undo NAME or --list-permanent through HELPER: the exit code; nothing when neither is given.
    static std::optional<int> runStandalone(const QCommandLineParser &parser, HelperConnection &helper);
    // Checks --make-permanent's name before anything runs.
    [[nodiscard]] static Result<void> check(const QCommandLineParser &parser);
    // With --make-permanent: writes ANSWER's recommended sysctls of this end; the lines to print.
    [[nodiscard]] static Result<QStringList> write(const QCommandLineParser &parser, HelperConnection &helper,
                                                   const TuneAnswer &answer);
};

} // namespace tcptune::cli

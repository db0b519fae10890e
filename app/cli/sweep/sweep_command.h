#pragma once
// `tcptune sweep SPEC.json|PRESET [--repeats N] [--duration S] [--dry-run] [--out DIR] [--json]
// [--resume ID] [--db FILE] [--lab NAME] [--target T] [--lab-down]`: runs an experiment or
// sweep, stores every run, prints the result table (Markdown or JSON) and writes it to --out.
// `tcptune check` runs its spec through the same options and runner (below).

#include "common/error.h"

#include <QString>
#include <QStringList>

#include <memory>

class QCommandLineParser;

namespace tcptune {
class RunnerThread;
class SweepPlan;
class TerminationSignals;
} // namespace tcptune

namespace tcptune::cli {

int runSweepCommand(const QStringList &args);

// The spec argument and the options that name a sweep and how it runs (--preset, --repeats,
// --duration, --db, --lab, --target, --lab-down, --force, ...), for a command that runs one.
void addSweepArguments(QCommandLineParser &parser);
// The result store --db names, or the default one.
QString sweepStorePath(const QCommandLineParser &parser);

// A spec file is data: an ssh config it names is refused unless the user gave --ssh-config or
// --trust-spec (PARSER has them from addSweepArguments).
[[nodiscard]] Result<void> checkSpecSshConfig(const SweepPlan &plan, const QCommandLineParser &parser);
// An ssh target whose far helper cannot set the far knobs (those of PLAN, or any when
// FAR_KNOBS_CHANGE) is refused with the far agent's reason before anything runs.
[[nodiscard]] Result<void> checkFarHelper(const SweepPlan &plan, bool farKnobsChange = false);
// Ctrl-C, SIGTERM and SIGHUP cancel RUNNER, knobs restored (said on stderr); reset to stop.
[[nodiscard]] Result<std::unique_ptr<TerminationSignals>> cancelOnTermination(RunnerThread &runner);

struct NamedSweep {
    qint64 experimentId = 0;
    int exitCode = 0; // 0: it ran to its end (runs that failed are in the store as failed)
    QString message;  // why not
};

// Runs the sweep PARSER's first positional argument (or --preset) names, with progress on
// stderr as `tcptune sweep` shows it, until it ends or Ctrl-C stops it.
NamedSweep runNamedSweep(const QCommandLineParser &parser);

} // namespace tcptune::cli

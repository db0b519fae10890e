#pragma once
// `tcptune sweep SPEC.json|PRESET [--repeats N] [--duration S] [--dry-run] [--out DIR] [--json]
// [--resume ID] [--db FILE] [--lab NAME] [--target T] [--lab-down]`: runs an experiment or
// sweep, stores every run, prints the result table (Markdown or JSON) and writes it to --out.
// `tcptune check` runs its spec through the same options and runner (below).

#include <QString>
#include <QStringList>

class QCommandLineParser;

namespace tcptune::cli {

int runSweepCommand(const QStringList &args);

// The spec argument and the options that name a sweep and how it runs (--preset, --repeats,
// --duration, --db, --lab, --target, --lab-down, --force, ...), for a command that runs one.
void addSweepArguments(QCommandLineParser &parser);
// The result store --db names, or the default one.
QString sweepStorePath(const QCommandLineParser &parser);

struct NamedSweep {
    qint64 experimentId = 0;
    int exitCode = 0; // 0: it ran to its end (runs that failed are in the store as failed)
    QString message;  // why not
};

// Runs the sweep PARSER's first positional argument (or --preset) names, with progress on
// stderr as `tcptune sweep` shows it, until it ends or Ctrl-C stops it.
NamedSweep runNamedSweep(const QCommandLineParser &parser);

} // namespace tcptune::cli

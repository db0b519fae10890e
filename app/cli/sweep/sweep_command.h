#pragma once
// `tcptune sweep SPEC.json|PRESET [--repeats N] [--duration S] [--dry-run] [--out DIR] [--json]
// [--resume ID] [--db FILE] [--lab NAME] [--target T] [--lab-down]`: runs an experiment or
// sweep, stores every run, prints the result table (Markdown or JSON) and writes it to --out.

#include <QStringList>

namespace tcptune::cli {

int runSweepCommand(const QStringList &args);

} // namespace tcptune::cli

#pragma once
// `tcptune tune SPEC.json | --resume ID [options]`: runs the tuner against the spec's target and
// prints its answer (tune_output.h); the options are in tune_options.h.

#include <QStringList>

namespace tcptune::cli {

int runTuneCommand(const QStringList &args);

} // namespace tcptune::cli

#pragma once
// `tcptune check SPEC|PRESET --baseline EXPERIMENT|TAG [--max-regression PCT] [--junit FILE]
// [--markdown FILE] [sweep options]`: a regression gate for CI. Runs the spec as `tcptune sweep`
// does, stores it, and compares each point with the baseline's (regression_check.h). Exit 0: no
// significant regression beyond the limits; 1: a significant regression, named with its
// interval; 2: too noisy or too short to decide, with the repeats that would decide it; 3: the
// check could not be made (the message says why); 130: stopped.

#include <QStringList>

namespace tcptune::cli {

int runCheckCommand(const QStringList &args);

} // namespace tcptune::cli

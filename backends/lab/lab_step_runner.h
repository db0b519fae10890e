#pragma once
// Runs the lab's planned steps: `ip` and `tc` from fixed system paths with an argv list and no
// shell, and the router's sysctl written inside its namespace. Used inside tcptune-helper.

#include "common/error.h"
#include "lab/lab_plan.h"

#include <functional>

namespace tcptune {

// Executes one step and returns its standard output; a fake one stands in for it in tests.
using LabStepExecutor = std::function<Result<QString>(const LabStep &)>;

// The first of /usr/sbin/NAME, /sbin/NAME, /usr/bin/NAME that is executable; empty if none is.
QString systemToolPath(const QString &name);

// The real executor. A failing step's error quotes the command and the tool's message; steps
// marked mayFail report success whatever happens.
[[nodiscard]] Result<QString> runLabStep(const LabStep &step);

// Runs STEPS in order, stopping at the first failure.
[[nodiscard]] Result<void> runLabSteps(const QList<LabStep> &steps, const LabStepExecutor &executor);

} // namespace tcptune

#pragma once
// How tables, axes and dry runs name a swept parameter: with the end it acts at when that is not
// this host. Socket options and write sizes act at the sending end (issue 12, point 5): with
// direction down the target sends, so story 5's swept SO_SNDBUF is the far end's.

#include <QString>

namespace tcptune {

struct ExperimentSpec;
class SweepPlan;

// PARAMETER as SPEC runs it: "socket.SO_SNDBUF (far end)" for a sender's option of a run the
// target sends; other parameters as they are.
QString parameterHeading(const ExperimentSpec &spec, const QString &parameter);
// Axis A of PLAN ("a + b" for an axis of several parameters), and all its axes joined with " x ".
QString axisHeading(const SweepPlan &plan, int a);
QString axesHeading(const SweepPlan &plan);

} // namespace tcptune

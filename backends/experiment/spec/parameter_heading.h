#pragma once
// How tables, axes and dry runs name a swept parameter: with the end it acts at when that is not
// this host. Socket options and write sizes act at the sending end (issue 12, point 5): with
// direction down the target sends, so story 5's swept SO_SNDBUF is the far end's.

#include <QString>
#include <QStringList>

namespace tcptune {

struct ExperimentSpec;

// PARAMETER as SPEC runs it: "socket.SO_SNDBUF (far end)" for a sender's option of a run the
// target sends; other parameters as they are.
QString parameterHeading(const ExperimentSpec &spec, const QString &parameter);
// PARAMETERS set together on one axis, each as above, joined with " + ". The plan's axis
// headings (axisHeading(), sweep_plan.h) are made of these.
QString parametersHeading(const ExperimentSpec &spec, const QStringList &parameters);

} // namespace tcptune

#include "experiment/parameter_heading.h"

#include "experiment/sweep_plan.h"
#include "knobs/knob_catalogue.h"

#include <QCoreApplication>
#include <QStringList>

namespace tcptune {
namespace {

// ParameterHeading::tr(): the context lupdate files these strings under.
class ParameterHeading final {
    Q_DECLARE_TR_FUNCTIONS(ParameterHeading)
};

// What the sending end applies to its own data sockets (the agent protocol's "sender" object):
// the socket options the catalogue says act at the sender only, and the sizes of its writes.
bool actsAtTheSender(const QString &parameter)
{
    if (const KnobInfo *knob = KnobCatalogue::instance().find(parameter); knob && knob->kind == KnobKind::SocketOption)
        return knob->socket.actsAtSenderOnly();
    static const QStringList writes = {QStringLiteral("workload.write_size"), QStringLiteral("workload.header_size")};
    return writes.contains(parameter);
}

} // namespace

QString parameterHeading(const ExperimentSpec &spec, const QString &parameter)
{
    if (!actsAtTheSender(parameter))
        return parameter;
    if (spec.workload.direction == QLatin1String("down"))
        return ParameterHeading::tr("%1 (far end)").arg(parameter);
    return parameter;
}

QString axisHeading(const SweepPlan &plan, int a)
{
    QStringList headings;
    for (const QString &parameter : plan.axes().at(a).parameters)
        headings << parameterHeading(plan.spec(), parameter);
    return headings.join(QStringLiteral(" + "));
}

QString axesHeading(const SweepPlan &plan)
{
    QStringList headings;
    for (int a = 0; a < plan.axes().size(); ++a)
        headings << axisHeading(plan, a);
    return headings.join(QStringLiteral(" x "));
}

} // namespace tcptune
